import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { isEnvelope, isSender, sentValue } from "../errors/responses.js";
import type { ValueResolver } from "../resolution/values.js";
import { findProperty, isFunction, unwrap } from "../syntax/ast.js";
import { returnedExpressions } from "../syntax/functions.js";

/**
 * The calls whose value a scope answers the request with: what a helper returns on an unknown terminal is the
 * handler's answer when the handler gives the helper's value back (`return manager.getOutput(id)`), or, in
 * hand-rolled dispatch, sends it as the result (`const output = manager.getOutput(id); send({ jsonrpc, id, result:
 * output })`). A value that may be the call's: the call, awaited, a branch of a conditional or of `??`/`||`, a
 * variable written once that holds one.
 */

/** Bounds the variables followed from an answer back to a call. */
const MAX_DEPTH = 8;

/** The expressions a scope answers with: what it returns, or in dispatch the `result` of each response it sends. */
export function answerValues(root: TSESTree.Node, nodes: readonly TSESTree.Node[], dispatch: boolean, values: ValueResolver, visitorKeys: TSESLint.SourceCode.VisitorKeys): TSESTree.Node[] {
  if (!dispatch) return isFunction(root) ? returnedExpressions(root, visitorKeys) : [];
  const out: TSESTree.Node[] = [];
  for (const node of nodes) {
    if (node.type !== AST_NODE_TYPES.CallExpression || !isSender(node)) continue;
    for (const arg of node.arguments) {
      const sent = arg.type === AST_NODE_TYPES.SpreadElement ? undefined : sentValue(arg, values);
      const result = sent && isEnvelope(sent) && !findProperty(sent, "error") ? findProperty(sent, "result")?.value : undefined;
      if (result) out.push(result);
    }
  }
  return out;
}

/** Whether one of `answers` may be the value of `call` as it is. */
export function answersWith(answers: readonly TSESTree.Node[], call: TSESTree.CallExpression, values: ValueResolver): boolean {
  return answers.some((answer) => carries(answer, call, values, 0));
}

function carries(expression: TSESTree.Node, call: TSESTree.CallExpression, values: ValueResolver, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const inner = unwrap(expression);
  if (inner === call) return true;
  switch (inner.type) {
    case AST_NODE_TYPES.AwaitExpression:
      return carries(inner.argument, call, values, depth + 1);
    case AST_NODE_TYPES.ConditionalExpression:
      return carries(inner.consequent, call, values, depth + 1) || carries(inner.alternate, call, values, depth + 1);
    case AST_NODE_TYPES.LogicalExpression:
      return inner.operator !== "&&" && (carries(inner.left, call, values, depth + 1) || carries(inner.right, call, values, depth + 1));
    case AST_NODE_TYPES.Identifier: {
      const init = values.constInit(inner);
      return init !== undefined && carries(init, call, values, depth + 1);
    }
    default:
      return false;
  }
}
