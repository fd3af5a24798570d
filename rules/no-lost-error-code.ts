import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { catchAllLosses, caughtNumericCode, type LostShape, type LostThrow, sdkLostThrows } from "../src/analysis/index.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "lostCode" | "lostClassCode" | "lostStringCode" | "lostCodeThrough" | "lostInCatchAll" | "useRequestError" | "useErrorCode";

/** How each shape is named in the message. */
const WHAT: Readonly<Record<Exclude<LostShape, "local-class" | "held-class">, string>> = {
  object: "object",
  assign: "Error given a code by Object.assign",
  "code-assignment": "Error given a code by `.code =`",
  helper: "error built by a helper",
};

const codeList = (codes: readonly number[]) => codes.join(" or ");

export default createRule<[], MessageIds>({
  name: "no-lost-error-code",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow thrown errors whose code the SDK drops, and catch-alls that answer every error with one code",
      spec: {
        requirement: "Failed requests return a JSON-RPC 2.0 error object: code, an integer identifying the kind of error; message; data (optional).",
        url: specUrl("error"),
      },
      recommended: "error",
    },
    hasSuggestions: true,
    messages: {
      lostCode:
        "This {{what}} is not a RequestError, so the SDK sends it as -32603 Internal error and the code {{code}} it carries is lost with its data; throw a RequestError with that code instead.",
      lostClassCode:
        "{{name}} does not extend RequestError, so the SDK sends it as -32603 Internal error and the code {{code}} it carries is lost with its data; make {{name}} extend RequestError or throw a RequestError with that code.",
      lostStringCode:
        "{{name}} is not a RequestError, so the SDK sends it as -32603 Internal error and its code {{code}} is lost with its data (a JSON-RPC code is an integer): throw a RequestError with the integer code the situation calls for.",
      lostCodeThrough:
        "This call reaches {{helper}} ({{file}}), which throws {{what}} that is not a RequestError, so the SDK sends it as -32603 Internal error and the code {{code}} it carries is lost with its data; throw a RequestError with that code there.",
      lostInCatchAll:
        "This catch answers every error with {{fixed}}, so the codes the handlers throw ({{code}} in {{method}}, line {{line}}) are lost; answer with the error's own code when it has one.",
      useRequestError: "Throw `new {{name}}({{code}}, …)` instead.",
      useErrorCode: "Use the error's code when it is a number, {{fixed}} otherwise.",
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode, filename }) {
    /** `new RequestError(code, message[, data])` in place of the thrown value, from the value's own parts. */
    function conversion(lost: LostThrow, name: string | undefined): TSESLint.ReportSuggestionArray<MessageIds> {
      const parts = lost.value.parts;
      if (!parts || !name) return [];
      const args = [parts.code, parts.message, ...(parts.data ? [parts.data] : [])].map((n) => sourceCode.getText(n));
      return [
        {
          messageId: "useRequestError",
          data: { name, code: sourceCode.getText(parts.code) },
          fix: (fixer) => fixer.replaceText(lost.node, `new ${name}(${args.join(", ")})`),
        },
      ];
    }

    /** A throw of another module, at this file's call that leads to it: no suggestion, the value is not here. */
    function reportThrough(lost: LostThrow, through: NonNullable<LostThrow["through"]>) {
      const shape = lost.value.shape;
      const what = shape === "local-class" || shape === "held-class" ? `a ${lost.value.className ?? "value of its own class"}` : `an ${WHAT[shape]}`;
      report({ node: lost.node, messageId: "lostCodeThrough", data: { helper: through.helper, file: through.file, what, code: codeList(lost.value.codes) } });
    }

    function reportThrow(lost: LostThrow, name: string | undefined) {
      if (lost.through) return reportThrough(lost, lost.through);
      const code = codeList(lost.value.codes);
      const suggest = conversion(lost, name);
      if (lost.value.stringCode !== undefined) {
        report({ node: lost.node, messageId: "lostStringCode", data: { name: lost.value.className ?? "This class", code: JSON.stringify(lost.value.stringCode) } });
      } else if (lost.value.shape === "local-class" || lost.value.shape === "held-class") {
        report({ node: lost.node, messageId: "lostClassCode", data: { name: lost.value.className ?? "This class", code }, suggest });
      } else {
        report({ node: lost.node, messageId: "lostCode", data: { what: WHAT[lost.value.shape], code }, suggest });
      }
    }

    const thrown = sdkLostThrows(model, sourceCode);
    const name = thrown.length > 0 ? model.sdk.requestErrorName() : undefined;
    for (const lost of thrown) reportThrow(lost, name);
    for (const loss of catchAllLosses(model, sourceCode)) {
      const fixed = String(loss.fixed);
      const data = { fixed, code: String(loss.lost.code), method: loss.lost.method ?? "a handler", line: String(loss.lost.node.loc.start.line) };
      // The caught value read where the code is written: no suggestion when the catch has no name for it there.
      const kept = loss.param && caughtNumericCode(loss.param, sourceCode.getText(loss.node), loss.node, { sourceCode, filename: filename });
      const suggest: TSESLint.ReportSuggestionArray<MessageIds> =
        kept === undefined
          ? []
          : [
              {
                messageId: "useErrorCode",
                data: { fixed },
                fix: (fixer) => {
                  // `{ code }` becomes `{ code: ... }`.
                  const parent = loss.node.parent;
                  const shorthand = parent?.type === AST_NODE_TYPES.Property && parent.shorthand;
                  return shorthand ? fixer.replaceText(parent, `code: ${kept}`) : fixer.replaceText(loss.node, kept);
                },
              },
            ];
      report({ node: loss.node, messageId: "lostInCatchAll", data, suggest });
    }
  },
});
