import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { type AnswerContext, type Answer, answerAcross, answerOf, helperThrow, sentAnswer } from "../errors/answers.js";
import { calleeName, contains, enclosingFunction, endsFunction, fallsThrough, findProperty, followingStatement, holderPastAwait, isFunction, memberName, staticKeyName, unwrap } from "../syntax/ast.js";
import { answeringFunction, type Handler } from "../handlers/types.js";
import type { FileNodes } from "../file-nodes.js";
import { answerStatement, findGuards, pastNotices, type SessionGuard } from "./guards.js";
import { findLookups, type SessionLookup } from "./lookups.js";
import { mentionsIdBefore, unguardedUse } from "./unguarded.js";
import { type Resolver, resolverOf } from "../resolution/resolver.js";
import { type AnsweredCheck, type CheckBeforeCall, exitsOnMiss, sameStore, saysSessionMissing, SessionChecks, yieldsBetween } from "./answered-checks.js";
import { isSessionLookup, type MissWording, openedSessionStores } from "./session-evidence.js";
import { messageText } from "../values/message-text.js";
import { type SessionScope, SessionScopes } from "./scopes.js";
import { returnedLookups, type ScopeLookups } from "./returned-lookups.js";
import { type Summaries, summariesOf } from "../summaries/summaries.js";
import { partsAtCall, siteAtCall } from "../errors/helper-sites.js";
import type { ErrorSite } from "../errors/error-sites.js";

/** Whether a node is inside a `try` of `root` whose `catch` decides the answer (Summaries.isCaught: through a closure a call runs). */
type Caught = (node: TSESTree.Node, root: TSESTree.Node) => boolean;

/** A branch taken when the requested session does not exist, and what it answers. */
export interface SessionMiss {
  readonly scope: SessionScope;
  readonly guard: SessionGuard;
  /** The `throw` / `return` (or the expression of a conditional's branch) that answers; absent when none does. */
  readonly statement?: TSESTree.Node;
  /** The answer is thrown (or rejected); otherwise returned, which only hand-rolled dispatch sends as an error. */
  readonly thrown: boolean;
  /** The answer is thrown inside a `try` (or a `.catch()` chain) of the same function, which may turn it into success. */
  readonly caught: boolean;
  readonly answer?: Answer;
  /**
   * The success the branch returns instead of an error (`return {}`, `return;`, `return undefined`), when that is
   * what it answers: the SDKs send it as the request's result.
   */
  readonly success?: TSESTree.ReturnStatement;
  /**
   * For a helper of another module, the calls of the linted file that reach it unchecked: where it is reported, since
   * a report stays in the linted file. Undefined for code of the linted file, reported where it is.
   */
  readonly reportAt?: readonly TSESTree.Node[];
}

/** A looked-up session used before anything checks that it exists. */
export interface UnguardedSession {
  readonly scope: SessionScope;
  readonly lookup: SessionLookup;
  /** The use: the first dereference, or the `x!` that asserts the session exists. */
  readonly node: TSESTree.Node;
  /** As SessionMiss.reportAt. */
  readonly reportAt?: readonly TSESTree.Node[];
}

/** What the session-scoped code of a file does with the sessions its requests name. */
export interface SessionFacts {
  readonly scopes: readonly SessionScope[];
  readonly misses: readonly SessionMiss[];
  readonly unguarded: readonly UnguardedSession[];
  /** Whether an expression is the requested session id inside the scope. */
  isSessionId(node: TSESTree.Node, scope: SessionScope): boolean;
  /** The scopes a node lies in (a helper's nested in a handler's counts for both). */
  scopesOf(node: TSESTree.Node): SessionScope[];
  /** The innermost of them: the function whose code the node is. */
  scopeOf(node: TSESTree.Node): SessionScope | undefined;
  /**
   * Whether a call of the linted file (a SessionMiss.reportAt) is reached unchecked from a handler that `accepts`
   * takes: no `try` on the way whose `catch` decides the answer, no mention of the id before it.
   */
  reachesUnchecked(call: TSESTree.Node, accepts: (h: Handler) => boolean): boolean;
  /** Whether what a scope throws can reach a handler's answer: not when every way there is caught (isReachedUncaught). */
  isAnswering(scope: SessionScope): boolean;
  /**
   * Whether what `fn` returns is a handler's result: `fn` is the handler's function, the thunk it runs, or a closure
   * a call runs and gives back the result of, that call returned by the handler (`return enqueue(async () => …)`).
   */
  answersFor(handler: Handler, fn: TSESTree.Node | undefined): boolean;
}

