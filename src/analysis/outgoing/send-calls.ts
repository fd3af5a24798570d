import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { MethodInfo, MethodKind } from "../../protocol/methods.js";
import { methodRef, resolveMethod } from "../handlers/method-names.js";
import type { FileModel } from "../model.js";
import { memberName, unwrap } from "../syntax/ast.js";
import { type Sender, syntacticSender } from "./senders.js";
import { typedSender } from "./typed-senders.js";

/** The call names of each library for a request and a notification, and the call that sends the other kind. */
const SEND_NAMES: Readonly<Record<Sender["library"], Readonly<Record<string, MethodKind>>>> = {
  sdk: { request: "request", notify: "notification" },
  legacy: { request: "request", notify: "notification", extMethod: "request", extNotification: "notification" },
  jsonrpc: { sendRequest: "request", sendNotification: "notification" },
};
const COUNTERPART: Readonly<Record<string, string>> = {
  request: "notify",
  notify: "request",
  extMethod: "extNotification",
  extNotification: "extMethod",
  sendRequest: "sendNotification",
  sendNotification: "sendRequest",
};

/** A call that sends an ACP method with the other kind's call. */
export interface MisroutedCall {
  readonly call: TSESTree.CallExpression;
  /** The `request` / `notify` name of the call, to be replaced by `counterpart`. */
  readonly property: TSESTree.Identifier;
  readonly sentAs: MethodKind;
  readonly method: MethodInfo;
  readonly counterpart: string;
}

/** Whether any call of the file could be a send: the names only, before resolving any receiver. */
export function isSendName(name: string): boolean {
  // Own keys only: `toString` and `constructor` are no send methods.
  return Object.hasOwn(COUNTERPART, name);
}

/** The misrouted send `call` makes, if its receiver is tied to the SDK (or vscode-jsonrpc) and its method resolves. */
export function misroutedCall(call: TSESTree.CallExpression, sourceCode: Readonly<TSESLint.SourceCode>, model: FileModel): MisroutedCall | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed || callee.property.type !== AST_NODE_TYPES.Identifier) return undefined;
  const name = memberName(callee);
  const methodArg = call.arguments[0];
  if (name === undefined || !isSendName(name) || !methodArg || methodArg.type === AST_NODE_TYPES.SpreadElement) return undefined;
  const typed = model.values.typed;
  const sender = syntacticSender(callee.object, sourceCode, model) ?? (typed ? typedSender(callee.object, typed) : undefined);
  const sentAs = sender && SEND_NAMES[sender.library][name];
  if (!sender || !sentAs) return undefined;
  const ref = methodRef(methodArg, model.sdk, model.values);
  if (!ref || ref.wire.startsWith("_")) return undefined;
  // `methods.client.*` sent to the agent goes the wrong way: the other call would be no fix.
  if (ref.side && ref.side !== "protocol" && sender.peer && ref.side !== sender.peer) return undefined;
  const method = resolveMethod(ref, sender.peer);
  if (!method || method.kind === sentAs || !method.versions.includes(model.settings.protocolVersion)) return undefined;
  return { call, property: callee.property, sentAs, method, counterpart: COUNTERPART[name] ?? name };
}
