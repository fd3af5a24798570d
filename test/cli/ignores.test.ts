import { symlink } from "node:fs/promises";
import { relative } from "node:path";
import type { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { BROKEN_AGENT, CLEAN_AGENT } from "./agents.js";
import { makeProject, runCli, runCliWith } from "./run-cli.js";

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

/** The files a JSON run linted, relative to `dir`. */
function lintedIn(stdout: string, dir: string): string[] {
  return (JSON.parse(stdout) as ESLint.LintResult[]).map((result) => relative(dir, result.filePath)).sort();
}

describe(".gitignore as git reads it", () => {
  let repo: string;
  beforeAll(async () => {
    repo = await makeProject({
      ".git/HEAD": "",
      // A byte-order mark before the first pattern, as some editors write it.
      ".gitignore": "\uFEFFgen/\n/top.ts\n./src/\n",
      "gen/agent.ts": BROKEN_AGENT,
      "top.ts": CLEAN_AGENT,
      "packages/a/top.ts": CLEAN_AGENT,
      "packages/a/.gitignore": "local/\n*.tmp.ts\n!keep.tmp.ts\n",
      "packages/a/local/agent.ts": BROKEN_AGENT,
      "packages/a/src/agent.ts": CLEAN_AGENT,
      "packages/a/src/x.tmp.ts": BROKEN_AGENT,
      "packages/a/src/keep.tmp.ts": CLEAN_AGENT,
      "packages/a/gen/agent.ts": BROKEN_AGENT,
      "packages/b/agent.ts": CLEAN_AGENT,
    });
  });

  it("reads every .gitignore from the repository's root down, also from a subfolder: BOM, anchors and negations as git", async () => {
    const fromRoot = await runCli(["--format", "json"], repo);
    expect(fromRoot.stderr).toBe("");
    expect(lintedIn(fromRoot.stdout, repo)).toEqual(["packages/a/src/agent.ts", "packages/a/src/keep.tmp.ts", "packages/a/top.ts", "packages/b/agent.ts"]);
    const dir = `${repo}/packages/a`;
    const fromSubfolder = await runCli(["--format", "json"], dir);
    expect(fromSubfolder).toMatchObject({ code: 0, stderr: "" });
    expect(lintedIn(fromSubfolder.stdout, dir)).toEqual(["src/agent.ts", "src/keep.tmp.ts", "top.ts"]);
  });

  it.each([
    ["/dev/zero", "is a symbolic link: not read, as git does not"],
    ["/dev/stdin", "is a symbolic link: not read, as git does not"],
    ["/etc/passwd", "is a symbolic link: not read, as git does not"],
  ])("a .gitignore linked to %s is not read (git follows no such link), and the run says so in one line", async (target, why) => {
    const dir = await makeProject({ ".git/HEAD": "", "gen/agent.ts": CLEAN_AGENT, "src/agent.ts": CLEAN_AGENT });
    await symlink(target, `${dir}/.gitignore`);
    const run = await runCliWith(["--format", "json"], dir, { stdin: "open", timeoutMs: 30_000 });
    expect(run.timedOut, "the run hung").toBe(false);
    expect(run.stderr).toBe(`acp-lint: .gitignore ${why}\n`);
    expect(lintedIn(run.stdout, dir)).toEqual(["gen/agent.ts", "src/agent.ts"]);
    expect(run.code).toBe(0);
  });

  it("--stdin-filename and --print-config say it too", async () => {
    const dir = await makeProject({ ".git/HEAD": "", "src/agent.ts": CLEAN_AGENT });
    await symlink("/dev/zero", `${dir}/.gitignore`);
    const note = "acp-lint: .gitignore is a symbolic link: not read, as git does not\n";
    expect(await runCliWith(["--stdin", "--stdin-filename", "src/x.ts"], dir, { stdin: CLEAN_AGENT, timeoutMs: 30_000 })).toEqual({ code: 0, stdout: "", stderr: note, timedOut: false });
    const printed = await runCliWith(["--print-config", "src/agent.ts"], dir, { stdin: "open", timeoutMs: 30_000 });
    expect(printed).toMatchObject({ code: 0, stderr: note, timedOut: false });
  });

  it("a folder named .gitignore is named in the note, and the run goes on", async () => {
    const dir = await makeProject({ ".git/HEAD": "", ".gitignore/x": "", "src/agent.ts": CLEAN_AGENT });
    const run = await runCli(["--format", "json"], dir);
    expect(run.stderr).toBe("acp-lint: .gitignore is not a regular file (a folder): not read\n");
    expect(lintedIn(run.stdout, dir)).toEqual(["src/agent.ts"]);
  });
});