/**
 * The calls of the linted file through which a helper of another module is reached, leaving out those made after the
 * caller mentions the id (it may have checked the session) and those inside a `try` whose `catch` decides what the
 * handler answers: undefined for a scope of the linted file.
 */
function entryCalls(
  registry: SessionScopes,
  scope: SessionScope,
  resolver: Resolver,
  caught: Caught,
  judgedAtHome: (fn: TSESTree.Node) => boolean,
  seen = new Set<SessionScope>(),
): TSESTree.Node[] | undefined {
  if (resolver.isLinted(scope.root)) return undefined;
  const out: TSESTree.Node[] = [];
  // A handler of its own module (a delegate typed with the SDK's request) is judged when that module is linted: the
  // mistake is reported there, once, not again at every call of this file.
  if (seen.has(scope) || judgedAtHome(scope.root)) return out;
  seen.add(scope);
  for (const { call, from } of scope.callers) {
    if (mentionsIdBefore(registry, from, call, true)) continue;
    if (resolver.isLinted(call)) {
      if (isUncheckedCall(registry, call, from, () => true, caught)) out.push(call);
    }
    else out.push(...(entryCalls(registry, from, resolver, caught, judgedAtHome, seen) ?? []));
  }
  return out;
}

/**
 * The first of `calls` in each function: a helper's miss that one handler reaches twice (`manager.get(id)`, then
 * `manager.setMode(id)`, which calls `get` again) is one mistake, reported at the first call.
 */
function firstInEachFunction(calls: TSESTree.Node[] | undefined): TSESTree.Node[] | undefined {
  if (!calls || calls.length < 2) return calls;
  const first = new Map<TSESTree.Node | undefined, TSESTree.Node>();
  for (const call of [...calls].sort((a, b) => a.range[0] - b.range[0])) {
    const fn = enclosingFunction(call);
    if (!first.has(fn)) first.set(fn, call);
  }
  return calls.filter((call) => first.get(enclosingFunction(call)) === call);
}

type Caller = SessionScope["callers"][number];

/** A scope's misses and the guards among them that answer an unknown session first, before what follows them. */
interface Prepared {
  readonly at: { readonly reportAt?: readonly TSESTree.Node[] };
  readonly judged: readonly { guard: SessionGuard; found: FoundAnswer | undefined; answer: Answer | undefined; wording: MissWording | undefined; sessions: boolean }[];
  readonly answeredFirst: readonly SessionGuard[];
}

/** The scope of those given whose root lies inside all the others'. */
function innermost(scopes: readonly SessionScope[]): SessionScope | undefined {
  const size = (s: SessionScope) => s.root.range[1] - s.root.range[0];
  return scopes.reduce<SessionScope | undefined>((inner, s) => (!inner || size(s) < size(inner) ? s : inner), undefined);
}

/**
 * Whether a handler that `accepts` takes reaches `scope` through callers every one of which `passes` lets through
 * (a cycle ends a path): the one walk up the calls that isReachedUncaught and isUncheckedCall ask.
 */
function isReachedThrough(scope: SessionScope, accepts: (h: Handler) => boolean, passes: (c: Caller) => boolean, seen = new Set<SessionScope>()): boolean {
  if (scope.handlers.some((h) => h.body === scope.root && accepts(h))) return true;
  if (seen.has(scope)) return false;
  seen.add(scope);
  return scope.callers.some((c) => passes(c) && isReachedThrough(c.from, accepts, passes, seen));
}

/**
 * Whether a handler reaches a scope through calls none of which is inside a `try` whose `catch` decides what is
 * answered: a helper every handler calls inside one (`try { requireSession(params) } catch { return {} }`) answers
 * nothing itself.
 */
function isReachedUncaught(scope: SessionScope, caught: Caught): boolean {
  return scope.callers.length === 0 || isReachedThrough(scope, () => true, (c) => !caught(c.call, c.from.root));
}

