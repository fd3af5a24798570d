import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { children, type FunctionNode, isFunction, outermostWrapper } from "../syntax/ast.js";
import type { ValueResolver } from "../resolution/values.js";
import { dispatchedFunctions } from "./handler-maps.js";
import { summariesOf } from "../summaries/summaries.js";
import { resolverOf } from "../resolution/resolver.js";

/** How deep same-file helpers are followed. */
const MAX_DEPTH = 4;

export interface ReachContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly values: ValueResolver;
}

/** A call into a same-file function on the way to a throw: which function, and with which arguments. */
export interface Entered {
  readonly fn: FunctionNode;
  readonly call: TSESTree.CallExpression;
}

/** A `throw` whose value certainly leaves the code it was searched from. */
export interface ReachedThrow {
  readonly node: TSESTree.ThrowStatement;
  /** The same-file functions called on the way, outermost first; empty for a throw written in the code itself. */
  readonly path: readonly Entered[];
}

/** `await f()`, `return f()`, `=> f()`: a call whose rejection becomes the caller's. */
export function isAwaitedOrReturned(call: TSESTree.Node): boolean {
  const child = outermostWrapper(call);
  const parent = child.parent;
  if (!parent) return false;
  if (parent.type === AST_NODE_TYPES.AwaitExpression || parent.type === AST_NODE_TYPES.ReturnStatement) return true;
  return parent.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === child;
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
 * The throws that certainly leave `root` (a function, or the block of a `try`): written there and not caught
 * before leaving it, or in a same-file function it calls where that call is not caught (an async function only
 * when its promise is awaited or returned). Nested callbacks are not entered (when they run is unknown), but for a
 * thunk a call runs and gives back the result of.
 * `followMaps` also enters the functions of a handler map called by key (`handlers[method](params)`).
 */
export function reachedThrows(root: FunctionNode | TSESTree.BlockStatement, ctx: ReachContext, followMaps = false): ReachedThrow[] {
  const out: ReachedThrow[] = [];
  // A thunk a call runs and gives back the result of (`runWith({ run: () => … })`) is entered where it is written.
  const summaries = summariesOf(resolverOf(ctx.sourceCode));
  const visit = (scope: FunctionNode | TSESTree.BlockStatement, path: readonly Entered[]) => {
    const stack: TSESTree.Node[] = isFunction(scope) ? [scope.body] : [...scope.body];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if ((isFunction(node) && !summaries.runningCall(node)) || node.type === AST_NODE_TYPES.ClassBody) continue;
      if (node.type === AST_NODE_TYPES.ThrowStatement && !summaries.isCaught(node, scope)) out.push({ node, path });
      if (node.type === AST_NODE_TYPES.CallExpression && path.length < MAX_DEPTH && !summaries.isCaught(node, scope)) {
        for (const fn of calledFunctions(node, ctx, followMaps)) {
          if (fn === root || path.some((e) => e.fn === fn) || fn.generator) continue;
          if (fn.async && !isAwaitedOrReturned(node)) continue;
          visit(fn, [...path, { fn, call: node }]);
        }
      }
      const kids = children(node, ctx.sourceCode.visitorKeys);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    }
  };
  visit(root, []);
  return out;
}
