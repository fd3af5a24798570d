// When the plugin takes the file system as a snapshot (src/analysis/single-run.ts): a CI job and the eslint command
// are one run, as typescript-eslint infers it; an editor or another API user is not; ACP_SINGLE_RUN decides first.
import { sep } from "node:path";
import { describe, expect, it } from "vitest";
import { inferSingleRun } from "../../src/analysis/single-run.js";

const script = (...parts: string[]) => ["node", parts.join(sep)];

describe("inferSingleRun", () => {
  it.each([
    ["CI=true", { CI: "true" }, script("", "srv", "server.js"), true],
    ["the eslint command", {}, script("", "repo", "node_modules", "eslint", "bin", "eslint.js"), true],
    ["eslint's shim in node_modules/.bin", {}, script("", "repo", "node_modules", ".bin", "eslint"), true],
    ["an editor's language server", {}, script("", "ext", "vscode-eslint-language-server"), false],
    ["a test runner or another API user", { CI: "false" }, script("", "repo", "node_modules", "vitest", "vitest.mjs"), false],
    ["ACP_SINGLE_RUN=true in an editor", { ACP_SINGLE_RUN: "true" }, script("", "ext", "server.js"), true],
    ["ACP_SINGLE_RUN=false under CI", { ACP_SINGLE_RUN: "false", CI: "true" }, script("", "repo", "node_modules", ".bin", "eslint"), false],
  ])("%s", (_, env, argv, expected) => {
    expect(inferSingleRun(env, argv)).toBe(expected);
  });
});