/**
 * Whether a call made in `from` is reached from a handler that `accepts` takes, with nothing on the way that may
 * decide the answer instead: no call of the path (this one included) inside a `try` whose `catch` decides what is
 * answered, and none made after its caller mentions the id (it may have checked the session).
 */
function isUncheckedCall(registry: SessionScopes, call: TSESTree.Node, from: SessionScope, accepts: (h: Handler) => boolean, caught: Caught): boolean {
  const passes = (c: Caller) => !caught(c.call, c.from.root) && !mentionsIdBefore(registry, c.from, c.call, true);
  return !caught(call, from.root) && isReachedThrough(from, accepts, passes);
}

/**
 * Follows the session ids of every handler whose params carry one, through the helpers it calls, in this file and in
 * the modules it imports (`answersIn` gives what a throw or return answers in such a module).
 */
export function analyseSessions(
  sourceCode: Readonly<TSESLint.SourceCode>,
  nodes: Readonly<FileNodes>,
  handlers: readonly Handler[],
  answers: AnswerContext,
  answersIn: (node: TSESTree.Node) => AnswerContext | undefined,
  judgedAtHome: (fn: TSESTree.Node) => boolean = () => false,
): SessionFacts {
  const resolver = resolverOf(sourceCode);
  const summaries = summariesOf(resolver);
  const caught: Caught = (node, root) => summaries.isCaught(node, root);
  const registry = new SessionScopes(sourceCode, nodes, answers.values.typed);
  for (const handler of handlers) if (handler.method.sessionScoped && handler.method.side !== "protocol") registry.addHandler(handler);
  const misses: SessionMiss[] = [];
  const unguarded: UnguardedSession[] = [];
  // Built only when a scope has a lookup: most files have none.
  let opened: ReadonlySet<string> | undefined;
  const isSessions = (lookup: SessionLookup, wording: MissWording | undefined) => {
    opened ??= openedSessionStores(sourceCode, nodes, handlers);
    return isSessionLookup(sourceCode, lookup, opened, wording);
  };
  // Each scope's lookups (a helper's returned unchecked count at the call that gets them) and guards, found once:
  // a caller's asks for its helpers'.
  const found = new Map<SessionScope, ScopeLookups>();
  const lookupsOf = (scope: SessionScope): ScopeLookups => {
    let held = found.get(scope);
    if (held) return held;
    found.set(scope, { lookups: [], guards: [] });
    const own = findLookups(sourceCode, registry, scope);
    const returned = returnedLookups(sourceCode, registry, scope, own, lookupsOf);
    const lookups = returned.length === 0 ? own : [...own.filter((l) => !returned.some((r) => r.node === l.node)), ...returned];
    held = { lookups, guards: findGuards(sourceCode, registry, scope, lookups) };
    found.set(scope, held);
    return held;
  };
  // First what each scope's guards answer (a helper of another module in that module's answers), then which helpers
  // check the session at their top: a call of one is a known check, not a mention that may have checked (unguarded.ts).
  const prepared = new Map<SessionScope, Prepared>();
  for (const scope of registry.scopes) {
    const ctx = resolver.isLinted(scope.root) ? answers : answersIn(scope.root);
    if (!ctx) continue;
    const judged = lookupsOf(scope).guards.map((guard) => {
      const found = guard.miss ? missAnswer(guard.miss, ctx) : undefined;
      const answer = found && branchAnswer(found, sourceCode.ast, ctx, answers);
      const wording = found?.expression && missWording(found.expression, answer, ctx, (node) => registry.isSessionId(node, scope));
      return { guard, found, answer, wording, sessions: isSessions(guard.lookup, wording) };
    });
    const answeredFirst = judged.filter((j) => j.sessions && exitsOnMiss(j.guard)).map((j) => j.guard);
    prepared.set(scope, { at: {}, judged, answeredFirst });
  }
  const checks = new SessionChecks(prepared, (fn) => summaries.runningCall(fn), sourceCode.visitorKeys);
  for (const call of checks.checkingCalls) registry.checkingCalls.add(call);
  for (const [scope, held] of prepared) {
    const reportAt = firstInEachFunction(entryCalls(registry, scope, resolver, caught, judgedAtHome));
    // A helper of another module that every call reaches after a check (or that no longer answers) is not judged.
    if (reportAt?.length === 0) {
      prepared.delete(scope);
      continue;
    }
    const at = reportAt ? { reportAt } : {};
    prepared.set(scope, { ...held, at });
    for (const lookup of lookupsOf(scope).lookups) {
      const node = unguardedUse(sourceCode, registry, scope, lookup);
      if (node && isSessions(lookup, undefined)) unguarded.push({ scope, lookup, node, ...at });
    }
  }
  // A test of another store after the session's own has answered its miss (`if (!session) throw …` first, in the
  // function or before every call of a helper): a miss there is of something kept for a session that exists
  // (`this.overrides.get(id)`: "Session runtime configuration not found"), not of an unknown session. Still judged: a
  // miss that says the session itself is missing ("session ${id} not found": a store of sessions behind one of
  // attachments), and the same store tested again after an `await` (the session may have gone since).
  for (const [scope, { at, judged }] of prepared) {
    const beforeCalls = checks.beforeCalls(scope);
    const isAfterAnswered = (guard: SessionGuard, wording: MissWording | undefined) => {
      // Another store's miss, unless it says the session itself is missing; or the same store tested again where
      // nothing could have deleted the session since: no `await` from the first check to this one, in the function and,
      // for a helper, along its callers from the check to the call (a miss no request reaches).
      const other = (first: SessionGuard) => first !== guard && !saysSessionMissing(wording) && !sameStore(first.lookup, guard.lookup, resolver);
      const same = (first: SessionGuard) => first !== guard && sameStore(first.lookup, guard.lookup, resolver);
      const quietHere = () => !yieldsBetween(scope.root, scope.root.range[0], guard.test.range[0], sourceCode.visitorKeys);
      const ownAnswers = (check: AnsweredCheck) => other(check.guard) || (same(check.guard) && checks.quietSince(check, scope, guard.test.range[0]));
      const callAnswers = (check: CheckBeforeCall) => other(check.guard) || (same(check.guard) && check.quiet() && quietHere());
      return checks.before(scope, guard.test).some(ownAnswers) || (beforeCalls !== undefined && beforeCalls.every(callAnswers));
    };
    for (const { guard, found, answer, wording, sessions } of judged) {
      if (!sessions || isAfterAnswered(guard, wording)) continue;
      const miss: SessionMiss = {
        scope,
        guard,
        thrown: found?.thrown ?? false,
        caught: found ? summaries.isCaught(found.statement, scope.root) || !isReachedUncaught(scope, caught) : false,
        ...(found ? { statement: found.statement } : {}),
        ...(answer ? { answer } : {}),
        ...(!answer && found && !found.thrown ? successOf(found.statement) : {}),
        // The answer a helper of another module gives through code of the linted file (`?? fail()`, `fail` here) is
        // reported where that code is: the mistake is in this file.
        ...(answer && contains(sourceCode.ast, answer.node) ? {} : at),
      };
      misses.push(...boundToCalls(miss, resolver));
      // A miss that leaves a helper with nothing hands the request back: what each caller returns next answers it.
      if (!found && leavesHelper(guard, scope)) {
        for (const { from, success } of successesAfterCalls(scope, caught, summaries)) misses.push({ scope: from, guard, thrown: false, caught: false, success });
      }
      // One that leaves a closure a call of the scope runs (`runWith({ run: () => { … } }); return {};`): the same.
      const afterRunner = found ? undefined : successAfterRunner(guard, scope, summaries, caught);
      if (afterRunner) misses.push({ scope, guard, thrown: false, caught: false, success: afterRunner });
    }
  }
  return {
    scopes: registry.scopes,
    misses,
    unguarded,
    isSessionId: (node, scope) => registry.isSessionId(node, scope),
    scopesOf: (node) => registry.scopes.filter((s) => contains(s.root, node)),
    scopeOf: (node) => innermost(registry.scopes.filter((s) => contains(s.root, node))),
    isAnswering: (scope) => isReachedUncaught(scope, caught),
    answersFor: (handler, fn) => {
      if (!fn || fn === handler.fn || fn === answeringFunction(handler)) return true;
      const runner = isFunction(fn) ? summaries.runningCall(fn) : undefined;
      const returned = runner && holderPastAwait(runner);
      return returned?.type === AST_NODE_TYPES.ReturnStatement && enclosingFunction(returned) === handler.fn;
    },
    reachesUnchecked: (call, accepts) => registry.scopes.some((s) => contains(s.root, call) && isUncheckedCall(registry, call, s, accepts, caught)),
  };
}

