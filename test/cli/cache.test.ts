import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BROKEN_AGENT } from "./agents.js";
import { makeProject, runCli } from "./run-cli.js";

describe("acp-lint --cache-location", () => {
  let root: string;
  beforeAll(async () => {
    root = await makeProject({
      "here/.git/HEAD": "ref: refs/heads/main\n",
      "here/agent.ts": BROKEN_AGENT,
      "there/.git/HEAD": "ref: refs/heads/main\n",
      "there/agent.ts": BROKEN_AGENT,
    });
  });

  it("ending in / is a folder holding one cache file per folder linted, as ESLint's option", async () => {
    const run = await runCli(["--cache", "--cache-location", "caches/", ".", "../there"], join(root, "here"));
    expect(run.code).toBe(1);
    const caches = join(root, "here/caches");
    expect(statSync(caches).isDirectory()).toBe(true);
    const names = readdirSync(caches).filter((name) => name.startsWith(".cache_"));
    // Each cache with acp-lint's record of its files' imports beside it.
    expect(names.filter((name) => !name.endsWith(".acp-imports")).map((name) => `${name}.acp-imports`).sort()).toEqual(names.filter((name) => name.endsWith(".acp-imports")).sort());
    expect(names).toHaveLength(4);
  });

  it("a file location keeps every folder's results: the first folder's in it, each other's beside it", async () => {
    const first = await runCli(["--cache", "--cache-location", "lint.cache", ".", "../there"], join(root, "here"));
    expect(first.code).toBe(1);
    const written = readdirSync(join(root, "here")).filter((name) => name.startsWith("lint.cache"));
    const files = written.filter((name) => !name.endsWith(".acp-imports"));
    expect(written.filter((name) => name.endsWith(".acp-imports")).sort()).toEqual(files.map((name) => `${name}.acp-imports`).sort());
    expect(files).toHaveLength(2);
    expect(files).toContain("lint.cache");
    // Both folders' entries survive the run: each cache names its own folder's file.
    const { readFileSync } = await import("node:fs");
    const texts = files.map((name) => readFileSync(join(root, "here", name), "utf8"));
    expect(texts.filter((text) => text.includes(join(root, "here/agent.ts")))).toHaveLength(1);
    expect(texts.filter((text) => text.includes(join(root, "there/agent.ts")))).toHaveLength(1);
    expect(existsSync(join(root, "here/.eslintcache"))).toBe(false);
  });
});
