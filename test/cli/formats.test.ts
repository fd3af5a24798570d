import { join } from "node:path";
import type { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { checkSarifLog, findingsOf } from "../ci/sarif-log.js";
import { BROKEN_AGENT, CLEAN_AGENT } from "./agents.js";
import { installWithout } from "./sandbox.js";
import { makeProject, runCli, type CliRun } from "./run-cli.js";

const SARIF_FORMATTER = "@microsoft/eslint-formatter-sarif";

describe("acp-lint --format", () => {
  let dir: string;
  let json: CliRun;
  beforeAll(async () => {
    dir = await makeProject({ "agent.ts": BROKEN_AGENT, "clean.ts": CLEAN_AGENT });
    json = await runCli(["--format", "json"], dir);
  });

  it("json prints ESLint's results and nothing else, with the usual exit code", () => {
    expect(json.code).toBe(1);
    expect(json.stderr).toBe("");
    const results = JSON.parse(json.stdout) as ESLint.LintResult[];
    expect(results.map((result) => result.filePath).sort()).toEqual([join(dir, "agent.ts"), join(dir, "clean.ts")]);
    expect(findingsOf(results).map(({ ruleId, line, column, level }) => [ruleId, line, column, level])).toEqual([
      ["acp/no-reserved-error-code", 4, 50, "error"],
      ["acp/no-reserved-error-code", 6, 28, "error"],
      ["acp/prefer-error-factory", 8, 26, "warning"],
    ]);
  });

  it("sarif prints a SARIF 2.1.0 log of the same findings", async () => {
    const sarif = await runCli(["-f", "sarif"], dir);
    expect(sarif.code).toBe(1);
    expect(sarif.stderr).toBe("");
    const expected = findingsOf(JSON.parse(json.stdout) as ESLint.LintResult[]);
    expect(expected).toHaveLength(3);
    expect(checkSarifLog(sarif.stdout)).toEqual(expected);
  });

  it("sarif of clean code is a log with no results, and exits 0", async () => {
    const sarif = await runCli(["--format=sarif", "clean.ts"], dir);
    expect(sarif.code).toBe(0);
    expect(checkSarifLog(sarif.stdout)).toEqual([]);
  });

  it(`sarif without ${SARIF_FORMATTER} installed exits 2 saying to install it, in one line`, async () => {
    const cli = await installWithout(SARIF_FORMATTER);
    const run = await runCli(["--format", "sarif"], dir, cli);
    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr: `acp-lint: --format sarif needs ${SARIF_FORMATTER}: npm install --save-dev ${SARIF_FORMATTER}\n`,
    });
    // The copy itself works: only the formatter is missing.
    expect((await runCli(["--format", "json", "clean.ts"], dir, cli)).code).toBe(0);
  });
});