/**
 * A miss of another module's helper whose error takes its code from a parameter (`resolve(store, NOT_FOUND, id)`):
 * one miss per call of the linted file that makes it, its site at that call with the call's arguments (siteAtCall, or
 * partsAtCall for a site whose message or data only is a parameter);
 * the calls that reach the helper through others keep the miss as it is.
 */
function boundToCalls(miss: SessionMiss, resolver: Resolver): SessionMiss[] {
  const site = miss.answer?.kind === "site" ? miss.answer.site : undefined;
  if (!site || !miss.reportAt) return [miss];
  const out: SessionMiss[] = [];
  const unbound: TSESTree.Node[] = [];
  for (const call of miss.reportAt) {
    const bound = call.type === AST_NODE_TYPES.CallExpression ? (siteAtCall(resolver, site, call) ?? partsAtCall(resolver, site, call)) : undefined;
    if (bound) out.push({ ...miss, answer: { kind: "site", node: bound.node, site: bound }, reportAt: [call] });
    else unbound.push(call);
  }
  return out.length === 0 ? [miss] : unbound.length === 0 ? out : [...out, { ...miss, reportAt: unbound }];
}

/**
 * Whether a miss runs to the end of the function that is `scope`: its guard `if (s) { … }`, with no else and a branch
 * that goes on, is the function's last statement, so it returns nothing on a miss (to its callers, for a helper).
 */
