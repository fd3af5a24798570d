import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { REQUEST_CANCELLED } from "../../protocol/codes.js";
import { answerCodes } from "../errors/answer-codes.js";
import { type AnswerContext, answerOf, sentAnswer } from "../errors/answers.js";
import type { FileModel } from "../model.js";
import { memberName, unwrap } from "../syntax/ast.js";
import { isAfterAbort } from "./abort-paths.js";
import { type AbortContext, isAppSignal, isThrowIfAborted, polarityOf } from "./abort-tests.js";
import { isOwnCode, ownNodes } from "./handler-nodes.js";
import { type PromptHandlerFacts, promptFacts, type ResultLeaf } from "./prompt-facts.js";
import { givenBack } from "../summaries/summaries.js";
import { perModel } from "../syntax/per-model.js";
import { isCaught } from "../syntax/try-catch.js";
import { variableOf } from "../syntax/variables.js";

/**
 * What a prompt handler does wrong once its turn was cancelled:
 * - `stop-reason`: a result whose stop reason is not `"cancelled"`, on the path after an abort is recognised;
 * - `throw`: a throw (or `signal.throwIfAborted()`) there that leaves the handler; `requestCancelled` when it is -32800;
 * - `error`: in hand-rolled dispatch, an error response returned or sent there;
 * - `never-cancelled`: a result of a handler that cannot answer `"cancelled"` although `session/cancel` aborts its turn.
 */
export type CancelFinding =
  | { readonly kind: "stop-reason" | "never-cancelled"; readonly node: TSESTree.Node; readonly value: string; readonly replaceable: boolean }
  | { readonly kind: "throw" | "error"; readonly node: TSESTree.Node; readonly requestCancelled: boolean; readonly returnsResults: boolean };

/** Where a leaf is reported: at the value when it is the handler's own code, else where its result leaves the handler. */
const leafTarget = ({ leaf, result }: ResultLeaf) => (isOwnCode(leaf.node, result.handler) ? leaf.node : result.exit);

/** The handler returns result objects itself (not envelopes it sends), so `return { stopReason: "cancelled" }` fits. */
function returnsResults(facts: PromptHandlerFacts): boolean {
  return facts.leaves.some(({ result }) => {
    const parent = result.object.parent;
    return parent.type !== AST_NODE_TYPES.CallExpression && parent.type !== AST_NODE_TYPES.Property;
  });
}

/** Whether the handler tests for an abort anywhere: then the paths after that test are what is judged. */
function recognisesAbort(facts: PromptHandlerFacts, ctx: AbortContext): boolean {
  return ownNodes(facts.handler, ctx.sourceCode, true).some((node) => {
    switch (node.type) {
      case AST_NODE_TYPES.IfStatement:
      case AST_NODE_TYPES.ConditionalExpression:
      case AST_NODE_TYPES.WhileStatement:
      case AST_NODE_TYPES.DoWhileStatement:
        return polarityOf(node.test, ctx) !== undefined;
      case AST_NODE_TYPES.ForStatement:
        return node.test !== null && polarityOf(node.test, ctx) !== undefined;
      case AST_NODE_TYPES.LogicalExpression:
        return polarityOf(node.left, ctx) !== undefined;
      default:
        return isThrowIfAborted(node, ctx);
    }
  });
}

/**
 * Whether the turn `session/cancel` aborts is the handler's: it reads a flag that handler sets, or it names the
 * controller that handler aborts and reads a signal of the app's (so it runs abortable work). A turn stopped by a
 * call (`this.backend.interrupt(id)`) is this handler's when it works through the same object.
 */
function isCancelledTurn(facts: PromptHandlerFacts, ctx: Omit<AbortContext, "linked">): boolean {
  const { abortTargets, flagMembers, flagVariables, stopTargets } = ctx.cancel;
  if (stopTargets.size > 0 && ownNodes(facts.handler, ctx.sourceCode, true).some((node) => stoppedThrough(node, stopTargets, ctx.sourceCode))) return true;
  let named = false;
  let signal = false;
  for (const node of ownNodes(facts.handler, ctx.sourceCode, true)) {
    if (node.type === AST_NODE_TYPES.MemberExpression) {
      const name = memberName(node) ?? "";
      if (flagMembers.has(name)) return true;
      if (abortTargets.has(name)) named = true;
      if (name === "signal" && isAppSignal(node, ctx)) signal = true;
    } else if (node.type === AST_NODE_TYPES.Identifier) {
      if (abortTargets.has(node.name)) named = true;
      if (flagVariables.size > 0) {
        const variable = variableOf(ctx.sourceCode, node);
        if (variable && flagVariables.has(variable)) return true;
      }
    }
  }
  return named && signal;
}

