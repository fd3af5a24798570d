import { execFileSync } from "node:child_process";
import { chmod, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { BROKEN_AGENT, CLEAN_AGENT } from "./agents.js";
import { CLI, makeProject, runCli } from "./run-cli.js";
import { runProgram } from "../ci/run-eslint.js";
import { checkSarifLog } from "../ci/sarif-log.js";

const SECRET = "hunter2-do-not-print";

function results(stdout: string): { file: string; messages: string[] }[] {
  return (JSON.parse(stdout) as ESLint.LintResult[]).map((result) => ({
    file: result.filePath,
    messages: result.messages.map((message) => `${message.line}:${message.ruleId ?? "fatal"}:${message.message}`),
  }));
}

describe("acp-lint on a repository it cannot trust", () => {
  let secrets: string;
  let dir: string;
  beforeAll(async () => {
    secrets = await makeProject({ "token.ts": `export const TOKEN = "${SECRET}"; throw new Error(`, "lib/agent.ts": BROKEN_AGENT });
    dir = await makeProject({ "src/agent.ts": CLEAN_AGENT, "src/inside.ts": CLEAN_AGENT });
    // A pull request can add links; a parse error would make ESLint print the file's text in "source".
    await symlink(join(secrets, "token.ts"), join(dir, "src/leak.ts"));
    await symlink(join(secrets, "lib"), join(dir, "src/lib"));
    await symlink(join(dir, "src/inside.ts"), join(dir, "src/alias.ts"));
    await symlink(join(dir, "src/missing.ts"), join(dir, "src/dangling.ts"));
    await symlink(join(dir, "src/loop-a.ts"), join(dir, "src/loop-b.ts"));
    await symlink(join(dir, "src/loop-b.ts"), join(dir, "src/loop-a.ts"));
    execFileSync("mkfifo", [join(dir, "src/pipe.ts")]);
  });

  it("follows no link out of the folder it lints, in a folder or named, and never prints the linked file", async () => {
    const run = await runCli(["--format", "json"], dir);
    expect(run.stdout).not.toContain(SECRET);
    expect(results(run.stdout).map((result) => result.file)).toEqual(
      ["src/agent.ts", "src/alias.ts", "src/dangling.ts", "src/inside.ts", "src/loop-a.ts", "src/loop-b.ts"].map((file) => join(dir, file)),
    );
    expect(run.stderr).toBe("acp-lint: left out 1 symbolic link to files outside the folder linted: src/leak.ts\n");

    const named = await runCli(["src/leak.ts", "src/lib/agent.ts", "--format", "json"], dir);
    expect(named).toEqual({
      code: 0,
      stdout: "[]\n",
      stderr: "acp-lint: left out 2 symbolic links to files outside the folder linted: src/leak.ts, src/lib/agent.ts\n",
    });
  });

  it("reports a dangling link or a loop of links as that file's error and goes on; a FIFO in a folder is not opened", async () => {
    const run = await runCli(["--format", "json"], dir);
    expect(run.code).toBe(1);
    expect(results(run.stdout).filter((result) => result.messages.length > 0)).toEqual([
      { file: join(dir, "src/dangling.ts"), messages: ["1:fatal:Cannot read this file: a symbolic link to a missing file"] },
      { file: join(dir, "src/loop-a.ts"), messages: ["1:fatal:Cannot read this file: a loop of symbolic links"] },
      { file: join(dir, "src/loop-b.ts"), messages: ["1:fatal:Cannot read this file: a loop of symbolic links"] },
    ]);
  });

  it("reports a FIFO named on the command line as that file's error, without opening it", async () => {
    const run = await runCli(["src/pipe.ts", "src/agent.ts", "--format", "json"], dir);
    expect(run.code).toBe(1);
    expect(results(run.stdout)).toEqual([
      { file: join(dir, "src/agent.ts"), messages: [] },
      { file: join(dir, "src/pipe.ts"), messages: ["1:fatal:Cannot read this file: not a regular file"] },
    ]);
  });
});

describe("acp-lint on a file it may not read", () => {
  it("reports the file as its error, in every format, and lints the rest", async () => {
    const dir = await makeProject({ "src/agent.ts": BROKEN_AGENT, "src/locked.ts": CLEAN_AGENT, "src/locked/inner.ts": CLEAN_AGENT });
    await chmod(join(dir, "src/locked.ts"), 0o000);
    await chmod(join(dir, "src/locked"), 0o000);
    const json = await runUnprivileged(["--format", "json"], dir);
    expect(json.code).toBe(1);
    expect(results(json.stdout)).toEqual([
      { file: join(dir, "src/agent.ts"), messages: expect.arrayContaining([expect.stringMatching(/^4:acp\/no-reserved-error-code:/u)]) as unknown as string[] },
      { file: join(dir, "src/locked"), messages: ["1:fatal:Cannot read this folder: permission denied"] },
      { file: join(dir, "src/locked.ts"), messages: ["1:fatal:Cannot read this file: permission denied"] },
    ]);
    const sarif = await runUnprivileged(["--format", "sarif", "src/locked.ts"], dir);
    expect(checkSarifLog(sarif.stdout)).toEqual([{ ruleId: "acp-lint/unreadable-file", file: join(dir, "src/locked.ts"), line: 1, column: 1, level: "error" }]);
    const github = await runUnprivileged(["--format", "github", "src/locked.ts"], dir);
    expect(github).toEqual({ code: 1, stdout: "::error file=src/locked.ts,line=1,col=1,title=parse error::Cannot read this file: permission denied\n", stderr: "" });
  });
});

// Root reads every file whatever its mode: drop the capabilities that let it, so the file is as unreadable to
// acp-lint as it is to a user.
function runUnprivileged(args: readonly string[], cwd: string) {
  if (process.getuid?.() !== 0) return runCli(args, cwd);
  return runProgram("setpriv", ["--bounding-set", "-dac_override,-dac_read_search", process.execPath, CLI, ...args], cwd);
}

describe("a folder a pull request planted", () => {
  it("a FIFO, a socket-like special file or a huge tree of links neither hangs nor aborts the run", async () => {
    const dir = await makeProject({ "agent.ts": CLEAN_AGENT });
    await mkdir(join(dir, "deep"));
    for (let i = 0; i < 50; i++) await symlink(join(dir, "deep"), join(dir, "deep", `self-${i}`));
    execFileSync("mkfifo", [join(dir, "queue.js")]);
    await writeFile(join(dir, "notes.md"), "# not code\n");
    expect(await runCli([], dir)).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});
