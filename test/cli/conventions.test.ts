// ESLint's command-line conventions that acp-lint keeps: exit codes, inline config, annotation paths, colour,
// unmatched patterns, output errors, standard input's warnings.
import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import type { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { BROKEN_AGENT, CLEAN_AGENT, WARNED_AGENT } from "./agents.js";
import { parseListing } from "./output.js";
import { CLI, makeProject, runCli, runCliWith } from "./run-cli.js";

const WARNING = "acp/prefer-error-factory";

function messagesOf(stdout: string): string[] {
  return (JSON.parse(stdout) as ESLint.LintResult[]).flatMap((result) =>
    result.messages.map((message) => `${message.line}:${message.ruleId ?? "none"}:${message.severity}`),
  );
}

describe("acp-lint's exit codes, as ESLint's", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeProject({ "agent.ts": WARNED_AGENT });
  });

  it("--quiet --max-warnings 0 exits 1 on a warning it does not print (the warnings are counted, as ESLint counts them)", async () => {
    expect(await runCli(["--quiet", "--max-warnings", "0"], dir)).toEqual({ code: 1, stdout: "", stderr: "acp-lint: too many warnings (1, maximum 0)\n" });
    // --quiet alone: the rules set to warn do not run, nothing is printed and the run passes.
    expect(await runCli(["--quiet"], dir)).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it.each([[["--max-warnings", "-1"]], [["--max-warnings=-1"]], [["--max-warnings", "-5"]]])("%j is no limit, as ESLint's default -1 and any negative number", async (args) => {
    const run = await runCli([...args, "--format", "json"], dir);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(messagesOf(run.stdout)).toEqual([`4:${WARNING}:1`]);
    expect((await runCli(["--max-warnings", "0"], dir)).code).toBe(1);
  });
});

describe("acp-lint and the code's inline configuration", () => {
  const COMMENTED = `/* eslint-env node */
/* eslint no-unused-vars: 2, no-console: "error" */
import { RequestError } from "@agentclientprotocol/sdk";
const unused = 1;
console.log("ready");
// eslint-disable-next-line @typescript-eslint/no-explicit-any, import/no-cycle
export const fail = () => new RequestError(-32001, "Session gone");
`;

  it("reports no core rule a comment turns on, nor ESLint 10's refusal of /* eslint-env */: only acp/ findings decide the exit code", async () => {
    const dir = await makeProject({ "agent.ts": COMMENTED.replace("-32001", "429") });
    expect(await runCli(["--format", "json"], dir)).toMatchObject({ code: 0, stderr: "" });
    const broken = await makeProject({ "agent.ts": COMMENTED });
    const run = await runCli(["--format", "json"], broken);
    expect(run.code).toBe(1);
    expect(messagesOf(run.stdout)).toEqual(["7:acp/no-reserved-error-code:2"]);
  });

  it("keeps a problem of an inline comment about an acp/ rule (an invalid option), which fails the run as in ESLint", async () => {
    const dir = await makeProject({ "agent.ts": `/* eslint acp/no-reserved-error-code: ["error", { "nope": 1 }] */\n${CLEAN_AGENT}` });
    const run = await runCli(["--format", "json"], dir);
    expect(run.code).toBe(1);
    expect(messagesOf(run.stdout)).toEqual(["1:acp/no-reserved-error-code:2"]);
    expect(run.stdout).toContain("Inline configuration for rule");
  });

  it("--no-inline-config reads no comment: an eslint-disable of an acp/ rule no longer hides its finding", async () => {
    const dir = await makeProject({
      "agent.ts": `import { RequestError } from "@agentclientprotocol/sdk";\n// eslint-disable-next-line acp/no-reserved-error-code\nexport const fail = () => new RequestError(-32001, "Session gone");\n`,
    });
    expect(await runCli([], dir)).toEqual({ code: 0, stdout: "", stderr: "" });
    const run = await runCli(["--no-inline-config", "--format", "json"], dir);
    expect(run.code).toBe(1);
    expect(messagesOf(run.stdout)).toEqual(["3:acp/no-reserved-error-code:2"]);
  });
});

describe("acp-lint -f github from a folder of the repository", () => {
  let repo: string;
  beforeAll(async () => {
    repo = await makeProject({ ".git/HEAD": "", "packages/agent/src/agent.ts": WARNED_AGENT });
  });

  const annotation = (file: string) =>
    `::warning file=${file},line=4,endLine=4,col=26,endColumn=32,title=${WARNING}::-32602 is ACP's InvalidParams code: build the error with RequestError.invalidParams() instead of a bare number.\n`;

  it("names files from the repository's root, as the pull request's diff does", async () => {
    const run = await runCliWith(["-f", "github", "src"], join(repo, "packages/agent"), { env: { GITHUB_WORKSPACE: undefined } });
    expect(run).toEqual({ code: 0, stdout: annotation("packages/agent/src/agent.ts"), stderr: "", timedOut: false });
  });

  it("names them from GITHUB_WORKSPACE when the runner sets it", async () => {
    const run = await runCliWith(["-f", "github", "src"], join(repo, "packages/agent"), { env: { GITHUB_WORKSPACE: join(repo, "packages") } });
    expect(run).toEqual({ code: 0, stdout: annotation("agent/src/agent.ts"), stderr: "", timedOut: false });
  });
});

