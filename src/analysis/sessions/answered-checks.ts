// Where a session check has answered an unknown session before other code runs: a guard whose miss leaves the
// function, a helper that throws on its miss at its top, a closure run at once. After such a check the session exists,
// so a miss of something else kept for it (runtime settings in another map) is no unknown session's.
import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { contains, enclosingFunction, type FunctionNode, isFunction, lastStatement, type VisitorKeys, walk } from "../syntax/ast.js";
import { isSameReference } from "../resolution/expressions.js";
import type { Resolver } from "../resolution/resolver.js";
import type { SessionGuard } from "./guards.js";
import type { SessionLookup } from "./lookups.js";
import type { SessionScope } from "./scopes.js";
import type { MissWording } from "./session-evidence.js";
import { saysSessionUnknown } from "../values/session-wording.js";

/** The `if` of a guard whose miss branch is its own `then` or `else` and leaves the function (a throw, a return). */
export function exitsOnMiss(guard: SessionGuard): boolean {
  const statement = guard.test.parent;
  if (statement?.type !== AST_NODE_TYPES.IfStatement || statement.test !== guard.test || !guard.miss) return false;
  // A `throw` or `return` last (not a `break` or `continue`: those stay in the function).
  const last = lastStatement(guard.miss)?.type;
  return (guard.miss === statement.consequent || guard.miss === statement.alternate) && (last === AST_NODE_TYPES.ThrowStatement || last === AST_NODE_TYPES.ReturnStatement);
}

/** A miss answered as an unknown session: by the SDK's factory or data (`namesSession`), or in its message's words. */
export function saysSessionMissing(wording: MissWording | undefined): boolean {
  return typeof wording === "object" || (wording !== undefined && saysSessionUnknown(wording));
}

/**
 * Whether two lookups read one store (`this.states.has(id)` twice, or two helpers' `store` parameters every call fills
 * with the same `chats`); lookups of a function of the file never do.
 */
export function sameStore(a: SessionLookup, b: SessionLookup, resolver: Resolver): boolean {
  if (a.store === undefined || b.store === undefined) return false;
  if (isSameReference((id) => resolver.variableOf(id), a.store, b.store)) return true;
  const target = resolver.targetNode(a.store);
  return target !== undefined && target !== a.store && target === resolver.targetNode(b.store);
}

/** Whether `statement` runs before `node` on every path to it: an earlier statement of a block holding it. */
function dominates(statement: TSESTree.Node, node: TSESTree.Node): boolean {
  const block = statement.parent;
  return block?.type === AST_NODE_TYPES.BlockStatement && statement.range[1] <= node.range[0] && contains(block, node);
}

/**
 * A check that has answered an unknown session before some code of a scope: the guard, and the statement of the scope
 * after which it has (`own`: the guard's `if`, or the call running the closure it tops; else the call of a helper that
 * checks at its top).
 */
export interface AnsweredCheck {
  readonly guard: SessionGuard;
  readonly statement: TSESTree.Node;
  readonly own: boolean;
}

/**
 * A check made before every call that reaches a helper; `quiet`: whether nothing gave way to other work on the way
 * there, asked only for the same store tested again (it walks the functions on the way).
 */
export interface CheckBeforeCall {
  readonly guard: SessionGuard;
  readonly quiet: () => boolean;
}

/**
 * Where each scope's session checks answer an unknown session before what follows them: a guard whose miss leaves
 * the function (`if (!session) throw …`), and a call of a helper that makes one at its top (`requireSession(params);`,
 * a closure run with it).
 */
export class SessionChecks {
  /** By caller scope, its calls of helpers that check at their top, with those checks. */
  readonly #checkingCalls = new Map<SessionScope, { call: TSESTree.Node; guards: readonly SessionGuard[] }[]>();

  constructor(
    private readonly prepared: ReadonlyMap<SessionScope, { readonly answeredFirst: readonly SessionGuard[] }>,
    /** The call that runs a closure handed to it and gives back its result (Summaries.runningCall). */
    private readonly runningCall: (fn: FunctionNode) => TSESTree.Node | undefined,
    /** The file's visitor keys, to find where a function gives way to other work (yieldsBetween). */
    private readonly keys: VisitorKeys,
  ) {
    for (const [helper, { answeredFirst }] of prepared) {
      const body = isFunction(helper.root) ? helper.root.body : undefined;
      // Only a throw answers the request from a helper: a `return null` on a miss hands the caller a value to test.
      const top = answeredFirst.filter((first) => body !== undefined && first.test.parent?.parent === body && lastStatement(first.miss!)?.type === AST_NODE_TYPES.ThrowStatement);
      if (top.length === 0) continue;
      for (const { call, from } of helper.callers) {
        const list = this.#checkingCalls.get(from) ?? [];
        this.#checkingCalls.set(from, [...list, { call, guards: top }]);
      }
    }
  }

