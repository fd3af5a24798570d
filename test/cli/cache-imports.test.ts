// acp-lint --cache and the modules a file imports: ESLint's cache knows a file's own text only, so acp-lint keeps a
// record of each file's import closure beside it and has ESLint lint again the files whose closure changed (unless
// no rule looks into the file, then or now).
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { makeProject, runCliWith } from "./run-cli.js";

/** An agent whose error code is a constant of another module: what it reports depends on that module's text. */
const AGENT = `import { RequestError } from "@agentclientprotocol/sdk";
import { Codes } from "./codes";
export const reject = () => {
  throw new RequestError(Codes.gone, "Session not found");
};
`;
/** The same through a module between: the code is two imports away. */
const AGENT_THROUGH = AGENT.replace('"./codes"', '"./middle"');
const MIDDLE = `export { Codes } from "./codes";\n`;
const codes = (code: number) => `export const Codes = { gone: ${code} } as const;\n`;
/** An agent importing nothing of the project: its results never depend on another file. */
const ALONE = `import { RequestError } from "@agentclientprotocol/sdk";
export const reject = () => {
  throw new RequestError(-32001, "Session not found");
};
`;

/** A file that names nothing of ACP and calls a helper of a module that names nothing of ACP either: no rule looks into it. */
const QUIET_CALLER = `import { Codes, fail } from "./codes";
export const reject = () => fail(Codes.gone, "Session not found");
`;
const QUIET_CODES = `export const Codes = { gone: 1 } as const;
export const fail = (code: number, message: string) => {
  throw Object.assign(new Error(message), { status: code });
};
`;
/** The same module once it builds a RequestError with a reserved code: its callers' calls are judged. */
const ACP_CODES = `import { RequestError } from "@agentclientprotocol/sdk";
export const Codes = { gone: -32001 } as const;
export const fail = (code: number, message: string) => {
  throw new RequestError(code, message);
};
`;

interface CachedRun {
  /** Rule ids reported per file name. */
  readonly reports: Record<string, string[]>;
  /** The files ESLint linted again rather than took from its cache. */
  readonly linted: string[];
}

/** acp-lint --cache on the project, with ESLint's own account of which cache entries it could not use. */
async function cachedRun(dir: string): Promise<CachedRun> {
  const run = await runCliWith(["--cache", "--format", "json"], dir, { env: { DEBUG: "eslint:lint-result-cache" }, timeoutMs: 60_000 });
  expect(run.code, run.stderr).toBeLessThan(2);
  const reports: Record<string, string[]> = {};
  for (const result of JSON.parse(run.stdout) as ESLint.LintResult[]) reports[result.filePath.slice(dir.length + 1)] = result.messages.map((m) => m.ruleId ?? "");
  const linted = [...run.stderr.matchAll(/Cache entry not found or no longer valid: (\S+)/gu)].map((m) => m[1]!.slice(dir.length + 1)).sort();
  return { reports, linted };
}

