import type { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { CLI } from "../cli/run-cli.js";
import { checkSarifLog, findingsOf, type LocatedFinding } from "./sarif-log.js";
import { CI_PROJECT, runEslint, runNode } from "./run-eslint.js";

const SARIF_FORMATTER = "@microsoft/eslint-formatter-sarif";

describe("SARIF for code scanning", () => {
  let reported: LocatedFinding[];
  beforeAll(async () => {
    reported = findingsOf(JSON.parse((await runEslint(["--format", "json", "."])).stdout) as ESLint.LintResult[]);
  });

  it("the project has findings of errors and warnings to compare", () => {
    expect(new Set(reported.map((finding) => finding.level))).toEqual(new Set(["error", "warning"]));
  });

  it(`eslint -f ${SARIF_FORMATTER} writes a valid SARIF 2.1.0 log of exactly what ESLint reported`, async () => {
    const run = await runEslint(["-f", SARIF_FORMATTER, "."]);
    expect(run.code).toBe(1);
    expect(checkSarifLog(run.stdout)).toEqual(reported);
  });

  it("acp-lint --format sarif writes the same log's findings for the same config", async () => {
    const run = await runNode(CLI, ["--format", "sarif"], CI_PROJECT);
    expect(run.code).toBe(1);
    expect(checkSarifLog(run.stdout)).toEqual(reported);
  });
});
