import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, isFunction, memberName } from "./ast.js";

/** Whether `parent` is a `try` with a `catch` whose block is `child`: what `child` throws is caught there. */
export function isCatchingTry(parent: TSESTree.Node, child: TSESTree.Node): parent is TSESTree.TryStatement {
  return parent.type === AST_NODE_TYPES.TryStatement && parent.block === child && !!parent.handler;
}

/**
 * Whether what `node` throws is caught before it leaves `root` (a function, or a block it is searched from): inside
 * a `try` block with a `catch`, or in a call chained with `.catch(...)`; through the functions `runBy` says a call runs.
 */
export function isCaught(node: TSESTree.Node, root: TSESTree.Node, runBy?: (fn: FunctionNode) => TSESTree.Node | undefined): boolean {
  let child: TSESTree.Node = node;
  for (let p = node.parent; p && p !== root; child = p, p = p.parent) {
    if (isCatchingTry(p, child)) return true;
    if (p.type === AST_NODE_TYPES.MemberExpression && p.object === child && memberName(p) === "catch") return true;
    // A function boundary: what it throws is its caller's business, unless a call there runs it and gives back its
    // result (`runBy`: Summaries.runningCall), where what it throws goes on from that call.
    if (isFunction(p)) {
      const call = runBy?.(p);
      if (!call) return false;
      p = call;
    }
  }
  return false;
}