  /** The calls of helpers that check the session at their top and throw on a miss. */
  get checkingCalls(): readonly TSESTree.Node[] {
    return [...this.#checkingCalls.values()].flatMap((list) => list.map(({ call }) => call));
  }

  /** The checks in `scope` that have answered an unknown session on every path to `node`. */
  before(scope: SessionScope, node: TSESTree.Node): readonly AnsweredCheck[] {
    const own: AnsweredCheck[] = [];
    for (const guard of this.prepared.get(scope)?.answeredFirst ?? []) {
      const statement = [guard.test.parent!, this.checkStatement(guard, scope)].find((s) => dominates(s, node));
      if (statement) own.push({ guard, statement, own: true });
    }
    const called = (this.#checkingCalls.get(scope) ?? [])
      .filter(({ call }) => dominates(statementOf(call), node))
      .flatMap(({ call, guards }) => guards.map((guard) => ({ guard, statement: statementOf(call), own: false })));
    return [...own, ...called];
  }

  /**
   * Whether nothing in `scope` gives way to other work (another request may delete the session) between `check` and
   * `until`: no `await` after the check's statement, or, for a helper's check, from its call on, the helper synchronous.
   */
  quietSince(check: AnsweredCheck, scope: SessionScope, until: number): boolean {
    if (check.own) return !yieldsBetween(scope.root, check.statement.range[1], until, this.keys);
    const helper = enclosingFunction(check.guard.test);
    return helper !== undefined && !helper.async && !helper.generator && !yieldsBetween(scope.root, check.statement.range[0], until, this.keys);
  }

  /**
   * The checks made before every call of a helper (in the caller, or before the caller's own calls), each quiet when
   * nothing gave way to other work from the check to the helper's call, through every caller between; undefined for a
   * handler, or when some call has none.
   */
  beforeCalls(scope: SessionScope, seen = new Set<SessionScope>()): readonly CheckBeforeCall[] | undefined {
    if (scope.callers.length === 0 || seen.has(scope)) return undefined;
    seen.add(scope);
    const out: CheckBeforeCall[] = [];
    for (const { call, from } of scope.callers) {
      const here = this.before(from, call);
      const quietFromStart = () => !yieldsBetween(from.root, from.root.range[0], call.range[0], this.keys);
      const found =
        here.length > 0
          ? here.map((check) => ({ guard: check.guard, quiet: () => this.quietSince(check, from, call.range[0]) }))
          : this.beforeCalls(from, seen)?.map((check) => ({ guard: check.guard, quiet: () => check.quiet() && quietFromStart() }));
      if (!found || found.length === 0) return undefined;
      out.push(...found);
    }
    return out;
  }

  /**
   * The statement whose end the check has answered at: its `if`, or where the check is at the top of a closure that
   * a call runs at once (`runWith({ run: () => { if (!s) throw …; } })`), that call's statement.
   */
  private checkStatement(first: SessionGuard, scope: SessionScope): TSESTree.Node {
    const statement = first.test.parent!;
    const fn = statement.parent?.parent;
    if (!fn || fn === scope.root || !isFunction(fn) || statement.parent !== fn.body) return statement;
    const call = this.runningCall(fn);
    return call ? statementOf(call) : statement;
  }
}

/**
 * Whether the code of `fn` that runs on the way to `end` may give way to other work between `start` and `end`: an
 * `await`, a `yield`, a `for await` that lies wholly there (`await this.f()` ending at `end` runs `f` first), in a
 * function that holds `end` (`fn`, or a closure of it that `end` is in, such as a thunk it runs), not in a callback
 * written on the way. There another request may delete what a check found.
 */
export function yieldsBetween(fn: TSESTree.Node, start: number, end: number, keys: VisitorKeys): boolean {
  let found = false;
  const holdsEnd = (node: TSESTree.Node) => {
    const owner = enclosingFunction(node);
    return owner === undefined || (owner.range[0] <= end && end <= owner.range[1]);
  };
  walk(isFunction(fn) ? fn.body : fn, keys, (node) => {
    if (found || node.range[1] <= start || node.range[0] >= end) return;
    const gives = node.type === AST_NODE_TYPES.AwaitExpression || node.type === AST_NODE_TYPES.YieldExpression || (node.type === AST_NODE_TYPES.ForOfStatement && node.await);
    if (gives && node.range[0] >= start && node.range[1] <= end && holdsEnd(node)) found = true;
  });
  return found;
}

/** The statement a node is part of: the child of the nearest block on its way up (itself, for a statement). */
function statementOf(node: TSESTree.Node): TSESTree.Node {
  let at = node;
  while (at.parent && at.parent.type !== AST_NODE_TYPES.BlockStatement && at.parent.type !== AST_NODE_TYPES.Program && !isFunction(at.parent)) at = at.parent;
  return at;
}
