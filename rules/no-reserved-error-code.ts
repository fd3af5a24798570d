import type { JSONSchema, TSESTree } from "@typescript-eslint/utils";
import { codeLeaves, codeNumbers } from "../src/analysis/index.js";
import { type CodeRange, ERROR_CODES, inRange, JSON_RPC_RESERVED, LSP_RESERVED } from "../src/protocol/codes.js";
import { specUrl } from "../src/protocol/links.js";
import { AcpOptionsError, shownValue } from "../src/config-errors.js";
import { createRule } from "../src/create-rule.js";

export type Options = [{ ranges?: CodeRange[]; allow?: number[] }];
export type MessageIds = "reservedCode";

/** A code as the options take it: an integer of 32 bits, as JSON-RPC implementations hold error codes. */
const codeSchema = (description: string): JSONSchema.JSONSchema4 => ({ type: "integer", minimum: -(2 ** 31), maximum: 2 ** 31 - 1, description });

const rangeSchema: JSONSchema.JSONSchema4ObjectSchema = {
  type: "object",
  properties: {
    from: codeSchema("The lowest code of the range."),
    to: codeSchema("The highest code of the range."),
  },
  required: ["from", "to"],
  additionalProperties: false,
};

const shownRange = (range: CodeRange) => `${range.from} to ${range.to}`;

/** What the schema cannot say: each range's ends in order, and each allowed code inside a range (else it allows nothing). */
function checkOptions([options]: Readonly<Options>): void {
  const fail = (option: string, allowed: string, value: unknown) => {
    throw new AcpOptionsError(`acp/no-reserved-error-code: option ${option} must be ${allowed}, got ${shownValue(value)}.`);
  };
  const ranges = options.ranges ?? [JSON_RPC_RESERVED];
  ranges.forEach((range, i) => {
    if (range.from > range.to) fail(`ranges[${i}]`, `a range whose "from" is at most its "to"`, range);
  });
  options.allow?.forEach((code, i) => {
    if (!ranges.some((range) => inRange(code, range))) fail(`allow[${i}]`, `a code inside one of the ranges (${ranges.map(shownRange).join(", ")})`, code);
  });
}

function definedByAnyVersion(codes: readonly number[] | undefined): boolean {
  return codes !== undefined && codes.every((code) => ERROR_CODES.some((c) => c.code === code));
}

export default createRule<Options, MessageIds>({
  name: "no-reserved-error-code",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow implementation-specific error codes inside the range reserved for JSON-RPC and ACP",
      spec: {
        requirement: "Implementation-specific errors SHOULD use codes outside -32768 to -32000, which is reserved for JSON-RPC and ACP.",
        url: specUrl("error", "error-codes"),
      },
      recommended: "error",
      strictOptions: [{ ranges: [JSON_RPC_RESERVED, LSP_RESERVED] }],
    },
    messages: {
      reservedCode:
        "{{code}} lies in the reserved range {{from}} to {{to}} but is not an ACP error code: give implementation-specific errors a code outside it.",
    },
    schema: [
      {
        type: "object",
        properties: {
          ranges: {
            type: "array",
            items: rangeSchema,
            minItems: 1,
            description: "The reserved ranges to check, each `{ from, to }` (default: JSON-RPC's -32768 to -32000).",
          },
          allow: {
            type: "array",
            items: codeSchema("A code to accept."),
            uniqueItems: true,
            description: "Codes inside a reserved range to accept anyway.",
          },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ ranges: [JSON_RPC_RESERVED], allow: [] }],
  },
  defaultOptions: [{ ranges: [JSON_RPC_RESERVED], allow: [] }],
  checkOptions,
  check(model, report, { options: [options] }) {
    const ranges = options.ranges ?? [JSON_RPC_RESERVED];
    const allow = new Set(options.allow ?? []);

    // A leaf reached from several sites is reported once (createRule's report keeps one per place).
    const check = (node: TSESTree.Node) => {
      for (const leaf of codeLeaves(node)) {
        // A string that spells a code counts as it: valid-error-object's suggestion makes it that number.
        const codes = codeNumbers(leaf, model.values);
        for (const code of codes ?? []) {
          if (!Number.isInteger(code) || model.acpCodes.has(code) || allow.has(code)) continue;
          const range = ranges.find((r) => inRange(code, r));
          if (!range) continue;
          report({
            node: leaf,
            messageId: "reservedCode",
            data: { code, from: range.from, to: range.to },
          });
          break;
        }
      }
    };
    for (const site of model.errorSites) {
      if (!site.code || model.delegated.has(site)) continue;
      // An error class's own factory for a code of another protocol version (the SDK's -32022) is no invention.
      if (site.inErrorClass && definedByAnyVersion(model.values.numbers(site.code))) continue;
      check(site.code);
    }
    for (const table of model.codeTables) for (const member of table.members) check(member.value);
  },
});
