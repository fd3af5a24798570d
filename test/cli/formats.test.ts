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

describe("acp-lint's reports for CI", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeProject({ "agent.ts": BROKEN_AGENT, "broken.ts": "export const x = ;\n", "multi,line.ts": CLEAN_AGENT });
  });

  it("sarif makes a parse error a result, which code scanning shows, not a tool notification", async () => {
    const sarif = await runCli(["-f", "sarif", "broken.ts"], dir);
    expect(sarif.code).toBe(1);
    expect(checkSarifLog(sarif.stdout)).toEqual([{ ruleId: "acp-lint/parse-error", file: join(dir, "broken.ts"), line: 1, column: 17, level: "error" }]);
    const log = JSON.parse(sarif.stdout) as { runs: { invocations?: unknown; tool: { driver: { rules: { id: string; shortDescription?: { text: string } }[] } } }[] };
    expect(log.runs[0]!.invocations).toBeUndefined();
    expect(log.runs[0]!.tool.driver.rules).toEqual([
      { id: "acp-lint/parse-error", shortDescription: { text: "The file cannot be parsed, so no rule could check it" }, properties: {} },
    ]);
  });

  it("github prints one workflow command per problem", async () => {
    const run = await runCli(["-f", "github"], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    expect(run.stdout.split("\n")).toEqual([
      expect.stringMatching(/^::error file=agent\.ts,line=4,endLine=4,col=50,endColumn=56,title=acp\/no-reserved-error-code::-32001 lies in the reserved range /u) as unknown as string,
      expect.stringMatching(/^::error file=agent\.ts,line=6,endLine=6,col=28,endColumn=34,title=acp\/no-reserved-error-code::-32010 lies in the reserved range /u) as unknown as string,
      expect.stringMatching(/^::warning file=agent\.ts,line=8,endLine=8,col=26,endColumn=32,title=acp\/prefer-error-factory::-32602 is ACP's InvalidParams code: /u) as unknown as string,
      "::error file=broken.ts,line=1,col=17,title=parse error::Parsing error: Expression expected.",
      "",
    ]);
  });

  it("-o writes the report to a file (folders created) and the console still gets the stylish report", async () => {
    const run = await runCli(["-f", "sarif", "-o", "reports/acp.sarif", "agent.ts"], dir);
    expect(run.code).toBe(1);
    const { readFile } = await import("node:fs/promises");
    expect(checkSarifLog(await readFile(join(dir, "reports/acp.sarif"), "utf8"))).toHaveLength(3);
    expect(run.stdout).toMatch(/^\n.*agent\.ts\n {2}4:50 {2}error/u);
    expect(run.stdout).toContain("ACP requirements broken:");
    const stylish = await runCli(["-o", "report.txt", "agent.ts"], dir);
    expect(stylish.stdout).toBe("");
    expect(await readFile(join(dir, "report.txt"), "utf8")).toContain("✖ 3 problems (2 errors, 1 warning)");
  });

  it("-o naming a folder exits 2 in one line", async () => {
    expect(await runCli(["-o", ".", "agent.ts"], dir)).toEqual({ code: 2, stdout: "", stderr: "acp-lint: cannot write the report to .: it is a folder\n" });
  });
});
