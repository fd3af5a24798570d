import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { memberName, unwrap } from "../syntax/ast.js";
import type { FallbackHandler, Handler, HandlerContext } from "./types.js";
import { sdkApp } from "../sdk/apps.js";
import { isDistinctiveWire, methodRef, resolveMethod } from "./method-names.js";

const REGISTRATIONS = new Set(["onRequest", "onNotification"]);

/** `.onRequest(m, fn)`, `.onRequest(m, parser, fn)`, `.onNotification(m, fn)` on SDK apps and JSON-RPC connections. */
export function registeredHandlers(
  calls: readonly TSESTree.CallExpression[],
  ctx: HandlerContext,
): { handlers: Handler[]; fallbacks: FallbackHandler[] } {
  const handlers: Handler[] = [];
  const fallbacks: FallbackHandler[] = [];
  for (const call of calls) {
    const callee = unwrap(call.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || !REGISTRATIONS.has(memberName(callee) ?? "")) continue;
    const [methodArg, ...rest] = call.arguments;
    const last = rest.at(-1);
    if (!methodArg || !last || methodArg.type === AST_NODE_TYPES.SpreadElement || last.type === AST_NODE_TYPES.SpreadElement) continue;
    const side = sdkApp(callee.object, ctx.sdk, ctx.resolver)?.side;
    const found = ctx.resolver.functionOf(last);
    // A handler of another module is judged in its own file (as a delegate), not here.
    const fn = found && ctx.resolver.isLinted(found) ? found : undefined;
    const ref = methodRef(methodArg, ctx.sdk, ctx.values);
    if (!ref) continue;
    if (ref.wire === "*") {
      if (side) fallbacks.push({ style: "sdk", side, fn, node: call });
      continue;
    }
    // Off an SDK app, only an SDK constant or an unmistakably ACP wire name makes this an ACP handler.
    if (!side && !ref.side && !isDistinctiveWire(ref.wire)) continue;
    const method = resolveMethod(ref, side);
    if (!method || !fn) continue;
    const style = side || ref.side ? "sdk" : "jsonrpc";
    handlers.push({ method, style, body: fn, fn, methodNode: methodArg });
  }
  return { handlers, fallbacks };
}
