/**
 * Every invalid option shape of every rule, generated from the rule's `meta.schema` (so a new rule is covered as
 * soon as it is registered): ESLint's schema validation rejects it before the rule runs, with a message naming the
 * rule and what is wrong. The valid options the cases start from, and the strict options, are accepted. What a schema
 * cannot say (a range's ends in order) is refused as the rule is created, with one line naming the option, the value
 * and what is allowed, on every file.
 */
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { invalidOptionCases } from "./option-cases.js";

const AGENT = `import { RequestError } from "@agentclientprotocol/sdk";
export function fail(): never { throw new RequestError(-32001, "Session gone"); }`;

/** Nothing for any rule to look at: the options must still be checked. */
const PLAIN = "export const x = 1;\n";

/** The error ESLint throws for `options` of rule `id`, or undefined when it lints. */
function lintError(id: string, options: readonly unknown[], text = AGENT): Error | undefined {
  const linter = new Linter({ configType: "flat" });
  try {
    linter.verify(text, [{ files: ["**/*.ts"], languageOptions: { parser: tsParser as unknown as Linter.Parser }, plugins: { acp: plugin }, rules: { [`acp/${id}`]: ["error", ...options] } }], "agent.ts");
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

  describe("acp/no-reserved-error-code: values its schema took before", () => {
    it.each([
      ["a range from -1e300", { ranges: [{ from: -1e300, to: -32000 }] }, "Value -1e+300 should be >= -2147483648."],
      ["a range to 1e300", { ranges: [{ from: -32768, to: 1e300 }] }, "Value 1e+300 should be <= 2147483647."],
      ["an empty ranges", { ranges: [] }, "Value [] should NOT have fewer than 1 items."],
      ["an allow entry of -1e300", { allow: [-1e300] }, "Value -1e+300 should be >= -2147483648."],
    ])("%s is rejected by ESLint's schema validation, in ESLint's form", (_, options, text) => {
      expect(lintError("no-reserved-error-code", [options])?.message).toBe(`Key "rules": Key "acp/no-reserved-error-code":\n\t${text}\n`);
    });
  });

  describe("acp/no-reserved-error-code: what its schema cannot say", () => {
    const RANGE = 'option ranges[1] must be a range whose "from" is at most its "to", got {"from":-32000,"to":-32768}.';
    const ALLOW = "option allow[1] must be a code inside one of the ranges (-32768 to -32000), got 5.";
    const ALLOW_LSP = "option allow[0] must be a code inside one of the ranges (-32899 to -32800), got -32001.";
    for (const [file, text] of [
      ["a file it has something to look at", AGENT],
      ["a file with nothing ACP in it", PLAIN],
    ] as const) {
      it.each([
        ["a reversed range", { ranges: [{ from: -32768, to: -32000 }, { from: -32000, to: -32768 }] }, RANGE],
        ["an allow entry outside the default range", { allow: [-32001, 5] }, ALLOW],
        ["an allow entry outside the ranges given", { ranges: [{ from: -32899, to: -32800 }], allow: [-32001] }, ALLOW_LSP],
      ])(`%s is refused as the rule is created, in one line naming the option, the value and what is allowed, on ${file}`, (_, options, line) => {
        const error = lintError("no-reserved-error-code", [options], text);
        expect(error?.name).toBe("AcpOptionsError");
        expect(error?.message.split("\n")[0]).toBe(`Error while loading rule 'acp/no-reserved-error-code': acp/no-reserved-error-code: ${line}`);
        // What ESLint's CLI prints: the one line, no stack trace.
        expect(error?.stack).toBe(`acp/no-reserved-error-code: ${line}`);
      });
    }
  });
});
