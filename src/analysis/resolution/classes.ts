import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, isFunction, isNullish, staticKeyName, unwrap, type VisitorKeys, walk } from "../syntax/ast.js";
import { thisClass } from "../syntax/functions.js";
import { returnedValues } from "./callees.js";
import type { ClassNode, Resolution } from "./resolution.js";
import { MAX_DEPTH } from "./resolution.js";
import { injectedDefault, unwrapValue } from "./expressions.js";

export type { ClassNode };

function asClass(node: TSESTree.Node | undefined): ClassNode | undefined {
  return node?.type === AST_NODE_TYPES.ClassDeclaration || node?.type === AST_NODE_TYPES.ClassExpression ? node : undefined;
}

/**
 * The class a name or member stands for (`C`, `ns.C`, `var C = class {}`, an imported class), or the class a type
 * annotation names (`: C`, `: ns.C`; not a union, an interface or a generic instance).
 */
export function namedClass(resolver: Resolution, node: TSESTree.Node): ClassNode | undefined {
  if (node.type === AST_NODE_TYPES.TSQualifiedName) {
    const namespace = resolver.target(node.left as TSESTree.Node);
    if (namespace?.kind !== "module") return undefined;
    const found = resolver.exportTarget(namespace.file, node.right.name);
    return found?.kind === "node" ? asClass(found.node) : undefined;
  }
  return asClass(resolver.targetNode(node));
}

/**
 * The type a type annotation refers to by name: `: C`, `: ns.C`, `: C<T>`, and `: C | undefined` (what a lookup
 * returns: the instance, once a guard has ruled out the rest).
 */
export function annotatedReference(annotation: TSESTree.TSTypeAnnotation | undefined): TSESTree.TSTypeReference | undefined {
  let type = annotation?.typeAnnotation;
  if (type?.type === AST_NODE_TYPES.TSUnionType) {
    const named = type.types.filter((t) => t.type !== AST_NODE_TYPES.TSUndefinedKeyword && t.type !== AST_NODE_TYPES.TSNullKeyword);
    type = named.length === 1 ? named[0] : undefined;
  }
  return type?.type === AST_NODE_TYPES.TSTypeReference ? type : undefined;
}

/** The class a type annotation names (annotatedReference; not a generic instance, an interface or a union). */
function annotatedClass(resolver: Resolution, annotation: TSESTree.TSTypeAnnotation | undefined): ClassNode | undefined {
  const reference = annotatedReference(annotation);
  return reference && !reference.typeArguments ? namedClass(resolver, reference.typeName) : undefined;
}

/** The class of a variable: its `: C` annotation, or the instance its single initializer holds. */
function variableClass(resolver: Resolution, id: TSESTree.Identifier): ClassNode | undefined {
  const variable = resolver.variableOf(id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || !def) return undefined;
  if (def.type === "Parameter") {
    const name = def.name as TSESTree.Node;
    const annotated = name.type === AST_NODE_TYPES.Identifier ? annotatedClass(resolver, name.typeAnnotation) : undefined;
    const bound = annotated ? undefined : resolver.boundArgument(id);
    return annotated ?? (bound && resolver.instanceClassOf(bound));
  }
  if (def.type === "ImportBinding") {
    // An instance another module exports (`export const manager = new TerminalManager()`); a namespace is none (its
    // module is not parsed for the question).
    if (def.node.type === AST_NODE_TYPES.ImportNamespaceSpecifier) return undefined;
    const target = resolver.targetNode(id);
    return target && target !== id ? resolver.instanceClassOf(target) : undefined;
  }
  if (def.type !== "Variable") return undefined;
  const declarator = def.node as TSESTree.VariableDeclarator;
  if (declarator.id.type !== AST_NODE_TYPES.Identifier) return undefined;
  return annotatedClass(resolver, declarator.id.typeAnnotation) ?? writtenClass(resolver, variable);
}

/**
 * The class every write of a variable gives it an instance of: its one initializer, or each assignment of a lazy
 * singleton (`let instance; … instance ??= new Manager()`); undefined when a write gives anything else.
 */
