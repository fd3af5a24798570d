import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { isFunction, memberName, unwrap } from "../syntax/ast.js";
import { sourceCodeOf } from "../syntax/variables.js";
import { isMapStore } from "./stores.js";
import { resolverOf } from "../resolution/resolver.js";
import { isShapeTest, type Summaries, summariesOf } from "../summaries/summaries.js";
import { lookupVariable, type SessionLookup } from "./lookups.js";
import type { SessionScope, SessionScopes } from "./scopes.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The first use of a looked-up session that dereferences it before anything tests it, where a miss certainly gives nothing. */
export function unguardedUse(sourceCode: SourceCode, scopes: SessionScopes, scope: SessionScope, lookup: SessionLookup): TSESTree.Node | undefined {
  if (lookup.kind === "has" || lookup.kind === "index" || isCheckedByEveryCaller(scopes, scope)) return undefined;
  // Whether a miss gives nothing may take the type checker: asked only for a lookup used unchecked.
  const use = dereferenceOf(sourceCode, scopes, scope, lookup);
  return use && lookup.certainMiss ? use : undefined;
}

function dereferenceOf(sourceCode: SourceCode, scopes: SessionScopes, scope: SessionScope, lookup: SessionLookup): TSESTree.Node | undefined {
  const parent = lookup.node.parent;
  if (parent?.type === AST_NODE_TYPES.TSNonNullExpression) return hasEarlierMention(scopes, scope, lookup, parent) ? undefined : parent;
  if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === lookup.node && !parent.optional) {
    return hasEarlierMention(scopes, scope, lookup, parent) ? undefined : lookup.node;
  }
  const variable = lookupVariable(sourceCode, lookup);
  if (!variable || variable.references.filter((r) => r.isWrite()).length !== 1) return undefined;
  const reads = variable.references.filter((r) => r.isRead()).sort((a, b) => a.identifier.range[0] - b.identifier.range[0]);
  const first = reads[0]?.identifier;
  if (!first || isInNestedFunction(first, scope.root, lookup.node)) return undefined;
  const use = first.parent;
  // `s!.x` asserts what was never checked: reported at the `!`.
  if (use?.type === AST_NODE_TYPES.TSNonNullExpression) return hasEarlierMention(scopes, scope, lookup, first) ? undefined : use;
  const dereferences =
    (use?.type === AST_NODE_TYPES.MemberExpression && use.object === first && !use.optional) ||
    (use?.type === AST_NODE_TYPES.CallExpression && use.callee === first && !use.optional);
  if (!dereferences) return undefined;
  return hasEarlierMention(scopes, scope, lookup, first) ? undefined : first;
}

/**
 * A helper whose every call comes after its caller has mentioned the id (`if (!this.sessions[id]) throw …;
 * this.applyMode(id)`): the caller may have checked the session, so the helper's use is not judged.
 */
function isCheckedByEveryCaller(scopes: SessionScopes, scope: SessionScope): boolean {
  if (scope.callers.length === 0 || scope.handlers.some((h) => h.body === scope.root)) return false;
  return scope.callers.every(({ call, from }) => mentionsIdBefore(scopes, from, call));
}

/**
 * Whether the calling scope mentions the id before the call (other than by naming it), or hands the request to a call
 * before it (`requireSession(params, this)`): it may have checked the session.
 */
export function mentionsIdBefore(scopes: SessionScopes, from: SessionScope, call: TSESTree.Node, checksJudged = false): boolean {
  const before = (node: TSESTree.Node) => node.range[1] <= call.range[0];
  // For a miss (`checksJudged`), a call of a helper known to check the session at its top (scopes.checkingCalls) is a
  // known check, which judging the miss takes into account (answered-checks.ts: the same store again with no await
  // between is no miss, another store's is not an unknown session's), not a mention that may have checked anything.
  // For a lookup used unchecked it is the check that makes the use safe.
  const checking = checksJudged ? scopes.checkingCalls : NO_CALLS;
  if (scopes.requestHandedOn(from).some((handed) => before(handed) && !checking.has(handed))) return true;
  return scopes
    .idReads(from)
    .some((node) => node.range[0] < call.range[0] && !isNamingOnly(node, scopes.sourceCode) && !isUnseenWrite(node, call, scopes.sourceCode) && !isHandedTo(node, checking));
}

