import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import builtPlugin from "../../dist/index.js";
import { BROKEN_AGENT, CLEAN_AGENT } from "./agents.js";
import { makeProject, runCli } from "./run-cli.js";

const RULE_NAMES = Object.keys(builtPlugin.rules).sort();

describe("acp-lint --list-rules and --explain", () => {
  it("--list-rules lists every rule with the configs that set it and what it checks", async () => {
    const run = await runCli(["--list-rules"], process.cwd());
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^rule +configs +checks$/u);
    expect(lines.slice(1).map((line) => line.split(/ {2,}/u)[0])).toEqual(RULE_NAMES.map((name) => `acp/${name}`));
    const reserved = lines.find((line) => line.startsWith("acp/no-reserved-error-code "))!;
    expect(reserved.split(/ {2,}/u).slice(1)).toEqual([
      "recommended, strict",
      (builtPlugin.rules["no-reserved-error-code"]!.meta!.docs as { description: string }).description,
    ]);
  });

  it.each([["acp/valid-stop-reason"], ["valid-stop-reason"]])("--explain %s prints the rule's page without its HTML comments", async (rule) => {
    const run = await runCli(["--explain", rule], process.cwd());
    const page = readFileSync(new URL("../../docs/rules/valid-stop-reason.md", import.meta.url), "utf8");
    expect(run).toEqual({ code: 0, stdout: page.replace("<!-- end auto-generated rule header -->\n", ""), stderr: "" });
    expect(run.stdout).toMatch(/^# .*\(`acp\/valid-stop-reason`\)\n/u);
  });
});

describe("acp-lint --print-config and --stdin", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await makeProject({ "src/agent.ts": CLEAN_AGENT, "README.md": "# not code\n", ".gitignore": "gen/\n", "gen/x.ts": CLEAN_AGENT });
  });

  it("--print-config prints the configuration a file is linted with, as ESLint's option", async () => {
    const run = await runCli(["--print-config", "src/agent.ts", "--config", "strict"], dir);
    expect(run.code).toBe(0);
    const config = JSON.parse(run.stdout) as { plugins: string[]; rules: Record<string, unknown[]>; languageOptions: { parser: string } };
    expect(config.plugins).toContain(`acp:eslint-plugin-acp@${builtPlugin.meta.version}`);
    expect(config.languageOptions.parser).toBe("typescript-eslint/parser@8.72.0");
    expect(Object.keys(config.rules).sort()).toEqual(RULE_NAMES.map((name) => `acp/${name}`));
    const typed = JSON.parse((await runCli(["--print-config", "src/agent.ts", "--type-aware"], dir)).stdout) as { languageOptions: { parser: string } };
    expect(typed.languageOptions.parser).toBe(`acp-lint/typed-parser@${builtPlugin.meta.version}`);
  });

  it("--print-config says which SDK version the file's advice is for, and where it comes from", async () => {
    const sdkOf = async (project: string, file: string, extra: string[] = []) =>
      (JSON.parse((await runCli(["--print-config", file, ...extra], project)).stdout) as { settings: Record<string, unknown> }).settings["acp-lint"];
    // A fresh clone: nothing installed, the range of the package.json nearest the file.
    const declared = await makeProject({
      "package.json": JSON.stringify({ dependencies: { "@agentclientprotocol/sdk": "^2.0.0" } }),
      "packages/agent/package.json": JSON.stringify({ dependencies: { "@agentclientprotocol/sdk": "~0.26.1" } }),
      "packages/agent/src/agent.ts": CLEAN_AGENT,
      "src/client.ts": CLEAN_AGENT,
    });
    expect(await sdkOf(declared, "packages/agent/src/agent.ts")).toEqual({
      sdkVersion: "0.26.1",
      sdkVersionFrom: `the lowest version "~0.26.1" allows (@agentclientprotocol/sdk in ${join("packages", "agent", "package.json")}): none installed`,
    });
    expect(await sdkOf(declared, "src/client.ts")).toEqual({ sdkVersion: "2.0.0", sdkVersionFrom: 'the lowest version "^2.0.0" allows (@agentclientprotocol/sdk in package.json): none installed' });
    // Installed: that copy; set: the setting; neither: nothing.
    const installed = await makeProject({ "node_modules/@agentclientprotocol/sdk/package.json": JSON.stringify({ version: "1.9.0" }), "package.json": JSON.stringify({ dependencies: { "@agentclientprotocol/sdk": "^2.0.0" } }), "src/agent.ts": CLEAN_AGENT });
    expect(await sdkOf(installed, "src/agent.ts")).toEqual({ sdkVersion: "1.9.0", sdkVersionFrom: "installed in node_modules" });
    await writeFile(join(installed, "acp-lint.json"), JSON.stringify({ settings: { acp: { sdkVersion: "2.1.0" } } }));
    expect(await sdkOf(installed, "src/agent.ts")).toEqual({ sdkVersion: "2.1.0", sdkVersionFrom: "settings.acp.sdkVersion" });
    expect(await sdkOf(dir, "src/agent.ts")).toEqual({ sdkVersion: null, sdkVersionFrom: null });
  });

  it("--print-config of a file acp-lint does not lint exits 2 saying so", async () => {
    expect(await runCli(["--print-config", "gen/x.ts"], dir)).toEqual({
      code: 2,
      stdout: "",
      stderr: "acp-lint: gen/x.ts is not linted by acp-lint (ignored, or not TypeScript or JavaScript)\n",
    });
  });

  it("--stdin lints standard input, as stdin.ts or as --stdin-filename says", async () => {
    const run = await runCli(["--stdin", "--format", "json"], dir, undefined, BROKEN_AGENT);
    expect(run.code).toBe(1);
    const [result] = JSON.parse(run.stdout) as ESLint.LintResult[];
    expect(result!.filePath).toBe(join(dir, "stdin.ts"));
    expect(result!.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}`)).toEqual([
      "4:50 acp/no-reserved-error-code",
      "6:28 acp/no-reserved-error-code",
      "8:26 acp/prefer-error-factory",
    ]);
    const named = await runCli(["--stdin", "--stdin-filename", "lib/agent.mjs", "--format", "json"], dir, undefined, CLEAN_AGENT.replace(": string", "").replace(": string", "").replace(": never", ""));
    expect((JSON.parse(named.stdout) as ESLint.LintResult[]).map((r) => [r.filePath, r.messages])).toEqual([[join(dir, "lib/agent.mjs"), []]]);
    expect(named.code).toBe(0);
  });
});