describe("acp-lint's colours", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeProject({ "agent.ts": WARNED_AGENT });
  });
  const ESCAPE = "\x1b[";

  it("--color colours the report even into a pipe; --no-color and a pipe do not", async () => {
    expect((await runCli(["--color"], dir)).stdout).toContain(ESCAPE);
    expect((await runCli([], dir)).stdout).not.toContain(ESCAPE);
    expect((await runCli(["--no-color"], dir)).stdout).not.toContain(ESCAPE);
  });

  // `script` gives the run a terminal, where colours are on unless NO_COLOR or --no-color says otherwise. Node decides
  // a terminal's colours from TERM (and from CI's variables): set as a colour terminal's, whatever the host has.
  const inTerminal = (args: string, env: Record<string, string | undefined>) => {
    const environment: NodeJS.ProcessEnv = { ...process.env, TERM: "xterm-256color", ...env };
    for (const variable of ["FORCE_COLOR", "CI", "GITHUB_ACTIONS", "COLORTERM"]) delete environment[variable];
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete environment[key];
    return execFileSync("script", ["-qec", `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} ${args}`, "/dev/null"], {
      cwd: dir,
      env: environment,
      encoding: "utf8",
    });
  };

  it("in a terminal: colours by default, none with NO_COLOR or --no-color", () => {
    expect(inTerminal("agent.ts", { NO_COLOR: undefined })).toContain(`${ESCAPE}33mwarning`);
    expect(inTerminal("agent.ts", { NO_COLOR: "1" })).not.toContain(`${ESCAPE}33m`);
    expect(inTerminal("--no-color agent.ts", { NO_COLOR: undefined })).not.toContain(`${ESCAPE}33m`);
  });
});

describe("acp-lint --no-error-on-unmatched-pattern", () => {
  it("skips a folder, a glob or a path that gives nothing to lint, and lints the rest", async () => {
    const dir = await makeProject({ "docs/guide.md": "# Guide\n", "src/agent.ts": BROKEN_AGENT });
    expect((await runCli(["docs"], dir)).code).toBe(2);
    const run = await runCli(["docs", "missing.ts", "lib/*.ts", "src", "--no-error-on-unmatched-pattern"], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    expect(parseListing(run.stdout).map((finding) => `${finding.line}:${finding.ruleId}`)).toEqual([
      "4:acp/no-reserved-error-code",
      "6:acp/no-reserved-error-code",
      `8:${WARNING}`,
    ]);
    expect(await runCli(["docs", "--no-error-on-unmatched-pattern"], dir)).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

describe("acp-lint when its output cannot be written", () => {
  it("a full device: one line on stderr, exit 2, no stack trace", async () => {
    const dir = await makeProject({ "agent.ts": WARNED_AGENT });
    const full = openSync("/dev/full", "w");
    try {
      const run = await runCliWith([], dir, { stdoutFd: full });
      expect(run).toEqual({ code: 2, stdout: "", stderr: "acp-lint: cannot write the output: ENOSPC: no space left on device, write\n", timedOut: false });
    } finally {
      closeSync(full);
    }
  });
});

describe("acp-lint --stdin-filename, as ESLint's", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeProject({ ".gitignore": "gen/\n", "src/agent.ts": CLEAN_AGENT });
  });

  it.each([
    ["gen/agent.ts", "gen/agent.ts", 'File ignored because of a matching ignore pattern. Use "--no-ignore" to disable file ignore settings or use "--no-warn-ignored" to suppress this warning.'],
    ["../elsewhere/agent.ts", "../elsewhere/agent.ts", "File ignored because outside of base path."],
    ["notes.md", "notes.md", "File ignored because no matching configuration was supplied."],
  ])("warns that %s is not linted", async (name, file, warning) => {
    const run = await runCliWith(["--stdin", "--stdin-filename", name, "--format", "json"], dir, { stdin: BROKEN_AGENT });
    expect(run.code).toBe(0);
    const [result] = JSON.parse(run.stdout) as ESLint.LintResult[];
    expect(result!.filePath).toBe(join(dir, file));
    expect(result!.messages.map((message) => ({ severity: message.severity, message: message.message }))).toEqual([{ severity: 1, message: warning }]);
  });
});

describe("acp-lint's messages about what a path holds", () => {
  it("a glob that matches no file says so, whatever other files the folder holds", async () => {
    const dir = await makeProject({ "src/agent.ts": CLEAN_AGENT, "src/lib/util.ts": CLEAN_AGENT });
    expect(await runCli(["src/**/*.tsx"], dir)).toEqual({ code: 2, stdout: "", stderr: "acp-lint: no files match 'src/**/*.tsx'\n" });
  });

  it("a folder whose path is too long to list is that folder's error, in words", async () => {
    const dir = await makeProject({ "agent.ts": CLEAN_AGENT });
    // `mkdir -p` climbs into each new folder, so it can make a path longer than the system's PATH_MAX.
    const deep = Array.from({ length: 40 }, () => "d".repeat(120)).join("/");
    mkdirSync(join(dir, "deep"));
    let run;
    try {
      execFileSync("mkdir", ["-p", deep], { cwd: join(dir, "deep") });
      run = await runCli(["--format", "json"], dir);
    } finally {
      // Node's recursive removal cannot reach so deep; GNU rm can.
      execFileSync("rm", ["-rf", "deep"], { cwd: dir });
    }
    const failures = (JSON.parse(run.stdout) as ESLint.LintResult[]).filter((result) => result.messages.length > 0);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.filePath.startsWith(join(dir, "deep"))).toBe(true);
    expect(failures[0]!.messages.map((message) => message.message)).toEqual(["Cannot read this folder: its path is longer than the system allows"]);
    expect(run.code).toBe(1);
  });
});

