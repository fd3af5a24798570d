import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { enclosingFunction, type FunctionNode, memberName, unwrap } from "../syntax/ast.js";
import { declaredName } from "../syntax/functions.js";
import { calledFunctions, type ReachContext } from "./reached-throws.js";
import { type Entered, type Escape, isAwaitedOrReturned, type ReachedThrow } from "../summaries/throws.js";
import { isCaught } from "../syntax/try-catch.js";
import { variableOf } from "../syntax/variables.js";
import { resolverOf } from "../resolution/resolver.js";
import { summariesOf } from "../summaries/summaries.js";

/** How many same-file callers up a throw is followed to a root. */
const MAX_DEPTH = 4;

/** A throw that certainly leaves one of the roots, and the calls that lead from that root to it. */
export interface RootThrow<R> {
  readonly node: Escape;
  readonly root: R;
  /** The same-file functions entered from the root, outermost first. */
  readonly path: readonly Entered[];
}

/**
 * The calls of same-file functions, found from the function's side: the references of a declared or `const`
 * function's name, and calls by a method's name that resolve to it. Built once per search.
 */
class Callers {
  private byMember: Map<string, TSESTree.CallExpression[]> | undefined;

  constructor(
    private readonly ctx: ReachContext,
    private readonly calls: readonly TSESTree.CallExpression[],
  ) {}

  of(fn: FunctionNode): TSESTree.CallExpression[] {
    const named = declaredName(fn);
    if (!named) return [];
    const parent = fn.parent;
    const isVariable = fn.type === AST_NODE_TYPES.FunctionDeclaration || parent.type === AST_NODE_TYPES.VariableDeclarator;
    if (isVariable) return this.byReference(named.node);
    const isMember = parent.type === AST_NODE_TYPES.MethodDefinition || parent.type === AST_NODE_TYPES.PropertyDefinition;
    if (!isMember) return [];
    return this.byName(named.name).filter((call) => calledFunctions(call, this.ctx, false).includes(fn));
  }

  private byReference(id: TSESTree.Node): TSESTree.CallExpression[] {
    if (id.type !== AST_NODE_TYPES.Identifier) return [];
    const variable = variableOf(this.ctx.sourceCode, id);
    const out: TSESTree.CallExpression[] = [];
    for (const ref of variable?.references ?? []) {
      const call = ref.identifier.parent;
      if (call?.type === AST_NODE_TYPES.CallExpression && unwrap(call.callee) === ref.identifier) out.push(call);
    }
    return out;
  }

  private byName(name: string): TSESTree.CallExpression[] {
    if (!this.byMember) {
      this.byMember = new Map();
      for (const call of this.calls) {
        const callee = unwrap(call.callee);
        const key = callee.type === AST_NODE_TYPES.MemberExpression ? memberName(callee) : undefined;
        if (key !== undefined) this.byMember.set(key, [...(this.byMember.get(key) ?? []), call]);
      }
    }
    return this.byMember.get(name) ?? [];
  }
}

/**
 * The throws that certainly leave one of `roots`, searched from where each starts in this file up to the roots: a
 * throw of the file, or a call whose callee's summary throws (ThrowSummaries), where no call on the way is caught
 * and an async function's promise is awaited or returned. Searched upwards, so that files whose handlers throw
 * little cost little. Nested callbacks lead nowhere (when they run is unknown), but for a thunk that a call runs
 * and gives back the result of (Summaries.runningCall).
 */
export function rootThrows<R>(
  starts: readonly ReachedThrow[],
  roots: ReadonlyMap<FunctionNode, R>,
  calls: readonly TSESTree.CallExpression[],
  ctx: ReachContext,
): RootThrow<R>[] {
  const callers = new Callers(ctx, calls);
  const summaries = summariesOf(resolverOf(ctx.sourceCode));
  const out: RootThrow<R>[] = [];
  const climb = (start: ReachedThrow, from: TSESTree.Node, path: readonly Entered[]) => {
    const fn = enclosingFunction(from);
    if (!fn || isCaught(from, fn)) return;
    const root = roots.get(fn);
    if (root !== undefined) {
      out.push({ node: start.node, root, path: [...path, ...start.path] });
      return;
    }
    if (path.length >= MAX_DEPTH || fn.generator || path.some((e) => e.fn === fn)) return;
    // A thunk or closure a call runs and gives back the result of (`enqueue(() => …)`): its throws leave at that call.
    const running = summaries.runningCall(fn);
    for (const call of running ? [running] : callers.of(fn)) {
      if (fn.async && !isAwaitedOrReturned(call)) continue;
      climb(start, call, [{ fn, call }, ...path]);
    }
  };
  for (const start of starts) climb(start, start.path[0]?.call ?? start.node, []);
  return out;
}