function writtenClass(resolver: Resolution, variable: TSESLint.Scope.Variable): ClassNode | undefined {
  const writes = variable.references.filter((r) => r.isWrite());
  let found: ClassNode | undefined;
  for (const write of writes) {
    const cls = write.writeExpr ? resolver.instanceClassOf(write.writeExpr) : undefined;
    if (!cls || (found && cls !== found)) return undefined;
    // Only `=`, `??=` and `||=` give the value written as it is.
    const parent = write.identifier.parent;
    if (parent?.type === AST_NODE_TYPES.AssignmentExpression && !["=", "??=", "||="].includes(parent.operator)) return undefined;
    found = cls;
  }
  return found;
}

/** What a class says field `name` holds at one place: an annotation, a value, or both (a field written `x: C = …`). */
export interface FieldSource {
  readonly annotation?: TSESTree.TSTypeAnnotation | undefined;
  readonly value?: TSESTree.Node | undefined;
}

/**
 * What `answer` makes of the first place a class says what `this.name` holds: the field's annotation or initializer
 * (`assigned;` leaves it to the constructor), a constructor parameter property, a constructor assignment
 * `this.name = …` (either of these last decides, found or not); else what a class it extends says. Shared by the
 * questions of what class a field holds (instanceClassOf) and what it is declared as (declared-types.ts).
 */
export function fieldAnswer<T>(resolver: Resolution, cls: ClassNode, name: string, answer: (source: FieldSource) => T | undefined, depth = 0): T | undefined {
  for (const member of cls.body.body) {
    if (member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && staticKeyName(member.key, member.computed) === name) {
      const found = answer({ annotation: member.typeAnnotation, value: member.value ?? undefined });
      if (found !== undefined) return found;
    }
    if (member.type !== AST_NODE_TYPES.MethodDefinition || member.kind !== "constructor") continue;
    for (const param of member.value.params) {
      if (param.type !== AST_NODE_TYPES.TSParameterProperty) continue;
      const id = param.parameter.type === AST_NODE_TYPES.AssignmentPattern ? param.parameter.left : param.parameter;
      if (id.type === AST_NODE_TYPES.Identifier && id.name === name) return answer({ annotation: id.typeAnnotation });
    }
    for (const statement of member.value.body?.body ?? []) {
      if (statement.type !== AST_NODE_TYPES.ExpressionStatement) continue;
      const assignment = statement.expression;
      if (assignment.type !== AST_NODE_TYPES.AssignmentExpression || assignment.operator !== "=") continue;
      const target = assignment.left;
      const isThisField = target.type === AST_NODE_TYPES.MemberExpression && target.object.type === AST_NODE_TYPES.ThisExpression;
      if (isThisField && staticKeyName(target.property, target.computed) === name) return answer({ value: assignment.right });
    }
  }
  const parent = cls.superClass ? namedClass(resolver, cls.superClass) : undefined;
  return parent && parent !== cls && depth < MAX_DEPTH ? fieldAnswer(resolver, parent, name, answer, depth + 1) : undefined;
}

/** The class of `this.name` in a class body: what its annotation names, or the instance its value holds (fieldAnswer). */
function fieldClass(resolver: Resolution, cls: ClassNode, name: string): ClassNode | undefined {
  return fieldAnswer(resolver, cls, name, ({ annotation, value }) => annotatedClass(resolver, annotation) ?? (value ? resolver.instanceClassOf(value) : undefined));
}

/**
 * The class whose instance an expression holds, one step: what the parts lead to is asked of the resolver again
 * (Resolver.instanceClassOf), which caches each node's answer and bounds the questions (a factory that returns
 * another factory's result, or its own).
 */
