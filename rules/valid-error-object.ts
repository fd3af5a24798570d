import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { calleeName, caughtFailureMisuse, codeLeaves, codeReplacement, codeNumbers, type Constant, ERROR_SENDERS, type ErrorSite, type FileModel, initializationSites, misusedCode, sdkLostThrows, staticKeyName, unwrap } from "../src/analysis/index.js";
import { inRange, JSON_RPC_RESERVED } from "../src/protocol/codes.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "nonIntegerCode" | "useNumber" | "missingMessage" | "nonStringMessage" | "mismatchedMessage" | "codeMeaning" | "useCode";

const NUMERIC = /^\s*[-+]?\d+(\.\d+)?\s*$/;

function show(value: Constant): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/** Whether a code value is wrong: any non-integer for a JSON-RPC error class, else only number-like mistakes. */
function isBadCode(value: Constant, rpc: boolean): boolean {
  if (typeof value === "number") return !Number.isInteger(value);
  if (rpc) return true;
  return typeof value === "string" && NUMERIC.test(value);
}

/**
 * Whether a code string is a vendor's, not a JSON-RPC one: an integer spelled out that is no ACP code and outside the
 * reserved range, in an object under an `error:` key of a body that is no JSON-RPC response and is neither thrown nor
 * given to an error sender (a REST API's `{ error: { code: "1113", message } }`).
 */
function isVendorStringCode(value: Constant, site: ErrorSite, model: FileModel): boolean {
  if (site.rpc || site.kind !== "object" || typeof value !== "string" || !NUMERIC.test(value)) return false;
  const code = Number(value);
  if (!Number.isInteger(code) || model.acpCodes.has(code) || inRange(code, JSON_RPC_RESERVED)) return false;
  const prop = site.node.parent;
  if (prop?.type !== AST_NODE_TYPES.Property || prop.value !== site.node || staticKeyName(prop.key, prop.computed) !== "error") return false;
  const body = prop.parent;
  if (body.type !== AST_NODE_TYPES.ObjectExpression) return false;
  const place = body.parent;
  if (place?.type === AST_NODE_TYPES.ThrowStatement) return false;
  if (place?.type === AST_NODE_TYPES.CallExpression && place.arguments.includes(body) && ERROR_SENDERS.has(calleeName(place.callee) ?? "")) return false;
  return true;
}

/**
 * Whether a site is certainly a JSON-RPC error: its class says so, or its code is a JSON-RPC one (a string
 * that spells one too, as the number this rule's suggestion makes it).
 */
function isJsonRpcError(site: ErrorSite, model: FileModel): boolean {
  if (site.rpc) return true;
  const codes = site.code ? codeNumbers(site.code, model.values) : undefined;
  return !!codes?.every((c) => model.acpCodes.has(c) || inRange(c, JSON_RPC_RESERVED));
}

/** The text of a message known up to its first `${}` (the whole text when it has none, or a constant's). */
function messageText(node: TSESTree.Node, model: FileModel): { text: string; whole: boolean } | undefined {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.TemplateLiteral) {
    return { text: inner.quasis[0]?.value.cooked ?? "", whole: inner.expressions.length === 0 };
  }
  const values = model.values.resolve(inner);
  return values?.length === 1 && typeof values[0] === "string" ? { text: values[0], whole: true } : undefined;
}

/** The ACP code whose standard message a message is: `"Method not found"` or `"Method not found: x"`. */
function standardCodeOf(node: TSESTree.Node, model: FileModel): { code: number; message: string } | undefined {
  const found = messageText(node, model);
  if (!found) return undefined;
  const text = found.text.trim().toLowerCase();
  for (const info of model.acpCodes.values()) {
    const standard = info.message.toLowerCase();
    const matches = found.whole ? text === standard || text.startsWith(`${standard}:`) : text.startsWith(`${standard}:`);
    if (matches) return { code: info.code, message: info.message };
  }
  return undefined;
}

