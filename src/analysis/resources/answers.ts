import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { siteCodes } from "../errors/answer-codes.js";
import { type AnswerContext, answerOf, helperThrow, sentAnswer } from "../errors/answers.js";
import { sendsResult } from "../errors/responses.js";
import { calleeName, findProperty, isFunction, memberName, unwrap } from "../syntax/ast.js";

import type { ResourceAnswer, ResourceScope } from "./types.js";

/** What a statement that ends a path answers with, and whether it throws; `undefined` when it cannot be told. */
export interface Ending {
  readonly answer: ResourceAnswer;
  readonly thrown: boolean;
}

/** A thrown (or, in dispatch, returned) expression's error: its codes, or -32603 for a plain `Error`. */
export function errorAnswer(expression: TSESTree.Node, ctx: AnswerContext): ResourceAnswer | undefined {
  const answer = answerOf(expression, ctx);
  if (!answer) return undefined;
  if (answer.kind === "internal") return { kind: "internal", node: answer.node };
  const codes = answer.kind === "site" ? siteCodes(answer.site, ctx.values) : ctx.values.numbers(answer.code);
  if (!codes || codes.length === 0) return undefined;
  return { kind: "error", node: answer.node, codes, ...(answer.kind === "site" ? { site: answer.site } : {}) };
}

/** `Promise.reject(x)`: x. */
function rejectedValue(node: TSESTree.Node): TSESTree.Node | undefined {
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.CallExpression || inner.callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const [value] = inner.arguments;
  const isReject = calleeName(inner.callee.object) === "Promise" && memberName(inner.callee) === "reject";
  return isReject && value && value.type !== AST_NODE_TYPES.SpreadElement ? value : undefined;
}

/** An object literal with no `error`: the result (or a success response) a dispatch branch returns. */
function isReturnedResult(node: TSESTree.Node, ctx: AnswerContext): boolean {
  const inner = unwrap(node);
  return inner.type === AST_NODE_TYPES.ObjectExpression && !ctx.sitesByNode.has(inner) && findProperty(inner, "error") === undefined;
}

/** What a call of a same-file helper that always throws answers: `fail(id);`, `?? missing(path)`. */
export function thrownByCall(call: TSESTree.CallExpression, ctx: AnswerContext): Ending | undefined {
  const thrown = helperThrow(call, ctx);
  const answer = thrown && errorAnswer(ctx.sitesByNode.has(call) ? call : thrown, ctx);
  return answer && { answer, thrown: true };
}

/**
 * What a statement answers, when it ends the request: a `throw`, a `return` (a result, except in hand-rolled
 * dispatch, where it is the response: an error or a result), a sent response in dispatch, a call of a same-file
 * helper that throws. `undefined` when it does not end the request or its answer is unknown (`throw err`).
 */
export function endingOf(statement: TSESTree.Node, ctx: AnswerContext, dispatch: boolean, sends = dispatch): Ending | undefined {
  if (statement.type === AST_NODE_TYPES.ThrowStatement) {
    const answer = errorAnswer(statement.argument, ctx);
    return answer && { answer, thrown: true };
  }
  if (statement.type === AST_NODE_TYPES.ReturnStatement) {
    const value = statement.argument;
    const rejected = value && rejectedValue(value);
    if (rejected) {
      const answer = errorAnswer(rejected, ctx);
      return answer && { answer, thrown: true };
    }
    if (!dispatch) return { answer: { kind: "success", node: statement }, thrown: false };
    if (!value) return undefined;
    if (isReturnedResult(value, ctx)) return { answer: { kind: "success", node: statement }, thrown: false };
    const answer = errorAnswer(value, ctx);
    return answer?.kind === "error" ? { answer, thrown: false } : undefined;
  }
  if (statement.type === AST_NODE_TYPES.ExpressionStatement) {
    const call = unwrap(statement.expression);
    const thrown = call.type === AST_NODE_TYPES.CallExpression ? thrownByCall(call, ctx) : undefined;
    if (thrown) return thrown;
    if (!sends) return undefined;
    const sent = sentAnswer(statement, ctx);
    if (sent) {
      const answer = errorAnswer(sent.node, ctx);
      return answer && { answer, thrown: false };
    }
    if (call.type === AST_NODE_TYPES.CallExpression && sendsResult(call, ctx)) {
      return { answer: { kind: "success", node: statement }, thrown: false };
    }
  }
  return undefined;
}

/** Whether a statement may end the request: it is or holds a `throw` or `return` outside nested functions. */
export function mayEnd(statement: TSESTree.Node, visitorKeys: AnswerContext["sourceCode"]["visitorKeys"]): boolean {
  let found = false;
  const visit = (node: TSESTree.Node): void => {
    if (found) return;
    if (node.type === AST_NODE_TYPES.ThrowStatement || node.type === AST_NODE_TYPES.ReturnStatement) {
      found = true;
      return;
    }
    if (node.type === AST_NODE_TYPES.FunctionExpression || node.type === AST_NODE_TYPES.ArrowFunctionExpression || node.type === AST_NODE_TYPES.FunctionDeclaration) return;
    for (const key of visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const item of Array.isArray(child) ? child : [child]) {
        if (item && typeof (item as TSESTree.Node).type === "string") visit(item as TSESTree.Node);
      }
    }
  };
  visit(statement);
  return found;
}

/**
 * Whether a helper's answer that is not thrown answers the request itself: one a dispatch branch's helper sends (its
 * scope's `sends`), not a value it gives back (`return …`), which goes to the caller.
 */
export function sentByHelper(scope: ResourceScope, answer: ResourceAnswer): boolean {
  if (!scope.helper || !scope.sends) return false;
  for (let at: TSESTree.Node | undefined = answer.node; at && at !== scope.root; at = at.parent) {
    if (at.type === AST_NODE_TYPES.ReturnStatement || isFunction(at)) return false;
  }
  return true;
}
