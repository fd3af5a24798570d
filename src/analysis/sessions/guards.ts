import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { contains, fallsThrough, followingStatement, isFalse, isNullish, memberName, statementAfterBranch, unwrap } from "../syntax/ast.js";
import { fallbackOf, lookupVariable, type SessionLookup } from "./lookups.js";
import type { SessionScope, SessionScopes } from "./scopes.js";
import { type Resolver, resolverOf } from "../resolution/resolver.js";
import { summariesOf } from "../summaries/summaries.js";
import { readOf } from "../summaries/symbolic.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** A test of whether the session exists, and the branch taken when it does not. */
export interface SessionGuard {
  readonly test: TSESTree.Node;
  /** The lookup the test reads (directly, or through the variable that holds its result). */
  readonly lookup: SessionLookup;
  /** The branch run for an unknown session; `null` when the `if` has no such branch. */
  readonly miss: TSESTree.Node | null;
}

interface Presence {
  /** `true` when a truthy test means the session exists, `false` when it means it does not. */
  readonly present: boolean;
  readonly lookup: SessionLookup;
}

/** Whether `node` tests that a session exists, and through which lookup. */
function presence(
  node: TSESTree.Node,
  lookups: readonly SessionLookup[],
  vars: ReadonlyMap<TSESLint.Scope.Variable, SessionLookup>,
  heldValue: (id: TSESTree.Identifier) => TSESTree.Node | undefined,
): Presence | undefined {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.UnaryExpression && inner.operator === "!") {
    const p = presence(inner.argument, lookups, vars, heldValue);
    return p && { present: !p.present, lookup: p.lookup };
  }
  // `stored?.file ?? findFile(id)`: a fallback that looks the id up again gives nothing for a missing session too.
  if (inner.type === AST_NODE_TYPES.LogicalExpression && (inner.operator === "??" || inner.operator === "||")) {
    const p = presence(inner.left, lookups, vars, heldValue);
    if (p?.present && presence(inner.right, lookups, vars, heldValue)?.present) return p;
  }
  // `!s || !s.ready`, `x || !s`: true for every missing session (and more); `s && s.ready`, `x && s`: false for every
  // missing one. `!local && !remote`, `local || remote`: two stores asked, and the session is missing from both.
  if (inner.type === AST_NODE_TYPES.LogicalExpression && (inner.operator === "||" || inner.operator === "&&")) {
    const wanted = inner.operator === "&&";
    const left = presence(inner.left, lookups, vars, heldValue);
    if (left?.present === wanted) return left;
    const right = presence(inner.right, lookups, vars, heldValue);
    if (right?.present === wanted) return right;
    return left && right && left.present === right.present ? left : undefined;
  }
  const position = inner.type === AST_NODE_TYPES.BinaryExpression ? positionTest(inner) : undefined;
  if (position) {
    const lookup = sessionRead(position.subject, lookups, vars, "index");
    return lookup ? { present: position.present, lookup } : undefined;
  }
  if (inner.type === AST_NODE_TYPES.BinaryExpression && ["===", "==", "!==", "!="].includes(inner.operator)) {
    const negated = inner.operator.startsWith("!");
    const isConstant = (n: TSESTree.Node) => isNullish(n) || isFalse(n);
    const [subject, other] = isConstant(inner.right) ? [inner.left, inner.right] : [inner.right, inner.left];
    const typeofSubject = isTypeofUndefined(inner) ? typeofArgument(inner) : undefined;
    const lookup = isNullish(other)
      ? sessionRead(subject, lookups, vars, "get")
      : isFalse(other)
        ? sessionRead(subject, lookups, vars, "has")
        : typeofSubject && sessionRead(typeofSubject, lookups, vars, "get");
    return lookup ? { present: negated, lookup } : undefined;
  }
  const lookup = sessionRead(inner, lookups, vars, "any") ?? optionalField(inner, lookups, vars);
  if (lookup) return { present: true, lookup };
  // `const exists = store.has(id); if (!exists)`, `const missing = !s; if (missing)`: a name stands for what its
  // one write gave it.
  const held = inner.type === AST_NODE_TYPES.Identifier ? heldValue(inner) : undefined;
  return held ? presence(held, lookups, vars, heldValue) : undefined;
}

/**
 * The lookup an expression reads: the lookup itself (awaited or not) or a variable holding its result. A
 * nullish test fits what gives the entry, a `=== false` test what tells whether it exists, and any other call both.
 */
function sessionRead(
  node: TSESTree.Node,
  lookups: readonly SessionLookup[],
  vars: ReadonlyMap<TSESLint.Scope.Variable, SessionLookup>,
  kind: "get" | "has" | "index" | "any",
): SessionLookup | undefined {
  let inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.AwaitExpression) inner = unwrap(inner.argument);
  // A position is tested against -1, never for truth (0 is a found entry).
  const fits = (lookup: SessionLookup) => (lookup.kind === "index" ? kind === "index" : kind === "any" || lookup.kind === kind || lookup.kind === "call");
  const lookup = lookups.find((l) => l.node === inner);
  if (lookup) return fits(lookup) ? lookup : undefined;
  if (inner.type !== AST_NODE_TYPES.Identifier) return undefined;
  for (const [variable, held] of vars) {
    if (fits(held) && held.kind !== "has" && variable.references.some((r) => r.identifier === inner)) return held;
  }
  return undefined;
}



