import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import type { MethodInfo } from "../../protocol/methods.js";
import { isDistinctiveWire, methodRef, resolveMethod } from "../handlers/method-names.js";
import type { FileModel } from "../model.js";
import { calleeName, findProperty, hasSpread, outermostWrapper, unwrap } from "../syntax/ast.js";

/** A hand-built JSON-RPC message whose `id` says the other kind than its method. */
export interface MisbuiltEnvelope {
  readonly object: TSESTree.ObjectExpression;
  readonly method: MethodInfo;
  /** The `id` property of a notification sent with one; absent for a request sent without. */
  readonly id?: TSESTree.Property;
}

/** Calls that put a message on the wire as it is (a `send` helper that adds the id is not one of these). */
const WRITE_CALLS = new Set(["write", "send", "stringify", "postMessage", "writeMessage", "sendMessage", "emit"]);

/** Whether the literal goes as written into a write/send/stringify call: its direct argument, no helper between. */
function sentAsIs(object: TSESTree.ObjectExpression): boolean {
  const node = outermostWrapper(object);
  const call = node.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || !call.arguments.includes(node as TSESTree.CallExpressionArgument)) return false;
  const name = calleeName(call.callee);
  if (name === "stringify") return call.arguments[0] === node;
  return name !== undefined && WRITE_CALLS.has(name);
}

/** `{ jsonrpc: "2.0", id, method: "session/cancel" }`, or `{ jsonrpc: "2.0", method: "session/prompt" }` written out as is. */
export function misbuiltEnvelope(object: TSESTree.ObjectExpression, model: FileModel): MisbuiltEnvelope | undefined {
  const jsonrpc = findProperty(object, "jsonrpc");
  const methodProp = findProperty(object, "method");
  if (!jsonrpc || !methodProp || hasSpread(object)) return undefined;
  const version = unwrap(jsonrpc.value);
  if (version.type !== AST_NODE_TYPES.Literal || version.value !== "2.0") return undefined;
  // A response carries a result or an error, never a method; these keys make it no request.
  if (findProperty(object, "result") || findProperty(object, "error")) return undefined;
  const ref = methodRef(methodProp.value, model.sdk, model.values);
  if (!ref || ref.wire.startsWith("_")) return undefined;
  // `initialize` is LSP's too: without an SDK import only a wire name ACP alone uses counts.
  const importsSdk = model.sdk.importsSdk;
  if (!importsSdk && !ref.side && !isDistinctiveWire(ref.wire)) return undefined;
  const method = resolveMethod(ref, undefined);
  if (!method || !method.versions.includes(model.settings.protocolVersion)) return undefined;
  const id = findProperty(object, "id");
  if (method.kind === "notification") {
    // `id: undefined` is dropped by JSON.stringify: still a notification.
    const value = id && unwrap(id.value);
    if (!id || (value?.type === AST_NODE_TYPES.Identifier && value.name === "undefined")) return undefined;
    return { object, method, id };
  }
  return id || !sentAsIs(object) ? undefined : { object, method };
}
