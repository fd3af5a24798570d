/**
 * The real eslint command line gives the same findings in worker threads as in one thread, and from its cache as
 * without it: on the CI fixture project, and on temporary untyped and typed (projectService) projects of the
 * repository's ACP files with acp/all. Needs `npm run build` (the projects load dist/).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CI_PROJECT, ESLINT_BIN, runNode } from "../../ci/run-eslint.js";
import { makeProject } from "../../cli/run-cli.js";
import { acpProject, findings, messageCount, withoutConcurrencyNote } from "./lint-projects.js";

const PROJECTS: readonly (readonly [string, () => Promise<string>, number])[] = [
  ["test/fixtures/ci-project", async () => CI_PROJECT, 3],
  ["the ACP files, untyped", () => acpProject(false), 40],
  ["the ACP files, typed with the project service", () => acpProject(true), 40],
];

describe("eslint --concurrency and --cache", () => {
  it.each(PROJECTS)("%s: --concurrency=2, --cache and a run from the cache find what --concurrency=off finds", { timeout: 240_000 }, async (_, project, minimum) => {
    const dir = await project();
    const cache = join(await makeProject({}), "eslint-cache");
    const eslint = async (...args: string[]) => {
      const run = await runNode(ESLINT_BIN, ["--format", "json", ...args, "."], dir);
      // ESLint's note that a project this small lints faster in one thread is all stderr may hold.
      expect(withoutConcurrencyNote(run.stderr)).toBe("");
      expect(run.code).toBe(1);
      return findings(run.stdout);
    };
    const off = await eslint("--concurrency=off");
    expect(messageCount(off)).toBeGreaterThanOrEqual(minimum);
    expect(await eslint("--concurrency=2")).toEqual(off);
    expect(await eslint("--cache", "--cache-location", cache)).toEqual(off);
    expect(existsSync(cache) && readFileSync(cache, "utf8")).toContain(off.length > 0 ? (off[0] as { file: string }).file : "");
    expect(await eslint("--cache", "--cache-location", cache)).toEqual(off);
    expect(await eslint("--cache", "--cache-location", cache, "--concurrency=2")).toEqual(off);
  });
});
