import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { findMethod, type MethodInfo } from "../../protocol/methods.js";
import { contains, type FunctionNode, memberName, unwrap, walk } from "../syntax/ast.js";
import type { HandlerContext } from "./types.js";
import { methodRef } from "./method-names.js";

/** Calls that send a message to the peer: `connection.sendRequest(...)`, `ctx.request(...)`, `notify(...)`. */
const SEND_CALLS = new Set(["request", "sendRequest", "notify", "sendNotification", "send"]);

/** The names a parameter binds, and whether one of them is the whole value (`params`, not `{ sessionId }`). */
function boundNames(param: TSESTree.Parameter | undefined): { names: Set<string>; whole: string | undefined } {
  const names = new Set<string>();
  const visit = (node: TSESTree.Node): void => {
    switch (node.type) {
      case AST_NODE_TYPES.Identifier:
        names.add(node.name);
        break;
      case AST_NODE_TYPES.AssignmentPattern:
        visit(node.left);
        break;
      case AST_NODE_TYPES.RestElement:
        visit(node.argument);
        break;
      case AST_NODE_TYPES.ArrayPattern:
        for (const element of node.elements) if (element) visit(element);
        break;
      case AST_NODE_TYPES.ObjectPattern:
        for (const prop of node.properties) visit(prop.type === AST_NODE_TYPES.Property ? prop.value : prop);
        break;
      default:
        break;
    }
  };
  const first = param?.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param;
  if (first) visit(first);
  return { names, whole: first?.type === AST_NODE_TYPES.Identifier ? first.name : undefined };
}

/** `params`, `params.prompt`, `params?.x.y`, or a name destructured from the request. */
function readsRequest(node: TSESTree.Node, names: ReadonlySet<string>): boolean {
  let inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.ChainExpression) inner = unwrap(inner.expression);
  while (inner.type === AST_NODE_TYPES.MemberExpression) inner = unwrap(inner.object);
  return inner.type === AST_NODE_TYPES.Identifier && names.has(inner.name);
}

/** An argument that is the request, or an object built from it: `params`, `{ ...params }`, `{ sessionId: params.sessionId }`. */
function carriesRequest(arg: TSESTree.CallExpressionArgument, bound: ReturnType<typeof boundNames>): boolean {
  if (arg.type === AST_NODE_TYPES.SpreadElement) return false;
  const inner = unwrap(arg);
  if (inner.type === AST_NODE_TYPES.Identifier) return inner.name === bound.whole;
  if (inner.type !== AST_NODE_TYPES.ObjectExpression) return false;
  return inner.properties.some((prop) =>
    readsRequest(prop.type === AST_NODE_TYPES.SpreadElement ? prop.argument : prop.value, bound.names),
  );
}

/**
 * A variable of the function whose value was looked up by something of the request (`const session =
 * this.sessions.get(params.sessionId)`, `let s = store[request.sessionId]`): what the handler found, not a peer.
 */
function isFoundByRequest(receiver: TSESTree.Node, fn: FunctionNode, bound: ReturnType<typeof boundNames>, ctx: HandlerContext): boolean {
  const inner = unwrap(receiver);
  if (inner.type !== AST_NODE_TYPES.Identifier) return false;
  // A `let` too (the session found first, then re-warmed): its declaration in this function is what it was found by.
  const def = ctx.resolver.variableOf(inner)?.defs[0];
  const declarator = def?.type === "Variable" ? (def.node as TSESTree.VariableDeclarator) : undefined;
  const init = declarator && contains(fn, declarator) ? declarator.init : undefined;
  if (!init) return false;
  let found = false;
  walk(init, ctx.sourceCode.visitorKeys, (node) => {
    if (!found && node !== init && readsRequest(node, bound.names) && node.type !== AST_NODE_TYPES.Identifier) found = true;
  });
  return found;
}

/**
 * Whether a function passes the request it is given on, as the caller's side of the method does:
 * `return this.connection.prompt(params)`, `connection.sendRequest("session/prompt", { ...params })`,
 * `ctx.request(methods.agent.session.prompt, request)`. Such a function sends the request; it does not answer it.
 */
export function forwardsRequest(fn: FunctionNode, method: MethodInfo, ownName: string, ctx: HandlerContext, requestParam = 0): boolean {
  const bound = boundNames(fn.params[requestParam]);
  const sameMethod = new Set([...method.legacyNames, ownName]);
  // What a send call sends: the ACP method it names, else (`rpc.send(params)`) whatever the request it carries is.
  const sendsThis = (args: readonly TSESTree.CallExpressionArgument[]) => {
    for (const arg of args) {
      const ref = arg.type === AST_NODE_TYPES.SpreadElement ? undefined : methodRef(arg, ctx.sdk, ctx.values);
      if (ref && findMethod(ref.wire)) return ref.wire === method.wire && (ref.side === undefined || ref.side === method.side);
    }
    return args.some((arg) => carriesRequest(arg, bound));
  };
  let forwards = false;
  walk(fn.body, ctx.sourceCode.visitorKeys, (node) => {
    if (forwards || node.type !== AST_NODE_TYPES.CallExpression) return;
    const callee = unwrap(node.callee);
    const isMember = callee.type === AST_NODE_TYPES.MemberExpression;
    const name = isMember ? memberName(callee) : callee.type === AST_NODE_TYPES.Identifier ? callee.name : undefined;
    if (name === undefined) return;
    // `this.connection.prompt(params)`: the same method, called on something else with this request; not on the
    // session object the handler found by the request (`const session = sessions.get(params.sessionId)`).
    if (isMember && sameMethod.has(name)) forwards = !isFoundByRequest(callee.object, fn, bound, ctx) && node.arguments.some((arg) => carriesRequest(arg, bound));
    else if (SEND_CALLS.has(name)) forwards = sendsThis(node.arguments);
  });
  return forwards;
}
