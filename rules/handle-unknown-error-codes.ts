import { endsFunction, exhaustivenessAssertion, isCodeSwitch, isUnguardedCodeLookup, switchHead } from "../src/analysis/index.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "fallsOffEnd" | "assertsExhaustive" | "unguardedLookup";

export default createRule<[], MessageIds>({
  name: "handle-unknown-error-codes",
  meta: {
    type: "problem",
    docs: {
      description: "Require error-code switches and lookups to treat an unrecognised code as a generic failure",
      spec: {
        requirement: "Receivers MUST treat an unrecognized error code as a generic failure.",
        url: specUrl("error", "error-codes"),
      },
      recommended: "error",
    },
    messages: {
      fallsOffEnd:
        "An error code this switch does not list falls off its end: receivers must treat an unrecognised code as a generic failure, so add a default that does.",
      assertsExhaustive:
        "This default asserts that no other code can arrive, but peers may send any code: treat an unrecognised code as a generic failure instead.",
      unguardedLookup:
        "This lookup gives undefined for an error code the table does not list: receivers must treat an unrecognised code as a generic failure, so add a fallback (`?? …`) or check the code first.",
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode }) {
    for (const node of model.nodes.switches) {
      if (!isCodeSwitch(node, model)) continue;
      const fallback = node.cases.find((clause) => clause.test === null);
      if (!fallback) {
        if (endsFunction(node)) report({ node, loc: switchHead(node, sourceCode), messageId: "fallsOffEnd" });
        continue;
      }
      const assertion = exhaustivenessAssertion(node, fallback, model, sourceCode);
      if (assertion) report({ node: assertion, messageId: "assertsExhaustive" });
    }
    for (const node of model.nodes.lookups) {
      if (isUnguardedCodeLookup(node, model, sourceCode)) report({ node, messageId: "unguardedLookup" });
    }
  },
});
