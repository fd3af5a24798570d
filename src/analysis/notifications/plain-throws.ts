import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { Handler } from "../handlers/types.js";
import { isFunction } from "../syntax/ast.js";
import { isCaught } from "../syntax/try-catch.js";

/** `Promise.reject(x)`. */
const isPromiseReject = (node: TSESTree.Node): node is TSESTree.CallExpression =>
  node.type === AST_NODE_TYPES.CallExpression &&
  node.callee.type === AST_NODE_TYPES.MemberExpression &&
  node.callee.object.type === AST_NODE_TYPES.Identifier &&
  node.callee.object.name === "Promise" &&
  node.callee.property.type === AST_NODE_TYPES.Identifier &&
  node.callee.property.name === "reject";

/**
 * What a notification handler throws (any value) or rejects with (`return Promise.reject(x)`) from its own code,
 * not caught inside it: nested functions are not entered, their throws are not the handler's.
 */
export function plainEscapes(handler: Pick<Handler, "fn" | "body">): TSESTree.Node[] {
  const fn = handler.fn;
  if (!fn) return [];
  const found: TSESTree.Node[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (node !== fn && isFunction(node)) return;
    if (node.type === AST_NODE_TYPES.ThrowStatement && !isCaught(node, fn)) found.push(node.argument);
    const returned =
      node.type === AST_NODE_TYPES.ReturnStatement ? node.argument : node === fn && fn.type === AST_NODE_TYPES.ArrowFunctionExpression && fn.expression ? fn.body : undefined;
    if (returned && isPromiseReject(returned) && !isCaught(returned, fn)) found.push(returned);
    for (const [key, value] of Object.entries(node)) {
      if (key === "parent") continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === "object" && typeof (child as TSESTree.Node).type === "string") visit(child as TSESTree.Node);
      }
    }
  };
  visit(handler.body === fn ? fn : handler.body);
  return found;
}
