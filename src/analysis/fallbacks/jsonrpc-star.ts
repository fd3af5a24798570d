import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { isFunction, memberName, unwrap } from "../syntax/ast.js";

/**
 * vscode-jsonrpc's star handler, `connection.onRequest((method, params) => ...)`: the one-argument form gets
 * every request without a handler. Looked for only in files whose other requests are registered on such a
 * connection, so an unrelated `onRequest(fn)` is not taken for it.
 */
export function jsonRpcStarHandlers(model: FileModel): (TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression)[] {
  if (!model.handlers.handlers.some((h) => h.style === "jsonrpc" && h.method.side === "agent")) return [];
  const out: (TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression)[] = [];
  for (const node of model.nodes.calls) {
    if (node.arguments.length !== 1) continue;
    if (node.callee.type !== AST_NODE_TYPES.MemberExpression || memberName(node.callee) !== "onRequest") continue;
    const fn = unwrap(node.arguments[0]!);
    if (isFunction(fn) && fn.type !== AST_NODE_TYPES.FunctionDeclaration && fn.params[0]?.type === AST_NODE_TYPES.Identifier) out.push(fn);
  }
  return out;
}