function leavesHelper(guard: SessionGuard, scope: SessionScope): boolean {
  const statement = skippedGuard(guard);
  return statement !== undefined && endsFunction(statement, scope.root);
}

/**
 * The guard's `if (s) { … }` whose miss skips the branch and goes on (no else, a branch that goes on); undefined for
 * another guard. A branch that exits (`if (deleted.has(id)) throw …`) makes its hit the failure: no session lookup.
 */
function skippedGuard(guard: SessionGuard): TSESTree.IfStatement | undefined {
  const statement = guard.test.parent;
  if (guard.miss !== null || statement?.type !== AST_NODE_TYPES.IfStatement || statement.test !== guard.test || statement.alternate) return undefined;
  return fallsThrough(statement.consequent) ? statement : undefined;
}

/**
 * The success returned right after the call that runs the closure a miss leaves (Summaries.runningCall: `runWith({
 * run: () => { const s = sessions.get(id); if (s) s.turns++; } }); return {};`), made as a statement of the scope
 * outside any `try` of it.
 */
function successAfterRunner(guard: SessionGuard, scope: SessionScope, summaries: Summaries, caught: Caught): TSESTree.ReturnStatement | undefined {
  const statement = skippedGuard(guard);
  const callStatement = statement && summaries.runnerStatement(statement, scope.root);
  if (!callStatement || caught(callStatement, scope.root)) return undefined;
  const next = pastNotices(followingStatement(callStatement), summaries.resolver);
  return next && successOf(next)?.success;
}

/**
 * The success each caller of a helper scope returns right after calling it as a statement (`resolve(params); return
 * {};`), outside any `try` of the caller: the answer to a miss the helper hands back. A caller whose last statement
 * is that call hands the miss on to its own callers (`function touch(p) { resolve(p); }`).
 */
