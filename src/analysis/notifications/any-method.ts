import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { methodRef } from "../handlers/method-names.js";
import { isFunction, unwrap } from "../syntax/ast.js";

import { isNotificationReceiver, onNotificationReceiver } from "./receivers.js";
import type { NotificationTarget } from "./targets.js";
import { resolverOf } from "../resolution/resolver.js";
import { perModel } from "../syntax/per-model.js";

/** What the one-argument star handler is named as in reports. */
export const STAR_NOTIFICATIONS = "every notification onNotification(fn) receives";

/** Whether the file imports the SDK or a JSON-RPC library at all: otherwise nothing here can match. */
const mayRegister = (model: FileModel) =>
  model.sdk.importsSdk || [...model.sdk.foreign.values()].some((s) => /^vscode-(jsonrpc|languageserver)/.test(s));

/**
 * `app.onNotification("_x", fn)` of SDK 2.x apps and `connection.onNotification("_x", fn)` /
 * `connection.onNotification((method, params) => ...)` of vscode-jsonrpc connections whose function the model
 * has no handler for (methods outside the protocol table): their functions handle notifications all the same.
 */
export const anyMethodNotificationHandlers = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly NotificationTarget[] => {
  const result: NotificationTarget[] = [];
  if (mayRegister(model)) {
    const known = new Set<TSESTree.Node>(model.handlers.handlers.flatMap((h) => (h.fn ? [h.fn] : [])));
    for (const node of model.nodes.calls) {
      const receiver = onNotificationReceiver(node);
      if (!receiver || node.arguments.some((a) => a.type === AST_NODE_TYPES.SpreadElement)) continue;
      const target = registration(node, model, sourceCode);
      if (!target || known.has(target.fn)) continue;
      const library = isNotificationReceiver(receiver, sourceCode, model);
      // The star form is vscode-jsonrpc's alone.
      if (!library || (target.method === STAR_NOTIFICATIONS && library !== "jsonrpc")) continue;
      result.push(target);
    }
  }
  return result;
});

function registration(call: TSESTree.CallExpression, model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): NotificationTarget | undefined {
  const args = call.arguments;
  if (args.length === 1) {
    const fn = unwrap(args[0]!);
    if (!isFunction(fn) || fn.type === AST_NODE_TYPES.FunctionDeclaration) return undefined;
    return { method: STAR_NOTIFICATIONS, body: fn, fn, isBranch: false };
  }
  if (args.length < 2) return undefined;
  const ref = methodRef(args[0]!, model.sdk, model.values);
  const fn = resolverOf(sourceCode).localFunctionOf(args.at(-1)!);
  if (!ref || !fn || ref.wire === "*") return undefined;
  return { method: ref.wire, body: fn, fn, isBranch: false };
}