/** A call on an object the cancel handler stops (`await this.backend.run(...)` when cancel calls `this.backend.interrupt(id)`). */
function stoppedThrough(node: TSESTree.Node, targets: ReadonlySet<string>, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  if (node.type !== AST_NODE_TYPES.CallExpression) return false;
  const callee = unwrap(node.callee);
  if (callee.type === AST_NODE_TYPES.MemberExpression) {
    const object = unwrap(callee.object);
    const name = object.type === AST_NODE_TYPES.Identifier ? object.name : object.type === AST_NODE_TYPES.MemberExpression ? memberName(object) : undefined;
    // The call itself runs on the stopped object, whatever its method gives back (`this.manager.sendPrompt(id, text)`).
    if (name !== undefined && targets.has(name)) return true;
  }
  // `resolveEntry(params)` returning `pending.get(p.sessionId)`: what the helper gives back.
  const given = givenBack(sourceCode, node);
  return given ? stoppedThrough(given, targets, sourceCode) : false;
}

function afterAbortFindings(facts: PromptHandlerFacts, ctx: AbortContext, answers: AnswerContext, values: FileModel["values"]): CancelFinding[] {
  const { handler } = facts;
  const root = handler.body;
  const out: CancelFinding[] = [];
  // A handler that neither runs the aborted turn nor reads a flag the cancel handler sets has no test that tells an abort.
  if (!ctx.linked) return out;
  for (const item of facts.leaves) {
    const { leaf, result } = item;
    if (leaf.value === undefined || leaf.value === "cancelled") continue;
    const own = isOwnCode(leaf.node, handler);
    if (!isAfterAbort(own ? leaf.node : result.exit, root, ctx)) continue;
    out.push({ kind: "stop-reason", node: leafTarget(item), value: leaf.value, replaceable: own });
  }
  const catchRoot = handler.fn ?? root;
  const codesOf = (node: TSESTree.Node) => {
    const answer = answerOf(node, answers);
    return answer ? answerCodes(answer, values) : undefined;
  };
  const cancelled = (codes: readonly number[] | undefined) => codes !== undefined && codes.length > 0 && codes.every((c) => c === REQUEST_CANCELLED);
  const fits = returnsResults(facts);
  for (const node of ownNodes(handler, ctx.sourceCode)) {
    if (node.type === AST_NODE_TYPES.ThrowStatement) {
      if (!isAfterAbort(node, root, ctx) || isCaught(node, catchRoot)) continue;
      out.push({ kind: "throw", node, requestCancelled: cancelled(codesOf(node.argument)), returnsResults: fits });
    } else if (isThrowIfAborted(node, ctx)) {
      if (isCaught(node, catchRoot)) continue;
      out.push({ kind: "throw", node, requestCancelled: false, returnsResults: fits });
    } else if (handler.style === "dispatch" && (node.type === AST_NODE_TYPES.ReturnStatement || node.type === AST_NODE_TYPES.ExpressionStatement)) {
      const answer = node.type === AST_NODE_TYPES.ReturnStatement ? (node.argument ? answerOf(node.argument, answers) : undefined) : sentAnswer(node, answers);
      // A returned plain Error is no response of a dispatcher's; only error responses count.
      if (!answer || answer.kind !== "site" || !isAfterAbort(node, root, ctx)) continue;
      out.push({ kind: "error", node: answer.node, requestCancelled: cancelled(answerCodes(answer, values)), returnsResults: false });
    }
  }
  return out;
}

/** A handler that never answers `"cancelled"` although `session/cancel` aborts its turn: each of its results. */
function neverCancelled(facts: PromptHandlerFacts, ctx: AbortContext, answers: AnswerContext): CancelFinding[] {
  if (!ctx.cancel.cancels || facts.leaves.length === 0) return [];
  // Every way out must be a told result (or, in dispatch, an error response), every stop reason certain.
  for (const exit of facts.exits) {
    if (exit.results) continue;
    const answer = facts.handler.style === "dispatch" ? answerOf(exit.node, answers) : undefined;
    if (answer?.kind !== "site") return [];
  }
  if (facts.leaves.some(({ leaf }) => leaf.value === undefined || leaf.value === "cancelled")) return [];
  if (!ctx.linked || recognisesAbort(facts, ctx)) return [];
  return facts.leaves.map((item) => ({
    kind: "never-cancelled",
    node: leafTarget(item),
    value: item.leaf.value!,
    replaceable: false,
  }));
}

/** What the file's prompt handlers do wrong after `session/cancel`; found once per file. */
export const cancelFindings = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly CancelFinding[] => {
  const facts = promptFacts(model, sourceCode);
  const out: CancelFinding[] = [];
  if (facts.prompts.length > 0) {
    const answers: AnswerContext = model.answers;
    for (const prompt of facts.prompts) {
      const base = { sourceCode, values: model.values, handler: prompt.handler, cancel: facts.cancel };
      const ctx: AbortContext = { ...base, linked: facts.cancel.cancels && isCancelledTurn(prompt, base) };
      out.push(...afterAbortFindings(prompt, ctx, answers, model.values), ...neverCancelled(prompt, ctx, answers));
    }
  }
  const seen = new Set<TSESTree.Node>();
  return out.filter((f) => !seen.has(f.node) && seen.add(f.node));
});

/** The text of a signal a `throwIfAborted()` call is made on, for the suggestion that tests it instead. */
export function throwIfAbortedSignal(node: TSESTree.Node): TSESTree.Node | undefined {
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrap(inner.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression ? callee.object : undefined;
}