function successesAfterCalls(scope: SessionScope, caught: Caught, summaries: Summaries, seen = new Set<SessionScope>()): { from: SessionScope; success: TSESTree.ReturnStatement }[] {
  if (seen.has(scope)) return [];
  seen.add(scope);
  const out: { from: SessionScope; success: TSESTree.ReturnStatement }[] = [];
  for (const { call, from } of scope.callers) {
    const statement = holderPastAwait(call);
    if (statement?.type !== AST_NODE_TYPES.ExpressionStatement || caught(statement, from.root)) continue;
    // The statement right after the call, also out of the `if` whose branch the call ends, and after the call
    // running a closure the call ends (`runWith({ run: () => { resolve(p); } }); return {};`).
    const runner = followingStatement(statement) ? undefined : summaries.runnerStatement(statement, from.root);
    // Past notices to the client on the way (`await this.connection.sessionUpdate({ … }); return {};`).
    const next = pastNotices(followingStatement(runner && !caught(runner, from.root) ? runner : statement), summaries.resolver);
    // A handler's own scope hands nothing on: only a helper's last statement does.
    if (!next && isFunction(from.root) && endsFunction(statement, from.root)) {
      out.push(...successesAfterCalls(from, caught, summaries, seen));
      continue;
    }
    const success = next && successOf(next)?.success;
    if (success) out.push({ from, success });
  }
  return out;
}

interface FoundAnswer {
  readonly statement: TSESTree.Node;
  readonly expression: TSESTree.Node | undefined;
  readonly thrown: boolean;
  /** The call of a helper that throws `expression` (`fail(-32002, "x");`), where the branch has no site of it. */
  readonly via?: TSESTree.CallExpression;
}

/**
 * What a miss branch answers with: what it throws or returns (a conditional's branch is its own value), a
 * rejected promise (how an async handler throws), a call of a same-file helper that throws, or an error response
 * sent before a bare `return` (hand-rolled dispatch).
 */
function missAnswer(branch: TSESTree.Node, answers: AnswerContext): FoundAnswer | undefined {
  const statement = answerStatement(branch) ?? throwingHelperCall(branch, answers);
  if (!statement) return sentBefore(branch, undefined, answers);
  // A bare `return` after a sent error answers with it; without one it answers with nothing (a success).
  if (statement.type === AST_NODE_TYPES.ReturnStatement && !statement.argument) return sentBefore(branch, statement, answers) ?? { statement, expression: undefined, thrown: false };
  let expression: TSESTree.Node | undefined =
    statement.type === AST_NODE_TYPES.ThrowStatement || statement.type === AST_NODE_TYPES.ReturnStatement
      ? (statement.argument ?? undefined)
      : statement.type === AST_NODE_TYPES.ExpressionStatement
        ? statement.expression
        : statement;
  let thrown = statement.type === AST_NODE_TYPES.ThrowStatement || statement.type === AST_NODE_TYPES.ExpressionStatement;
  const rejected = expression && rejectedValue(expression);
  if (rejected) {
    expression = rejected;
    thrown = true;
  }
  // `?? fail(id)`, `s ? use(s) : fail(id)`, `fail(id);`: the helper throws what it builds.
  const call = expression && unwrap(expression);
  const thrownInside = call?.type === AST_NODE_TYPES.CallExpression ? helperThrow(call, answers) : undefined;
  if (call && thrownInside) {
    const known = answers.sitesByNode.has(call);
    return { statement, expression: known ? call : thrownInside, thrown: true, ...(known ? {} : { via: call as TSESTree.CallExpression }) };
  }
  return { statement, expression, thrown };
}

/**
 * `return {}`, `return;`, `return undefined` / `null`, `return { stopReason: "end_turn" }`: a success result, not an
 * error (an object that names an `error` or a `code`, or holds a `jsonrpc` envelope, may be one).
 */
