import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { findProperty } from "../syntax/ast.js";
import { perModel } from "../syntax/per-model.js";
import { type StopLeaf, stopLeaves } from "./stop-values.js";

/**
 * Protocol version 2 reports a turn's stop reason on an idle state update, not in the prompt's result:
 * `{ sessionUpdate: "state_update", state: "idle", stopReason }`. The values its `stopReason` may take.
 */
export const stateUpdateStopLeaves = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly StopLeaf[] => {
  const ctx = { sourceCode, values: model.values };
  const out: StopLeaf[] = [];
  for (const object of model.nodes.objects) {
    const kind = findProperty(object, "sessionUpdate");
    if (!kind || !isString(kind.value, "state_update", model)) continue;
    const stop = findProperty(object, "stopReason");
    const state = findProperty(object, "state");
    // A running or blocked state carries no stop reason; the state must be idle (or not told).
    if (!stop || (state && !isString(state.value, "idle", model))) continue;
    out.push(...stopLeaves(stop.value, ctx, new Map()));
  }
  return out;
});

function isString(node: TSESTree.Node, value: string, model: FileModel): boolean {
  if (node.type === AST_NODE_TYPES.Literal) return node.value === value;
  const values = model.values.resolve(node);
  return values?.length === 1 && values[0] === value;
}
