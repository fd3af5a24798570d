import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { enclosingFunction, type FunctionNode, memberName, unwrap } from "../syntax/ast.js";
import { declaredName } from "../syntax/functions.js";
import { calledFunctions, type Entered, isAwaitedOrReturned, type ReachContext } from "./reached-throws.js";
import { isCaught } from "../syntax/try-catch.js";
import { variableOf } from "../syntax/variables.js";
import { resolverOf } from "../resolution/resolver.js";
import { summariesOf } from "../summaries/summaries.js";

/** How many same-file callers up a throw is followed to a root. */
const MAX_DEPTH = 4;

/** A `throw x` statement, or a `Promise.reject(x)` call whose promise the function gives back. */
export type Escape = TSESTree.ThrowStatement | TSESTree.CallExpression;

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
 * The throws of the file that certainly leave one of `roots`: written in the root and not caught there, or in a
 * same-file function it calls (through helpers of helpers) where no call on the way is caught and an async
 * function's promise is awaited or returned. Searched from each throw up to the roots, so that files whose
 * handlers throw little cost little. Nested callbacks lead nowhere (when they run is unknown), but for a thunk that a
 * call runs and gives back the result of (Summaries.runningCall).
 */
export function rootThrows<R>(
  throws: readonly Escape[],
  roots: ReadonlyMap<FunctionNode, R>,
  calls: readonly TSESTree.CallExpression[],
  ctx: ReachContext,
): RootThrow<R>[] {
  const callers = new Callers(ctx, calls);
  const summaries = summariesOf(resolverOf(ctx.sourceCode));
  const out: RootThrow<R>[] = [];
  const climb = (node: Escape, from: TSESTree.Node, path: readonly Entered[]) => {
    const fn = enclosingFunction(from);
    if (!fn || isCaught(from, fn)) return;
    const root = roots.get(fn);
    if (root !== undefined) {
      out.push({ node, root, path });
      return;
    }
    if (path.length >= MAX_DEPTH || fn.generator || path.some((e) => e.fn === fn)) return;
    // A thunk or closure a call runs and gives back the result of (`enqueue(() => …)`): its throws leave at that call.
    const running = summaries.runningCall(fn);
    for (const call of running ? [running] : callers.of(fn)) {
      if (fn.async && !isAwaitedOrReturned(call)) continue;
      climb(node, call, [{ fn, call }, ...path]);
    }
  };
  for (const node of throws) {
    // A rejected promise is thrown only where it is returned or awaited.
    if (node.type === AST_NODE_TYPES.CallExpression && !isAwaitedOrReturned(node)) continue;
    climb(node, node, []);
  }
  return out;
}
