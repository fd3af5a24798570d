import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { type AnswerContext, answerOf } from "../errors/answers.js";
import type { ErrorClasses } from "../errors/error-classes.js";
import { argAt } from "../errors/error-sites.js";
import { unwrap } from "../syntax/ast.js";
import { codeNumbers } from "../values/code-numbers.js";
import { codesOf, lostValue, passedValue, type ValueContext } from "./lost-values.js";
import type { Entered } from "../summaries/throws.js";

export interface CodedContext extends ValueContext {
  readonly answers: AnswerContext;
  /** The model's error classes by name: RequestError, ResponseError, configured and local ones. */
  readonly errorClasses: ErrorClasses;
}

/**
 * The codes a thrown value carries, whatever it is: a RequestError or another JSON-RPC error class, a factory, or
 * any of the shapes lostValue knows. Undefined for a plain Error, or when the code cannot be told.
 */
export function carriedCodes(expression: TSESTree.Node, frames: readonly Entered[], ctx: CodedContext): readonly number[] | undefined {
  const lost = lostValue(expression, frames, ctx);
  if (lost) return lost.codes;
  const inner = unwrap(expression);
  if (inner.type === AST_NODE_TYPES.NewExpression) {
    // The class may be handed in: `fail(RpcError, …)` building `new Cls(code, message)`.
    const cls = ctx.errorClasses.ofCallee(passedValue(inner.callee, frames, ctx).node);
    if (cls?.codeIndex !== undefined) {
      const code = argAt(inner.arguments, cls.codeIndex);
      return code && codesOf(code, frames, ctx);
    }
    if (cls?.heldCode) return codeNumbers(cls.heldCode, ctx.values);
  }
  const answer = answerOf(expression, ctx.answers);
  if (answer?.kind === "held") return codeNumbers(answer.code, ctx.values);
  if (answer?.kind !== "site") return undefined;
  if (answer.site.factory) return [answer.site.factory.code];
  return answer.site.code ? codesOf(answer.site.code, frames, ctx) : undefined;
}
