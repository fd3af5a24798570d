import type { TSESLint } from "@typescript-eslint/utils";
import { connectionFix, connectionName, factoryAdvice, type FileModel, fixText, invalidParamsFix, type ParamsFinding, paramsFindings } from "../src/analysis/index.js";
import { INVALID_PARAMS } from "../src/protocol/codes.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "unsupportedValue" | "malformedParams" | "valueTypeV2" | "useInvalidParams";

/** What failed, as the messages name it. */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  mode: "an unknown mode in session/set_mode",
  configId: "an unknown configId in session/set_config_option",
  value: "a value the config option does not offer in session/set_config_option",
  cursor: "an invalid session/list cursor",
  methodId: "an unsupported value (here an authenticate methodId that no advertised auth method has)",
};

/** The code an error goes out with, as the messages name it. */
function codeText(finding: ParamsFinding, model: FileModel): string {
  const { answer } = finding;
  if (finding.caught) {
    const code = finding.codes[0]!;
    const name = model.acpCodes.get(code)?.message;
    const by = finding.connection === undefined ? "what the dispatcher's catch answers every thrown error with" : `what ${connectionName(finding.connection)}'s catch sends for it`;
    return `${code} ${name ?? "(an implementation-specific code)"} (${by})`;
  }
  if (answer.kind === "internal" || finding.lost) return "-32603 Internal error (a thrown value that is not a RequestError goes out as that)";
  const factory = answer.kind === "site" ? answer.site.factory : undefined;
  const code = finding.codes.find((c) => c !== INVALID_PARAMS)!;
  const name = model.acpCodes.get(code)?.message;
  const described = name ? `${code} ${name}` : `${code} (an implementation-specific code)`;
  return factory ? `${factory.name}() (${described})` : described;
}

/** How the messages name a rewrite: a factory call as the SDK's advice (not the call's own arguments), a code as it is. */
function fixName(replacement: string, model: FileModel): string {
  return replacement.includes(".invalidParams(") ? factoryAdvice(model, "invalidParams") : replacement;
}

export default createRule<[], MessageIds>({
  name: "invalid-params-error",
  meta: {
    type: "problem",
    docs: {
      description: "Require malformed params and unsupported values (unknown mode, configId, value, cursor) to be answered with -32602 Invalid params",
      spec: {
        requirement:
          "Malformed parameters and unsupported values get -32602: an invalid session/list cursor, an unknown configId or value in session/set_config_option, an unknown mode in session/set_mode.",
        url: specUrl("error", "invalid-parameters"),
      },
      recommended: "error",
    },
    hasSuggestions: true,
    messages: {
      unsupportedValue: "The Errors page answers {{what}} with -32602 Invalid params, but it is answered {{where}} with {{code}}: use {{fix}}.",
      malformedParams: "The Errors page answers malformed params with -32602 Invalid params, but {{what}} is answered {{where}} with {{code}}: use {{fix}}.",
      valueTypeV2:
        "In protocol version 2, a session/set_config_option value of the wrong type gets -32602 Invalid params, but it is answered {{where}} with {{code}}: use {{fix}}.",
      useInvalidParams: "Answer with -32602 Invalid params: {{text}}.",
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode }) {
    if (model.handlers.handlers.length === 0) return;
    const v2 = model.settings.protocolVersion === 2;
    for (const finding of paramsFindings(model, sourceCode)) {
      const code = codeText(finding, model);
      // An answer of a helper in another module is reported at the handler's call of it, with no edit there.
      const node = finding.reportAt ?? finding.answer.node;
      const sdkHandler = finding.handler.style !== "dispatch" && finding.handler.style !== "jsonrpc";
      // The dispatcher's catch answers with its own code whatever is thrown: no edit at the throw changes that.
      const replacement = finding.reportAt || finding.caught ? undefined : invalidParamsFix(finding.answer, model, sourceCode, sdkHandler);
      // The rewrite is the fix to name: the factory, or a code put in place of the old one (`ErrorCodes.InvalidParams`).
      const fix = replacement
        ? fixName(replacement.text, model)
        : finding.connection
          ? connectionFix(finding.connection, INVALID_PARAMS)
          : fixText(model, finding.handler.style);
      const suggest = replacement
        ? [{ messageId: "useInvalidParams" as const, data: { text: replacement.text }, fix: (f: TSESLint.RuleFixer) => f.replaceText(replacement.node, replacement.text) }]
        : [];
      const what = UNSUPPORTED[finding.kind];
      if (what) report({ node, from: finding.answer.node, messageId: "unsupportedValue", data: { what, code, fix }, suggest });
      else if (finding.kind === "valueType" && v2) report({ node, from: finding.answer.node, messageId: "valueTypeV2", data: { code, fix }, suggest });
      else {
        const subject =
          finding.kind === "valueType" ? "a `value` of the wrong type" : finding.kind === "field" ? `a missing or mistyped \`${finding.field}\`` : "a failed validation of the params";
        report({ node, from: finding.answer.node, messageId: "malformedParams", data: { what: subject, code, fix }, suggest });
      }
    }
  },
});
