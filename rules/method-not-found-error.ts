import type { TSESLint } from "@typescript-eslint/utils";
import { getModel } from "../src/analysis/index.js";
import { type FallbackFinding, fallbackFindings } from "../src/analysis/fallbacks/findings.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "wrongCode" | "wrongCodeMust" | "success" | "successMust" | "useMethodNotFound";

export default createRule<[], MessageIds>({
  name: "method-not-found-error",
  meta: {
    type: "problem",
    docs: {
      description: "Require dispatch fallbacks to answer an unknown method with -32601 Method not found",
      spec: {
        requirement: "A receiver that does not implement a method SHOULD respond with -32601.",
        url: specUrl("error", "unknown-methods"),
      },
      recommended: "error",
    },
    hasSuggestions: true,
    messages: {
      wrongCode:
        "This fallback answers a method nobody handles with {{code}}, but a receiver that does not implement a method should respond with -32601 Method not found: throw RequestError.methodNotFound(method).",
      wrongCodeMust:
        "This fallback answers a method nobody handles with {{code}}, but in protocol version 2 a receiver that does not implement a method MUST respond with -32601 Method not found: throw RequestError.methodNotFound(method).",
      success:
        "This fallback answers a method nobody handles with a success result, but a receiver that does not implement a method should respond with the error -32601 Method not found: throw RequestError.methodNotFound(method).",
      successMust:
        "This fallback answers a method nobody handles with a success result, but in protocol version 2 a receiver that does not implement a method MUST respond with the error -32601 Method not found: throw RequestError.methodNotFound(method).",
      useMethodNotFound: "Throw {{replacement}} instead.",
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      Program() {
        const model = getModel(context);
        const must = model.settings.protocolVersion === 2;
        const requestError = [...model.sdk.named].find(([, exported]) => exported === "RequestError")?.[0] ?? (model.sdk.namespaces.size > 0 ? `${[...model.sdk.namespaces][0]}.RequestError` : undefined);
        const suggestion = (f: FallbackFinding): TSESLint.SuggestionReportDescriptor<MessageIds>[] => {
          if (f.kind !== "code" || !requestError || !f.methodName) return [];
          const replacement = `${requestError}.methodNotFound(${f.methodName})`;
          return [{ messageId: "useMethodNotFound", data: { replacement }, fix: (fixer) => fixer.replaceText(f.node, replacement) }];
        };
        for (const f of fallbackFindings(model, context.sourceCode.visitorKeys)) {
          if (f.kind === "code") {
            context.report({ node: f.node, messageId: must ? "wrongCodeMust" : "wrongCode", data: { code: String(f.code) }, suggest: suggestion(f) });
          } else {
            context.report({ node: f.node, messageId: must ? "successMust" : "success" });
          }
        }
      },
    };
  },
});
