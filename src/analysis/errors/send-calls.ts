import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { ERROR_CODES, inRange, JSON_RPC_RESERVED } from "../../protocol/codes.js";
import { isFunction, memberName, unwrap } from "../syntax/ast.js";

import { argAt, type ErrorSite, type SiteContext } from "./error-sites.js";
import { isLoggerName, isSender } from "./responses.js";
import { resolverOf } from "../resolution/resolver.js";
import type { TypedChecker } from "../typed-checker.js";

/**
 * The names transports and JSON-RPC peers give the method that sends an error response. Without type
 * information these, given a JSON-RPC code and a message, are taken for senders.
 */
export const ERROR_SENDERS: ReadonlySet<string> = new Set([
  "error",
  "sendError",
  "replyError",
  "respondError",
  "respondWithError",
  "errorResponse",
  "sendErrorResponse",
  "rejectRequest",
]);

/** Where a sender takes the parts of the error it sends. */
interface SendSlots {
  readonly code: number;
  readonly message?: number;
  readonly data?: number;
}

/**
 * With type information: the slots named `code`, `message` and `data` in the callee's call signature (the first of
 * its overloads to have both); `null` for a callee whose signatures have no `code` and `message`, `undefined` when
 * it has none known (an `any` callee, or one whose type comes from outside the lint root). The callee's type is asked
 * rather than the call resolved: that would check every argument of every call in the file.
 */
function typedSlots(typed: TypedChecker, call: TSESTree.CallExpression): SendSlots | null | undefined {
  const signatures = typed.typeOf(call.callee)?.getCallSignatures() ?? [];
  if (signatures.length === 0) return undefined;
  for (const signature of signatures) {
    const names = signature.getParameters().map((p) => p.name);
    const [code, message, data] = ["code", "message", "data"].map((name) => names.indexOf(name));
    if (code !== -1 && message !== -1) return { code: code!, message: message!, ...(data === -1 ? {} : { data: data! }) };
  }
  return null;
}

/** `ws`, `this.rpc`, `ctx.transport`: a receiver named by identifiers alone (not `res.status(500)`), and no logger. */
function isPlainReceiver(node: TSESTree.Node, outermost = true): boolean {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.ThisExpression || inner.type === AST_NODE_TYPES.Super) return true;
  if (inner.type === AST_NODE_TYPES.Identifier) return !outermost || !isLoggerName(inner.name);
  if (inner.type !== AST_NODE_TYPES.MemberExpression || inner.computed) return false;
  return !(outermost && isLoggerName(memberName(inner))) && isPlainReceiver(inner.object, false);
}

/** `transport.error(...)`, `sendError(...)`: a callee named as an error sender; a bare `error(...)` is too often a log. */
function isSenderCallee(callee: TSESTree.Node): boolean {
  const inner = unwrap(callee);
  if (inner.type === AST_NODE_TYPES.Identifier) return inner.name !== "error" && ERROR_SENDERS.has(inner.name);
  return inner.type === AST_NODE_TYPES.MemberExpression && ERROR_SENDERS.has(memberName(inner) ?? "") && isPlainReceiver(inner.object);
}

/** An integer of the reserved range, or a code ACP defines (-32800 lies outside the range). */
function isRpcCode(codes: readonly number[] | undefined): boolean {
  return (
    codes !== undefined &&
    codes.length > 0 &&
    codes.every((c) => Number.isInteger(c) && (inRange(c, JSON_RPC_RESERVED) || ERROR_CODES.some((info) => info.code === c)))
  );
}

/**
 * A message: a string or template, or what an error's text is read as (`err.message`, `String(e)`, `e.toString()`,
 * `e instanceof Error ? e.message : String(e)`).
 */
function isMessage(node: TSESTree.CallExpressionArgument | TSESTree.Expression, ctx: SiteContext): boolean {
  if (node.type === AST_NODE_TYPES.SpreadElement) return false;
  const inner = unwrap(node);
  switch (inner.type) {
    case AST_NODE_TYPES.TemplateLiteral:
      return true;
    case AST_NODE_TYPES.MemberExpression:
      if (memberName(inner) === "message") return true;
      break;
    case AST_NODE_TYPES.CallExpression: {
      const callee = unwrap(inner.callee);
      if (callee.type === AST_NODE_TYPES.Identifier && callee.name === "String" && inner.arguments.length === 1) return true;
      if (callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "toString" && inner.arguments.length === 0) return true;
      break;
    }
    case AST_NODE_TYPES.ConditionalExpression:
      return isMessage(inner.consequent, ctx) && isMessage(inner.alternate, ctx);
    default:
      break;
  }
  const values = ctx.values.resolve(inner);
  return values?.length === 1 && typeof values[0] === "string";
}

