import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import builtPlugin from "../../dist/index.js";
import { CONFIG_AGENT } from "./agents.js";
import { makeProject, runCli } from "./run-cli.js";

type ConfigName = keyof typeof builtPlugin.configs;
const configNames = Object.keys(builtPlugin.configs) as ConfigName[];

interface Reported {
  ruleId: string | null;
  line: number;
  column: number;
  severity: number;
}

const reported = (results: ESLint.LintResult[]): Reported[] =>
  results.flatMap((result) => result.messages.map(({ ruleId, line, column, severity }) => ({ ruleId, line, column, severity })));

/** What ESLint reports on the file with the plugin's config `name` and nothing else. */
async function expectedWith(name: ConfigName, dir: string): Promise<Reported[]> {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parser: tsParser } }, builtPlugin.configs[name] as Linter.Config],
  });
  return reported(await eslint.lintFiles(["agent.ts"]));
}

async function cliReports(args: string[], dir: string): Promise<Reported[]> {
  const run = await runCli([...args, "--format", "json", "agent.ts"], dir);
  return reported(JSON.parse(run.stdout) as ESLint.LintResult[]);
}

describe("acp-lint --config", () => {
  let dir: string;
  const byConfig = new Map<ConfigName, Reported[]>();
  beforeAll(async () => {
    dir = await makeProject({ "agent.ts": CONFIG_AGENT });
    for (const name of configNames) byConfig.set(name, await cliReports(["--config", name], dir));
  });

  it.each(configNames)("%s reports what the plugin's config of that name reports", async (name) => {
    expect(byConfig.get(name)).toEqual(await expectedWith(name, dir));
  });

  it.each(configNames)("%s reports each finding at the severity the config gives its rule", (name) => {
    const rules = builtPlugin.configs[name].rules ?? {};
    const severityOf = (entry: Linter.RuleEntry | undefined) => {
      const level = Array.isArray(entry) ? entry[0] : entry;
      return level === "error" || level === 2 ? 2 : 1;
    };
    const findings = byConfig.get(name) ?? [];
    expect(findings.length).toBeGreaterThan(0);
    for (const finding of findings) expect(finding.severity).toBe(severityOf(rules[finding.ruleId ?? ""]));
  });

  it("runs a different set of rules or options for each config (the fixture tells them apart)", () => {
    const outputs = configNames.map((name) => JSON.stringify(byConfig.get(name)));
    expect(new Set(outputs).size).toBe(configNames.length);
  });

  it("uses recommended when no --config is given", async () => {
    expect(await cliReports([], dir)).toEqual(byConfig.get("recommended"));
  });
});