/**
 * The lookup a field is read of through `?.` (`stored?.sessionFile`, `session?.state.ready`): the read gives nothing
 * for a missing session (and perhaps for a found one).
 */
function optionalField(node: TSESTree.Node, lookups: readonly SessionLookup[], vars: ReadonlyMap<TSESLint.Scope.Variable, SessionLookup>): SessionLookup | undefined {
  if (node.type !== AST_NODE_TYPES.ChainExpression) return undefined;
  let member: TSESTree.Node = unwrap(node.expression);
  while (member.type === AST_NODE_TYPES.MemberExpression && !member.optional) member = unwrap(member.object);
  return member.type === AST_NODE_TYPES.MemberExpression ? sessionRead(member.object, lookups, vars, "get") : undefined;
}

/** `i === -1`, `i < 0` (missing) and `i !== -1`, `i >= 0`, `i > -1` (present), the position on the left. */
function positionTest(node: TSESTree.BinaryExpression): { subject: TSESTree.Node; present: boolean } | undefined {
  const right = unwrap(node.right);
  const value = right.type === AST_NODE_TYPES.Literal && typeof right.value === "number" ? right.value : right.type === AST_NODE_TYPES.UnaryExpression && right.operator === "-" && right.argument.type === AST_NODE_TYPES.Literal && right.argument.value === 1 ? -1 : undefined;
  if (value === -1 && ["===", "=="].includes(node.operator)) return { subject: node.left, present: false };
  if (value === -1 && ["!==", "!=", ">"].includes(node.operator)) return { subject: node.left, present: true };
  if (value === 0 && node.operator === "<") return { subject: node.left, present: false };
  if (value === 0 && node.operator === ">=") return { subject: node.left, present: true };
  return undefined;
}

function typeofArgument(node: TSESTree.BinaryExpression): TSESTree.Node | undefined {
  for (const side of [node.left, node.right]) {
    if (side.type === AST_NODE_TYPES.UnaryExpression && side.operator === "typeof") return side.argument;
  }
  return undefined;
}

function isTypeofUndefined(node: TSESTree.BinaryExpression): boolean {
  const other = node.left.type === AST_NODE_TYPES.UnaryExpression ? node.right : node.left;
  return typeofArgument(node) !== undefined && other.type === AST_NODE_TYPES.Literal && other.value === "undefined";
}

/** The `if` statements and conditional expressions of a scope that test whether the session exists. */
export function findGuards(sourceCode: SourceCode, scopes: SessionScopes, scope: SessionScope, lookups: readonly SessionLookup[]): SessionGuard[] {
  // A guard tests a lookup: without one there is nothing to test.
  if (lookups.length === 0) return [];
  const vars = new Map<TSESLint.Scope.Variable, SessionLookup>();
  // A `let` written again later (`if (!s.warm) s = await rewarm(s)`) still holds the lookup where it is tested before.
  const rewritten = new Map<TSESLint.Scope.Variable, readonly TSESTree.Node[]>();
  for (const lookup of lookups) {
    const variable = lookup.kind === "has" ? undefined : lookupVariable(sourceCode, lookup);
    if (!variable) continue;
    vars.set(variable, lookup);
    // lookupVariable finds the variable the lookup initialises: every other write is a rewrite.
    const later = variable.references.filter((r) => r.isWrite() && !r.init);
    if (later.length > 0) rewritten.set(variable, later.map((w) => w.identifier));
  }
  const resolver = resolverOf(sourceCode);
  const summaries = summariesOf(resolver);
  const heldValue = (id: TSESTree.Identifier) => {
    const read = readOf(summaries.valueOf(id));
    if (read && read.fields.length === 0 && read.node !== id) return read.node;
    // `const file = stored?.file ?? findFile(id)`: what the one write gave, read as a test of the session.
    const init = resolver.values.constInit(id);
    return init && (init.type === AST_NODE_TYPES.ChainExpression || init.type === AST_NODE_TYPES.LogicalExpression) ? init : undefined;
  };
  const out: SessionGuard[] = [];
  const guarded = new Set<SessionLookup>();
  for (const node of scopes.nodes.tests(scope.root)) {
    const found = presence(node.test, lookups, rewritten.size === 0 ? vars : heldAt(node.test, vars, rewritten), heldValue);
    if (!found) continue;
    // `if (s) { …; return …; } throw …`: with no else, the statement after a branch that returns runs on a miss, when
    // no earlier test of the lookup has answered the miss already; so does a `return` right after a branch that falls
    // through (`if (s) { s.mode = m; } return {};`).
    const first = !guarded.has(found.lookup);
    guarded.add(found.lookup);
    const after = first && found.present && node.type === AST_NODE_TYPES.IfStatement ? (statementAfterBranch(node) ?? returnPastNotices(node, sourceCode)) : undefined;
    out.push({ test: node.test, lookup: found.lookup, miss: found.present ? (node.alternate ?? after ?? null) : node.consequent });
  }
  // `store.get(id) ?? fail(id)`: the right side runs for an unknown session.
  for (const lookup of lookups) {
    const fallback = lookup.kind === "has" ? undefined : fallbackOf(lookup);
    if (fallback) out.push({ test: fallback.left, lookup, miss: fallback.right });
  }
  return out;
}

