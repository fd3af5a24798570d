import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { dispatchFallbacks } from "../fallbacks/dispatch-fallbacks.js";
import { type FunctionNode, memberName, unwrap, walk } from "../syntax/ast.js";
import { perModel } from "../syntax/per-model.js";
import { idTest } from "./no-id-tests.js";
import type { NotificationTarget } from "./targets.js";

/** What the fallback is named as in reports. */
export const UNKNOWN_NOTIFICATION = "An unknown notification";

/** The message a dispatch routes: `msg` of `msg.method`. */
function routedMessage(node: TSESTree.Node): string | undefined {
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.MemberExpression || memberName(inner) !== "method") return undefined;
  const object = unwrap(inner.object);
  return object.type === AST_NODE_TYPES.Identifier ? object.name : undefined;
}

/**
 * Whether a message without `id` can reach `node`: no enclosing branch of `fn` requires an id, and no test of
 * the message's id comes before it (`if (msg.id === undefined) return;` turns notifications away).
 */
function reachedWithoutId(node: TSESTree.Node, fn: FunctionNode, message: string, keys: TSESLint.SourceCode["visitorKeys"]): boolean {
  let child: TSESTree.Node = node;
  for (let p = node.parent; p && p !== fn; child = p, p = p.parent) {
    if (p.type !== AST_NODE_TYPES.IfStatement) continue;
    const test = idTest(p.test);
    if (!test || test.message.name !== message) continue;
    const withId = test.holdsWithoutId ? p.alternate === child : p.consequent === child;
    if (withId) return false;
  }
  let tested = false;
  walk(fn, keys, (n) => {
    if (tested || n.range[0] >= node.range[0]) return;
    if (n.type === AST_NODE_TYPES.IfStatement && idTest(n.test)?.message.name === message) tested = true;
  });
  return !tested;
}

/**
 * Protocol version 2: the fallbacks of dispatchers that also route notifications (one of their cases is a
 * notification method) and that a message without id reaches. Unknown notifications are to be ignored there.
 */
export const unknownNotificationFallbacks = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly NotificationTarget[] => {
  const found: NotificationTarget[] = [];
  if (model.settings.protocolVersion === 2) {
    for (const f of dispatchFallbacks(model)) {
      const message = f.subject && routedMessage(f.subject);
      if (!message || !f.routes.has("notification") || !reachedWithoutId(f.dispatch, f.fn, message, sourceCode.visitorKeys)) continue;
      found.push({ method: UNKNOWN_NOTIFICATION, body: f.body, fn: f.fn, isBranch: true });
    }
  }
  return found;
});
