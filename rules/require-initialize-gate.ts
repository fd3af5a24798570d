import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { codeReplacement, type ErrorSite, type FileModel, initializationSites, invalidRequestText, type NotInitializedThrow, notInitializedThrows, plainErrorFactoryCall, REPEATED_INITIALIZE, ungatedApps, ungatedLegacyClasses } from "../src/analysis/index.js";
import { INVALID_REQUEST } from "../src/protocol/codes.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "ungatedApp" | "ungatedAppV2" | "wrongCode" | "wrongCodeV2" | "plainError" | "plainErrorV2" | "plainErrorThrough" | "plainErrorThroughV2" | "repeatedInitialize" | "ungatedLegacy" | "ungatedLegacyV2" | "useInvalidRequest";
type Options = [{ legacyAgents?: boolean }];

/** The SDK's `RequestError.invalidRequest(data, message)` for an SDK-built error, else -32600 as the file names codes. */
function invalidRequestSuggestion(site: ErrorSite, model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): TSESLint.SuggestionReportDescriptor<MessageIds>[] {
  const text = invalidRequestText(site, sourceCode);
  if (text) return [{ messageId: "useInvalidRequest", fix: (f) => f.replaceText(site.node, text) }];
  const code = site.code;
  const replacement = code && codeReplacement(code, INVALID_REQUEST, site.message, model);
  return code && replacement ? [{ messageId: "useInvalidRequest", fix: (f) => f.replaceText(code, replacement) }] : [];
}

/** `RequestError.invalidRequest(undefined, message)` in place of a thrown plain Error, as the file names the class. */
function plainErrorSuggestion(thrown: NotInitializedThrow, model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): TSESLint.SuggestionReportDescriptor<MessageIds>[] {
  const text = plainErrorFactoryCall(thrown.node, "invalidRequest", model, sourceCode);
  return text === undefined ? [] : [{ messageId: "useInvalidRequest", fix: (f) => f.replaceText(thrown.node, text) }];
}

export default createRule<Options, MessageIds>({
  name: "require-initialize-gate",
  meta: {
    type: "problem",
    docs: {
      description: "Require agents to reject requests that arrive before initialize with -32600 Invalid request",
      spec: {
        requirement: "Agents SHOULD reject any request other than initialize that arrives before initialization completes with -32600.",
        url: specUrl("initialization"),
      },
      recommended: "error",
      strictOptions: [{ legacyAgents: true }],
    },
    hasSuggestions: true,
    messages: {
      ungatedApp:
        "This app registers requests but no two-argument onRequest(methods.agent.initialize, handler), so the SDK answers requests before initialize; agents SHOULD reject them with -32600: register the initialize handler with two arguments.",
      ungatedAppV2:
        "This app registers requests but no two-argument onRequest(methods.agent.initialize, handler), so the SDK answers requests before initialize; agents MUST reject them with -32600: register the initialize handler with two arguments.",
      wrongCode: "A request before initialize SHOULD be rejected with -32600 Invalid request, not {{code}}: use -32600.",
      wrongCodeV2: "A request before initialize MUST be rejected with -32600 Invalid request, not {{code}}: use -32600.",
      plainError:
        "A request before initialize SHOULD be rejected with -32600 Invalid request, but a thrown value that is not a RequestError goes out as -32603 Internal error: throw RequestError.invalidRequest() instead.",
      plainErrorV2:
        "A request before initialize MUST be rejected with -32600 Invalid request, but a thrown value that is not a RequestError goes out as -32603 Internal error: throw RequestError.invalidRequest() instead.",
      plainErrorThrough:
        "This call reaches {{helper}} ({{file}}), which rejects a request before initialize with a thrown value that is not a RequestError: it goes out as -32603 Internal error, but such a request SHOULD be rejected with -32600 Invalid request: throw RequestError.invalidRequest() there.",
      plainErrorThroughV2:
        "This call reaches {{helper}} ({{file}}), which rejects a request before initialize with a thrown value that is not a RequestError: it goes out as -32603 Internal error, but such a request MUST be rejected with -32600 Invalid request: throw RequestError.invalidRequest() there.",
      repeatedInitialize: "In protocol version 2 a repeated initialize MUST be rejected with -32600 Invalid request, not {{code}}: use -32600.",
      ungatedLegacy:
        "No SDK version gates a legacy Agent class, and this one checks no initialization flag, so requests before initialize are answered; agents SHOULD reject them with -32600: set a flag in initialize() and reject with RequestError.invalidRequest() while it is unset.",
      ungatedLegacyV2:
        "No SDK version gates a legacy Agent class, and this one checks no initialization flag, so requests before initialize are answered; agents MUST reject them with -32600: set a flag in initialize() and reject with RequestError.invalidRequest() while it is unset.",
      useInvalidRequest: "Answer with -32600 Invalid request.",
    },
    schema: [
      {
        type: "object",
        properties: {
          legacyAgents: { type: "boolean", description: "Also report legacy Agent classes that check no initialization flag (no SDK version gates them)." },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ legacyAgents: false }],
  },
  defaultOptions: [{ legacyAgents: false }],
  check(model, report, { sourceCode, options: [{ legacyAgents }] }) {
    for (const call of ungatedApps(model, sourceCode)) report({ node: call, messageId: "ungatedApp" });
    const reportSite = (site: ErrorSite, messageId: MessageIds) => {
      const node: TSESTree.Node = site.code ?? site.node;
      const code = site.factory ? `${site.factory.name}() (${site.factory.code})` : sourceCode.getText(node);
      report({ node, messageId, data: { code }, suggest: invalidRequestSuggestion(site, model, sourceCode) });
    };
    // The sites prefer-error-factory's advice follows too (errors/site-meaning.ts): a request before initialize, and
    // in version 2 (version 1 says nothing of it) a repeated initialize.
    for (const [site, misuse] of initializationSites(model, sourceCode)) {
      reportSite(site, misuse === REPEATED_INITIALIZE ? "repeatedInitialize" : "wrongCode");
    }
    for (const thrown of notInitializedThrows(model)) {
      if (thrown.through) {
        report({ node: thrown.node, messageId: "plainErrorThrough", data: { helper: thrown.through.helper, file: thrown.through.file } });
      } else {
        report({ node: thrown.node, messageId: "plainError", suggest: plainErrorSuggestion(thrown, model, sourceCode) });
      }
    }
    if (legacyAgents) {
      for (const cls of ungatedLegacyClasses(model, sourceCode)) {
        report({ node: cls.id ?? cls, messageId: "ungatedLegacy" });
      }
    }
  },
});
