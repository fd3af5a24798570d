// The real eslint command line on a project whose settings.acp or rule options are invalid: exit 2, ESLint's
// "Oops!" header, then one line naming the setting or option, the value and what is allowed, with no stack trace.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { ESLINT_BIN, runNode } from "./run-eslint.js";

const BUILT_PLUGIN = pathToFileURL(fileURLToPath(new URL("../../dist/index.js", import.meta.url))).href;
const ESLINT_VERSION = (JSON.parse(readFileSync(new URL("../../node_modules/eslint/package.json", import.meta.url), "utf8")) as { version: string }).version;

let project: string | undefined;
afterEach(() => {
  if (project) rmSync(project, { recursive: true, force: true });
  project = undefined;
});

/** A project outside the repository with `files` plain JavaScript files and `config` (source text) after acp's recommended. */
function projectWith(config: string, files = 1): string {
  project = mkdtempSync(join(tmpdir(), "acp-invalid-config-"));
  writeFileSync(join(project, "eslint.config.mjs"), `import acp from ${JSON.stringify(BUILT_PLUGIN)};\nexport default [acp.configs.recommended, ${config}];\n`);
  for (let i = 0; i < files; i++) writeFileSync(join(project, `file-${i}.js`), "export const x = 1;\n");
  return project;
}

/** What ESLint's CLI writes on stderr for a fatal error whose stack is `line`. */
const oops = (line: string) => `\nOops! Something went wrong! :(\n\nESLint: ${ESLINT_VERSION}\n\n${line}\n`;

describe("the eslint command line with an invalid setting or option", () => {
  it.each([
    ["settings.acp.protocolVersion null", "{ settings: { acp: { protocolVersion: null } } }", "eslint-plugin-acp: settings.acp.protocolVersion must be 1 or 2, got null."],
    [
      "settings.acp.sdkVersion of a major the plugin does not know",
      '{ settings: { acp: { sdkVersion: "99.0.0" } } }',
      'eslint-plugin-acp: settings.acp.sdkVersion must be an SDK version from 0.0.0 to 2.x.x (2 is the newest major this plugin knows), got "99.0.0".',
    ],
    [
      "a 1 MB string in settings.acp.sdkModules",
      '{ settings: { acp: { sdkModules: ["a".repeat(1 << 20)] } } }',
      `eslint-plugin-acp: settings.acp.sdkModules[0] must be a module name such as "@acme/acp-sdk": 1 to 214 characters (npm's limit for a package name), without whitespace, quotes or backslashes, got "${"a".repeat(58)}… (1048576 characters).`,
    ],
    [
      "a reversed range of acp/no-reserved-error-code",
      '{ rules: { "acp/no-reserved-error-code": ["error", { ranges: [{ from: -32000, to: -32768 }] }] } }',
      'acp/no-reserved-error-code: option ranges[0] must be a range whose "from" is at most its "to", got {"from":-32000,"to":-32768}.',
    ],
  ])("%s: exit 2, one line, no stack trace", async (_, config, line) => {
    const run = await runNode(ESLINT_BIN, ["."], projectWith(config));
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(oops(line));
    expect(run.stderr.split("\n").filter((text) => text.startsWith("    at "))).toEqual([]);
  });

  it("a setting's line crosses --concurrency's worker threads unchanged", async () => {
    const run = await runNode(ESLINT_BIN, ["--concurrency", "2", "."], projectWith("{ settings: { acp: { protocolVersion: null } } }", 8));
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(oops("eslint-plugin-acp: settings.acp.protocolVersion must be 1 or 2, got null."));
  });

  it("an option its schema refuses keeps ESLint's own message, naming the rule and the value", async () => {
    const run = await runNode(ESLINT_BIN, ["."], projectWith('{ rules: { "acp/no-reserved-error-code": ["error", { ranges: [] }] } }'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`Key "rules": Key "acp/no-reserved-error-code":\n\tValue [] should NOT have fewer than 1 items.\n`);
  });
});
