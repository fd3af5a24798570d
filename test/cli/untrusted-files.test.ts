// The files acp-lint reads and writes besides the code it lints (-o, the cache, the suppressions file, acp-lint.json),
// when the checkout holds links in their place.
import { lstatSync, readFileSync } from "node:fs";
import { mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { BROKEN_AGENT, CLEAN_AGENT } from "./agents.js";
import { makeProject, runCli, runCliWith } from "./run-cli.js";

const SECRET = "hunter2-outside-the-checkout";

function rulesOf(stdout: string): string[] {
  return (JSON.parse(stdout) as ESLint.LintResult[]).flatMap((result) => result.messages.map((message) => `${message.line}:${message.ruleId}`));
}

describe("acp-lint writes no file through a link of the checkout", () => {
  let outside: string;
  let checkout: string;
  beforeAll(async () => {
    outside = await makeProject({ "precious.txt": SECRET, "folder/keep.txt": SECRET });
    checkout = await makeProject({ ".git/HEAD": "", "agent.ts": BROKEN_AGENT });
  });

  it("-o onto a link: the link is replaced by the report, the file it pointed to is untouched", async () => {
    await symlink(join(outside, "precious.txt"), join(checkout, "acp.json"));
    const run = await runCli(["--format", "json", "--output-file", "acp.json"], checkout);
    expect(run.code).toBe(1);
    expect(readFileSync(join(outside, "precious.txt"), "utf8")).toBe(SECRET);
    expect(lstatSync(join(checkout, "acp.json")).isSymbolicLink()).toBe(false);
    expect(rulesOf(await readFile(join(checkout, "acp.json"), "utf8"))).toEqual(["4:acp/no-reserved-error-code", "6:acp/no-reserved-error-code", "8:acp/prefer-error-factory"]);
  });

  it("-o into a folder that is a link out of the checkout: exit 2 in one line, nothing written there", async () => {
    await symlink(join(outside, "folder"), join(checkout, "reports"));
    const run = await runCli(["--format", "json", "-o", "reports/acp.json"], checkout);
    expect(run).toEqual({ code: 2, stdout: "", stderr: `acp-lint: cannot write the report to reports/acp.json: ${join(checkout, "reports")} is a symbolic link out of the checkout\n` });
    expect(lstatSync(join(outside, "folder/acp.json"), { throwIfNoEntry: false })).toBeUndefined();
  });

  it("-o through a link of the machine's to the checkout still meets the checkout's link out of it", async () => {
    const machine = await makeProject({});
    await symlink(checkout, join(machine, "alias"));
    await symlink(join(outside, "folder"), join(checkout, "out")).catch(() => undefined);
    const target = join(machine, "alias", "out", "b.json");
    const run = await runCli(["--format", "json", "-o", target], checkout);
    expect(run).toEqual({ code: 2, stdout: "", stderr: `acp-lint: cannot write the report to ${target}: ${join(machine, "alias", "out")} is a symbolic link out of the checkout\n` });
    expect(lstatSync(join(outside, "folder/b.json"), { throwIfNoEntry: false })).toBeUndefined();
  });

  it("-o outside the checkout, where the user asked for it, is written", async () => {
    const run = await runCli(["--format", "json", "-o", join(outside, "report.json")], checkout);
    expect(run.code).toBe(1);
    expect(rulesOf(await readFile(join(outside, "report.json"), "utf8"))).toHaveLength(3);
  });
});

describe("acp-lint's cache in a checkout it cannot trust", () => {
  it("a .eslintcache linked to a file outside is not read nor written through: the link is replaced by the cache", async () => {
    const outside = await makeProject({ "precious.txt": SECRET });
    const dir = await makeProject({ ".git/HEAD": "", "agent.ts": BROKEN_AGENT });
    await symlink(join(outside, "precious.txt"), join(dir, ".eslintcache"));
    const run = await runCli(["--cache", "--format", "json"], dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("acp-lint: the cache .eslintcache is a symbolic link: not read, and replaced if written\n");
    expect(readFileSync(join(outside, "precious.txt"), "utf8")).toBe(SECRET);
    expect(lstatSync(join(dir, ".eslintcache")).isFile()).toBe(true);
    expect(await readFile(join(dir, ".eslintcache"), "utf8")).toContain(join(dir, "agent.ts"));
    // The next run reads the cache it wrote, and finds the same.
    const again = await runCli(["--cache", "--format", "json"], dir);
    expect(again.stderr).toBe("");
    expect(rulesOf(again.stdout)).toEqual(rulesOf(run.stdout));
  });

  it("the cache's record of imports linked to a file outside is not read nor written through, and no cached result is trusted", async () => {
    const outside = await makeProject({ "precious.txt": SECRET });
    const dir = await makeProject({ ".git/HEAD": "", "agent.ts": BROKEN_AGENT });
    const first = await runCli(["--cache", "--format", "json"], dir);
    await rm(join(dir, ".eslintcache.acp-imports"));
    await symlink(join(outside, "precious.txt"), join(dir, ".eslintcache.acp-imports"));
    // ESLint's own log of its cache says which files it could not take from there.
    const run = await runCliWith(["--cache", "--format", "json"], dir, { env: { DEBUG: "eslint:lint-result-cache" }, timeoutMs: 60_000 });
    const said = run.stderr.split("\n").filter((line) => line.startsWith("acp-lint:"));
    expect(said).toEqual(["acp-lint: the cache's record .eslintcache.acp-imports is a symbolic link: not read, and replaced if written"]);
    expect(run.stderr).toContain(`Cache entry not found or no longer valid: ${join(dir, "agent.ts")}`);
    expect(rulesOf(run.stdout)).toEqual(rulesOf(first.stdout));
    expect(readFileSync(join(outside, "precious.txt"), "utf8")).toBe(SECRET);
    expect(lstatSync(join(dir, ".eslintcache.acp-imports")).isFile()).toBe(true);
  });

  it.each(["/dev/zero", "/dev/stdin"])("a .eslintcache linked to %s: the run ends and lints everything", async (device) => {
    const dir = await makeProject({ ".git/HEAD": "", "agent.ts": BROKEN_AGENT });
    await symlink(device, join(dir, ".eslintcache"));
    const run = await runCliWith(["--cache", "--format", "json"], dir, { stdin: "open", timeoutMs: 30_000 });
    expect(run.timedOut, "the run hung").toBe(false);
    expect(run.code).toBe(1);
    expect(rulesOf(run.stdout)).toHaveLength(3);
  });

  it("without --cache, the project's own .eslintcache is left alone (ESLint deletes the file at its cache location)", async () => {
    const dir = await makeProject({ "agent.ts": CLEAN_AGENT, ".eslintcache": "[{}]" });
    expect(await runCli([], dir)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(await readFile(join(dir, ".eslintcache"), "utf8")).toBe("[{}]");
  });
});

describe("acp-lint's suppressions file in a checkout it cannot trust", () => {
  it("one linked to a file outside is not read (its suppressions do not apply) nor written through by --suppress-all", async () => {
    const suppressions = JSON.stringify({ "agent.ts": { "acp/no-reserved-error-code": { count: 2 } } });
    const outside = await makeProject({ "suppressions.json": suppressions });
    const dir = await makeProject({ ".git/HEAD": "", "agent.ts": BROKEN_AGENT });
    await symlink(join(outside, "suppressions.json"), join(dir, "acp-lint-suppressions.json"));
    const run = await runCli(["--format", "json"], dir);
    expect(run.stderr).toBe("acp-lint: the suppressions file acp-lint-suppressions.json is a symbolic link: not read, and replaced if written\n");
    expect(rulesOf(run.stdout)).toEqual(["4:acp/no-reserved-error-code", "6:acp/no-reserved-error-code", "8:acp/prefer-error-factory"]);

    const suppress = await runCli(["--suppress-all", "--format", "json"], dir);
    expect(suppress.code).toBe(0);
    expect(readFileSync(join(outside, "suppressions.json"), "utf8")).toBe(suppressions);
    expect(lstatSync(join(dir, "acp-lint-suppressions.json")).isFile()).toBe(true);
    expect(JSON.parse(await readFile(join(dir, "acp-lint-suppressions.json"), "utf8"))).toEqual({ "agent.ts": { "acp/no-reserved-error-code": { count: 2 } } });
  });

  it("one named by --suppressions-location that is a link is said to be one, not to be missing", async () => {
    const outside = await makeProject({ "suppressions.json": "{}" });
    const dir = await makeProject({ ".git/HEAD": "", "agent.ts": BROKEN_AGENT });
    await symlink(join(outside, "suppressions.json"), join(dir, "mine.json"));
    expect(await runCli(["--suppressions-location", "mine.json"], dir)).toEqual({
      code: 2,
      stdout: "",
      stderr: "acp-lint: the suppressions file mine.json is a symbolic link: not read, and replaced if written\n",
    });
  });

  it.each(["/dev/zero", "/dev/stdin"])("one linked to %s: the run ends, and says the file was not read", async (device) => {
    const dir = await makeProject({ ".git/HEAD": "", "agent.ts": BROKEN_AGENT });
    await symlink(device, join(dir, "acp-lint-suppressions.json"));
    const run = await runCliWith(["--format", "json"], dir, { stdin: "open", timeoutMs: 30_000 });
    expect(run.timedOut, "the run hung").toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("acp-lint: the suppressions file acp-lint-suppressions.json is a symbolic link: not read, and replaced if written\n");
  });
});

describe("acp-lint.json: settings.acp and rule options for acp-lint", () => {
  // AgentError comes from a package the plugin does not read: only errorClasses makes it an error class.
  const AGENT = `import { RequestError } from "@agentclientprotocol/sdk";
import { AgentError } from "@acme/errors";
export const busy = () => new AgentError(-32001, "busy");
export const gone = () => new RequestError(-32042, "gone");
export const bad = () => new RequestError(-32602, "bad");
`;

  it("gives the settings and rule options an eslint.config would, from the folder linted or above it in the repository", async () => {
    const options = {
      settings: { acp: { errorClasses: ["AgentError"] } },
      rules: { "acp/no-reserved-error-code": ["error", { allow: [-32042] }], "acp/prefer-error-factory": "off" },
    };
    const dir = await makeProject({ ".git/HEAD": "", "acp-lint.json": JSON.stringify(options), "src/agent.ts": AGENT });
    const without = await makeProject({ "src/agent.ts": AGENT });
    expect(rulesOf((await runCli(["--format", "json"], without)).stdout)).toEqual(["4:acp/no-reserved-error-code", "5:acp/prefer-error-factory"]);
    const run = await runCli(["--format", "json"], join(dir, "src"));
    expect(run.stderr).toBe("");
    expect(rulesOf(run.stdout)).toEqual(["3:acp/no-reserved-error-code"]);
  });

  it.each([
    ["{ not json", /^acp-lint: acp-lint\.json is not JSON: /u],
    [JSON.stringify({ extends: "x" }), /^acp-lint: acp-lint\.json: unknown key "extends"; it may hold "settings" \(\{ "acp": … \}\) and "rules"\n$/u],
    [JSON.stringify({ rules: { "no-console": "error" } }), /^acp-lint: acp-lint\.json: "no-console" is no acp\/ rule; acp-lint runs only eslint-plugin-acp's rules\n$/u],
    [JSON.stringify({ rules: { "acp/nope": "error" } }), /^acp-lint: acp-lint\.json: no rule acp\/nope; acp-lint --list-rules lists the rules\n$/u],
    // ESLint adds where it met the setting to the plugin's line.
    [JSON.stringify({ settings: { acp: { protocolVersion: 3 } } }), /^acp-lint: eslint-plugin-acp: settings\.acp\.protocolVersion must be 1 or 2, got 3\. Occurred while linting [^\n]*\n$/u],
  ])("a bad file (%s) stops the run with one line naming what is wrong", async (text, problem) => {
    const dir = await makeProject({ "acp-lint.json": text, "agent.ts": BROKEN_AGENT });
    const run = await runCli([], dir);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(problem);
  });

  it("a rule option the rule's schema refuses stops the run with ESLint's one line naming the rule and the value", async () => {
    const dir = await makeProject({ "acp-lint.json": JSON.stringify({ rules: { "acp/no-reserved-error-code": ["error", { allow: "x" }] } }), "agent.ts": BROKEN_AGENT });
    expect(await runCli([], dir)).toEqual({ code: 2, stdout: "", stderr: 'acp-lint: Key "rules": Key "acp/no-reserved-error-code": Value "x" should be array.\n' });
  });

  it.each(["/dev/stdin", "/dev/zero"])("one linked to %s is not read: a note, and the defaults", async (device) => {
    const dir = await makeProject({ ".git/HEAD": "", "agent.ts": BROKEN_AGENT });
    await symlink(device, join(dir, "acp-lint.json"));
    const run = await runCliWith(["--format", "json"], dir, { stdin: "open", timeoutMs: 30_000 });
    expect(run.timedOut, "the run hung").toBe(false);
    expect(run.code).toBe(1);
    // Both real paths (/dev/zero; /proc/self/fd/0 for /dev/stdin, the FIFO) lie outside the checkout.
    expect(run.stderr).toBe("acp-lint: acp-lint.json is a link out of the checkout: not read\n");
    expect(rulesOf(run.stdout)).toHaveLength(3);
  });

  it("one that is not read counts as absent: the search goes on above it, and the note names it", async () => {
    const dir = await makeProject({ ".git/HEAD": "", "acp-lint.json": JSON.stringify({ rules: { "acp/no-reserved-error-code": "off" } }), "pkg/sub/agent.ts": BROKEN_AGENT });
    await symlink("/dev/zero", join(dir, "pkg/acp-lint.json"));
    const run = await runCli(["--format", "json"], join(dir, "pkg/sub"));
    // Named from where acp-lint runs: relative below it, absolute above it.
    expect(run.stderr).toBe(`acp-lint: ${join(dir, "pkg/acp-lint.json")} is a link out of the checkout: not read\n`);
    expect(rulesOf(run.stdout)).toEqual(["8:acp/prefer-error-factory"]);
  });

  it("a rule of another plugin's prefix or an inherited name is no rule", async () => {
    for (const id of ["acp/constructor", "foo/capability-consistency"]) {
      const dir = await makeProject({ "acp-lint.json": JSON.stringify({ rules: { [id]: "error" } }), "agent.ts": CLEAN_AGENT });
      const run = await runCli([], dir);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^acp-lint: acp-lint\.json: (no rule acp\/constructor; acp-lint --list-rules lists the rules|"foo\/capability-consistency" is no acp\/ rule; acp-lint runs only eslint-plugin-acp's rules)\n$/u);
    }
  });

  it("one in a folder above the repository is not read", async () => {
    const parent = await makeProject({ "acp-lint.json": JSON.stringify({ rules: { "acp/no-reserved-error-code": "off" } }) });
    await mkdir(join(parent, "repo/.git"), { recursive: true });
    await writeFile(join(parent, "repo/agent.ts"), BROKEN_AGENT);
    expect(rulesOf((await runCli(["--format", "json"], join(parent, "repo"))).stdout)).toHaveLength(3);
  });
});
