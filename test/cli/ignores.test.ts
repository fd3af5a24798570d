import { relative } from "node:path";
import type { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { BROKEN_AGENT, CLEAN_AGENT } from "./agents.js";
import { makeProject, runCli } from "./run-cli.js";

// Each of these would be reported if it were linted.
const BUILD_AND_TOOL_FOLDERS = ["node_modules/dep", "dist", "build", "out", "coverage", ".git/hooks", "pkg/node_modules/x", "pkg/dist"];

const GITIGNORE = `# build output of our own
generated/
*.gen.ts
!keep.gen.ts
/rooted.ts
notes (draft).ts
.tools/*
!.tools/skills/
`;

describe("files acp-lint does not lint", () => {
  let dir: string;
  let linted: string[];
  beforeAll(async () => {
    dir = await makeProject({
      "src/agent.ts": BROKEN_AGENT,
      "src/clean.ts": CLEAN_AGENT,
      "pkg/index.ts": CLEAN_AGENT,
      ...Object.fromEntries(BUILD_AND_TOOL_FOLDERS.map((folder) => [`${folder}/agent.ts`, BROKEN_AGENT])),
      ".gitignore": GITIGNORE,
      "generated/agent.ts": BROKEN_AGENT,
      "src/agent.gen.ts": BROKEN_AGENT,
      "src/keep.gen.ts": BROKEN_AGENT,
      "rooted.ts": BROKEN_AGENT,
      "src/rooted.ts": BROKEN_AGENT,
      "notes (draft).ts": BROKEN_AGENT,
      // The folder's files are ignored, a folder inside it is not: the walk cannot skip .tools.
      ".tools/setup.ts": BROKEN_AGENT,
      ".tools/skills/agent.ts": CLEAN_AGENT,
    });
    const run = await runCli(["--format", "json"], dir);
    linted = (JSON.parse(run.stdout) as ESLint.LintResult[]).map((result) => relative(dir, result.filePath)).sort();
  });

  it("skips node_modules, dist, build, out, coverage and .git at any depth, and what .gitignore names", () => {
    expect(linted).toEqual([".tools/skills/agent.ts", "pkg/index.ts", "src/agent.ts", "src/clean.ts", "src/keep.gen.ts", "src/rooted.ts"]);
  });

  it("lints a file named inside a build folder, but not one .gitignore names, without a warning", async () => {
    const run = await runCli(["dist/agent.ts", "generated/agent.ts", "--format", "json"], dir);
    expect(run.stderr).toBe("");
    expect((JSON.parse(run.stdout) as ESLint.LintResult[]).map((result) => relative(dir, result.filePath))).toEqual(["dist/agent.ts"]);
    expect(run.code).toBe(1);
  });

  it("lints a folder named inside a build folder, and a published package's shipped code", async () => {
    for (const folder of ["pkg/dist", "node_modules/dep", "build"]) {
      const run = await runCli([folder, "--format", "json"], dir);
      expect((JSON.parse(run.stdout) as ESLint.LintResult[]).map((result) => relative(dir, result.filePath))).toEqual([`${folder}/agent.ts`]);
    }
  });

  it("--no-ignore lints everything but .git: build folders and what .gitignore names", async () => {
    const run = await runCli(["--no-ignore", "--format", "json"], dir);
    const all = (JSON.parse(run.stdout) as ESLint.LintResult[]).map((result) => relative(dir, result.filePath)).sort();
    expect(all).toEqual(
      [
        ...BUILD_AND_TOOL_FOLDERS.filter((folder) => !folder.startsWith(".git")).map((folder) => `${folder}/agent.ts`),
        ".tools/setup.ts",
        ".tools/skills/agent.ts",
        "generated/agent.ts",
        "notes (draft).ts",
        "pkg/index.ts",
        "rooted.ts",
        "src/agent.gen.ts",
        "src/agent.ts",
        "src/clean.ts",
        "src/keep.gen.ts",
        "src/rooted.ts",
      ].sort(),
    );
  });

  it("--ignore-pattern leaves out what its globs match, as ESLint's option (repeatable)", async () => {
    const run = await runCli(["--ignore-pattern", "src/agent.ts", "--ignore-pattern", "pkg/", "--format", "json"], dir);
    expect((JSON.parse(run.stdout) as ESLint.LintResult[]).map((result) => relative(dir, result.filePath))).toEqual([".tools/skills/agent.ts", "src/clean.ts", "src/keep.gen.ts", "src/rooted.ts"]);
  });

  it("says why a folder named gives nothing to lint, and exits 2", async () => {
    expect(await runCli(["generated"], dir)).toEqual({
      code: 2,
      stdout: "",
      stderr: "acp-lint: nothing to lint in 'generated': 1 ignored by .gitignore or --ignore-pattern (--no-ignore lints them)\n",
    });
  });
});
