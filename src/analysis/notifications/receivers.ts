import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { syntacticSender } from "../outgoing/senders.js";
import { typedSender } from "../outgoing/typed-senders.js";
import { memberName, unwrap } from "../syntax/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * Whether an expression holds an SDK 2.x app: `agent({...})`, `client({...})`, a builder chain on one, or a
 * `const` bound to either (as the model's registered handlers tie `app.onRequest` to the app).
 */
function isSdkApp(node: TSESTree.Node, model: FileModel, depth = 0): boolean {
  if (depth > 50) return false;
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.CallExpression) {
    const exported = model.sdk.exportName(inner.callee);
    if (exported === "agent" || exported === "client") return true;
    const callee = unwrap(inner.callee);
    return callee.type === AST_NODE_TYPES.MemberExpression && isSdkApp(callee.object, model, depth + 1);
  }
  if (inner.type === AST_NODE_TYPES.Identifier) {
    const init = model.values.constInit(inner);
    return init ? isSdkApp(init, model, depth + 1) : false;
  }
  return false;
}

/** Whether a registration's receiver is an SDK app or a vscode-jsonrpc connection (by its binding, or its type). */
export function isNotificationReceiver(receiver: TSESTree.Node, sourceCode: SourceCode, model: FileModel): "sdk" | "jsonrpc" | undefined {
  if (isSdkApp(receiver, model)) return "sdk";
  if (syntacticSender(receiver, sourceCode, model)?.library === "jsonrpc") return "jsonrpc";
  const typed = model.values.typed;
  if (typed && typedSender(receiver, typed)?.library === "jsonrpc") return "jsonrpc";
  return undefined;
}

/** `x.onNotification(...)`: the receiver, when the callee is that member. */
export function onNotificationReceiver(call: TSESTree.CallExpression): TSESTree.Node | undefined {
  const callee = unwrap(call.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "onNotification" ? callee.object : undefined;
}
