// ESLint's own options that acp-lint passes through: worker threads, the cache, bulk suppressions.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { BROKEN_AGENT, CLEAN_AGENT, WARNED_AGENT } from "./agents.js";
import { makeProject, runCli } from "./run-cli.js";

const NO_RESERVED = "acp/no-reserved-error-code";
const PREFER_FACTORY = "acp/prefer-error-factory";

/** What a JSON run found, without what may differ between runs (timing, the cache's own fields). */
function findings(stdout: string): { file: string; messages: { ruleId: string | null; line: number; column: number }[] }[] {
  return (JSON.parse(stdout) as ESLint.LintResult[])
    .map((result) => ({
      file: result.filePath,
      messages: result.messages.map(({ ruleId, line, column }) => ({ ruleId, line, column })),
    }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

const MANY_AGENTS = Object.fromEntries(
  Array.from({ length: 8 }, (_, i) => [`src/agent${i}.ts`, i % 3 === 0 ? CLEAN_AGENT : i % 3 === 1 ? BROKEN_AGENT : WARNED_AGENT]),
);

describe("acp-lint --concurrency", () => {
  let dir: string;
  let off: string;
  beforeAll(async () => {
    dir = await makeProject(MANY_AGENTS);
    off = (await runCli(["--format", "json"], dir)).stdout;
  });

  it.each([["2"], ["auto"], ["off"]])("--concurrency %s finds exactly what a run in one thread finds", async (value) => {
    const run = await runCli(["--concurrency", value, "--format", "json"], dir);
    expect(run.code).toBe(1);
    expect(findings(run.stdout)).toEqual(findings(off));
    expect(findings(off)).toHaveLength(8);
  });

  it("works with worker threads on a repository outside the working directory, with its .gitignore", async () => {
    const root = await makeProject({ "repo/.git/HEAD": "", "repo/.gitignore": "skip/\n", "repo/skip/agent.ts": BROKEN_AGENT, ...prefixed("repo/", MANY_AGENTS), "here/x.txt": "" });
    const threaded = await runCli(["../repo", "--concurrency", "2", "--format", "json"], join(root, "here"));
    const inside = await runCli(["--format", "json"], join(root, "repo"));
    expect(findings(threaded.stdout)).toEqual(findings(inside.stdout));
    expect(findings(threaded.stdout).map((f) => f.file)).not.toContain(join(root, "repo/skip/agent.ts"));
  });
});

function prefixed(prefix: string, files: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [prefix + path, text]));
}

describe("acp-lint --cache", () => {
  it("writes ESLint's cache where --cache-location says, gives the same findings from it, and sees an edited file", async () => {
    const dir = await makeProject({ "src/agent.ts": BROKEN_AGENT, "src/clean.ts": CLEAN_AGENT });
    const args = ["--cache", "--cache-location", ".cache/acp-lint", "--format", "json"];
    const first = await runCli(args, dir);
    const cache = await readFile(join(dir, ".cache/acp-lint"), "utf8");
    expect(cache).toContain(join(dir, "src/agent.ts"));
    const second = await runCli(args, dir);
    expect(findings(second.stdout)).toEqual(findings(first.stdout));
    await writeFile(join(dir, "src/clean.ts"), BROKEN_AGENT);
    const edited = await runCli(args, dir);
    expect(findings(edited.stdout).find((f) => f.file === join(dir, "src/clean.ts"))?.messages.map((m) => m.ruleId)).toEqual([NO_RESERVED, NO_RESERVED, PREFER_FACTORY]);
  });

  it("lints again from the cache once the installed SDK changes: the advice depends on its version", async () => {
    const sdk = (version: string) => JSON.stringify({ name: "@agentclientprotocol/sdk", version, type: "module" });
    const agent = `import { RequestError } from "@agentclientprotocol/sdk";
export const gone = (sessionId: string) => RequestError.resourceNotFound(sessionId);
`;
    const dir = await makeProject({ "node_modules/@agentclientprotocol/sdk/package.json": sdk("2.0.2"), "src/agent.ts": agent });
    const messages = async () => {
      const run = await runCli(["--cache", "--format", "json"], dir);
      return (JSON.parse(run.stdout) as ESLint.LintResult[]).flatMap((r) => r.messages.map((m) => m.message));
    };
    // Before 2.1.0 the SDK has no sessionNotFound: the advice is the construction; from 2.1.0, the factory.
    const before = await messages();
    expect(before.join("\n")).toContain('new RequestError(-32002, "Resource not found", { sessionId })');
    await writeFile(join(dir, "node_modules/@agentclientprotocol/sdk/package.json"), sdk("2.1.0"));
    const after = await messages();
    expect(after.join("\n")).toContain("RequestError.sessionNotFound(sessionId)");
  });

  it("keeps the cache in the working directory when linting another repository, by default in .eslintcache", async () => {
    const root = await makeProject({ "repo/.git/HEAD": "", "repo/agent.ts": BROKEN_AGENT, "here/x.txt": "" });
    await runCli(["../repo", "--cache"], join(root, "here"));
    expect(await readFile(join(root, "here/.eslintcache"), "utf8")).toContain(join(root, "repo/agent.ts"));
    await expect(readFile(join(root, "repo/.eslintcache"), "utf8")).rejects.toThrow(/ENOENT/u);
  });
});

describe("acp-lint bulk suppressions", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeProject({ "src/agent.ts": BROKEN_AGENT, "src/other.ts": BROKEN_AGENT, "src/warned.ts": WARNED_AGENT, "src/clean.ts": CLEAN_AGENT });
  });
  const suppressions = async (name = "acp-lint-suppressions.json") => JSON.parse(await readFile(join(dir, name), "utf8")) as unknown;
  const ruleIds = (stdout: string) => findings(stdout).flatMap((f) => f.messages.map((m) => `${f.file.slice(dir.length + 1)} ${m.ruleId}`));

  it("--suppress-all records every error (as ESLint, not warnings) in acp-lint-suppressions.json and exits 0", async () => {
    const run = await runCli(["--suppress-all", "--format", "json"], dir);
    expect(run.code).toBe(0);
    expect(ruleIds(run.stdout)).toEqual([`src/agent.ts ${PREFER_FACTORY}`, `src/other.ts ${PREFER_FACTORY}`, `src/warned.ts ${PREFER_FACTORY}`]);
    expect(await suppressions()).toEqual({ "src/agent.ts": { [NO_RESERVED]: { count: 2 } }, "src/other.ts": { [NO_RESERVED]: { count: 2 } } });
  });

  it("later runs apply the file: old errors are hidden, new ones reported", async () => {
    expect((await runCli(["--quiet"], dir))).toEqual({ code: 0, stdout: "", stderr: "" });
    await writeFile(join(dir, "src/clean.ts"), BROKEN_AGENT);
    const run = await runCli(["--quiet", "--format", "json"], dir);
    expect(run.code).toBe(1);
    expect(ruleIds(run.stdout)).toEqual([`src/clean.ts ${NO_RESERVED}`, `src/clean.ts ${NO_RESERVED}`]);
    await writeFile(join(dir, "src/clean.ts"), CLEAN_AGENT);
  });

  it("a fixed error leaves its suppression unused: exit 2 unless --pass-on-unpruned-suppressions, and --prune-suppressions drops it", async () => {
    await writeFile(join(dir, "src/other.ts"), WARNED_AGENT);
    const run = await runCli(["--quiet"], dir);
    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr: "acp-lint: there are suppressions left that do not occur anymore: re-run with --prune-suppressions to remove them, or pass --pass-on-unpruned-suppressions\n",
    });
    expect((await runCli(["--quiet", "--pass-on-unpruned-suppressions"], dir)).code).toBe(0);
    expect((await runCli(["--quiet", "--prune-suppressions"], dir)).code).toBe(0);
    expect(await suppressions()).toEqual({ "src/agent.ts": { [NO_RESERVED]: { count: 2 } } });
    expect((await runCli(["--quiet"], dir)).code).toBe(0);
  });

  it("--suppress-rule suppresses only that rule, in the file --suppressions-location names", async () => {
    // In acp/all, prefer-error-factory is an error too.
    const run = await runCli(["--config", "all", "--suppress-rule", PREFER_FACTORY, "--suppressions-location", "acp-suppressions.json", "--format", "json"], dir);
    expect(run.code).toBe(1);
    expect(await suppressions("acp-suppressions.json")).toEqual({
      "src/agent.ts": { [PREFER_FACTORY]: { count: 1 } },
      "src/other.ts": { [PREFER_FACTORY]: { count: 1 } },
      "src/warned.ts": { [PREFER_FACTORY]: { count: 1 } },
    });
    expect(ruleIds(run.stdout)).toEqual([`src/agent.ts ${NO_RESERVED}`, `src/agent.ts ${NO_RESERVED}`]);
  });

  it("shares a suppressions file with the project's own ESLint run: entries of other rules are neither unused nor pruned", async () => {
    const shared = { "src/agent.ts": { "no-console": { count: 3 } }, "src/gone.ts": { "@typescript-eslint/no-explicit-any": { count: 1 } } };
    await writeFile(join(dir, "eslint-suppressions.json"), JSON.stringify(shared));
    expect((await runCli(["--quiet", "--suppressions-location", "eslint-suppressions.json"], dir)).code).toBe(1);
    expect((await runCli(["--quiet", "--suppress-all", "--suppressions-location", "eslint-suppressions.json"], dir)).code).toBe(0);
    expect(await suppressions("eslint-suppressions.json")).toEqual({
      "src/agent.ts": { "no-console": { count: 3 }, [NO_RESERVED]: { count: 2 } },
      "src/gone.ts": { "@typescript-eslint/no-explicit-any": { count: 1 } },
    });
    expect(await runCli(["--quiet", "--suppressions-location", "eslint-suppressions.json"], dir)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect((await runCli(["--quiet", "--prune-suppressions", "--suppressions-location", "eslint-suppressions.json"], dir)).code).toBe(0);
    expect(await suppressions("eslint-suppressions.json")).toEqual({
      "src/agent.ts": { "no-console": { count: 3 }, [NO_RESERVED]: { count: 2 } },
      "src/gone.ts": { "@typescript-eslint/no-explicit-any": { count: 1 } },
    });
  });

  it.each([
    [["--suppressions-location", "missing.json"], "the suppressions file missing.json does not exist: run with --suppress-all or --suppress-rule to create it"],
    [["--suppress-all", "--suppress-rule", NO_RESERVED], "--suppress-all and --suppress-rule cannot be used together"],
    [["--suppress-all", "--prune-suppressions"], "--suppress-all and --prune-suppressions cannot be used together"],
    [["--suppress-rule", NO_RESERVED, "--prune-suppressions"], "--suppress-rule and --prune-suppressions cannot be used together"],
    [["--suppress-rule", "no-console"], "--suppress-rule takes an acp/ rule, such as acp/no-reserved-error-code (got 'no-console')"],
    [["--concurrency", "0"], "--concurrency must be a positive integer, auto or off (got '0')"],
    [["--concurrency", "many"], "--concurrency must be a positive integer, auto or off (got 'many')"],
  ])("%j exits 2 with one line: %s", async (args, problem) => {
    expect(await runCli(args, dir)).toEqual({ code: 2, stdout: "", stderr: `acp-lint: ${problem}\n` });
  });
});
