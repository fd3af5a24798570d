// Conforming agents and clients in every handler style, linted with every rule of the plugin (`acp/all`):
// nothing may be reported. Rules added later are held to the same files without editing this test.
import { readdirSync, readFileSync } from "node:fs";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../src/index.js";

const dir = new URL("fixtures/clean/", import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));

describe("conforming code", () => {
  it("has fixtures to lint", () => {
    expect(files.length).toBeGreaterThanOrEqual(4);
  });

  it.each(files)("%s gets no report from any rule", (file) => {
    const code = readFileSync(new URL(file, dir), "utf8");
    const messages = new Linter({ configType: "flat" }).verify(
      code,
      [{ files: ["**/*.ts"], languageOptions: { parser: tsParser as unknown as Linter.Parser } }, plugin.configs.all],
      { filename: file },
    );
    expect(messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message}`)).toEqual([]);
  });

  it("lints with every rule of the plugin", () => {
    expect(Object.keys(plugin.configs.all.rules ?? {}).sort()).toEqual(Object.keys(plugin.rules).map((r) => `acp/${r}`).sort());
  });
});
