import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { isNullish, memberName, staticKeyName, unwrap } from "../syntax/ast.js";
import { thisClass } from "../syntax/functions.js";
import { isUndeclared } from "../syntax/variables.js";

/** The variable an identifier names, in whichever file it is (Resolver.variableOf). */
export type VariableOf = (id: TSESTree.Identifier) => TSESLint.Scope.Variable | null;

/**
 * An expression without what leaves the value it names unchanged: the TypeScript wrappers (`as`, `!`,
 * `satisfies`, `<T>`), `?.` chains, and the `(0, x.f)` that compilers and bundlers write to call `x.f` without
 * its `this` (`(0, sdk_1.agent)({ name })`).
 */
export function unwrapValue(node: TSESTree.Node): TSESTree.Node {
  let current = unwrap(node);
  for (;;) {
    if (current.type === AST_NODE_TYPES.ChainExpression) current = unwrap(current.expression);
    else if (current.type === AST_NODE_TYPES.SequenceExpression && isIndirection(current)) current = unwrap(current.expressions.at(-1)!);
    else return current;
  }
}

/** `(0, x)`: every expression before the last is a literal, so only the last one's value counts. */
function isIndirection(node: TSESTree.SequenceExpression): boolean {
  return node.expressions.length > 1 && node.expressions.slice(0, -1).every((e) => e.type === AST_NODE_TYPES.Literal);
}

/** Methods of a string that give it back as it is, for what it names: `id.trim()`, `id.toString()`. */
const SAME_STRING = new Set(["trim", "toString", "valueOf"]);

/** How many derivations are looked through. */
const MAX_STEPS = 16;

/**
 * The expression a value is taken from unchanged, for what it names: through the TypeScript wrappers, `?.`,
 * `String(x)`, `` `${x}` ``, `x ?? fallback`, `x || fallback`, `x.trim()`, `c ? x : undefined` (or `: {}`, `: ""`), `f(x) ?? x`. `String(params.sessionId ?? "")` is still
 * the requested session id, and `msg.params?.protocolVersion ?? 0` the requested version. A name is not followed
 * (what it holds is its declaration's business).
 */
export function originOf(node: TSESTree.Node, variableOf: VariableOf): TSESTree.Node {
  let current = unwrapValue(node);
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = derivedFrom(current, variableOf);
    if (!next) return current;
    current = unwrapValue(next);
  }
  return current;
}

/** Whether `left` is a call (perhaps awaited) handed `right` itself as an argument (`id`, `params.sessionId`). */
function isTranslationOf(left: TSESTree.Node, right: TSESTree.Node, variableOf: VariableOf): boolean {
  let call = unwrapValue(left);
  if (call.type === AST_NODE_TYPES.AwaitExpression) call = unwrapValue(call.argument);
  return call.type === AST_NODE_TYPES.CallExpression && call.arguments.some((arg) => isSameReference(variableOf, arg, right));
}

/**
 * Whether two expressions name the same thing: one variable, `this` of one class, or the same member of such
 * (`params.sessionId` and `params.sessionId`, `this.sessions` and `owner.sessions` where both are bound alike).
 */
export function isSameReference(variableOf: VariableOf, a: TSESTree.Node, b: TSESTree.Node): boolean {
  const x = unwrapValue(a);
  const y = unwrapValue(b);
  if (x.type === AST_NODE_TYPES.ThisExpression && y.type === AST_NODE_TYPES.ThisExpression) return thisClass(x) !== undefined && thisClass(x) === thisClass(y);
  if (x.type === AST_NODE_TYPES.Identifier && y.type === AST_NODE_TYPES.Identifier) {
    const variable = variableOf(x);
    return variable !== null && variable === variableOf(y);
  }
  if (x.type === AST_NODE_TYPES.MemberExpression && y.type === AST_NODE_TYPES.MemberExpression) {
    return staticKeyName(x.property, x.computed) === staticKeyName(y.property, y.computed) && isSameReference(variableOf, x.object, y.object);
  }
  return false;
}

/** `undefined`, `null`, an empty object literal, or an empty string (an id normalised to `""` names no entry). */
function isNothing(node: TSESTree.Node): boolean {
  const inner = unwrapValue(node);
  return isNullish(inner) || (inner.type === AST_NODE_TYPES.ObjectExpression && inner.properties.length === 0) || (inner.type === AST_NODE_TYPES.Literal && inner.value === "");
}

function derivedFrom(node: TSESTree.Node, variableOf: VariableOf): TSESTree.Node | undefined {
  switch (node.type) {
    case AST_NODE_TYPES.LogicalExpression:
      if (node.operator === "&&") return undefined;
      // `(await canonical(id)) ?? id`: the value, or what a call makes of it (a canonical form of the same id).
      return isTranslationOf(node.left, node.right, variableOf) ? node.right : node.left;
    case AST_NODE_TYPES.ConditionalExpression:
      // `typeof p.sessionId === "string" ? p.sessionId : undefined`: the value, where it is there at all; an empty
      // object stands for nothing too (`v && typeof v === "object" ? v : {}`: each field read of it is undefined), and
      // so does an empty string (`typeof v === "string" ? v.trim() : ""`: no store holds an entry under it).
      if (isNothing(node.alternate)) return node.consequent;
      return isNothing(node.consequent) ? node.alternate : undefined;
    case AST_NODE_TYPES.TemplateLiteral: {
      const only = node.expressions.length === 1 && node.quasis.every((q) => q.value.cooked === "");
      return only ? node.expressions[0] : undefined;
    }
    case AST_NODE_TYPES.CallExpression: {
      const [arg] = node.arguments;
      const callee = unwrapValue(node.callee);
      if (callee.type === AST_NODE_TYPES.Identifier && callee.name === "String" && node.arguments.length === 1 && arg && arg.type !== AST_NODE_TYPES.SpreadElement) {
        return isUndeclared(variableOf(callee)) ? arg : undefined;
      }
      const isSame = node.arguments.length === 0 && callee.type === AST_NODE_TYPES.MemberExpression && SAME_STRING.has(memberName(callee) ?? "");
      return isSame ? (callee as TSESTree.MemberExpression).object : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * `options.store ?? new MemoryStore()`, `opts?.terminals || createTerminalManager()`, `store ?? new Map()` of a
 * parameter: a value a caller may inject, and the default the code builds itself when none is given. The default
 * stands for the value: it is the code that runs unless a caller passes another, so what it does is a fact of this
 * code. A default after any other value (a local, a call's result) is not followed: which one runs is unknown.
 */
export function injectedDefault(node: TSESTree.LogicalExpression, variableOf: VariableOf): TSESTree.Expression | undefined {
  if (node.operator !== "??" && node.operator !== "||") return undefined;
  let root = unwrapValue(node.left);
  while (root.type === AST_NODE_TYPES.MemberExpression) root = unwrapValue(root.object);
  if (root.type !== AST_NODE_TYPES.Identifier) return undefined;
  const defs = variableOf(root)?.defs;
  return defs?.length === 1 && defs[0]!.type === "Parameter" ? node.right : undefined;
}