/**
 * The variables that still hold their lookup at `test`: written once, or written again only after it in source
 * order and not in a loop around both (where a later write reaches the test on the next turn).
 */
function heldAt(test: TSESTree.Node, vars: ReadonlyMap<TSESLint.Scope.Variable, SessionLookup>, rewritten: ReadonlyMap<TSESLint.Scope.Variable, readonly TSESTree.Node[]>): Map<TSESLint.Scope.Variable, SessionLookup> {
  const held = new Map<TSESLint.Scope.Variable, SessionLookup>();
  for (const [variable, lookup] of vars) {
    const later = rewritten.get(variable);
    if (later === undefined) held.set(variable, lookup);
    else if (later.every((w) => w.range[0] > test.range[1] && !inLoopWith(w, test))) held.set(variable, lookup);
  }
  return held;
}

const LOOPS = new Set<string>([AST_NODE_TYPES.WhileStatement, AST_NODE_TYPES.DoWhileStatement, AST_NODE_TYPES.ForStatement, AST_NODE_TYPES.ForInStatement, AST_NODE_TYPES.ForOfStatement]);

/** Whether a loop holds both nodes. */
function inLoopWith(a: TSESTree.Node, b: TSESTree.Node): boolean {
  for (let p = a.parent; p; p = p.parent) if (LOOPS.has(p.type) && contains(p, b)) return true;
  return false;
}

/** The statement that answers in a branch: the first `throw` or `return` among its own statements. */
export function answerStatement(branch: TSESTree.Node): TSESTree.ThrowStatement | TSESTree.ReturnStatement | TSESTree.Expression | undefined {
  if (branch.type === AST_NODE_TYPES.ThrowStatement || branch.type === AST_NODE_TYPES.ReturnStatement) return branch;
  if (branch.type === AST_NODE_TYPES.BlockStatement) {
    for (const statement of branch.body) {
      if (statement.type === AST_NODE_TYPES.ThrowStatement || statement.type === AST_NODE_TYPES.ReturnStatement) return statement;
    }
    return undefined;
  }
  // The miss branch of `s ? use(s) : fail()`.
  if (branch.type.endsWith("Statement") || branch.type.endsWith("Declaration")) return undefined;
  return branch as TSESTree.Expression;
}

/** How many notices to the client a miss is followed past to the `return` after them. */
const MAX_NOTICES = 4;

/**
 * The `return` a branch that falls through reaches past notices to the client only (`if (session) { session.mode = m; }
 * await this.connection.sessionUpdate({ … }); return {};`). Undefined for an `if` with an else, or anything else on the
 * way.
 */
function returnPastNotices(node: TSESTree.IfStatement, sourceCode: SourceCode): TSESTree.ReturnStatement | undefined {
  if (node.alternate || !fallsThrough(node.consequent)) return undefined;
  const next = pastNotices(followingStatement(node), resolverOf(sourceCode));
  return next?.type === AST_NODE_TYPES.ReturnStatement ? next : undefined;
}

/**
 * `statement`, or the first statement after it past notices to the client (MAX_NOTICES at most): a `session/update`
 * notification sent through something that is no function of the project (the SDK's connection; a project's own
 * `sessionUpdate` may check the session), which answers nothing and checks no session. Undefined when they run out.
 */
export function pastNotices(statement: TSESTree.Node | undefined, resolver: Resolver): TSESTree.Node | undefined {
  let next = statement;
  for (let notices = 0; next?.type === AST_NODE_TYPES.ExpressionStatement && isClientNotice(next.expression, resolver); notices++) {
    if (notices >= MAX_NOTICES) return undefined;
    next = followingStatement(next);
  }
  return next;
}

/** `await conn.sessionUpdate({ … })` on something that is no function of the project. */
function isClientNotice(expression: TSESTree.Expression, resolver: Resolver): boolean {
  let inner = unwrap(expression);
  if (inner.type === AST_NODE_TYPES.AwaitExpression) inner = unwrap(inner.argument);
  if (inner.type !== AST_NODE_TYPES.CallExpression || inner.callee.type !== AST_NODE_TYPES.MemberExpression || memberName(inner.callee) !== "sessionUpdate") return false;
  return resolver.calleeOf(inner) === undefined;
}