const NO_CALLS: ReadonlySet<TSESTree.Node> = new Set();

/** Whether an id read is an argument of one of `calls`, as it is or in an object or array literal (`check({ sessionId })`). */
function isHandedTo(node: TSESTree.Node, calls: ReadonlySet<TSESTree.Node>): boolean {
  if (calls.size === 0) return false;
  let at = node;
  while (at.parent && (at.parent.type === AST_NODE_TYPES.Property || at.parent.type === AST_NODE_TYPES.ObjectExpression || at.parent.type === AST_NODE_TYPES.ArrayExpression)) at = at.parent;
  const call = at.parent;
  return call?.type === AST_NODE_TYPES.CallExpression && call.arguments.includes(at as TSESTree.CallExpressionArgument) && calls.has(call);
}

/** A function between `node` and the lookup's own function: a callback that may run later, or never. */
function isInNestedFunction(node: TSESTree.Node, root: TSESTree.Node, lookup: TSESTree.Node): boolean {
  const owner = (n: TSESTree.Node) => {
    for (let p = n.parent; p && p !== root; p = p.parent) if (isFunction(p)) return p;
    return root;
  };
  return owner(node) !== owner(lookup);
}

/**
 * Whether the id is mentioned between the start of the scope and `use` other than by the lookup: a `has` check,
 * a write (`store[id] ??= fresh()`), a helper that may throw. Any of them may be a guard, so the use is not judged.
 */
function hasEarlierMention(scopes: SessionScopes, scope: SessionScope, lookup: SessionLookup, use: TSESTree.Node): boolean {
  const inLookup = (node: TSESTree.Node) => lookup.node.range[0] <= node.range[0] && node.range[1] <= lookup.node.range[1];
  return scopes.idReads(scope).some((node) => node.range[0] < use.range[0] && !inLookup(node) && !isNamingOnly(node, scopes.sourceCode));
}

/**
 * `const id = params.sessionId` and the names a declaration gives only name the id: they check nothing. A call that
 * gives the id back (`const id = this.checkedSession(params)`) runs a helper, which may check, unless all the helper
 * does is build its value from its arguments (`const id = idOf(params.sessionId)` of `(id) => id as SessionId`).
 */
function isNamingOnly(node: TSESTree.Node, sourceCode: SourceCode): boolean {
  // The linted file's summaries: a node of another module has no resolver of its own.
  const summaries = summariesOf(resolverOf(sourceCode));
  // The id handed to a helper that only builds its value from it (checksNothing) is still only named.
  // So is the id put into a value being built (`{ uri: params.sessionId }`, `[id]`, `` `s-${id}` ``).
  let at = node;
  for (let up = builtFrom(at, summaries); up; up = builtFrom(at, summaries)) at = up;
  const named = at.parent?.type === AST_NODE_TYPES.VariableDeclarator && at.parent.init === at && !mayCheck(at, summaries);
  return named || isDeclarationName(node) || isShapeTestOf(node);
}

/**
 * `if (!id)`, `typeof id !== "string"`, `id.trim().length === 0`: the id read in a test of its own value (whether
 * there is one, its type, its length; summaries' isShapeTest), which asks no store whether the session exists.
 */
function isShapeTestOf(node: TSESTree.Node): boolean {
  let at = node;
  while (at.parent && EXPRESSION_PARTS.has(at.parent.type)) at = at.parent;
  return at.parent !== undefined && isTestPosition(at.parent, at) && isShapeTest(at);
}

/** Expressions an id read climbs through to the test it is part of (not `&&`/`||`, whose operands are tests each). */
const EXPRESSION_PARTS: ReadonlySet<AST_NODE_TYPES> = new Set([
  AST_NODE_TYPES.UnaryExpression,
  AST_NODE_TYPES.BinaryExpression,
  AST_NODE_TYPES.MemberExpression,
  AST_NODE_TYPES.CallExpression,
  AST_NODE_TYPES.ChainExpression,
  AST_NODE_TYPES.TSNonNullExpression,
  AST_NODE_TYPES.TSAsExpression,
]);

