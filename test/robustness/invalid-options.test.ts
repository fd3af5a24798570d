/**
 * Every invalid option shape of every rule, generated from the rule's `meta.schema` (so a new rule is covered as
 * soon as it is registered): ESLint's schema validation rejects it before the rule runs, with a message naming the
 * rule and what is wrong. The valid options the cases start from, and the strict options, are accepted.
 */
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { invalidOptionCases } from "./option-cases.js";

const AGENT = `import { RequestError } from "@agentclientprotocol/sdk";
export function fail(): never { throw new RequestError(-32001, "Session gone"); }`;

/** The error ESLint throws for `options` of rule `id`, or undefined when it lints. */
function lintError(id: string, options: readonly unknown[]): Error | undefined {
  const linter = new Linter({ configType: "flat" });
  try {
    linter.verify(AGENT, [{ files: ["**/*.ts"], languageOptions: { parser: tsParser as unknown as Linter.Parser }, plugins: { acp: plugin }, rules: { [`acp/${id}`]: ["error", ...options] } }], "agent.ts");
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

const rules = Object.entries(plugin.rules);

describe("invalid rule options", () => {
  it("covers every rule of the plugin", () => {
    expect(rules.length).toBeGreaterThanOrEqual(18);
    const total = rules.reduce((n, [, rule]) => n + invalidOptionCases(rule.meta?.schema).cases.length, 0);
    console.log(`invalid options: ${total} cases over ${rules.length} rules`);
  });

  for (const [name, rule] of rules) {
    const id = `acp/${name}`;
    const { valid, cases } = invalidOptionCases(rule.meta?.schema);
    describe(id, () => {
      it("accepts the valid options the cases start from, and its strict options", () => {
        expect(lintError(name, valid)).toBeUndefined();
        const strict = plugin.configs.strict.rules?.[id];
        expect(lintError(name, Array.isArray(strict) ? strict.slice(1) : [])).toBeUndefined();
      });
      it.each(cases.map((c) => [c.what, c] as const))("rejects %s", (_, c) => {
        const error = lintError(name, c.options);
        expect(error, JSON.stringify(c.options)).toBeInstanceOf(Error);
        // Schema validation, before the rule runs: no stack frame of the plugin, the rule id named.
        expect(error?.message).toContain(`Key "${id}"`);
        expect(error?.stack ?? "").not.toMatch(/\/(src|rules)\/[\w/-]+\.ts/u);
        for (const text of c.named) expect(error?.message).toContain(text);
      });
    });
  }

  it("acp/no-reserved-error-code: a range the schema takes but that is empty (from above to) is rejected naming the option", () => {
    const error = lintError("no-reserved-error-code", [{ ranges: [{ from: -32000, to: -32768 }] }]);
    expect(error?.message).toContain(`acp/no-reserved-error-code: option "ranges" has a range whose "from" (-32000) is above its "to" (-32768).`);
  });
});
