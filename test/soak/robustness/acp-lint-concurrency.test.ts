/**
 * The built acp-lint gives the same findings with `--concurrency 2` as in one thread, and from its cache as without
 * it: on the CI fixture project and on a temporary project of the repository's ACP files, untyped and
 * `--type-aware`. Needs `npm run build` (it runs dist/cli.js).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CI_PROJECT } from "../../ci/run-eslint.js";
import { makeProject, runCli } from "../../cli/run-cli.js";
import { acpProject, findings, messageCount, withoutConcurrencyNote } from "./lint-projects.js";

const PROJECTS: readonly (readonly [string, () => Promise<string>, readonly string[], number])[] = [
  ["test/fixtures/ci-project", async () => CI_PROJECT, [], 3],
  ["the ACP files", () => acpProject(false), [], 40],
  ["the ACP files, --type-aware", () => acpProject(true), ["--type-aware"], 40],
];

describe("acp-lint --concurrency and --cache", () => {
  it.each(PROJECTS)("%s: --concurrency 2, --cache and a run from the cache find what one thread finds", { timeout: 240_000 }, async (_, project, extra, minimum) => {
    const dir = await project();
    const cache = join(await makeProject({}), "acp-lint-cache");
    // With types, the project's node_modules is a link to the repository's, out of the project: TypeScript is refused
    // what it holds, and stderr says so, the same way in every run.
    let notes: string | undefined;
    const acpLint = async (...args: string[]) => {
      const run = await runCli(["--config", "all", "--format", "json", ...extra, ...args], dir);
      const stderr = withoutConcurrencyNote(run.stderr);
      notes ??= stderr;
      expect(stderr).toBe(notes);
      expect(run.code).toBe(1);
      return findings(run.stdout);
    };
    const off = await acpLint("--concurrency", "off");
    expect(notes).toMatch(extra.includes("--type-aware") ? /^acp-lint: TypeScript was refused \d+ paths outside the checkout, or not a regular file \(what they declare is unknown\): node_modules\/@agentclientprotocol\/sdk, /u : /^$/u);
    expect(messageCount(off)).toBeGreaterThanOrEqual(minimum);
    expect(await acpLint("--concurrency", "2")).toEqual(off);
    expect(await acpLint("--cache", "--cache-location", cache)).toEqual(off);
    expect(existsSync(cache)).toBe(true);
    expect(await acpLint("--cache", "--cache-location", cache)).toEqual(off);
    expect(await acpLint("--cache", "--cache-location", cache, "--concurrency", "2")).toEqual(off);
  });
});
