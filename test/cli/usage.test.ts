import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { CLEAN_AGENT } from "./agents.js";
import { CLI, makeProject, runCli } from "./run-cli.js";

const packageJson = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };

describe("acp-lint usage errors", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeProject({ "agent.ts": CLEAN_AGENT });
  });

  it.each([
    [["--foo"], "unknown option '--foo'"],
    [["-x", "."], "unknown option '-x'"],
    [["src/x"], "no such file or directory: src/x"],
    [["agent.ts", "missing.ts"], "no such file or directory: missing.ts"],
    [["--config", "loose"], "--config must be one of recommended, strict, all (got 'loose')"],
    [["--config"], "option '--config' needs a value"],
    [["--format", "xml"], "--format must be one of stylish, json, sarif, github (got 'xml')"],
    [["--suppress-rule", "acp/nope"], "--suppress-rule: no rule acp/nope; acp-lint --list-rules lists the rules"],
    [["--stdin", "agent.ts"], "--stdin lints standard input: give no paths (got 'agent.ts')"],
    [["--stdin-filename", "x.ts"], "--stdin-filename needs --stdin"],
    [["--explain", "nope"], "unknown rule 'nope'; acp-lint --list-rules lists the rules"],
    [["--output-file="], "--output-file needs a non-empty value"],
    [["lib/*.ts"], "no files match 'lib/*.ts'"],
    [["--max-warnings", "many"], "--max-warnings must be an integer: a count, or -1 for no limit (got 'many')"],
    [["--max-warnings=1.5"], "--max-warnings must be an integer: a count, or -1 for no limit (got '1.5')"],
    [["--max-warnings", "--quiet"], "option '--max-warnings' needs a value; write --max-warnings=<value> for one that starts with '-'"],
    [["--color", "--no-color"], "--color and --no-color cannot be used together"],
    [["--fix"], "--fix: acp-lint changes no file; its rules offer suggestions instead, which your editor applies as quick fixes (ESLint's extension or language server)"],
    [["--fix-dry-run", "."], "--fix-dry-run: acp-lint changes no file; its rules offer suggestions instead, which your editor applies as quick fixes (ESLint's extension or language server)"],
    [["--fix-type", "problem"], "--fix-type: acp-lint changes no file; its rules offer suggestions instead, which your editor applies as quick fixes (ESLint's extension or language server)"],
    [["--quiet=yes"], "option '--quiet' takes no value"],
  ])("%j exits 2 with one line: %s", async (args, problem) => {
    expect(await runCli(args, dir)).toEqual({ code: 2, stdout: "", stderr: `acp-lint: ${problem}\n` });
  });

  it("exits 2 saying why when a folder holds nothing to lint, instead of calling its files ignored", async () => {
    const docs = await makeProject({ "docs/guide.md": "# Guide\n", "docs/data.json": "{}\n" });
    expect(await runCli(["docs"], docs)).toEqual({
      code: 2,
      stdout: "",
      stderr: "acp-lint: nothing to lint in 'docs': no .ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs file there\n",
    });
  });
});

describe("acp-lint --version and --help", () => {
  it("dist/cli.js is a program of its own: hashbang kept, executable (as npm links the bin)", () => {
    expect(readFileSync(CLI, "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
    expect(execFileSync(CLI, ["--version"], { encoding: "utf8" })).toBe(`${packageJson.version}\n`);
  });

  it.each([["--version"], ["-v"]])("%s prints the package version", async (flag) => {
    expect(await runCli([flag], process.cwd())).toEqual({ code: 0, stdout: `${packageJson.version}\n`, stderr: "" });
  });

  it.each([["--help"], ["-h"]])("%s prints the usage with every option and exits 0", async (flag) => {
    const run = await runCli([flag], process.cwd());
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/^Usage: acp-lint \[options\] \[paths\.\.\.\]/u);
    for (const option of ["--config", "--type-aware", "--format", "--max-warnings", "--quiet", "--concurrency", "--cache", "--cache-location", "--suppress-all", "--suppress-rule", "--prune-suppressions", "--suppressions-location", "--pass-on-unpruned-suppressions", "--output-file", "--include-tests", "--ignore-pattern", "--no-ignore", "--stdin", "--stdin-filename", "--list-rules", "--explain", "--print-config", "--help", "--version", "--color", "--no-color", "--no-error-on-unmatched-pattern", "--no-inline-config"]) {
      expect(run.stdout).toContain(option);
    }
  });
});
