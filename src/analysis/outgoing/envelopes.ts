import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { MethodInfo } from "../../protocol/methods.js";
import { isDistinctiveWire, type MethodRef, methodRef, resolveMethod } from "../handlers/method-names.js";
import { argumentAt, parameterOf, parameterVariable, passedTo } from "../resolution/bindings.js";
import type { FileModel } from "../model.js";
import { calleeName, findProperty, hasSpread, outermostWrapper, unwrap } from "../syntax/ast.js";

/** A hand-built JSON-RPC message whose `id` says the other kind than its method. */
export interface MisbuiltEnvelope {
  readonly object: TSESTree.ObjectExpression;
  readonly method: MethodInfo;
  /** The `id` property of a notification sent with one; absent for a request sent without. */
  readonly id?: TSESTree.Property;
  /**
   * For an envelope a helper builds from its parameters (`sendRpc(id, method, params)`), the call that gives the
   * method: where the mistake is made, and reported.
   */
  readonly call?: TSESTree.CallExpression;
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

/**
 * Whether an envelope handed to a function of this file is only read there (`markStopped(envelope)` reading
 * `envelope.params`): never written out, it is no message. Every read of the parameter must be a member access.
 */
function onlyReadBy(object: TSESTree.ObjectExpression, model: FileModel): boolean {
  const node = outermostWrapper(object);
  const passed = passedTo(model.resolver, node);
  if (!passed || !model.resolver.isLinted(passed.fn)) return false;
  const variable = parameterVariable(model.resolver, passed.fn, passed.index);
  const reads = variable?.references.filter((r) => r.isRead()) ?? [];
  return reads.length > 0 && reads.every((r) => {
    const read = outermostWrapper(r.identifier as TSESTree.Node);
    return read.parent?.type === AST_NODE_TYPES.MemberExpression && read.parent.object === read;
  });
}

/** What an envelope's method is: its own, or, when it is the builder's parameter, what each call of the builder gives. */
function methodsOf(value: TSESTree.Node, model: FileModel): { ref: MethodRef; call?: TSESTree.CallExpression }[] {
  const own = methodRef(value, model.sdk, model.values);
  if (own) return [{ ref: own }];
  const param = parameterOf(model.resolver, value);
  if (!param || !model.resolver.isLinted(param.fn)) return [];
  const out: { ref: MethodRef; call: TSESTree.CallExpression }[] = [];
  for (const call of model.resolver.callsOf(param.fn)) {
    const arg = argumentAt(call, param.index);
    const ref = arg && methodRef(arg, model.sdk, model.values);
    if (ref) out.push({ ref, call });
  }
  return out;
}

/**
 * `{ jsonrpc: "2.0", id, method: "session/cancel" }`, or `{ jsonrpc: "2.0", method: "session/prompt" }` written out as
 * is; for a builder whose method is its parameter, one per call that gives a method.
 */
export function misbuiltEnvelopes(object: TSESTree.ObjectExpression, model: FileModel): MisbuiltEnvelope[] {
  const jsonrpc = findProperty(object, "jsonrpc");
  const methodProp = findProperty(object, "method");
  if (!jsonrpc || !methodProp || hasSpread(object)) return [];
  const version = unwrap(jsonrpc.value);
  if (version.type !== AST_NODE_TYPES.Literal || version.value !== "2.0") return [];
  // A response carries a result or an error, never a method; these keys make it no request.
  if (findProperty(object, "result") || findProperty(object, "error")) return [];
  const out: MisbuiltEnvelope[] = [];
  for (const { ref, call } of methodsOf(methodProp.value, model)) {
    const found = judged(object, ref, model, call);
    if (found) out.push(found);
  }
  return out;
}

function judged(object: TSESTree.ObjectExpression, ref: MethodRef, model: FileModel, call: TSESTree.CallExpression | undefined): MisbuiltEnvelope | undefined {
  if (ref.wire.startsWith("_")) return undefined;
  // `initialize` is LSP's too: without an SDK import only a wire name ACP alone uses counts.
  if (!model.sdk.importsSdk && !ref.side && !isDistinctiveWire(ref.wire)) return undefined;
  const method = resolveMethod(ref, undefined);
  if (!method || !method.versions.includes(model.settings.protocolVersion)) return undefined;
  const id = findProperty(object, "id");
  // A builder judged at its calls must write the envelope out itself.
  if (call && !sentAsIs(object)) return undefined;
  const at = call ? { call } : {};
  if (method.kind === "notification") {
    // `id: undefined` is dropped by JSON.stringify: still a notification.
    const value = id && unwrap(id.value);
    if (!id || (value?.type === AST_NODE_TYPES.Identifier && value.name === "undefined")) return undefined;
    // An envelope a function of this file only reads is never written out.
    if (!call && onlyReadBy(object, model)) return undefined;
    return { object, method, id, ...at };
  }
  return id || !sentAsIs(object) ? undefined : { object, method, ...at };
}
