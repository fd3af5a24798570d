import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { type CancelFinding, cancelFindings, throwIfAbortedSignal } from "../src/analysis/index.js";
import { specUrl } from "../src/protocol/links.js";
import { CANCELLED } from "../src/protocol/stop-reasons.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds =
  | "stopReasonAfterAbort"
  | "stopReasonAfterAbortV2"
  | "throwAfterAbort"
  | "errorAfterAbort"
  | "requestCancelledAfterAbort"
  | "neverCancelled"
  | "useCancelled"
  | "returnCancelled";

const CANCELLED_RESULT = `{ stopReason: "${CANCELLED}" }`;

/** The literal `"cancelled"` in the quotes the replaced literal used. */
function cancelledText(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): string {
  const quote = sourceCode.getText(node)[0];
  return quote === "'" || quote === "`" ? `${quote}${CANCELLED}${quote}` : `"${CANCELLED}"`;
}

export default createRule<[], MessageIds>({
  name: "prompt-cancel-stop-reason",
  meta: {
    type: "problem",
    docs: {
      description: "Require a cancelled prompt turn to be answered with the cancelled stop reason, not an error or another stop reason",
      spec: {
        requirement:
          "After all ongoing operations have been successfully aborted and pending updates have been sent, the Agent MUST respond to the original session/prompt request with the cancelled stop reason.",
        url: specUrl("prompt-turn", "cancellation"),
      },
      recommended: "error",
    },
    hasSuggestions: true,
    messages: {
      stopReasonAfterAbort:
        'This answers a cancelled prompt turn with stopReason "{{value}}", but after session/cancel the Agent MUST respond to the original session/prompt request with the cancelled stop reason: send "cancelled" here.',
      stopReasonAfterAbortV2:
        'In protocol version 2, Agents MUST report the cancelled stop reason when cancellation ends the turn, even if aborting causes exceptions, but this sends "{{value}}" once the turn was aborted: send "cancelled" here.',
      throwAfterAbort:
        'This throw answers a cancelled prompt turn with an error (the SDK sends -32603 Internal error for an abort error or any other value that is not a RequestError), but Agents MUST catch these errors and return the cancelled stop reason: return { stopReason: "cancelled" } instead.',
      errorAfterAbort:
        'This error response answers a cancelled prompt turn, but after session/cancel the Agent MUST respond to the original session/prompt request with the cancelled stop reason: send the result { stopReason: "cancelled" } instead.',
      requestCancelledAfterAbort:
        '-32800 Request cancelled answers a request cancelled with $/cancel_request, not a prompt turn cancelled with session/cancel: the Agent MUST respond to the original session/prompt request with the cancelled stop reason, so return { stopReason: "cancelled" } instead.',
      neverCancelled:
        'session/cancel aborts this prompt turn, but no result of this handler is "cancelled" (this one sends "{{value}}"): after session/cancel the Agent MUST respond to the original session/prompt request with the cancelled stop reason, so return { stopReason: "cancelled" } once the turn was aborted.',
      useCancelled: 'Send stopReason "cancelled".',
      returnCancelled: 'Return { stopReason: "cancelled" } instead.',
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode }) {
    function returnSuggestion(finding: CancelFinding & { kind: "throw" | "error" }): TSESLint.ReportSuggestionArray<MessageIds> {
      if (finding.kind !== "throw" || !finding.returnsResults) return [];
      const { node } = finding;
      if (node.type === AST_NODE_TYPES.ThrowStatement) {
        return [{ messageId: "returnCancelled", fix: (fixer) => fixer.replaceText(node, `return ${CANCELLED_RESULT};`) }];
      }
      // `signal.throwIfAborted();` becomes `if (signal.aborted) return { stopReason: "cancelled" };`.
      const statement = node.parent;
      const signal = throwIfAbortedSignal(node);
      if (statement?.type !== AST_NODE_TYPES.ExpressionStatement || !signal) return [];
      const test = `${sourceCode.getText(signal)}.aborted`;
      return [{ messageId: "returnCancelled", fix: (fixer) => fixer.replaceText(statement, `if (${test}) return ${CANCELLED_RESULT};`) }];
    }

    for (const finding of cancelFindings(model, sourceCode)) {
      const { node } = finding;
      switch (finding.kind) {
        case "stop-reason":
          report({
            node,
            messageId: "stopReasonAfterAbort",
            data: { value: finding.value },
            suggest: finding.replaceable
              ? [{ messageId: "useCancelled", fix: (fixer) => fixer.replaceText(node, cancelledText(node, sourceCode)) }]
              : [],
          });
          break;
        case "never-cancelled":
          report({ node, messageId: "neverCancelled", data: { value: finding.value } });
          break;
        case "throw":
        case "error":
          report({
            node,
            messageId: finding.requestCancelled ? "requestCancelledAfterAbort" : finding.kind === "throw" ? "throwAfterAbort" : "errorAfterAbort",
            suggest: returnSuggestion(finding),
          });
          break;
      }
    }
  },
});
