import { relative } from "node:path";
import type { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { BROKEN_AGENT, CLEAN_AGENT } from "./agents.js";
import { makeProject, runCli } from "./run-cli.js";

function linted(stdout: string, dir: string): string[] {
  return (JSON.parse(stdout) as ESLint.LintResult[]).map((result) => relative(dir, result.filePath));
}

// Tests send bad messages on purpose: a mock agent answering -32001, an error the test expects.
const TEST_FILES = ["src/agent.test.ts", "src/agent.spec.mjs", "src/__tests__/mock.ts", "test/mock-agent.ts", "packages/core/tests/e2e.ts"];

describe("test files and acp-lint", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeProject({
      "src/agent.ts": CLEAN_AGENT,
      "src/testing.ts": CLEAN_AGENT,
      "src/contest/agent.ts": CLEAN_AGENT,
      ...Object.fromEntries(TEST_FILES.map((file) => [file, BROKEN_AGENT])),
    });
  });

  it("leaves them out by default and says how many on stderr", async () => {
    const run = await runCli(["--format", "json"], dir);
    expect(run.stderr).toBe("acp-lint: left out 5 test files (*.test.*, *.spec.*, __tests__/, test/ and tests/); --include-tests lints them\n");
    expect(linted(run.stdout, dir)).toEqual(["src/agent.ts", "src/contest/agent.ts", "src/testing.ts"]);
    expect(run.code).toBe(0);
  });

  it("--include-tests lints them", async () => {
    const run = await runCli(["--include-tests", "--format", "json"], dir);
    expect(run.stderr).toBe("");
    expect(linted(run.stdout, dir).sort()).toEqual([...TEST_FILES, "src/agent.ts", "src/contest/agent.ts", "src/testing.ts"].sort());
    expect(run.code).toBe(1);
  });

  it("lints a test file or a test folder named on the command line: only what lies below a path named is left out", async () => {
    const named = await runCli(["src/agent.test.ts", "--format", "json"], dir);
    expect(linted(named.stdout, dir)).toEqual(["src/agent.test.ts"]);
    const folder = await runCli(["test", "--format", "json"], dir);
    expect(linted(folder.stdout, dir)).toEqual(["test/mock-agent.ts"]);
    expect(folder.stderr).toBe("");
  });

  it("a folder holding only tests says so and how to lint them", async () => {
    expect(await runCli(["packages"], dir)).toEqual({
      code: 2,
      stdout: "",
      stderr: "acp-lint: nothing to lint in 'packages': 1 test file (--include-tests lints them)\n",
    });
  });
});