describe("acp-lint --cache and imported modules", () => {
  it("lints again a file whose imported module changed, and only that file", async () => {
    const dir = await makeProject({ "src/agent.ts": AGENT, "src/codes.ts": codes(-32002), "src/alone.ts": ALONE });
    const first = await cachedRun(dir);
    expect(first.reports["src/agent.ts"]).toEqual(["acp/session-not-found-data"]);
    expect(first.linted).toEqual(["src/agent.ts", "src/alone.ts", "src/codes.ts"]);
    expect((await cachedRun(dir)).linted).toEqual([]);
    await writeFile(join(dir, "src/codes.ts"), codes(-32001));
    const edited = await cachedRun(dir);
    expect(edited.reports["src/agent.ts"]).toEqual(["acp/no-reserved-error-code"]);
    expect(edited.linted).toEqual(["src/agent.ts", "src/codes.ts"]);
  });

  it("follows a module imported through another one", async () => {
    const dir = await makeProject({ "src/agent.ts": AGENT_THROUGH, "src/middle.ts": MIDDLE, "src/codes.ts": codes(-32002) });
    expect((await cachedRun(dir)).reports["src/agent.ts"]).toEqual(["acp/session-not-found-data"]);
    await writeFile(join(dir, "src/codes.ts"), codes(-32001));
    const edited = await cachedRun(dir);
    expect(edited.reports["src/agent.ts"]).toEqual(["acp/no-reserved-error-code"]);
    // The module between re-exports the edited one: its own closure changed too.
    expect(edited.linted).toEqual(["src/agent.ts", "src/codes.ts", "src/middle.ts"]);
  });

  it("lints again a file whose import names a module that has appeared since", async () => {
    const dir = await makeProject({ "src/agent.ts": AGENT, "src/alone.ts": ALONE });
    expect((await cachedRun(dir)).reports["src/agent.ts"]).toEqual([]);
    await writeFile(join(dir, "src/codes.ts"), codes(-32001));
    const edited = await cachedRun(dir);
    expect(edited.reports["src/agent.ts"]).toEqual(["acp/no-reserved-error-code"]);
    expect(edited.linted).toEqual(["src/agent.ts", "src/codes.ts"]);
  });

  it("keeps the results of a file no rule looks into when an edit to a module it imports leaves it so", async () => {
    const dir = await makeProject({ "src/util.ts": QUIET_CALLER, "src/codes.ts": QUIET_CODES, "src/agent.ts": AGENT });
    const first = await cachedRun(dir);
    expect(first.linted).toEqual(["src/agent.ts", "src/codes.ts", "src/util.ts"]);
    await writeFile(join(dir, "src/codes.ts"), `${QUIET_CODES}// a comment, and a helper of no ACP\nexport const twice = (n: number) => n * 2;\n`);
    const edited = await cachedRun(dir);
    // agent.ts is no quiet file (its own text throws a RequestError): its imported module changed, it is linted again.
    expect(edited.linted).toEqual(["src/agent.ts", "src/codes.ts"]);
    expect(edited.reports["src/util.ts"]).toEqual([]);
    expect((await cachedRun(dir)).linted).toEqual([]);
  });

  it("lints again a file no rule looked into once an edit to a module it imports gives the rules something there", async () => {
    const dir = await makeProject({ "src/util.ts": QUIET_CALLER, "src/codes.ts": QUIET_CODES });
    expect((await cachedRun(dir)).reports["src/util.ts"]).toEqual([]);
    await writeFile(join(dir, "src/codes.ts"), ACP_CODES);
    const edited = await cachedRun(dir);
    expect(edited.linted).toEqual(["src/codes.ts", "src/util.ts"]);
    // The helper's code is judged at the caller's call, in the file that was quiet.
    expect(edited.reports["src/util.ts"]).toEqual(["acp/no-reserved-error-code"]);
  });

  it("trusts no cached result when the record is missing, unreadable or of another cache", async () => {
    const dir = await makeProject({ "src/agent.ts": AGENT, "src/codes.ts": codes(-32002), "src/alone.ts": ALONE });
    const all = ["src/agent.ts", "src/alone.ts", "src/codes.ts"];
    const record = join(dir, ".eslintcache.acp-imports");
    await cachedRun(dir);
    await rm(record);
    await writeFile(join(dir, "src/codes.ts"), codes(-32001));
    const unrecorded = await cachedRun(dir);
    expect(unrecorded.linted).toEqual(all);
    expect(unrecorded.reports["src/agent.ts"]).toEqual(["acp/no-reserved-error-code"]);
    await writeFile(record, "{ not json");
    expect((await cachedRun(dir)).linted).toEqual(all);
    // A record of another cache (the cache written since by something else) is not this cache's.
    const data = JSON.parse(await readFile(record, "utf8")) as { cache: string };
    await writeFile(record, JSON.stringify({ ...data, cache: "0".repeat(64) }));
    expect((await cachedRun(dir)).linted).toEqual(all);
    expect((await cachedRun(dir)).linted).toEqual([]);
  });
});