export function instanceClass(resolver: Resolution, node: TSESTree.Node): ClassNode | undefined {
  let inner = unwrapValue(node);
  if (inner.type === AST_NODE_TYPES.AwaitExpression) inner = unwrapValue(inner.argument);
  switch (inner.type) {
    case AST_NODE_TYPES.NewExpression:
      return namedClass(resolver, inner.callee);
    case AST_NODE_TYPES.ThisExpression: {
      const body = thisClass(inner);
      return body?.parent;
    }
    case AST_NODE_TYPES.Identifier:
      return variableClass(resolver, inner);
    case AST_NODE_TYPES.MemberExpression: {
      const name = staticKeyName(inner.property, inner.computed);
      const owner = name === undefined ? undefined : resolver.instanceClassOf(inner.object);
      return owner && name !== undefined ? fieldClass(resolver, owner, name) : undefined;
    }
    case AST_NODE_TYPES.LogicalExpression: {
      const fallback = injectedDefault(inner, (id) => resolver.variableOf(id));
      return fallback && resolver.instanceClassOf(fallback);
    }
    case AST_NODE_TYPES.CallExpression: {
      // A factory: every value it returns is an instance of the same class; else the class its return type names.
      const classes = returnedValues(resolver, inner).map((value) => resolver.instanceClassOf(value));
      const first = classes[0];
      if (first && classes.every((c) => c === first)) return first;
      const fn = resolver.calleeOf(inner);
      return fn && !fn.async ? annotatedClass(resolver, fn.returnType) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * What a class's body writes to `this.name` (nested functions and classes included): how many assignments of any
 * operator, and the value of the first `=` one; found once per class, by name.
 */
interface ThisWrites {
  readonly count: number;
  readonly value: TSESTree.Expression | undefined;
}

const thisWrites = new WeakMap<ClassNode, ReadonlyMap<string, ThisWrites>>();

function assignedThisFields(cls: ClassNode, visitorKeys: VisitorKeys): ReadonlyMap<string, ThisWrites> {
  let found = thisWrites.get(cls);
  if (found) return found;
  const writes = new Map<string, ThisWrites>();
  walk(cls.body, visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.AssignmentExpression || node.left.type !== AST_NODE_TYPES.MemberExpression) return;
    if (node.left.object.type !== AST_NODE_TYPES.ThisExpression) return;
    const name = staticKeyName(node.left.property, node.left.computed);
    // `this.connection = null` on close: a member called on the field runs on what it holds otherwise.
    if (name === undefined || (node.operator === "=" && isNullish(node.right))) return;
    const seen = writes.get(name);
    writes.set(name, { count: (seen?.count ?? 0) + 1, value: seen?.value ?? (node.operator === "=" ? node.right : undefined) });
  });
  thisWrites.set(cls, (found = writes));
  return found;
}

/**
 * The value `this.name` holds in an instance of a class: the field's initializer when nothing assigns it again, or
 * the one `this.name = value` of the class when the field has none (`handlers = { … }`, `this.client = new C()`).
 * Writes of `null` or `undefined` (`connection = null`, reset on close) are left out: what a member call on the field
 * runs is the value it holds otherwise.
 */
export function fieldValue(resolver: Resolution, cls: ClassNode, name: string): TSESTree.Node | undefined {
  const writes = assignedThisFields(cls, resolver.sourceCodeOf(cls).visitorKeys).get(name);
  for (const member of cls.body.body) {
    if (member.type !== AST_NODE_TYPES.PropertyDefinition || member.static || member.computed || staticKeyName(member.key, false) !== name) continue;
    if (member.value && !isNullish(member.value)) return writes === undefined ? member.value : undefined;
  }
  return writes?.count === 1 ? writes.value : undefined;
}

/** A non-static method or function-valued field of a class by name, else of the classes it extends. */
export function classMemberFunction(resolver: Resolution, cls: ClassNode, name: string): FunctionNode | undefined {
  let current: ClassNode | undefined = cls;
  for (let depth = 0; current && depth < 16; depth++) {
    const own = ownMember(current, name);
    if (own !== undefined) return own ?? undefined;
    const parent: ClassNode | undefined = current.superClass ? namedClass(resolver, current.superClass) : undefined;
    current = parent === current ? undefined : parent;
  }
  return undefined;
}

/** The class's own member `name`: its function, null when it has one that is no function (a getter, a value). */
function ownMember(cls: ClassNode, name: string): FunctionNode | null | undefined {
  for (const member of cls.body.body) {
    if (member.type !== AST_NODE_TYPES.MethodDefinition && member.type !== AST_NODE_TYPES.PropertyDefinition) continue;
    if (member.static || member.computed || staticKeyName(member.key, false) !== name) continue;
    if (member.type === AST_NODE_TYPES.MethodDefinition && member.kind !== "method") return null;
    const value = member.value && unwrap(member.value);
    return value && isFunction(value) ? value : null;
  }
  return undefined;
}

/**
 * The return type a call's callee declares, untyped: a function's annotation (`release(id): boolean`), or
 * `nb.shutdownKernel(id)` where `nb: Notebook` names an interface
 * (or an object type alias) of the file whose member says `shutdownKernel(id: string): boolean`, or a class whose
 * method is annotated. Undefined when the callee or its declaration cannot be told.
 */
export function declaredReturnType(resolver: Resolution, call: TSESTree.CallExpression): TSESTree.TypeNode | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) return resolver.calleeOf(call)?.returnType?.typeAnnotation;
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed || callee.property.type !== AST_NODE_TYPES.Identifier) return undefined;
  const name = callee.property.name;
  const object = unwrap(callee.object);
  const cls = resolver.instanceClassOf(object);
  if (cls) return resolver.memberFunction(cls, name)?.returnType?.typeAnnotation;
  const members = typeMembers(resolver, declaredAnnotation(resolver, object));
  for (const member of members ?? []) {
    if (member.type === AST_NODE_TYPES.TSMethodSignature && !member.computed && staticKeyName(member.key, false) === name) return member.returnType?.typeAnnotation;
    if (member.type !== AST_NODE_TYPES.TSPropertySignature || member.computed || staticKeyName(member.key, false) !== name) continue;
    const type = member.typeAnnotation?.typeAnnotation;
    return type?.type === AST_NODE_TYPES.TSFunctionType ? type.returnType?.typeAnnotation : undefined;
  }
  return undefined;
}

