import { join } from "node:path";
import type { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { BROKEN_AGENT, CLEAN_AGENT } from "./agents.js";
import { parseListing } from "./output.js";
import { makeProject, runCli } from "./run-cli.js";

/** The files a JSON run linted, absolute, sorted. */
function lintedFiles(stdout: string): string[] {
  return (JSON.parse(stdout) as ESLint.LintResult[]).map((result) => result.filePath).sort();
}

describe("acp-lint on paths outside its working directory", () => {
  let root: string;
  let cwd: string;
  let repo: string;
  beforeAll(async () => {
    root = await makeProject({
      // The working directory's own .gitignore ignores src/: it must not reach into the other repository.
      "here/.gitignore": "src/\n",
      "here/agent.ts": BROKEN_AGENT,
      "repo/.git/HEAD": "ref: refs/heads/main\n",
      "repo/.gitignore": "generated/\n*.gen.ts\n",
      "repo/src/agent.ts": BROKEN_AGENT,
      "repo/src/clean.ts": CLEAN_AGENT,
      "repo/src/agent.gen.ts": BROKEN_AGENT,
      "repo/generated/agent.ts": BROKEN_AGENT,
      "repo/node_modules/dep/agent.ts": BROKEN_AGENT,
      "repo/packages/core/agent.ts": BROKEN_AGENT,
      "loose/agent.ts": BROKEN_AGENT,
    });
    cwd = join(root, "here");
    repo = join(root, "repo");
  });

  it("lints a relative path into another repository with that repository's .gitignore and default ignores", async () => {
    const run = await runCli(["../repo", "--format", "json"], cwd);
    expect(run.code).toBe(1);
    expect(lintedFiles(run.stdout)).toEqual([join(repo, "packages/core/agent.ts"), join(repo, "src/agent.ts"), join(repo, "src/clean.ts")]);
  });

  it("lints an absolute path the same way", async () => {
    const run = await runCli([repo, "--format", "json"], cwd);
    expect(lintedFiles(run.stdout)).toEqual([join(repo, "packages/core/agent.ts"), join(repo, "src/agent.ts"), join(repo, "src/clean.ts")]);
  });

  it("uses the repository's .gitignore for a folder deep inside it, and skips ignored files named one by one", async () => {
    const sub = await runCli(["../repo/src", "--format", "json"], cwd);
    expect(lintedFiles(sub.stdout)).toEqual([join(repo, "src/agent.ts"), join(repo, "src/clean.ts")]);
    const named = await runCli(["../repo/src/agent.gen.ts", "../repo/generated/agent.ts", "../repo/src/clean.ts", "--format", "json"], cwd);
    expect(named.code).toBe(0);
    expect(lintedFiles(named.stdout)).toEqual([join(repo, "src/clean.ts")]);
  });

  it("lints a folder that is in no repository from that folder", async () => {
    const run = await runCli(["../loose", "--format", "json"], cwd);
    expect(lintedFiles(run.stdout)).toEqual([join(root, "loose/agent.ts")]);
  });

  it("lints paths inside and outside the working directory in one run, each with its own ignores, in one listing", async () => {
    const run = await runCli([".", "../repo/src/agent.ts"], cwd);
    expect(run.code).toBe(1);
    expect([...new Set(parseListing(run.stdout).map((finding) => finding.file))]).toEqual([join(cwd, "agent.ts"), join(repo, "src/agent.ts")]);
    expect(run.stdout).toContain("✖ 6 problems (4 errors, 2 warnings)");
  });

  it("reports the same findings from outside as from inside the repository", async () => {
    const outside = await runCli(["../repo", "--format", "json"], cwd);
    const inside = await runCli(["--format", "json"], repo);
    expect(JSON.parse(outside.stdout)).toEqual(JSON.parse(inside.stdout));
  });
});