/** Where a value only decides a branch: an `if`'s or a conditional's test, an operand of `&&` or `||` there. */
function isTestPosition(parent: TSESTree.Node, child: TSESTree.Node): boolean {
  if (parent.type === AST_NODE_TYPES.IfStatement || parent.type === AST_NODE_TYPES.ConditionalExpression) return parent.test === child;
  return parent.type === AST_NODE_TYPES.LogicalExpression && parent.operator !== "??" && parent.parent !== undefined && isTestPosition(parent.parent, parent);
}

/** The value `node` is a part of, when building it runs no code of its own: an object, array or template, a call that checks nothing. */
function builtFrom(node: TSESTree.Node, summaries: Summaries): TSESTree.Node | undefined {
  const parent = node.parent;
  switch (parent?.type) {
    case AST_NODE_TYPES.CallExpression:
      return parent.arguments.includes(node as TSESTree.CallExpressionArgument) && (summaries.checksNothing(parent) || summaries.checksOnlyShape(parent)) ? parent : undefined;
    case AST_NODE_TYPES.Property:
      return parent.value === node && !parent.computed && parent.parent.type === AST_NODE_TYPES.ObjectExpression ? parent.parent : undefined;
    case AST_NODE_TYPES.ArrayExpression:
    case AST_NODE_TYPES.TemplateLiteral:
      return parent;
    default:
      return undefined;
  }
}

/**
 * Whether a declaration's initialiser runs code that may check the id: a call or construction, but not one that
 * checks nothing or only the shape of what it is handed.
 */
function mayCheck(node: TSESTree.Node, summaries: Summaries): boolean {
  const inner = unwrap(node);
  const value = inner.type === AST_NODE_TYPES.AwaitExpression ? unwrap(inner.argument) : inner;
  if (value.type === AST_NODE_TYPES.NewExpression) return true;
  return value.type === AST_NODE_TYPES.CallExpression && !summaries.checksNothing(value) && !summaries.checksOnlyShape(value);
}

/**
 * A key written into a map or set of the caller's own fields (`this.controllers.set(id, c)`) that a call into another
 * object cannot see: neither `this` nor that field is handed to it, and it is no method of `this`. What the helper
 * looks up is elsewhere, so the write checks nothing for it.
 */
function isUnseenWrite(node: TSESTree.Node, call: TSESTree.Node, sourceCode: SourceCode): boolean {
  const write = node.parent;
  if (write?.type !== AST_NODE_TYPES.CallExpression || write.arguments[0] !== node || write.callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const method = memberName(write.callee);
  const store = write.callee.object;
  if ((method !== "set" && method !== "add") || store.type !== AST_NODE_TYPES.MemberExpression || store.object.type !== AST_NODE_TYPES.ThisExpression) return false;
  if (call.type !== AST_NODE_TYPES.CallExpression || !isMapStore(sourceCodeOf(node, sourceCode), store)) return false;
  const callee = call.callee.type === AST_NODE_TYPES.MemberExpression ? call.callee.object : undefined;
  const field = memberName(store);
  const seen = (n: TSESTree.Node) => n.type === AST_NODE_TYPES.ThisExpression || (n.type === AST_NODE_TYPES.MemberExpression && n.object.type === AST_NODE_TYPES.ThisExpression && memberName(n) === field);
  return callee !== undefined && callee.type !== AST_NODE_TYPES.ThisExpression && !call.arguments.some(seen);
}

function isDeclarationName(node: TSESTree.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === AST_NODE_TYPES.VariableDeclarator) return parent.id === node;
  if (parent.type === AST_NODE_TYPES.Property) return parent.parent.type === AST_NODE_TYPES.ObjectPattern;
  if (parent.type === AST_NODE_TYPES.MemberExpression) return parent.property === node && !parent.computed;
  return isFunction(parent) && parent.params.includes(node as TSESTree.Parameter);
}