/**
 * The type annotation an object is declared with: a variable's or parameter's (`nb: Notebook`), or a field's of the
 * enclosing class (`this.manager` with `private readonly manager: Manager`, a field or a constructor parameter).
 */
function declaredAnnotation(resolver: Resolution, object: TSESTree.Node): TSESTree.TypeNode | undefined {
  if (object.type === AST_NODE_TYPES.Identifier) {
    const def = resolver.variableOf(object)?.defs[0];
    const name = def && (def.type === "Parameter" || def.type === "Variable") ? (def.name as TSESTree.Node) : undefined;
    return name?.type === AST_NODE_TYPES.Identifier ? name.typeAnnotation?.typeAnnotation : undefined;
  }
  if (object.type !== AST_NODE_TYPES.MemberExpression || object.computed || object.object.type !== AST_NODE_TYPES.ThisExpression) return undefined;
  const field = staticKeyName(object.property, false);
  for (const member of thisClass(object)?.body ?? []) {
    if (member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && staticKeyName(member.key, member.computed) === field) return member.typeAnnotation?.typeAnnotation;
    if (member.type !== AST_NODE_TYPES.MethodDefinition || member.kind !== "constructor") continue;
    for (const param of member.value.params) {
      const id = param.type === AST_NODE_TYPES.TSParameterProperty ? param.parameter : undefined;
      if (id?.type === AST_NODE_TYPES.Identifier && id.name === field) return id.typeAnnotation?.typeAnnotation;
    }
  }
  return undefined;
}

/** The members of an interface or object type literal a type annotation names (`Notebook`, `{ close(id): boolean }`). */
function typeMembers(resolver: Resolution, type: TSESTree.TypeNode | undefined): readonly TSESTree.TypeElement[] | undefined {
  if (type?.type === AST_NODE_TYPES.TSTypeLiteral) return type.members;
  if (type?.type !== AST_NODE_TYPES.TSTypeReference || type.typeName.type !== AST_NODE_TYPES.Identifier) return undefined;
  const declaration = resolver.variableOf(type.typeName)?.defs[0]?.node as TSESTree.Node | undefined;
  if (declaration?.type === AST_NODE_TYPES.TSInterfaceDeclaration) return declaration.body.body;
  if (declaration?.type === AST_NODE_TYPES.TSTypeAliasDeclaration && declaration.typeAnnotation.type === AST_NODE_TYPES.TSTypeLiteral) return declaration.typeAnnotation.members;
  return undefined;
}
