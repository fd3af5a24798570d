// The checks run in a fixture project for one ESLint major: each config style lints, require() gives the plugin,
// eslint.config.ts type-checks, and every config resolves to the rules the plugin declares.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import builtPlugin from "../../../dist/index.js";
import { misspelledSeverity, wronglyTypedConfig } from "./consumer-files.js";
import { createConsumerProject, installTimeoutMs, type ConsumerProject } from "./consumer-project.js";
import {
  findingOf,
  followsTemplate,
  parseJsonFormat,
  positionOf,
  agentFindings,
  importedFindings,
  type Finding,
} from "./findings.js";
import { optionsOf, severities, severityOf, type RuleEntry } from "./rule-entries.js";
import { eslintVersions } from "./versions.js";

const configStyles: [configFile: string, findings: readonly Finding[]][] = [
  ["eslint.config.js", [...agentFindings, ...importedFindings]],
  ["eslint.config.cjs", [...agentFindings, ...importedFindings]],
  ["eslint.config.ts", [...agentFindings, ...importedFindings]],
];

interface ConfigReport {
  resolved: Record<string, Record<string, RuleEntry>>;
  declared: Record<string, Record<string, RuleEntry>>;
  recommended: Record<string, "error" | "warn" | null>;
}

export function describeConsumer(major: keyof typeof eslintVersions): void {
  const eslint = eslintVersions[major];

  describe(`a project that installs the tarball with ${eslint}`, () => {
    let project: ConsumerProject;
    beforeAll(async () => {
      project = await createConsumerProject(`eslint${major}`, eslint);
    }, installTimeoutMs + 60_000);
    afterAll(() => project?.remove());

    it(`runs ESLint ${major}`, async () => {
      const result = await project.bin("eslint", ["--version"]);
      expect(result.stdout.trim()).toBe(`v${eslint.split("@")[1]}`);
    });

    describe.each(configStyles)("with %s", (configFile, findings) => {
      it("reports the agent's mistakes at their lines and exits 1", async () => {
        const result = await project.bin("eslint", ["-c", configFile, "-f", "json", "src/agent.ts"]);
        expect(result.code, result.stderr).toBe(1);
        const results = parseJsonFormat(result.stdout);
        expect(results.map((file) => file.filePath)).toEqual([join(project.dir, "src/agent.ts")]);
        const messages = results[0]?.messages ?? [];
        expect(messages.map(findingOf)).toEqual(findings);
        for (const message of messages) expect(followsTemplate(message), message.message).toBe(true);
      });

      it("prints nothing for a conforming agent and exits 0", async () => {
        const result = await project.bin("eslint", ["-c", configFile, "clean/agent.ts"]);
        expect(result).toEqual({ code: 0, stdout: "", stderr: "" });
      });
    });

    it("require() gives the plugin object itself, the very instance import gives", async () => {
      const result = await project.node(["require-check.cjs"]);
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({
        keys: Object.keys(builtPlugin),
        toStringTag: null,
        name: "eslint-plugin-acp",
        rules: Object.keys(builtPlugin.rules),
        configs: Object.keys(builtPlugin.configs),
        sameAsImport: true,
        configsRegisterIt: true,
      });
    });

    it("eslint.config.ts, the agent and a CommonJS `import = require()` type-check (nodenext, strict)", async () => {
      const result = await project.bin("tsc", ["-p", "tsconfig.json"]);
      expect(result).toEqual({ code: 0, stdout: "", stderr: "" });
    });

    it("tsc rejects a config with a misspelled severity", async () => {
      const result = await project.bin("tsc", ["-p", "tsconfig.wrong.json"]);
      const { line } = positionOf(wronglyTypedConfig, misspelledSeverity);
      expect(result.code).toBe(2);
      expect(result.stdout.trim().split("\n")).toEqual([
        expect.stringMatching(
          new RegExp(`^eslint\\.config\\.wrong\\.ts\\(${line},\\d+\\): error TS\\d+: Type '"errr"' is not assignable`),
        ),
      ]);
    });

    describe("the configs", () => {
      let report: Promise<ConfigReport> | undefined;
      const configReport = () =>
        (report ??= project.node(["resolved-configs.mjs"]).then((result) => {
          if (result.code !== 0) throw new Error(result.stderr);
          return JSON.parse(result.stdout) as ConfigReport;
        }));

      it("resolve in ESLint to exactly the rules, severities and options they declare", async () => {
        const { resolved, declared } = await configReport();
        expect(Object.keys(resolved)).toEqual(Object.keys(builtPlugin.configs));
        for (const [name, rules] of Object.entries(declared)) {
          expect(severities(resolved[name] ?? {}), name).toEqual(severities(rules));
          for (const [id, entry] of Object.entries(rules)) {
            // ESLint fills in the rule's default options, around the declared ones.
            const declaredOptions = optionsOf(entry);
            const resolvedOptions = optionsOf(resolved[name]?.[id]).slice(0, declaredOptions.length);
            expect(resolvedOptions, `${name} ${id}`).toMatchObject(declaredOptions);
          }
        }
      });

      it("hold every rule: recommended at its docs' severity, strict all of them, all as errors", async () => {
        const { declared, recommended } = await configReport();
        const ids = Object.keys(builtPlugin.rules);
        const everyRule = ids.map((id) => `acp/${id}`).sort();
        expect(severities(declared["recommended"] ?? {})).toEqual(
          Object.fromEntries(ids.flatMap((id) => (recommended[id] ? [[`acp/${id}`, severityOf(recommended[id])]] : []))),
        );
        expect(Object.keys(declared["strict"] ?? {}).sort()).toEqual(everyRule);
        expect(severities(declared["all"] ?? {})).toEqual(Object.fromEntries(everyRule.map((id) => [id, 2])));
      });
    });
  });
}
