// The plugin reads the SDK's package.json in every folder up to `/` (the version its advice names), under the real
// `eslint` command as under acp-lint and in the editor. A pull request can plant one that is a link to /dev/stdin
// (a CI step's standard input may never end) or to /dev/zero (never ends, fills the memory): the lint must finish
// (issue 35, item 2). The run gets a deadline, so a regression fails instead of hanging the suite.
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { makeProject } from "../cli/run-cli.js";
import { ESLINT_BIN, runProgramWith } from "./run-eslint.js";

const require = createRequire(import.meta.url);
const PLUGIN = pathToFileURL(require.resolve("../../dist/index.js")).href;
const PARSER = pathToFileURL(require.resolve("@typescript-eslint/parser")).href;

const AGENT = `import { RequestError } from "@agentclientprotocol/sdk";
export const busy = () => new RequestError(-32001, "busy");
`;

/** Runs `eslint` in `cwd` with standard input open and empty for the whole run, killed after `deadline` ms. */
const eslintWithOpenStdin = (cwd: string, deadline: number) => runProgramWith(process.execPath, [ESLINT_BIN, "--format", "json", "."], cwd, { stdin: "open", timeoutMs: deadline });

describe("eslint with the plugin, on an SDK package.json that is a link to a device", () => {
  it("finishes, and judges the code as for an unknown SDK version", async () => {
    const dir = await makeProject({
      "eslint.config.js": `import tsParser from "${PARSER}";
import acp from "${PLUGIN}";
export default [{ files: ["**/*.ts"], languageOptions: { parser: tsParser } }, acp.configs.recommended];
`,
      "stdin/agent.ts": AGENT,
      "zero/agent.ts": AGENT,
    });
    for (const [folder, device] of [
      ["stdin", "/dev/stdin"],
      ["zero", "/dev/zero"],
    ] as const) {
      const sdk = join(dir, folder, "node_modules", "@agentclientprotocol", "sdk");
      await mkdir(sdk, { recursive: true });
      await symlink(device, join(sdk, "package.json"));
    }
    await writeFile(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    const run = await eslintWithOpenStdin(dir, 45_000);
    expect(run.timedOut).toBe(false);
    expect(run.code).toBe(1);
    const results = JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string; line: number }[] }[];
    const agents = results.filter((result) => result.filePath.endsWith(".ts"));
    expect(agents.map((result) => [result.filePath, result.messages.map((message) => `${message.line}:${message.ruleId}`)])).toEqual([
      [join(dir, "stdin/agent.ts"), ["2:acp/no-reserved-error-code"]],
      [join(dir, "zero/agent.ts"), ["2:acp/no-reserved-error-code"]],
    ]);
  }, 60_000);
});
