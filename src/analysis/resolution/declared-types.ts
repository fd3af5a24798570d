import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { staticKeyName } from "../syntax/ast.js";
import { thisClass } from "../syntax/functions.js";
import { annotatedReference, fieldAnswer } from "./classes.js";
import { unwrapValue } from "./expressions.js";
import { type ClassNode, MAX_DEPTH, type Resolution } from "./resolution.js";
import { soleInit } from "./values.js";

/**
 * What an expression is declared or built as, without type information: the node that names its class or type.
 * `conn: AgentSideConnection`, `private connection: AgentSideConnection` read as `this.connection`, a member
 * `transport: AgentSideConnection` of the interface a parameter is annotated with (read as `config.transport`, or
 * destructured: `const { transport } = config`), `new AgentSideConnection(…)` and a name holding one. For classes
 * of packages, which instanceClassOf (a project's classes) cannot name: the caller asks the SDK's imports which
 * export the name is. Undefined when no annotation or construction says so.
 */
export function declaredName(resolver: Resolution, node: TSESTree.Node, depth = 0): TSESTree.Node | undefined {
  if (depth > MAX_DEPTH) return undefined;
  let inner = unwrapValue(node);
  if (inner.type === AST_NODE_TYPES.AwaitExpression) inner = unwrapValue(inner.argument);
  switch (inner.type) {
    case AST_NODE_TYPES.NewExpression:
      return inner.callee;
    case AST_NODE_TYPES.Identifier:
      return bindingName(resolver, inner, depth);
    case AST_NODE_TYPES.MemberExpression: {
      const key = staticKeyName(inner.property, inner.computed);
      return key === undefined ? undefined : memberName(resolver, inner.object, key, depth);
    }
    default:
      return undefined;
  }
}

/** The name a type annotation gives: `: C`, `: ns.C`, `: C<T>`, and `: C | undefined`. */
function annotatedName(annotation: TSESTree.TSTypeAnnotation | undefined): TSESTree.EntityName | undefined {
  return annotatedReference(annotation)?.typeName;
}

/** What a name is declared as: its annotation, the one value it holds, or the member of what it is destructured from. */
function bindingName(resolver: Resolution, id: TSESTree.Identifier, depth: number): TSESTree.Node | undefined {
  const variable = resolver.variableOf(id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || !def) return undefined;
  const name = def.name as TSESTree.Node;
  if (def.type === "Parameter") {
    if (name.type === AST_NODE_TYPES.Identifier && name.typeAnnotation) return annotatedName(name.typeAnnotation);
    const pattern = destructured(name);
    if (pattern) return pattern.pattern.typeAnnotation ? typeMemberName(resolver, annotatedName(pattern.pattern.typeAnnotation), pattern.key, depth) : undefined;
    const bound = resolver.boundArgument(id);
    return bound ? declaredName(resolver, bound, depth + 1) : undefined;
  }
  if (def.type !== "Variable") return undefined;
  const declarator = def.node as TSESTree.VariableDeclarator;
  if (declarator.id === name && name.type === AST_NODE_TYPES.Identifier) {
    if (name.typeAnnotation) return annotatedName(name.typeAnnotation);
    const init = soleInit(variable, declarator);
    return init ? declaredName(resolver, init, depth + 1) : undefined;
  }
  const pattern = destructured(name);
  const init = pattern?.pattern === declarator.id ? soleInit(variable, declarator) : undefined;
  return init && pattern ? memberName(resolver, init, pattern.key, depth) : undefined;
}

/** `{ key }` or `{ key: name }` at the top of an object pattern: the pattern and the key `name` is bound from. */
function destructured(name: TSESTree.Node): { pattern: TSESTree.ObjectPattern; key: string } | undefined {
  const property = name.parent;
  if (property?.type !== AST_NODE_TYPES.Property || property.value !== name || property.parent?.type !== AST_NODE_TYPES.ObjectPattern) return undefined;
  const key = staticKeyName(property.key, property.computed);
  return key === undefined ? undefined : { pattern: property.parent, key };
}

/** What member `key` of `object` is declared as: a field of its class, or a member of the type it is declared with. */
function memberName(resolver: Resolution, object: TSESTree.Node, key: string, depth: number): TSESTree.Node | undefined {
  const inner = unwrapValue(object);
  const cls = inner.type === AST_NODE_TYPES.ThisExpression ? thisClass(inner)?.parent : resolver.instanceClassOf(inner);
  if (cls) return classMemberName(resolver, cls, key, depth);
  return typeMemberName(resolver, declaredName(resolver, inner, depth + 1), key, depth);
}

/**
 * What member `key` of the type `typeName` names is declared as: a property of an interface or of an object type
 * (`type Config = { … }`) declared in the file, or a field of a class.
 */
function typeMemberName(resolver: Resolution, typeName: TSESTree.Node | undefined, key: string, depth: number): TSESTree.Node | undefined {
  if (typeName?.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = resolver.variableOf(typeName);
  for (const def of variable?.defs ?? []) {
    const node = def.node as TSESTree.Node;
    if (node.type === AST_NODE_TYPES.ClassDeclaration) return classMemberName(resolver, node, key, depth);
    const members =
      node.type === AST_NODE_TYPES.TSInterfaceDeclaration
        ? node.body.body
        : node.type === AST_NODE_TYPES.TSTypeAliasDeclaration && node.typeAnnotation.type === AST_NODE_TYPES.TSTypeLiteral
          ? node.typeAnnotation.members
          : [];
    for (const member of members) {
      if (member.type === AST_NODE_TYPES.TSPropertySignature && staticKeyName(member.key, member.computed) === key) return annotatedName(member.typeAnnotation);
    }
  }
  return undefined;
}

/** What field `key` of a class is declared as: the annotation or the value at the first place that says (fieldAnswer). */
function classMemberName(resolver: Resolution, cls: ClassNode, key: string, depth: number): TSESTree.Node | undefined {
  if (depth > MAX_DEPTH) return undefined;
  return fieldAnswer(resolver, cls, key, ({ annotation, value }) => annotatedName(annotation) ?? (value ? declaredName(resolver, value, depth + 1) : undefined));
}
