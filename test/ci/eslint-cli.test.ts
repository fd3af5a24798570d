import { join } from "node:path";
import type { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { CI_PROJECT, runEslint } from "./run-eslint.js";

const file = (name: string) => join(CI_PROJECT, "src", name);

describe("the eslint command line on a project that uses the plugin", () => {
  it("exits 1 when a file has errors, listing them", async () => {
    const run = await runEslint(["--format", "json", "."]);
    expect(run.code).toBe(1);
    const results = JSON.parse(run.stdout) as ESLint.LintResult[];
    const findings = results.flatMap((result) =>
      result.messages.map((m) => [result.filePath, m.ruleId, m.line, m.column, m.severity]),
    );
    expect(findings).toEqual([
      [file("broken.ts"), "acp/no-reserved-error-code", 7, 50, 2],
      [file("broken.ts"), "acp/no-reserved-error-code", 8, 47, 2],
      [file("warned.ts"), "acp/prefer-error-factory", 6, 26, 1],
    ]);
    expect(results.map((result) => result.filePath).sort()).toEqual([
      join(CI_PROJECT, "eslint.config.js"),
      file("broken.ts"),
      file("clean.ts"),
      file("warned.ts"),
    ]);
  });

  it("exits 1 on the file with errors alone", async () => {
    const run = await runEslint(["src/broken.ts"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("✖ 2 problems (2 errors, 0 warnings)");
  });

  it("exits 0 on clean code, printing nothing", async () => {
    expect(await runEslint(["src/clean.ts"])).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("exits 0 with warnings only, and 1 when they exceed --max-warnings", async () => {
    const warned = await runEslint(["src/warned.ts"]);
    expect(warned.code).toBe(0);
    expect(warned.stdout).toContain("acp/prefer-error-factory");
    expect((await runEslint(["--max-warnings", "0", "src/warned.ts"])).code).toBe(1);
  });
});
