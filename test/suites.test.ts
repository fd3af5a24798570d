/**
 * The two test commands: `npm test` runs the quick suite, `npm run test:soak` the soak suite (test/soak/), and CI
 * runs both. vitest.config.ts draws the line by folder; here vitest itself lists what each command would run, so a
 * test file that neither runs (a name the include globs miss) or both run fails here.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const VITEST = join(REPO, "node_modules/vitest/vitest.mjs");

/** Files whose name says they hold tests, under test/ (the fixtures are linted, not run). */
function testLikeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(REPO, "test/fixtures") ? [] : testLikeFiles(path);
    return /\.(test|spec)\.[cm]?[jt]sx?$/u.test(entry.name) ? [relative(REPO, path)] : [];
  });
}

/** `vitest list --filesOnly --json`: every test file of the config with the project (suite) that runs it. */
function listed(): Promise<{ file: string; projectName: string }[]> {
  // The parent vitest's own variables would tell the child it runs inside a worker.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(VITEST|TINYPOOL)/u.test(key)));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITEST, "list", "--filesOnly", "--json"], { cwd: REPO, env: { ...env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(JSON.parse(stdout) as { file: string; projectName: string }[]) : reject(new Error(`vitest list exited ${code}: ${stderr}`))));
  });
}

describe("the quick and the soak suites", () => {
  it("every test file under test/ is run by exactly one: test/soak/ by the soak suite, the rest by the quick suite", async () => {
    const runs = (await listed()).map(({ file, projectName }) => `${projectName} ${relative(REPO, file)}`).sort();
    const expected = testLikeFiles(join(REPO, "test"))
      .map((file) => `${file.startsWith("test/soak/") ? "soak" : "quick"} ${file}`)
      .sort();
    expect(runs).toEqual(expected);
    expect(runs.filter((run) => run.startsWith("soak ")).length).toBeGreaterThan(10);
  });

  it("npm test runs the quick suite, npm run test:soak the soak suite, and CI both after a clean install", () => {
    const { scripts } = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(scripts["test:unit"]).toBe("vitest run --project quick");
    expect(scripts["test"]).toContain("npm run test:unit");
    expect(scripts["test:soak"]).toMatch(/vitest run --project soak$/u);
    const ci = readFileSync(join(REPO, ".ci/run"), "utf8").split("\n").filter((line) => line && !line.startsWith("#"));
    expect(ci.slice(-3)).toEqual(["npm ci", "npm test", "npm run test:soak"]);
  });
});
