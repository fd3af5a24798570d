import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { staticKeyName, unwrap } from "./ast.js";
import { thisClass } from "./functions.js";
import { variableOf } from "./variables.js";

type SourceCode = Readonly<TSESLint.SourceCode>;
export type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** The class a name stands for when this file declares it: `class C {}` or `const C = class {}`. */
export function classByName(sourceCode: SourceCode, id: TSESTree.Identifier): ClassNode | undefined {
  const variable = variableOf(sourceCode, id);
  // An interface merged with the class adds a definition of its own.
  const defs = variable?.defs.filter((d) => d.type !== "Type") ?? [];
  const def = defs.length === 1 ? defs[0] : undefined;
  if (def?.type === "ClassName") return def.node as ClassNode;
  if (def?.type !== "Variable" || (def.parent as TSESTree.VariableDeclaration).kind !== "const") return undefined;
  const init = (def.node as TSESTree.VariableDeclarator).init;
  const inner = init && unwrap(init);
  return inner?.type === AST_NODE_TYPES.ClassExpression ? inner : undefined;
}

/** The same-file class a type annotation names: `: C`, not `: ns.C` or `: C<T> | undefined`. */
function annotatedClass(sourceCode: SourceCode, annotation: TSESTree.TSTypeAnnotation | undefined): ClassNode | undefined {
  const type = annotation?.typeAnnotation;
  if (type?.type !== AST_NODE_TYPES.TSTypeReference || type.typeName.type !== AST_NODE_TYPES.Identifier) return undefined;
  return classByName(sourceCode, type.typeName);
}

/** The same-file class `new C(...)` builds. */
function constructedClass(sourceCode: SourceCode, node: TSESTree.Node | null | undefined): ClassNode | undefined {
  const inner = node && unwrap(node);
  if (inner?.type !== AST_NODE_TYPES.NewExpression) return undefined;
  const callee = unwrap(inner.callee);
  return callee.type === AST_NODE_TYPES.Identifier ? classByName(sourceCode, callee) : undefined;
}

/** The class of a variable: its `: C` annotation, or the `new C()` of a `const`. */
function variableClass(sourceCode: SourceCode, id: TSESTree.Identifier): ClassNode | undefined {
  const variable = variableOf(sourceCode, id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type === "Parameter" && def.name.type === AST_NODE_TYPES.Identifier) return annotatedClass(sourceCode, def.name.typeAnnotation);
  if (def?.type !== "Variable") return undefined;
  const declarator = def.node as TSESTree.VariableDeclarator;
  if (declarator.id.type !== AST_NODE_TYPES.Identifier) return undefined;
  const isConst = (def.parent as TSESTree.VariableDeclaration).kind === "const";
  return annotatedClass(sourceCode, declarator.id.typeAnnotation) ?? (isConst ? constructedClass(sourceCode, declarator.init) : undefined);
}

/** The class of `this.name`: the field's annotation or initializer, a parameter property, a constructor assignment. */
function fieldClass(sourceCode: SourceCode, body: TSESTree.ClassBody, name: string): ClassNode | undefined {
  for (const member of body.body) {
    if (member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && staticKeyName(member.key, member.computed) === name) {
      const declared = annotatedClass(sourceCode, member.typeAnnotation) ?? constructedClass(sourceCode, member.value);
      // `assigned;` leaves the class to the constructor.
      if (declared) return declared;
    }
    if (member.type !== AST_NODE_TYPES.MethodDefinition || member.kind !== "constructor") continue;
    for (const param of member.value.params) {
      if (param.type !== AST_NODE_TYPES.TSParameterProperty) continue;
      const id = param.parameter.type === AST_NODE_TYPES.AssignmentPattern ? param.parameter.left : param.parameter;
      if (id.type === AST_NODE_TYPES.Identifier && id.name === name) return annotatedClass(sourceCode, id.typeAnnotation);
    }
    for (const statement of member.value.body?.body ?? []) {
      if (statement.type !== AST_NODE_TYPES.ExpressionStatement) continue;
      const assignment = statement.expression;
      if (assignment.type !== AST_NODE_TYPES.AssignmentExpression || assignment.operator !== "=") continue;
      const target = assignment.left;
      const isThisField = target.type === AST_NODE_TYPES.MemberExpression && target.object.type === AST_NODE_TYPES.ThisExpression;
      if (isThisField && staticKeyName(target.property, target.computed) === name) return constructedClass(sourceCode, assignment.right);
    }
  }
  return undefined;
}

/**
 * The same-file class whose instance an expression holds: `new C()`, a variable or parameter annotated `: C` or a
 * `const` bound to `new C()`, or `this.x` whose field is declared or set up so.
 */
export function instanceClass(sourceCode: SourceCode, node: TSESTree.Node): ClassNode | undefined {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.NewExpression) return constructedClass(sourceCode, inner);
  if (inner.type === AST_NODE_TYPES.Identifier) return variableClass(sourceCode, inner);
  if (inner.type !== AST_NODE_TYPES.MemberExpression || inner.object.type !== AST_NODE_TYPES.ThisExpression) return undefined;
  const name = staticKeyName(inner.property, inner.computed);
  const body = thisClass(inner);
  return name !== undefined && body ? fieldClass(sourceCode, body, name) : undefined;
}
