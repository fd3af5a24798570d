import type { TSESLint } from "@typescript-eslint/utils";
import type { AcpRuleDocs } from "./create-rule.js";
import noReservedErrorCode from "../rules/no-reserved-error-code.js";
import preferErrorFactory from "../rules/prefer-error-factory.js";
import validErrorObject from "../rules/valid-error-object.js";

export type AcpRule = TSESLint.RuleModule<string, readonly unknown[], AcpRuleDocs>;

/** Every rule of the plugin, by name without the `acp/` prefix. */
export const rules = {
  "no-reserved-error-code": noReservedErrorCode,
  "prefer-error-factory": preferErrorFactory,
  "valid-error-object": validErrorObject,
} satisfies Record<string, AcpRule>;
