import type { JSONSchema, TSESTree } from "@typescript-eslint/utils";
import { codeLeaves, getModel } from "../src/analysis/index.js";
import { codeNumbers } from "../src/analysis/values/code-numbers.js";
import { type CodeRange, ERROR_CODES, inRange, JSON_RPC_RESERVED, LSP_RESERVED } from "../src/protocol/codes.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type Options = [{ ranges?: CodeRange[]; allow?: number[] }];
export type MessageIds = "reservedCode";

const rangeSchema: JSONSchema.JSONSchema4ObjectSchema = {
  type: "object",
  properties: {
    from: { type: "integer", description: "The lowest code of the range." },
    to: { type: "integer", description: "The highest code of the range." },
  },
  required: ["from", "to"],
  additionalProperties: false,
};

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
            description: "The reserved ranges to check, each `{ from, to }` (default: JSON-RPC's -32768 to -32000).",
          },
          allow: {
            type: "array",
            items: { type: "integer" },
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
  create(context, [options]) {
    const ranges = options.ranges ?? [JSON_RPC_RESERVED];
    for (const range of ranges) {
      if (range.from > range.to) {
        throw new Error(
          `acp/no-reserved-error-code: option "ranges" has a range whose "from" (${range.from}) is above its "to" (${range.to}).`,
        );
      }
    }
    const allow = new Set(options.allow ?? []);

    return {
      Program() {
        const model = getModel(context);
        const reported = new Set<TSESTree.Node>();
        const check = (node: TSESTree.Node) => {
          for (const leaf of codeLeaves(node)) {
            if (reported.has(leaf)) continue;
            // A string that spells a code counts as it: valid-error-object's suggestion makes it that number.
            const codes = codeNumbers(leaf, model.values);
            for (const code of codes ?? []) {
              if (!Number.isInteger(code) || model.acpCodes.has(code) || allow.has(code)) continue;
              const range = ranges.find((r) => inRange(code, r));
              if (!range) continue;
              reported.add(leaf);
              context.report({
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
    };
  },
});
