import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BROKEN_AGENT, CLEAN_AGENT, WARNED_AGENT } from "./agents.js";
import { bySpec, expectedSummary, parseListing, parseSummary, SUMMARY_HEADING } from "./output.js";
import { makeProject, runCli, type CliRun } from "./run-cli.js";

const NO_RESERVED = "acp/no-reserved-error-code";
const PREFER_FACTORY = "acp/prefer-error-factory";

describe("acp-lint on an agent with mistakes", () => {
  let dir: string;
  let run: CliRun;
  beforeAll(async () => {
    dir = await makeProject({ "src/agent.ts": BROKEN_AGENT, "src/clean.ts": CLEAN_AGENT });
    run = await runCli([], dir);
  });

  it("exits 1 and writes nothing on stderr (not a terminal: no progress line)", () => {
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
  });

  it("lists every finding under its file, with line:col, severity and rule id", () => {
    const file = join(dir, "src/agent.ts");
    expect(parseListing(run.stdout)).toEqual([
      { file, line: 4, column: 50, severity: "error", ruleId: NO_RESERVED },
      { file, line: 6, column: 28, severity: "error", ruleId: NO_RESERVED },
      { file, line: 8, column: 26, severity: "warning", ruleId: PREFER_FACTORY },
    ]);
    expect(run.stdout).toContain("✖ 3 problems (2 errors, 1 warning)");
  });

  it("then groups the findings by the spec requirement each rule enforces, with its link and rule ids", () => {
    expect(run.stdout.indexOf(SUMMARY_HEADING)).toBeGreaterThan(run.stdout.indexOf("✖ 3 problems"));
    const summary = parseSummary(run.stdout);
    expect(bySpec(summary)).toEqual(expectedSummary(parseListing(run.stdout)));
    expect(summary.map((group) => group.count)).toEqual([2, 1]); // most broken first
  });
});

describe("acp-lint exit codes and filters", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeProject({ "clean.ts": CLEAN_AGENT, "warned.ts": WARNED_AGENT, "broken.ts": BROKEN_AGENT });
  });

  it("prints nothing at all and exits 0 on clean code", async () => {
    expect(await runCli(["clean.ts"], dir)).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("exits 0 with warnings only, and still lists them with their summary", async () => {
    const run = await runCli(["warned.ts"], dir);
    expect(run.code).toBe(0);
    expect(parseListing(run.stdout)).toEqual([
      { file: join(dir, "warned.ts"), line: 4, column: 26, severity: "warning", ruleId: PREFER_FACTORY },
    ]);
    expect(parseSummary(run.stdout)).toEqual(expectedSummary([{ ruleId: PREFER_FACTORY }]));
  });

  it("exits 1 when the warnings exceed --max-warnings, naming the limit in one line", async () => {
    const over = await runCli(["--max-warnings", "0", "warned.ts"], dir);
    expect(over.code).toBe(1);
    expect(over.stderr).toBe("acp-lint: too many warnings (1, maximum 0)\n");
    expect(parseListing(over.stdout)).toHaveLength(1);
    expect((await runCli(["--max-warnings=1", "warned.ts"], dir)).code).toBe(0);
  });

  it("--quiet lists errors only, and the summary counts only them", async () => {
    const run = await runCli(["--quiet", "broken.ts"], dir);
    expect(run.code).toBe(1);
    const listing = parseListing(run.stdout);
    expect(listing.map((finding) => [finding.line, finding.severity])).toEqual([
      [4, "error"],
      [6, "error"],
    ]);
    expect(run.stdout).not.toContain(PREFER_FACTORY);
    expect(run.stdout).toContain("✖ 2 problems (2 errors, 0 warnings)");
    expect(parseSummary(run.stdout)).toEqual(expectedSummary(listing));
    expect(await runCli(["--quiet", "warned.ts"], dir)).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe("acp-lint and eslint-disable comments", () => {
  const withDirectives = `import { RequestError } from "@agentclientprotocol/sdk";
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a plugin acp-lint does not load
export const anything: any = 1;
// eslint-disable-next-line no-console
console.log(anything);
export function fail(): never {
  // eslint-disable-next-line acp/no-reserved-error-code -- our client expects this code
  throw new RequestError(-32001, "Session gone");
}
export const busy = () => new RequestError(-32010, "Busy");
`;

  it("honours acp/ directives and ignores those naming other plugins' rules", async () => {
    const dir = await makeProject({ "agent.ts": withDirectives });
    const run = await runCli([], dir);
    expect(parseListing(run.stdout)).toEqual([
      { file: join(dir, "agent.ts"), line: 10, column: 44, severity: "error", ruleId: NO_RESERVED },
    ]);
    expect(run.stdout).toContain("✖ 1 problem (1 error, 0 warnings)");
    expect(run.code).toBe(1);
  });
});
