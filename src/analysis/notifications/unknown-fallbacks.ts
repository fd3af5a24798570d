import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { enclosingFunction, type FunctionNode, memberName, unwrap, walk } from "../syntax/ast.js";
import { idTest } from "./no-id-tests.js";
import type { NotificationTarget } from "./targets.js";

/** What the fallback is named as in reports. */
export const UNKNOWN_NOTIFICATION = "An unknown notification";

const cache = new WeakMap<FileModel, readonly NotificationTarget[]>();

/** The message a dispatch routes: `msg` of `msg.method`. */
function routedMessage(node: TSESTree.Node): string | undefined {
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.MemberExpression || memberName(inner) !== "method") return undefined;
  const object = unwrap(inner.object);
  return object.type === AST_NODE_TYPES.Identifier ? object.name : undefined;
}

/** `if (msg.method === "...")`: the message it routes. */
function ifRoutes(node: TSESTree.IfStatement): string | undefined {
  const test = unwrap(node.test);
  if (test.type !== AST_NODE_TYPES.BinaryExpression || (test.operator !== "===" && test.operator !== "==")) return undefined;
  return routedMessage(test.left) ?? routedMessage(test.right);
}

/** The `default` of `switch (msg.method)` and the final `else` of an `if (msg.method === ...)` chain. */
function fallbackOf(node: TSESTree.Node): { body: TSESTree.Node; message: string } | undefined {
  if (node.type === AST_NODE_TYPES.SwitchStatement) {
    const message = routedMessage(node.discriminant);
    const fallback = node.cases.find((c) => c.test === null);
    return message && fallback && fallback.consequent.length > 0 ? { body: fallback, message } : undefined;
  }
  if (node.type !== AST_NODE_TYPES.IfStatement) return undefined;
  if (node.parent.type === AST_NODE_TYPES.IfStatement && node.parent.alternate === node) return undefined;
  const message = ifRoutes(node);
  let last: TSESTree.IfStatement = node;
  while (last.alternate?.type === AST_NODE_TYPES.IfStatement && ifRoutes(last.alternate) === message) last = last.alternate;
  return message && last.alternate && last.alternate.type !== AST_NODE_TYPES.IfStatement ? { body: last.alternate, message } : undefined;
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
export function unknownNotificationFallbacks(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly NotificationTarget[] {
  let found = cache.get(model);
  if (found) return found;
  const result: NotificationTarget[] = [];
  const routing = new Set(model.handlers.handlers.filter((h) => h.style === "dispatch" && h.method.kind === "notification").flatMap((h) => (h.fn ? [h.fn] : [])));
  if (model.settings.protocolVersion === 2 && routing.size > 0) {
    for (const node of [...model.nodes.switches, ...model.nodes.ifs]) {
      const fallback = fallbackOf(node);
      const fn = fallback && enclosingFunction(node);
      if (!fallback || !fn || !routing.has(fn) || !ownsNotificationCase(node, model)) continue;
      if (reachedWithoutId(node, fn, fallback.message, sourceCode.visitorKeys)) result.push({ method: UNKNOWN_NOTIFICATION, body: fallback.body, fn, isBranch: true });
    }
  }
  found = result;
  cache.set(model, found);
  return found;
}

/** Whether one of the dispatch's own cases is a notification handler of the model. */
const ownsNotificationCase = (dispatch: TSESTree.Node, model: FileModel) =>
  model.handlers.handlers.some(
    (h) => h.style === "dispatch" && h.method.kind === "notification" && h.methodNode.range[0] >= dispatch.range[0] && h.methodNode.range[1] <= dispatch.range[1],
  );
