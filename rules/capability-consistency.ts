import type { TSESTree } from "@typescript-eslint/utils";
import { type CapabilityFinding, capabilityFindings, sdkVersionsWithin } from "../src/analysis/index.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "unadvertisedHandler" | "missingHandler" | "missingLegacyClientHandler" | "missingHandlerUnknownOutcome" | "undefinedKey" | "renameKey";

/** The legacy SDKs whose ClientSideConnection answers a request the client class has no member for with a success (wire-tested: 0.28.1, 0.29.0, 1.8.0, 1.9.0). */
const LEGACY_CLIENT_SUCCESS = ">=0.28.0 <2.0.0";

const list = (items: readonly string[]) => items.map((i) => `\`${i}\``).join(" or ");

function keyText(node: TSESTree.Node, to: string): string {
  return node.type === "Literal" ? JSON.stringify(to) : to;
}

export default createRule<[], MessageIds>({
  name: "capability-consistency",
  meta: {
    type: "problem",
    docs: {
      description: "Require the capabilities advertised in initialize to match the handlers registered for them",
      spec: {
        requirement: "A receiver that does not implement a method, or receives a capability-gated method it did not advertise, SHOULD respond with -32601.",
        url: specUrl("error", "unknown-methods"),
      },
      recommended: "error",
    },
    hasSuggestions: true,
    messages: {
      unadvertisedHandler:
        "{{method}} is gated by {{capability}}, which this initialize literal does not advertise: the handler runs anyway, where the spec says a peer {{must}} answer an un-advertised {{what}} with {{code}}; advertise the capability or remove the handler.",
      missingHandler:
        "{{capability}} is advertised, but no {{methods}} handler is registered next to it: a peer that relies on the capability gets {{outcome}} instead of a result; register the handler or stop advertising the capability.",
      missingLegacyClientHandler:
        "{{capability}} is advertised, but this client class has no member for {{methods}}: the SDK's ClientSideConnection answers such a request with a success it makes up (null, or {} for a write, a terminal release or kill), so a peer that relies on the capability reads nothing as its result; add the member or stop advertising the capability.",
      missingHandlerUnknownOutcome:
        "{{capability}} is advertised, but this client class has no member for {{methods}}, so a peer that relies on the capability is not served; add the member or stop advertising the capability.",
      undefinedKey:
        "The schema defines no `{{name}}` in `{{place}}`{{otherSide}}, so it advertises nothing: write a capability the schema defines there{{hint}}.",
      renameKey: "Rename `{{name}}` to `{{suggestion}}`.",
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode }) {
    const findings = capabilityFindings(model, sourceCode);
    if (findings.length === 0) return;
    const v2 = model.settings.protocolVersion === 2;
    const legacyClientSuccess = sdkVersionsWithin(model.sdkVersions, LEGACY_CLIENT_SUCCESS);
    for (const finding of findings) reportFinding(finding, v2, legacyClientSuccess);

    function reportFinding(finding: CapabilityFinding, v2: boolean, legacyClientSuccess: boolean): void {
      switch (finding.kind) {
        case "unadvertised": {
          const elicitation = finding.wire === "elicitation/create";
          report({
            node: finding.node,
            messageId: "unadvertisedHandler",
            data: {
              method: finding.wire,
              capability: list(finding.capabilities),
              must: v2 ? "MUST" : "SHOULD",
              what: elicitation ? "elicitation mode" : "gated method",
              code: elicitation ? "-32602 (Invalid params)" : "-32601 (Method not found)",
            },
          });
          return;
        }
        case "missing": {
          const capability = `\`${finding.capability}\``;
          const methods = list(finding.wires);
          // A legacy client class is served by the SDK's ClientSideConnection, which answers what the class lacks
          // with a success on the versions tested, and with what no test has seen on the others: no outcome is quoted.
          if (finding.side === "client" && finding.ownerKind === "class" && !finding.fallback) {
            const messageId = legacyClientSuccess ? "missingLegacyClientHandler" : "missingHandlerUnknownOutcome";
            report({ node: finding.node, messageId, data: { capability, methods } });
            return;
          }
          const outcome = finding.fallback ? "the error its fallback throws" : "-32601 (Method not found)";
          report({ node: finding.node, messageId: "missingHandler", data: { capability, methods, outcome } });
          return;
        }
        case "undefinedKey": {
          const suggestion = finding.renames.length > 0 ? finding.suggestion : undefined;
          report({
            node: finding.node,
            messageId: "undefinedKey",
            data: {
              name: finding.name,
              place: finding.place,
              otherSide: finding.otherSide ? ` (it is a ${finding.side === "agent" ? "client" : "agent"} capability)` : "",
              hint: suggestion ? ` (\`${suggestion}\`)` : "",
            },
            suggest: suggestion
              ? [
                  {
                    messageId: "renameKey",
                    data: { name: finding.name, suggestion },
                    fix: (fixer) => finding.renames.map((r) => fixer.replaceText(r.node, keyText(r.node, r.to))),
                  },
                ]
              : [],
          });
          return;
        }
      }
    }
  },
});
