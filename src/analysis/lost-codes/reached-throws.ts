import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { FunctionNode } from "../syntax/ast.js";
import type { ValueResolver } from "../resolution/values.js";
import { dispatchedFunctions } from "./handler-maps.js";
import { summariesOf } from "../summaries/summaries.js";
import { resolverOf } from "../resolution/resolver.js";
import type { ReachedThrow } from "../summaries/throws.js";

export interface ReachContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly values: ValueResolver;
}

/**
 * The functions of this file a call runs: what the resolution layer says it runs (`f()`, `this.m()`, `obj.m()` of a
 * class's instance, a factory's member), or, when asked, each function of a handler map called by key (`map[k]()`).
 */
export function calledFunctions(call: TSESTree.CallExpression, ctx: ReachContext, followMaps: boolean): FunctionNode[] {
  const resolver = ctx.values.resolver;
  const direct = resolver.calleeOf(call);
  if (direct) return resolver.isLinted(direct) ? [direct] : [];
  return followMaps ? dispatchedFunctions(call, ctx) : [];
}

/**
 * The throws that certainly leave `root` (a function, or the block of a `try`): Summaries' throws of the code
 * itself and of every function its calls resolve to, in this module or another (ThrowSummaries). `followMaps` also
 * enters the functions of a handler map called by key there (`handlers[method](params)`).
 */
export function reachedThrows(root: FunctionNode | TSESTree.BlockStatement, ctx: ReachContext, followMaps = false): ReachedThrow[] {
  const resolver = ctx.values.resolver;
  return summariesOf(resolverOf(ctx.sourceCode)).throws.escapesIn(root, (call) => {
    const direct = resolver.calleeOf(call);
    if (direct) return [direct];
    return followMaps ? dispatchedFunctions(call, ctx) : [];
  });
}
