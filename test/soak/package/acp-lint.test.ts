// `npx acp-lint` typed by hand in a fresh directory holding one agent file, with the tarball installed globally
// (`npm install --global`, into a temporary prefix) rather than in a project: no package.json, no config, no
// node_modules beside the file.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import builtPlugin from "../../../dist/index.js";
import { agentWithMistakes, conformingAgent } from "./consumer-files.js";
import { installTimeoutMs } from "./consumer-project.js";
import { agentFindings } from "./findings.js";
import { run, runOrThrow } from "../../package/run.js";
import { makeScratchDir, packTarball } from "../../package/tarball.js";
import { eslintVersions } from "./versions.js";

const specOf = (ruleId: string) =>
  (builtPlugin.rules[ruleId.replace(/^acp\//, "")]?.meta?.docs as { spec?: { requirement: string; url: string } })
    ?.spec;

describe("npx acp-lint in a fresh directory", () => {
  let scratch: Awaited<ReturnType<typeof makeScratchDir>>;
  let globalPrefix: string;

  beforeAll(async () => {
    scratch = await makeScratchDir("acp-lint");
    const tarball = await packTarball(scratch.dir);
    globalPrefix = join(scratch.dir, "global");
    await runOrThrow(
      "npm",
      ["install", "--global", "--no-audit", "--no-fund", "--prefer-offline", tarball, eslintVersions[10]],
      { cwd: scratch.dir, env: { npm_config_prefix: globalPrefix }, timeoutMs: installTimeoutMs },
    );
  }, installTimeoutMs + 60_000);
  afterAll(() => scratch?.remove());

  async function acpLintIn(name: string, agent: string) {
    const dir = join(scratch.dir, name);
    await mkdir(dir);
    await writeFile(join(dir, "agent.ts"), agent);
    return run("npx", ["acp-lint"], { cwd: dir, env: { npm_config_prefix: globalPrefix } });
  }

  it("lists the findings, then the requirements they break, and exits 1", async () => {
    const result = await acpLintIn("with-mistakes", agentWithMistakes);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toBe("");
    const lines = result.stdout.split("\n");
    const findingLines = agentFindings.map(({ line, column, severity, ruleId }) => {
      const at = new RegExp(`^\\s+${line}:${column}\\s+${severity === 2 ? "error" : "warning"}\\s.*\\s${ruleId}$`);
      return lines.findIndex((text) => at.test(text));
    });
    expect(findingLines.every((index) => index >= 0), result.stdout).toBe(true);
    expect(lines.filter((text) => /^\s+\d+:\d+\s/.test(text))).toHaveLength(agentFindings.length);

    // The summary follows the listing: each broken requirement once, with its spec link.
    const summary = lines.slice(Math.max(...findingLines) + 1).join("\n");
    const specs = agentFindings.map(({ ruleId }) => specOf(ruleId));
    expect(specs).not.toContain(undefined);
    const requirements = new Map(specs.flatMap((spec) => (spec ? [[spec.requirement, spec.url]] : [])));
    for (const [requirement, url] of requirements) {
      expect(summary.split(requirement).length - 1, `${requirement} once in\n${summary}`).toBe(1);
      expect(summary, requirement).toContain(url);
    }
  });

  it("prints nothing for a conforming agent and exits 0", async () => {
    const result = await acpLintIn("conforming", conformingAgent);
    expect(result).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});
