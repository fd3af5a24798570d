import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { calleeName, children, type FunctionNode, isFunction, memberName, outermostWrapper, unwrap } from "../syntax/ast.js";
import type { Resolver } from "../resolution/resolver.js";

/** A `throw x` statement, or a `Promise.reject(x)` call whose promise is given back or awaited. */
export type Escape = TSESTree.ThrowStatement | TSESTree.CallExpression;

/** A call into a function on the way to a throw: which function, and with which arguments. */
export interface Entered {
  readonly fn: FunctionNode;
  readonly call: TSESTree.CallExpression;
}

/** An escape whose value certainly leaves the code it was searched from. */
export interface ReachedThrow {
  readonly node: Escape;
  /** The functions called on the way, outermost first; empty for an escape written in the code itself. */
  readonly path: readonly Entered[];
}

/** What the search asks of the value summaries (summaries.ts), which hold these throws' summaries. */
export interface RunningCalls {
  /** The call that runs a function handed to it and gives back its result (Summaries.runningCall). */
  runningCall(fn: FunctionNode): TSESTree.CallExpression | undefined;
  /** Whether what `node` throws is caught before it leaves `root`, across such calls (Summaries.isCaught). */
  isCaught(node: TSESTree.Node, root: TSESTree.Node): boolean;
}

/** The functions a call enters, as the search that asks sees them. */
export type Enter = (call: TSESTree.CallExpression) => readonly FunctionNode[];

/**
 * How many calls deep a throw is followed. A summary cut by it is kept as it is: a throw deeper than this is missed,
 * never invented.
 */
const MAX_PATH = 6;

/** `await f()`, `return f()`, `=> f()`: a call whose rejection becomes the caller's. */
export function isAwaitedOrReturned(call: TSESTree.Node): boolean {
  const child = outermostWrapper(call);
  const parent = child.parent;
  if (!parent) return false;
  if (parent.type === AST_NODE_TYPES.AwaitExpression || parent.type === AST_NODE_TYPES.ReturnStatement) return true;
  return parent.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === child;
}

/** `Promise.reject(x)`: what it rejects with is thrown where the promise is returned or awaited. */
export function isPromiseReject(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression && calleeName(callee.object) === "Promise" && memberName(callee) === "reject";
}

/**
 * This file's call through which a throw of another module is reached (the first entered function that is not
 * linted), where it is reported; undefined for a throw of the linted file.
 */
export function foreignEntry(reached: ReachedThrow, isLinted: (node: TSESTree.Node) => boolean): TSESTree.CallExpression | undefined {
  return reached.path.find((e) => !isLinted(e.fn))?.call;
}

/** The value an escape throws: the `throw`'s argument, or what `Promise.reject` rejects with. */
export function thrownValue(escape: Escape): TSESTree.Node | undefined {
  if (escape.type === AST_NODE_TYPES.ThrowStatement) return escape.argument;
  const arg = escape.arguments[0];
  return arg && arg.type !== AST_NODE_TYPES.SpreadElement ? arg : undefined;
}

/**
 * What functions throw, worked out once per function for the linted file: the escapes that certainly leave a
 * function, written in it or in a function it calls (of any module the resolution layer reads), each with the
 * calls that lead to it. A throw leaves when nothing on its way catches it (Summaries.isCaught); an async callee's
 * only when its promise is awaited or given back; a generator's never (it runs later). Nested callbacks are not
 * entered (when they run is unknown), but for a thunk a call runs and gives back the result of.
 */
export class ThrowSummaries {
  readonly #known = new Map<FunctionNode, readonly ReachedThrow[]>();
  readonly #pending = new Set<FunctionNode>();
  #depth = 0;

  constructor(
    private readonly resolver: Resolver,
    private readonly summaries: RunningCalls,
  ) {}

  /** The escapes that leave `fn`, through the functions its calls resolve to; a cycle is cut where it closes. */
  throwsOf(fn: FunctionNode): readonly ReachedThrow[] {
    const known = this.#known.get(fn);
    if (known) return known;
    if (this.#pending.has(fn) || fn.generator || this.#depth >= MAX_PATH) return [];
    this.#pending.add(fn);
    this.#depth++;
    let found: readonly ReachedThrow[];
    try {
      found = this.escapesIn(fn, (call) => {
        const callee = this.resolver.calleeOf(call);
        return callee ? [callee] : [];
      });
    } finally {
      this.#depth--;
      this.#pending.delete(fn);
    }
    this.#known.set(fn, found);
    return found;
  }

  /**
   * The escapes that leave `scope` (a function, or the block of a `try`): written there and not caught on the way
   * out, or leaving a function that `enter` says a call there runs, where that call is not caught.
   */
  escapesIn(scope: FunctionNode | TSESTree.BlockStatement, enter: Enter): ReachedThrow[] {
    const out: ReachedThrow[] = [];
    const keys = this.resolver.sourceCodeOf(scope).visitorKeys;
    const stack: TSESTree.Node[] = isFunction(scope) ? [scope.body] : [...scope.body];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if ((isFunction(node) && !this.summaries.runningCall(node)) || node.type === AST_NODE_TYPES.ClassBody) continue;
      if (node.type === AST_NODE_TYPES.ThrowStatement && !this.summaries.isCaught(node, scope)) out.push({ node, path: [] });
      if (node.type === AST_NODE_TYPES.CallExpression && !this.summaries.isCaught(node, scope)) out.push(...this.escapesOfCall(node, scope, enter));
      const kids = children(node, keys);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    }
    return out;
  }

  private escapesOfCall(call: TSESTree.CallExpression, scope: TSESTree.Node, enter: Enter): ReachedThrow[] {
    if (isPromiseReject(call)) return isAwaitedOrReturned(call) ? [{ node: call, path: [] }] : [];
    const out: ReachedThrow[] = [];
    for (const fn of enter(call)) {
      if (fn === scope || (fn.async && !isAwaitedOrReturned(call))) continue;
      for (const reached of this.throwsOf(fn)) out.push({ node: reached.node, path: [{ fn, call }, ...reached.path] });
    }
    return out;
  }
}
