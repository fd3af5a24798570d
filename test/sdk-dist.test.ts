// Lints every JavaScript file the ACP SDK ships with all rules on: real, large, unusual code must never crash a rule.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";
import { describe, expect, it } from "vitest";
import plugin from "../src/index.js";
import { sdkDist } from "./sdk-source.js";


function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(path);
    return entry.name.endsWith(".js") ? [path] : [];
  });
}

const files = jsFiles(sdkDist);
const allRules = Object.fromEntries(Object.keys(plugin.rules).map((name) => [`acp/${name}`, "error" as const]));

describe("the SDK's shipped JavaScript", () => {
  it("has files to lint", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  for (const parserName of ["espree", "typescript-eslint"] as const) {
    it(`lints every file with every rule and the ${parserName} parser without a crash or parse error`, () => {
      const linter = new Linter({ configType: "flat" });
      const config: Linter.Config[] = [
        {
          files: ["**/*.js"],
          languageOptions: { sourceType: "module", ...(parserName === "typescript-eslint" ? { parser: tsParser } : {}) },
          plugins: { acp: plugin },
          rules: allRules,
        },
      ];
      for (const file of files) {
        // A path outside node_modules, which flat config ignores by default.
        const virtualPath = join(process.cwd(), "sdk-dist", file.slice(sdkDist.length));
        // A known mistake after the file's own code proves the rules ran over all of it.
        const source = `${readFileSync(file, "utf8")}\n;new RequestError(-32001, "probe");\n`;
        const probeLine = source.split("\n").length - 1;
        // Linter.verify throws when a rule crashes; a parse failure shows up as a fatal message.
        const messages = linter.verify(source, config, virtualPath);
        expect(messages.filter((m) => m.fatal || !m.ruleId), file).toEqual([]);
        expect(messages.map((m) => [m.ruleId, m.line]), file).toContainEqual(["acp/no-reserved-error-code", probeLine]);
      }
    });
  }
});