/** `msg.id`, `request.id`, `id`, `requestId`: what a response is addressed with. */
function isRequestId(node: TSESTree.CallExpressionArgument): boolean {
  const inner = unwrap(node as TSESTree.Node);
  if (inner.type === AST_NODE_TYPES.Identifier) return /^(?:id|\w*Id)$/u.test(inner.name);
  return inner.type === AST_NODE_TYPES.MemberExpression && memberName(inner) === "id";
}

/**
 * `out.fail(msg.id, -32602, err.message)`: a callee of any name (not a logger's) given a request's id, a JSON-RPC
 * code and a message, in that order, is a sender whatever it is called.
 */
function idCodeMessageSlots(call: TSESTree.CallExpression, ctx: SiteContext): SendSlots | undefined {
  const [id, code, message] = call.arguments;
  if (!id || !code || !message || code.type === AST_NODE_TYPES.SpreadElement || !isPlainCallee(call.callee)) return undefined;
  if (!isRequestId(id) || !isRpcCode(ctx.values.numbers(code)) || !isMessage(message, ctx)) return undefined;
  const next = call.arguments[3];
  const data = next && next.type !== AST_NODE_TYPES.SpreadElement && ctx.values.objectLiteral(next) ? 3 : undefined;
  return { code: 1, message: 2, ...(data === undefined ? {} : { data }) };
}

/** `fail`, `out.fail`, `this.rpc.fail`: a function named by identifiers alone, no logger's. */
function isPlainCallee(callee: TSESTree.Node): boolean {
  const inner = unwrap(callee);
  if (inner.type === AST_NODE_TYPES.Identifier) return !isLoggerName(inner.name);
  return inner.type === AST_NODE_TYPES.MemberExpression && !inner.computed && isPlainReceiver(inner);
}

/**
 * Without type information: a sender's name, the first argument that is a JSON-RPC code, a message after it, and
 * the object that follows the message as data; or a callee of any name given an id, a code and a message.
 */
function untypedSlots(call: TSESTree.CallExpression, ctx: SiteContext): SendSlots | undefined {
  if (!isSenderCallee(call.callee)) return idCodeMessageSlots(call, ctx);
  const args = call.arguments;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    // A spread hides which argument is the code.
    if (arg.type === AST_NODE_TYPES.SpreadElement) return undefined;
    if (!isRpcCode(ctx.values.numbers(arg))) continue;
    const message = args.findIndex((a, j) => j > i && isMessage(a, ctx));
    if (message === -1) return undefined;
    const next = args[message + 1];
    const data = next && next.type !== AST_NODE_TYPES.SpreadElement && ctx.values.objectLiteral(next) ? message + 1 : undefined;
    return { code: i, message, ...(data === undefined ? {} : { data }) };
  }
  return undefined;
}

/**
 * `transport.error(msg.id, -32602, "Unknown sessionId")`: a call that sends an error response through a function
 * of another file. With type information its signature says where the code and message go; without, its name
 * and arguments must. Same-file functions are followed as helpers instead.
 */
export function sendCallSite(node: TSESTree.CallExpression, ctx: SiteContext): ErrorSite | undefined {
  // `super(code, message)` is the error class's own construction (a class-code site), not a send.
  if (node.arguments.length < 2 || node.callee.type === AST_NODE_TYPES.Super || !isSender(node)) return undefined;
  // A same-file function is followed as a helper instead. With types that is ruled out before the checker is
  // asked (which costs more); without, after the cheap name and argument tests.
  const typed = ctx.values.typed;
  if (typed && resolverOf(ctx.sourceCode).localCalleeOf(node)) return undefined;
  // A callee read off a call's result (`agent(...).onRequest(...).onRequest`), or one given a function (a
  // registration, `app.onRequest(m, async (ctx) => ...)`), has its type only once the checker has inferred the whole
  // chain, handlers included; a sender is a reference (`transport.error`) given the parts of an error.
  const signed = typed && isPlainReceiver(node.callee, false) && !node.arguments.some(isFunction) ? typedSlots(typed, node) : undefined;
  // A signature whose parameters are named otherwise may still be given an id, a code and a message.
  const slots = signed === undefined ? untypedSlots(node, ctx) : (signed ?? idCodeMessageSlots(node, ctx));
  const code = slots && argAt(node.arguments, slots.code);
  if (!slots || !code || (!typed && resolverOf(ctx.sourceCode).localCalleeOf(node))) return undefined;
  const message = argAt(node.arguments, slots.message);
  const data = argAt(node.arguments, slots.data);
  return {
    kind: "send-call",
    node,
    code,
    message,
    ...(data ? { data } : {}),
    rpc: false,
    sdk: false,
    inErrorClass: false,
  };
}
