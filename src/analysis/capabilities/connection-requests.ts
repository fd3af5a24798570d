import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { methodRef } from "../handlers/method-names.js";
import { memberName, unwrap } from "../syntax/ast.js";
import { resolverOf } from "../resolution/resolver.js";
import type { AppContext } from "./types.js";
import { paramsCapabilities } from "./shapes.js";

/**
 * The client capabilities of the one `initialize` request sent on a connection `isConnection` accepts (the
 * construction or `connect()` call that made it), wherever the connection is kept (a `const`, `this.connection`):
 * - `connection.initialize(params)` of a legacy `ClientSideConnection` (`legacy`);
 * - `connection.agent.request(methods.agent.initialize, params)` of an SDK 2.x client app's `connect()` (`app`).
 * "none" when the request's params leave the capabilities out; undefined when there is no such request or several.
 */
export function capabilitiesSentOn(isConnection: (node: TSESTree.Node) => boolean, shape: "legacy" | "app", ctx: AppContext): TSESTree.ObjectExpression | "none" | undefined {
  const resolver = resolverOf(ctx.sourceCode);
  const sent: TSESTree.Node[] = [];
  for (const call of ctx.calls) {
    const request = initializeRequest(call, shape, ctx);
    if (!request) continue;
    let target = resolver.targetNode(request.connection);
    if (target?.type === AST_NODE_TYPES.AwaitExpression) target = unwrap(target.argument);
    if (target && isConnection(target)) sent.push(request.params);
  }
  return sent.length === 1 ? paramsCapabilities(sent[0]!, ctx.fields.client, ctx.values) : undefined;
}

/** The connection a call sends `initialize` on, and the request's params. */
function initializeRequest(call: TSESTree.CallExpression, shape: "legacy" | "app", ctx: AppContext): { connection: TSESTree.Node; params: TSESTree.Node } | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  if (shape === "legacy") {
    const [params] = call.arguments;
    return memberName(callee) === "initialize" && params && params.type !== AST_NODE_TYPES.SpreadElement ? { connection: callee.object, params } : undefined;
  }
  const [method, params] = call.arguments;
  const side = unwrap(callee.object);
  if (memberName(callee) !== "request" || side.type !== AST_NODE_TYPES.MemberExpression || memberName(side) !== "agent") return undefined;
  if (!method || !params || method.type === AST_NODE_TYPES.SpreadElement || params.type === AST_NODE_TYPES.SpreadElement) return undefined;
  return methodRef(method, ctx.sdk, ctx.values)?.wire === "initialize" ? { connection: side.object, params } : undefined;
}
