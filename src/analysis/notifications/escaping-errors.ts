import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import type { ErrorSite } from "../errors/error-sites.js";
import type { Handler } from "../handlers/types.js";
import { isFunction, type FunctionNode, memberName, unwrap, contains } from "../syntax/ast.js";
import { perModel } from "../syntax/per-model.js";
import { isCaught } from "../syntax/try-catch.js";
import type { NotificationTarget } from "./targets.js";

/** An error site that a notification handler throws or returns, where nobody receives it. */
export interface EscapingError {
  readonly site: ErrorSite;
  readonly handler: Handler;
}

/** An error site that leaves a notification target (handler function or no-id branch). */
export interface EscapingTargetError {
  readonly site: ErrorSite;
  readonly target: NotificationTarget;
}

/** The function whose result or throw the node is: undefined when it sits in an expression other than throw/return. */
function escapingFrom(site: TSESTree.Node): FunctionNode | undefined {
  let node = site;
  // The error object of a response envelope: `return { jsonrpc: "2.0", id, error: { code, message } }`.
  while (node.parent?.type === AST_NODE_TYPES.Property && node.parent.value === node && node.parent.parent.type === AST_NODE_TYPES.ObjectExpression) {
    node = node.parent.parent;
  }
  const parent = node.parent;
  if (!parent) return undefined;
  const thrown = parent.type === AST_NODE_TYPES.ThrowStatement && parent.argument === node;
  const returned = parent.type === AST_NODE_TYPES.ReturnStatement && parent.argument === node;
  const arrowBody = parent.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === node;
  if (arrowBody) return parent;
  if (!thrown && !returned) return undefined;
  for (let p: TSESTree.Node | undefined = parent.parent; p; p = p.parent) if (isFunction(p)) return p;
  return undefined;
}

const within = (node: TSESTree.Node, outer: TSESTree.Node) => contains(outer, node);

/**
 * The first of `list` (handlers or targets) with the function `fn` whose body holds `node`: the list is grouped by
 * function once, so that each error site of the file does not try every one of them.
 */
function finder<T extends { readonly fn?: TSESTree.Node | undefined; readonly body: TSESTree.Node }>(list: readonly T[]): (fn: TSESTree.Node, node: TSESTree.Node) => T | undefined {
  const byFn = new Map<TSESTree.Node, T[]>();
  for (const item of list) {
    if (!item.fn) continue;
    const group = byFn.get(item.fn);
    if (group) group.push(item);
    else byFn.set(item.fn, [item]);
  }
  return (fn, node) => byFn.get(fn)?.find((item) => within(node, item.body));
}

/** Registrations whose handler only ever receives requests, which are answered: `onRequest`, `setRequestHandler`. */
const REQUEST_REGISTRATIONS = new Set(["onRequest", "setRequestHandler"]);

const isRequestRegistration = (node: TSESTree.Node | undefined): boolean => {
  if (node?.type !== AST_NODE_TYPES.CallExpression) return false;
  const callee = unwrap(node.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression && REQUEST_REGISTRATIONS.has(memberName(callee) ?? "");
};

/**
 * A notification method's handler that is registered for requests (`connection.onRequest("session/cancel", h)`,
 * a `switch (method)` inside a request handler's callback): only a cancel sent with an id reaches it, and what
 * it throws is answered.
 */
function receivesRequests(handler: Handler): boolean {
  if (handler.style === "dispatch") return isRequestRegistration(handler.fn?.parent);
  return isRequestRegistration(handler.methodNode.parent);
}

/** The handlers of notification methods that have a function and receive notifications. */
export const notificationHandlers = (model: FileModel): Handler[] =>
  model.handlers.handlers.filter((h) => h.method.kind === "notification" && h.fn && !receivesRequests(h));

/** The error sites that escape notification handlers of the file (thrown or returned by the handler itself). */
export const escapingNotificationErrors = perModel((model: FileModel): readonly EscapingError[] => {
  const handlers = notificationHandlers(model);
  const result: EscapingError[] = [];
  if (handlers.length > 0) {
    const handlerOf = finder(handlers);
    for (const site of model.errorSites) {
      if (site.kind === "helper-call") continue; // a shared helper may be right for requests: stay silent
      const fn = escapingFrom(site.node);
      if (!fn) continue;
      const handler = handlerOf(fn, site.node);
      if (!handler || isCaught(site.node, fn)) continue;
      result.push({ site, handler });
    }
  }
  return result;
});

/** The error sites thrown or returned out of `targets`, not caught inside them; shared helpers' calls excluded. */
export function escapingTargetErrors(model: FileModel, targets: readonly NotificationTarget[]): EscapingTargetError[] {
  const result: EscapingTargetError[] = [];
  if (targets.length === 0) return result;
  const targetOf = finder(targets);
  for (const site of model.errorSites) {
    if (site.kind === "helper-call") continue;
    const fn = escapingFrom(site.node);
    if (!fn) continue;
    const target = targetOf(fn, site.node);
    if (!target || isCaught(site.node, fn)) continue;
    result.push({ site, target });
  }
  return result;
}
