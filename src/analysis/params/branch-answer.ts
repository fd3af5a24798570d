import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { type Answer, type AnswerContext, answerOf, sentAnswer } from "../errors/answers.js";
import { calleeName, memberName, unwrap } from "../syntax/ast.js";

/** What a failing branch answers: the error and the statement that answers with it. */
export interface BranchAnswer {
  readonly answer: Answer;
  readonly statement: TSESTree.Node;
  /** Thrown (or rejected); otherwise returned or sent, which only hand-rolled dispatch answers with. */
  readonly thrown: boolean;
}

/** `Promise.reject(x)`: x. */
function rejected(node: TSESTree.Node): TSESTree.Node | undefined {
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.CallExpression || inner.callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  if (calleeName(inner.callee.object) !== "Promise" || memberName(inner.callee) !== "reject") return undefined;
  const [value] = inner.arguments;
  return value && value.type !== AST_NODE_TYPES.SpreadElement ? value : undefined;
}

/** `fail(-32603, "x");` where the same-file helper throws the error it builds. */
function thrownByHelper(statement: TSESTree.ExpressionStatement, ctx: AnswerContext): Answer | undefined {
  const site = ctx.sitesByNode.get(unwrap(statement.expression));
  if (site?.kind !== "helper-call" || site.inner?.node.parent?.type !== AST_NODE_TYPES.ThrowStatement) return undefined;
  return { kind: "site", site, node: site.node };
}

/**
 * The answer of a branch's own statements (not of nested blocks): the first `throw` or `return`, a rejected
 * promise, a call of a throwing helper, or an error response sent (hand-rolled dispatch). Undefined when the branch
 * answers with no error that can be told (a fallback to a default, a rethrow of what was caught).
 */
export function branchAnswer(branch: TSESTree.Node | readonly TSESTree.Node[], ctx: AnswerContext): BranchAnswer | undefined {
  const statements = Array.isArray(branch) ? branch : (branch as TSESTree.Node).type === AST_NODE_TYPES.BlockStatement ? (branch as TSESTree.BlockStatement).body : [branch as TSESTree.Node];
  for (const statement of statements) {
    if (statement.type === AST_NODE_TYPES.ThrowStatement) {
      const answer = answerOf(statement.argument, ctx);
      return answer && { answer, statement, thrown: true };
    }
    if (statement.type === AST_NODE_TYPES.ReturnStatement) {
      if (!statement.argument) return undefined;
      const reason = rejected(statement.argument);
      const answer = answerOf(reason ?? statement.argument, ctx);
      return answer && { answer, statement, thrown: reason !== undefined };
    }
    if (statement.type === AST_NODE_TYPES.ExpressionStatement) {
      const helper = thrownByHelper(statement, ctx);
      if (helper) return { answer: helper, statement, thrown: true };
      const sent = sentAnswer(statement, ctx);
      if (sent) return { answer: sent, statement, thrown: false };
    }
  }
  return undefined;
}
