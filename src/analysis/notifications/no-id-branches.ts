import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { enclosingFunction, memberName, unwrap, walk } from "../syntax/ast.js";
import { perModel } from "../syntax/per-model.js";
import { idTest } from "./no-id-tests.js";
import type { NotificationTarget } from "./targets.js";

/** What the no-id branch is named as in reports. */
export const NO_ID_MESSAGE = "A message without id";

/** Whether `fn` reads `<name>.method`: the message tested is one a dispatcher routes by method. */
function readsMethod(fn: TSESTree.Node, name: string, keys: TSESLint.SourceCode["visitorKeys"]): boolean {
  let found = false;
  walk(fn, keys, (node) => {
    if (found || node.type !== AST_NODE_TYPES.MemberExpression || memberName(node) !== "method") return;
    const object = unwrap(node.object);
    found = object.type === AST_NODE_TYPES.Identifier && object.name === name;
  });
  return found;
}

/**
 * The branches of hand-rolled dispatchers that a message without `id` (a notification) takes:
 * `if (msg.id === undefined) { ... }`, or the `else` of `if ("id" in msg)`, in a function that routes the same
 * message by `msg.method`. Only files that speak JSON-RPC are looked at.
 */
export const noIdBranches = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly NotificationTarget[] => {
  const result: NotificationTarget[] = [];
  const speaksJsonRpc = model.handlers.handlers.length > 0 || model.sdk.importsSdk || sourceCode.text.includes("jsonrpc");
  if (speaksJsonRpc) {
    // A dispatcher tests the id of its message in many branches: its function is walked once per message name.
    const reads = new Map<TSESTree.Node, Map<string, boolean>>();
    const readsMethodOnce = (fn: TSESTree.Node, name: string) => {
      let byName = reads.get(fn);
      if (!byName) reads.set(fn, (byName = new Map()));
      let found = byName.get(name);
      if (found === undefined) byName.set(name, (found = readsMethod(fn, name, sourceCode.visitorKeys)));
      return found;
    };
    for (const node of model.nodes.ifs) {
      const test = idTest(node.test);
      const fn = test && enclosingFunction(node);
      if (!test || !fn) continue;
      const body = test.holdsWithoutId ? node.consequent : node.alternate;
      if (!body || !readsMethodOnce(fn, test.message.name)) continue;
      result.push({ method: NO_ID_MESSAGE, body, fn, isBranch: true });
    }
  }
  return result;
});
