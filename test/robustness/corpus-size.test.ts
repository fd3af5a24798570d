// The corpus itself: large enough, taken from every package it names, and the same files on every run.
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { corpusFiles, corpusShare, MAX_BYTES, NODE_MODULES } from "./corpus.js";
import { statSync } from "node:fs";

describe("the robustness corpus", () => {
  const files = corpusFiles();
  const names = files.map((file) => relative(NODE_MODULES, file));

  it("has at least 2,000 files, sorted, from every package it names, with no declaration file and none over 300 KB", () => {
    console.log(`robustness corpus: ${files.length} files from node_modules`);
    expect(files.length).toBeGreaterThanOrEqual(2000);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
    for (const prefix of ["@agentclientprotocol/sdk/", "acp-sdk-", "@typescript-eslint/", "vitest/", "eslint/", "zod/"]) {
      expect(names.filter((name) => name.startsWith(prefix)).length, prefix).toBeGreaterThan(20);
    }
    expect(names.filter((name) => /\.d\.[mc]?ts$/u.test(name) || name.includes("/node_modules/"))).toEqual([]);
    expect(files.filter((file) => statSync(file).size > MAX_BYTES)).toEqual([]);
  });

  it("is split into shares that together are the corpus, each file once", () => {
    const shares = [0, 1, 2, 3].flatMap((i) => corpusShare(i, 4));
    expect(shares.length).toBe(files.length);
    expect(new Set(shares)).toEqual(new Set(files));
  });
});
