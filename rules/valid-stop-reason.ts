import { closestStopReason, promptFacts, stateUpdateStopLeaves, type StopLeaf } from "../src/analysis/index.js";
import { specUrl } from "../src/protocol/links.js";
import { isStopReason, STOP_REASONS } from "../src/protocol/stop-reasons.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "unknownStopReason" | "unknownStopReasonV2" | "useStopReason";

const listed = (values: readonly string[]) => values.map((v) => `"${v}"`).join(", ");

export default createRule<[], MessageIds>({
  name: "valid-stop-reason",
  meta: {
    type: "problem",
    docs: {
      description: "Require the stopReason of a prompt result to be one the protocol defines",
      spec: {
        requirement: "When an Agent stops a turn, it must specify the corresponding StopReason.",
        url: specUrl("prompt-turn", "stop-reasons"),
      },
      recommended: "error",
    },
    hasSuggestions: true,
    messages: {
      unknownStopReason:
        '"{{value}}" is not a stop reason ACP defines: the Agent MUST respond to session/prompt with a StopReason, one of {{defined}}; use the one that says why the turn stopped.',
      unknownStopReasonV2:
        '"{{value}}" is not a stop reason protocol version 2 defines, and version 2 reserves unknown values for future ACP variants: use one of {{defined}}, or an extension value that begins with "_".',
      useStopReason: 'Use "{{value}}".',
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode }) {
    const version = model.settings.protocolVersion;
    const defined = STOP_REASONS[version];
    const leaves: StopLeaf[] = promptFacts(model, sourceCode).prompts.flatMap((p) => p.leaves.map(({ leaf }) => leaf));
    // Version 2 reports the stop reason on an idle state update.
    if (version === 2) leaves.push(...stateUpdateStopLeaves(model, sourceCode));
    for (const leaf of leaves) {
      if (leaf.value === undefined || isStopReason(leaf.value, version)) continue;
      const closest = leaf.literal ? closestStopReason(leaf.value, defined) : undefined;
      const node = leaf.node;
      const quote = sourceCode.getText(node)[0] === "'" ? "'" : '"';
      report({
        node,
        messageId: "unknownStopReason",
        data: { value: leaf.value, defined: listed(defined) },
        suggest: closest
          ? [{ messageId: "useStopReason", data: { value: closest }, fix: (fixer) => fixer.replaceText(node, `${quote}${closest}${quote}`) }]
          : [],
      });
    }
  },
});
