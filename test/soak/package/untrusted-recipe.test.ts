// The README's workflow for pull requests nobody has reviewed, its shell steps run as the runner would run them on a
// checkout that tries to take over: its own node_modules/.bin/acp-lint, a fake eslint-plugin-acp among its
// dependencies, install scripts in its package.json and in a dependency, and an .npmrc pointing npm elsewhere.
// None of them may run, and the findings must be the real plugin's.
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkSarifLog } from "../../ci/sarif-log.js";
import { run, runOrThrow } from "../../package/run.js";
import { makeScratchDir, packTarball, repoRoot } from "../../package/tarball.js";
import { installTimeoutMs } from "./consumer-project.js";
import { agentWithMistakes } from "./consumer-files.js";
import { agentFindings } from "./findings.js";

const WORKFLOW = "# .github/workflows/acp-lint.yml";

/** The `run:` steps of the README's workflow for untrusted pull requests, as the shell gets them. */
function recipeSteps(): string[] {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  const start = readme.indexOf(WORKFLOW);
  if (start < 0) throw new Error(`the README has no ${WORKFLOW}`);
  const block = readme.slice(start, readme.indexOf("```", start));
  return [...block.matchAll(/^\s+run: (.+)$/gmu)].map(([, value]) => unquoteYaml(value!));
}

/** A YAML scalar as written on one line: plain, or single-quoted ('' for a quote). */
function unquoteYaml(value: string): string {
  return value.startsWith("'") && value.endsWith("'") ? value.slice(1, -1).replaceAll("''", "'") : value;
}

const devDependencies = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies;

describe("the README's workflow for untrusted pull requests", () => {
  let scratch: Awaited<ReturnType<typeof makeScratchDir>>;
  let checkout: string;
  let runnerTemp: string;
  let marker: string;
  const outcomes: { step: string; code: number | null; stdout: string; stderr: string }[] = [];

  /** A program or script that, if run, leaves a trace. */
  const trap = (name: string) => `echo ${name} >> ${JSON.stringify(marker)}`;

  beforeAll(async () => {
    scratch = await makeScratchDir("untrusted-recipe");
    const tarball = await packTarball(scratch.dir);
    checkout = join(scratch.dir, "checkout");
    runnerTemp = join(scratch.dir, "runner-temp");
    marker = join(scratch.dir, "ran");
    await mkdir(runnerTemp, { recursive: true });

    const files: Record<string, string> = {
      ".git/HEAD": "ref: refs/heads/feature\n",
      "src/agent.ts": agentWithMistakes,
      ".npmrc": "registry=http://127.0.0.1:9/\nignore-scripts=false\n",
      "package.json": JSON.stringify({
        name: "victim",
        version: "1.0.0",
        scripts: { preinstall: trap("preinstall"), install: trap("install"), postinstall: trap("postinstall"), prepare: trap("prepare") },
        dependencies: { evil: "file:./vendor/evil", "eslint-plugin-acp": "file:./vendor/fake-plugin" },
      }),
      "vendor/evil/package.json": JSON.stringify({ name: "evil", version: "1.0.0", scripts: { postinstall: trap("dependency's postinstall") } }),
      "vendor/fake-plugin/package.json": JSON.stringify({ name: "eslint-plugin-acp", version: "0.1.0", bin: { "acp-lint": "bin.js" } }),
      "vendor/fake-plugin/bin.js": `#!/usr/bin/env node\nrequire("node:fs").appendFileSync(${JSON.stringify(marker)}, "the checkout's eslint-plugin-acp\\n");\n`,
    };
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(checkout, path, ".."), { recursive: true });
      await writeFile(join(checkout, path), text);
    }
    // The lockfile npm ci installs from, written without running anything (and without the hostile .npmrc's registry).
    await runOrThrow("npm", ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund", "--registry", "https://registry.npmjs.org/"], { cwd: checkout });
    // A bin the checkout commits, beside what npm ci installs.
    await mkdir(join(checkout, "node_modules/.bin"), { recursive: true });
    await writeFile(join(checkout, "node_modules/.bin/acp-lint"), `#!/bin/sh\n${trap("the checkout's node_modules/.bin/acp-lint")}\n`);
    await chmod(join(checkout, "node_modules/.bin/acp-lint"), 0o755);

    const pinned = (name: string) => `${name}@${devDependencies[name]}`;
    for (const step of recipeSteps()) {
      const command = step
        .replace(/eslint-plugin-acp@\S+/u, tarball)
        .replace(/(?<![\w/-])eslint@\S+/u, pinned("eslint"))
        .replace(/@microsoft\/eslint-formatter-sarif@\S+/u, pinned("@microsoft/eslint-formatter-sarif"));
      const result = await run("bash", ["-c", command], {
        cwd: checkout,
        env: { RUNNER_TEMP: runnerTemp, GITHUB_WORKSPACE: checkout, CI: "true", npm_config_prefer_offline: "true" },
        timeoutMs: installTimeoutMs,
      });
      outcomes.push({ step: command, ...result });
    }
  }, 3 * installTimeoutMs);
  afterAll(() => scratch?.remove());

  it("has three shell steps: install outside the checkout, npm ci without scripts, acp-lint by its path", () => {
    expect(recipeSteps()).toEqual([
      expect.stringMatching(/^npm install --prefix "\$RUNNER_TEMP\/acp-lint" .*--ignore-scripts .*eslint-plugin-acp@/u),
      "npm ci --ignore-scripts",
      expect.stringMatching(/^"\$RUNNER_TEMP\/acp-lint\/node_modules\/\.bin\/acp-lint" /u),
    ]);
  });

  it("runs nothing the checkout carries", () => {
    expect(existsSync(marker) ? readFileSync(marker, "utf8") : "").toBe("");
  });

  it("installs and lints: the real plugin's findings, as SARIF outside the checkout", () => {
    const [install, ci, lint] = outcomes;
    expect(install!.code, install!.stderr).toBe(0);
    expect(ci!.code, ci!.stderr).toBe(0);
    expect(lint!.code, lint!.stderr).toBe(1);
    const sarif = checkSarifLog(readFileSync(join(runnerTemp, "acp.sarif"), "utf8"));
    const located = (findings: readonly { ruleId: string; line: number; column: number }[]) => findings.map(({ ruleId, line, column }) => `${line}:${column}:${ruleId}`).sort();
    expect(located(sarif)).toEqual(located(agentFindings));
    // The readable report on the console, from the same run.
    expect(lint!.stdout).toContain("ACP requirements broken:");
  });
});