function successOf(statement: TSESTree.Node): { success: TSESTree.ReturnStatement } | undefined {
  if (statement.type !== AST_NODE_TYPES.ReturnStatement) return undefined;
  const value = statement.argument ? unwrap(statement.argument) : undefined;
  if (!value || (value.type === AST_NODE_TYPES.Identifier && value.name === "undefined") || (value.type === AST_NODE_TYPES.Literal && value.value === null)) return { success: statement };
  if (value.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  const keys = value.properties.map((p) => (p.type === AST_NODE_TYPES.Property ? staticKeyName(p.key, p.computed) : undefined));
  return keys.every((k) => k !== undefined && k !== "error" && k !== "code" && k !== "jsonrpc" && k !== "id") ? { success: statement } : undefined;
}

/**
 * An error response sent by a statement of the branch before `end` (a bare `return`, or the branch's end):
 * `this.sendError(id, -32602, "x"); return;`, `send({ jsonrpc, id, error })`.
 */
function sentBefore(branch: TSESTree.Node, end: TSESTree.Node | undefined, answers: AnswerContext): FoundAnswer | undefined {
  const statements = branch.type === AST_NODE_TYPES.BlockStatement ? branch.body : [branch];
  for (const statement of statements) {
    if (end && statement.range[0] >= end.range[0]) break;
    const sent = sentAnswer(statement, answers);
    if (sent) return { statement, expression: sent.node, thrown: false };
  }
  return undefined;
}

/**
 * What a branch answers, judged for the linted file: with this file's sites where the branch's answer is this file's
 * code (a helper of another module throwing through it); with the module's own sites, or with a helper of the linted
 * file that the module imports back and calls on the branch (`fail(-32002, "x");`, at that call), for another module.
 */
function branchAnswer(found: FoundAnswer, linted: TSESTree.Program, ctx: AnswerContext, answers: AnswerContext): Answer | undefined {
  const across = found.via && !contains(linted, found.via) ? answerAcross(found.via, ctx, answers) : undefined;
  if (across || !found.expression) return across;
  return contains(linted, found.expression) ? answerOf(found.expression, answers) : answerAcross(found.expression, ctx, answers);
}

/**
 * What a miss answers says of a session: `sessionNotFound(id)`, data with a `sessionId` and `resourceNotFound` of the
 * requested id (`isRequestedId`) always do; otherwise the message's text, when it is known.
 */
function missWording(expression: TSESTree.Node, answer: Answer | undefined, answers: AnswerContext, isRequestedId: (node: TSESTree.Node) => boolean): MissWording | undefined {
  if (answer?.kind === "site" && (answer.site.factory?.name === "sessionNotFound" || hasSessionIdData(answer.site.data, answers) || isRequestedIdNotFound(answer.site, isRequestedId))) {
    return NAMES_SESSION;
  }
  const inner = unwrap(expression);
  const isBuilt = inner.type === AST_NODE_TYPES.NewExpression || inner.type === AST_NODE_TYPES.CallExpression;
  const message = answer?.kind === "site" ? answer.site.message : isBuilt ? inner.arguments[0] : inner;
  return messageText(message, answers.values);
}

const NAMES_SESSION: MissWording = { namesSession: true };

/** `resourceNotFound(params.sessionId)`: the resource the answer says is missing is the requested session. */
function isRequestedIdNotFound(site: ErrorSite, isRequestedId: (node: TSESTree.Node) => boolean): boolean {
  if (site.factory?.name !== "resourceNotFound") return false;
  const [uri] = (site.node as TSESTree.CallExpression).arguments;
  return uri !== undefined && isRequestedId(uri);
}

function hasSessionIdData(data: TSESTree.Node | undefined, answers: AnswerContext): boolean {
  const object = data && answers.values.objectLiteral(data);
  return object !== undefined && findProperty(object, "sessionId") !== undefined;
}

/** `Promise.reject(x)`: x. */
function rejectedValue(node: TSESTree.Node): TSESTree.Node | undefined {
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.CallExpression || inner.callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const isReject = calleeName(inner.callee.object) === "Promise" && memberName(inner.callee) === "reject";
  const [value] = inner.arguments;
  return isReject && value && value.type !== AST_NODE_TYPES.SpreadElement ? value : undefined;
}

/** `fail(-32002, "x");` or `sessionGone(id);` as a statement, where the helper throws. */
function throwingHelperCall(branch: TSESTree.Node, answers: AnswerContext): TSESTree.ExpressionStatement | undefined {
  const statements = branch.type === AST_NODE_TYPES.BlockStatement ? branch.body : [branch];
  for (const statement of statements) {
    if (statement.type !== AST_NODE_TYPES.ExpressionStatement) continue;
    const call = unwrap(statement.expression);
    const site = answers.sitesByNode.get(call);
    if (site?.kind === "helper-call" && site.inner?.node.parent?.type === AST_NODE_TYPES.ThrowStatement) return statement;
    if (call.type === AST_NODE_TYPES.CallExpression && helperThrow(call, answers)) return statement;
  }
  return undefined;
}
