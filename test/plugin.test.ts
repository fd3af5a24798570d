import { existsSync, readFileSync } from "node:fs";
import { ESLint, type Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";
import { describe, expect, it } from "vitest";
import plugin from "../src/index.js";
import builtPlugin from "../dist/index.js";

const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  name: string;
  version: string;
};
const ruleNames = Object.keys(plugin.rules);

describe("the plugin object", () => {
  it("names itself from package.json", () => {
    expect(plugin.meta).toEqual({ name: "eslint-plugin-acp", version: packageJson.version, namespace: "acp" });
  });

  it("is what the built package exports", () => {
    expect(Object.keys(builtPlugin.rules)).toEqual(ruleNames);
    expect(builtPlugin.meta).toEqual(plugin.meta);
  });

  it.each(ruleNames)("rule %s documents itself and links its docs page", (name) => {
    const rule = plugin.rules[name] as unknown as { meta: Required<NonNullable<ESLint.Plugin["rules"]>[string]>["meta"] };
    expect(rule.meta.docs?.description).toMatch(/^[A-Z].*[^.]$/);
    expect(rule.meta.docs?.url).toBe(
      `https://github.com/eslint-plugin-acp/eslint-plugin-acp/blob/main/docs/rules/${name}.md`,
    );
    expect(existsSync(new URL(`../docs/rules/${name}.md`, import.meta.url))).toBe(true);
    expect(Object.keys(rule.meta.messages ?? {}).length).toBeGreaterThan(0);
    expect(rule.meta.schema).toBeDefined();
  });
});

describe("the configs", () => {
  const { recommended, strict, all } = plugin.configs;

  it("are named flat configs that register the plugin", () => {
    for (const [name, config] of Object.entries(plugin.configs)) {
      expect(config.name).toBe(`acp/${name}`);
      expect(config.plugins?.["acp"]).toBe(plugin);
    }
  });

  it("recommended holds each rule at its documented severity", () => {
    const expected = Object.fromEntries(
      ruleNames.flatMap((name) => {
        const severity = (plugin.rules[name] as { meta?: { docs?: { recommended?: string } } }).meta?.docs?.recommended;
        return severity ? [[`acp/${name}`, severity]] : [];
      }),
    );
    expect(recommended.rules).toEqual(expected);
    expect(recommended.rules).toMatchObject({
      "acp/no-reserved-error-code": "error",
      "acp/prefer-error-factory": "warn",
      "acp/valid-error-object": "error",
    });
  });

  it("strict adds the LSP range to no-reserved-error-code", () => {
    expect(strict.rules?.["acp/no-reserved-error-code"]).toEqual([
      "error",
      { ranges: [{ from: -32768, to: -32000 }, { from: -32899, to: -32800 }] },
    ]);
  });

  it("all turns every rule on as an error", () => {
    expect(Object.keys(all.rules ?? {}).sort()).toEqual(ruleNames.map((n) => `acp/${n}`).sort());
    expect(new Set(Object.values(all.rules ?? {}))).toEqual(new Set(["error"]));
  });

  it.each(["recommended", "strict", "all"] as const)("%s is accepted by ESLint and reports on ACP code", async (name) => {
    const eslint = new ESLint({
      overrideConfigFile: true,
      overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parser: tsParser } }, plugin.configs[name] as Linter.Config],
    });
    const [result] = await eslint.lintText(
      'import { RequestError } from "@agentclientprotocol/sdk";\nthrow new RequestError(-32001, "Session not found");\n',
      { filePath: "agent.ts" },
    );
    expect(result?.messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([["acp/no-reserved-error-code", 2, 24]]);
  });
});