export default createRule<[], MessageIds>({
  name: "valid-error-object",
  meta: {
    type: "problem",
    hasSuggestions: true,
    docs: {
      description: "Require error responses to have an integer code, a string message, and the standard message only with its own code",
      spec: {
        requirement: "Failed requests return a JSON-RPC 2.0 error object: an integer code and a short human-readable message.",
        url: specUrl("error"),
      },
      recommended: "error",
    },
    messages: {
      nonIntegerCode: "The error code {{value}} is not an integer: JSON-RPC requires an integer code.",
      useNumber: "Write the code as the number {{number}}.",
      useCode: "Answer with {{replacement}}.",
      missingMessage: "This error has no message: JSON-RPC requires a string message with every error.",
      nonStringMessage: "The error message {{value}} is not a string: JSON-RPC requires a string message.",
      mismatchedMessage:
        '"{{message}}" is the standard message of {{standardCode}}, but this error\'s code is {{code}}: use code {{standardCode}} or a message that describes {{code}}.',
      codeMeaning:
        "{{code}} means {{name}} in ACP, but this error's message speaks of {{situation}}: a client acts on the code, not the message, so answer with {{instead}}.",
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode }) {
    const checkCode = (site: ErrorSite, code: TSESTree.Node) => {
      for (const leaf of codeLeaves(code)) {
        const values = model.values.resolve(leaf);
        const index = values?.findIndex((v) => isBadCode(v, site.rpc) && !isVendorStringCode(v, site, model)) ?? -1;
        if (index === -1) continue;
        const bad = values![index];
        const inner = unwrap(leaf);
        const integer = typeof bad === "string" && NUMERIC.test(bad) && Number.isInteger(Number(bad)) ? Number(bad) : undefined;
        const literal =
          (inner.type === AST_NODE_TYPES.Literal && typeof inner.value === "string") ||
          (inner.type === AST_NODE_TYPES.TemplateLiteral && inner.expressions.length === 0);
        report({
          node: leaf,
          messageId: "nonIntegerCode",
          data: { value: show(bad) },
          suggest:
            integer !== undefined && literal
              ? [{ messageId: "useNumber", data: { number: integer }, fix: (fixer) => fixer.replaceText(inner, String(integer)) }]
              : [],
        });
      }
    };

    // A coded value thrown out of an SDK handler is meant as a JSON-RPC error even with an app code: no-lost-error-code
    // rewrites it into a RequestError, whose message this rule then judges.
    const isLostThrow = (site: ErrorSite) =>
      sdkLostThrows(model, sourceCode).some((lost) => !lost.through && lost.node.range[0] <= site.node.range[0] && site.node.range[1] <= lost.node.range[1]);

    const checkMessage = (site: ErrorSite) => {
      if (site.message === undefined || site.kind === "factory") return;
      const rpc = isJsonRpcError(site, model);
      if (!rpc && !(site.message && isLostThrow(site) && standardCodeOf(site.message, model))) return;
      if (site.message === null) {
        report({ node: site.node, messageId: "missingMessage" });
        return;
      }
      const values = model.values.resolve(site.message);
      const index = values?.findIndex((v) => typeof v !== "string") ?? -1;
      if (index !== -1) {
        report({ node: site.message, messageId: "nonStringMessage", data: { value: show(values![index]) } });
        return;
      }
      const standard = standardCodeOf(site.message, model);
      const codes = site.code ? codeNumbers(site.code, model.values) : undefined;
      if (!standard && codes?.length === 1) checkMeaning(site, site.message, codes[0]!);
      if (!standard || codes?.length !== 1 || codes[0] === standard.code || !Number.isInteger(codes[0])) return;
      report({
        node: site.message,
        messageId: "mismatchedMessage",
        data: { message: standard.message, standardCode: standard.code, code: codes[0] },
      });
    };

    // -32000 for an unknown session or a busy agent, -32002 for a quota: the code tells the client something else.
    const checkMeaning = (site: ErrorSite, message: TSESTree.Node, code: number) => {
      const text = messageText(message, model);
      const misuse = (text && misusedCode(code, text.text)) || caughtFailureMisuse(code, message, model.resolver.sourceCodeOf(message));
      const name = model.acpCodes.get(code)?.message;
      if (!misuse || !name) return;
      // A request before initialize is require-initialize-gate's finding, with its edit (prefer-error-factory's advice
      // follows it, so that the edit leaves no new finding): not a third report of the same code.
      if (initializationSites(model, sourceCode).has(site)) return;
      // The one finding of the misused code (prefer-error-factory leaves it unnamed): its suggestion writes the code the
      // failure calls for where the file names codes in a table (a bare number would be prefer-error-factory's next
      // finding, and require-initialize-gate's own edit rewrites a not-initialized answer).
      const replacement = misuse.code !== undefined && site.code ? codeReplacement(site.code, misuse.code, message, model) : undefined;
      report({
        node: message,
        messageId: "codeMeaning",
        data: { code, name, situation: misuse.situation, instead: misuse.instead },
        suggest: replacement && site.code ? [{ messageId: "useCode", data: { replacement }, fix: (fixer) => fixer.replaceText(site.code!, replacement) }] : [],
      });
    };

    for (const site of model.errorSites) {
      if (site.code && !model.delegated.has(site)) checkCode(site, site.code);
      checkMessage(site);
    }
  },
});
