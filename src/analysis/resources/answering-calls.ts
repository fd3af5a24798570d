import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { type FlowContext, heldReads, outletsOf, valuePlace } from "../errors/responses.js";
import { enclosingFunction, findProperty } from "../syntax/ast.js";
import { isResultResponse } from "../errors/responses.js";

/**
 * Whether the value of a call is what a scope answers the request with: what a helper returns on an unknown terminal
 * is the handler's answer when the handler gives the helper's value back (`return manager.getOutput(id)`), or, in
 * hand-rolled dispatch, sends it as the result (`const output = manager.getOutput(id); send({ jsonrpc, id, result:
 * output })`). The value is followed where it goes as errors are (responses.ts): through wrappers, `await`, the
 * choices it may be the value of (valuePlace) and variables written once (heldReads).
 */

/** Bounds the variables followed from the call. */
const MAX_DEPTH = 8;

export function isAnswerValue(node: TSESTree.Node, root: TSESTree.Node, dispatch: boolean, ctx: FlowContext, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  const { child, parent } = valuePlace(node);
  switch (parent?.type) {
    case AST_NODE_TYPES.AwaitExpression:
      return isAnswerValue(parent, root, dispatch, ctx, depth + 1);
    case AST_NODE_TYPES.ReturnStatement:
      return !dispatch && enclosingFunction(parent) === root;
    case AST_NODE_TYPES.ArrowFunctionExpression:
      return !dispatch && parent === root && parent.body === child;
    case AST_NODE_TYPES.VariableDeclarator:
      return parent.init === child && heldReads(parent, ctx).some((read) => isAnswerValue(read, root, dispatch, ctx, depth + 1));
    case AST_NODE_TYPES.Property: {
      // `{ jsonrpc, id, result: value }`, sent.
      const owner = parent.parent;
      const isResult = dispatch && parent.value === child && owner.type === AST_NODE_TYPES.ObjectExpression && findProperty(owner, "result") === parent;
      return isResult && isResultResponse(owner) && outletsOf(owner, ctx).some((outlet) => outlet.how === "sent");
    }
    default:
      return false;
  }
}
