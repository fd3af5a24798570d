import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { codeReplacement, type ErrorSite, fallbackFindings, type FileModel, messageText, type UnsupportedFinding, unsupportedFindings, unwrap } from "../src/analysis/index.js";
import { INVALID_PARAMS, METHOD_NOT_FOUND } from "../src/protocol/codes.js";
import { specUrl } from "../src/protocol/links.js";
import { V2_ITEM_CANCELS } from "../src/protocol/methods.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds =
  | "wrongCode"
  | "wrongCodeMust"
  | "plainError"
  | "plainErrorMust"
  | "success"
  | "successMust"
  | "unsupported"
  | "unsupportedMust"
  | "cancelNotSupported"
  | "useMethodNotFound"
  | "useCode";

type Suggestions = TSESLint.SuggestionReportDescriptor<MessageIds>[];

/** Methods whose unsupported parameter values are answered with -32602: a config value of the wrong type (a MUST in v2), a mode, a cursor. */
const VALUE_METHODS: ReadonlySet<string> = new Set(["session/set_config_option", "session/set_mode", "session/list"]);
/** Words that make a "not supported" message about a parameter's value, not the method (`set_config_option` is one word). */
const SPEAKS_OF_VALUE = /\b(?:values?|types?|options?|config|modes?|cursors?)\b/i;

/**
 * A "not supported" error of set_config_option, set_mode or session/list that speaks of a value and is not the
 * handler's whole body: an unsupported value, which the spec answers with -32602, not an unsupported method.
 */
function refusesValue(f: UnsupportedFinding, model: FileModel): boolean {
  if (!VALUE_METHODS.has(f.handler.method.wire)) return false;
  const body = f.handler.fn?.body;
  const statements = body?.type === "BlockStatement" ? body.body : [];
  if (statements.length === 1 && statements[0]?.type === "ThrowStatement" && unwrap(statements[0].argument) === f.node) return false;
  const message = f.site ? f.site.message : f.node.type === "NewExpression" || f.node.type === "CallExpression" ? f.node.arguments[0] : undefined;
  return SPEAKS_OF_VALUE.test(messageText(message ?? undefined, model.values) ?? "");
}

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
        "This fallback answers a method nobody handles with {{code}}, but a receiver that does not implement a method should respond with -32601 Method not found: answer with RequestError.methodNotFound(method).",
      wrongCodeMust:
        "This fallback answers a method nobody handles with {{code}}, but in protocol version 2 a receiver that does not implement a method MUST respond with -32601 Method not found: answer with RequestError.methodNotFound(method).",
      plainError:
        "This fallback throws a plain Error for a method nobody handles, which carries no code, but a receiver that does not implement a method should respond with -32601 Method not found: answer with RequestError.methodNotFound(method).",
      plainErrorMust:
        "This fallback throws a plain Error for a method nobody handles, which carries no code, but in protocol version 2 a receiver that does not implement a method MUST respond with -32601 Method not found: answer with RequestError.methodNotFound(method).",
      success:
        "This fallback answers a method nobody handles with a success result, but a receiver that does not implement a method should respond with the error -32601 Method not found: throw RequestError.methodNotFound(method).",
      successMust:
        "This fallback answers a method nobody handles with a success result, but in protocol version 2 a receiver that does not implement a method MUST respond with the error -32601 Method not found: throw RequestError.methodNotFound(method).",
      unsupported:
        "This error says the method is not supported but is sent with {{code}}: a receiver that does not implement a method should respond with -32601 Method not found (RequestError.methodNotFound).",
      unsupportedMust:
        "This error says the method is not supported but is sent with {{code}}: in protocol version 2 a receiver that does not implement a method MUST respond with -32601 Method not found (RequestError.methodNotFound).",
      cancelNotSupported:
        "This error says {{method}} is not supported but is sent with {{code}}: in protocol version 2 an agent answers {{method}} of an item that does not advertise cancel with -32602 Invalid params, so throw RequestError.invalidParams() (not -32601).",
      useMethodNotFound: "Answer with {{replacement}} instead.",
      useCode: "Use the code {{replacement}}.",
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode }) {
    const must = model.settings.protocolVersion === 2;
    const text = (node: TSESTree.Node) => sourceCode.getText(node);
    const requestError = model.sdk.requestErrorName();

    const suggest = (node: TSESTree.Node, site: ErrorSite | undefined, methodName: string | undefined): Suggestions => {
      // A hand-rolled error object: keep its shape, change the code.
      if (site?.kind === "object" && site.code && !site.sdk) {
        const replacement = codeReplacement(site.code, METHOD_NOT_FOUND, site.message, model);
        // No name for -32601 that adds no finding: in a file with the SDK, the factory's own error object.
        if (!replacement) {
          if (!requestError || !methodName) return [];
          const object = `${requestError}.methodNotFound(${methodName}).toErrorResponse()`;
          return [{ messageId: "useMethodNotFound", data: { replacement: object }, fix: (fixer) => fixer.replaceText(site.node, object) }];
        }
        const code = site.code;
        // A standard message of another code would then contradict the code: give -32601's own.
        const message = site.message && site.message.type === "Literal" ? site.message : undefined;
        const standard = message && [...model.acpCodes.values()].some((c) => c.message === message.value && c.code !== METHOD_NOT_FOUND);
        const ownMessage = model.acpCodes.get(METHOD_NOT_FOUND)?.message ?? "Method not found";
        return [
          {
            messageId: "useCode",
            data: { replacement },
            fix: (fixer) => [fixer.replaceText(code, replacement), ...(standard && message ? [fixer.replaceText(message, JSON.stringify(ownMessage))] : [])],
          },
        ];
      }
      if (!requestError || !methodName) return [];
      const isErrorValue = !site || site.kind === "construct" || site.kind === "factory" || site.kind === "assign";
      if (!isErrorValue) return [];
      const replacement = `${requestError}.methodNotFound(${methodName})`;
      return [{ messageId: "useMethodNotFound", data: { replacement }, fix: (fixer) => fixer.replaceText(unwrap(node), replacement) }];
    };

    // A place both analyses find is reported once, as the fallback's (createRule's report keeps the first).
    for (const f of fallbackFindings(model, sourceCode, text)) {
      if (f.kind === "code" && f.code === undefined) {
        report({ node: f.node, messageId: must ? "plainErrorMust" : "plainError", suggest: suggest(f.node, f.site, f.source.methodName) });
      } else if (f.kind === "code") {
        const messageId = must ? "wrongCodeMust" : "wrongCode";
        report({ node: f.node, messageId, data: { code: String(f.code) }, suggest: suggest(f.node, f.site, f.source.methodName) });
      } else {
        report({ node: f.node, messageId: must ? "successMust" : "success" });
      }
    }
    for (const f of unsupportedFindings(model, sourceCode)) {
      const wire = JSON.stringify(f.handler.method.wire);
      if (refusesValue(f, model)) continue;
      // Version 2 wants -32602 for a tool call or terminal that cannot be cancelled, not -32601.
      if (must && V2_ITEM_CANCELS.has(f.handler.method.wire)) {
        if (f.code !== INVALID_PARAMS) report({ node: f.node, messageId: "cancelNotSupported", data: { method: f.handler.method.wire, code: String(f.code) } });
        continue;
      }
      report({ node: f.node, messageId: must ? "unsupportedMust" : "unsupported", data: { code: String(f.code) }, suggest: suggest(f.node, f.site, wire) });
    }
  },
});
