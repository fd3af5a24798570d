// The README's oxlint section tried as a user would: the packed tarball installed beside oxlint in a fresh project,
// whose .oxlintrc.json extends the package's recommended config and sets settings.acp, then `oxlint` and
// `oxlint --fix-suggestions` run there.
import { readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentWithMistakes } from "./consumer-files.js";
import { installTimeoutMs } from "./consumer-project.js";
import { agentFindings } from "./findings.js";
import { run, runOrThrow } from "../../package/run.js";
import { makeScratchDir, packTarball, repoRoot } from "../../package/tarball.js";

const devDependencies = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies;

/** The README's `.oxlintrc.json`, as the user copies it. */
function readmeOxlintConfig(): string {
  const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
  const start = readme.indexOf("// .oxlintrc.json");
  if (start < 0) throw new Error("the README has no .oxlintrc.json");
  return readme.slice(readme.indexOf("\n", start) + 1, readme.indexOf("```", start));
}

interface OxlintDiagnostic {
  readonly code?: string;
  readonly severity: "error" | "warning";
  readonly labels: readonly { readonly span: { readonly line: number; readonly column: number } }[];
}

describe("the README's oxlint setup in a fresh project", () => {
  let scratch: Awaited<ReturnType<typeof makeScratchDir>>;
  let dir: string;
  const oxlint = (args: readonly string[]) => run(join(dir, "node_modules", ".bin", "oxlint"), args, { cwd: dir });

  beforeAll(async () => {
    scratch = await makeScratchDir("oxlint");
    const tarball = await packTarball(scratch.dir);
    dir = join(scratch.dir, "project");
    await mkdir(join(dir, "src"), { recursive: true });
    await writeFile(join(dir, "package.json"), JSON.stringify({ name: "acp-oxlint-consumer", private: true, type: "module" }));
    await writeFile(join(dir, "src", "agent.ts"), agentWithMistakes);
    await writeFile(join(dir, ".oxlintrc.json"), readmeOxlintConfig());
    await runOrThrow("npm", ["install", "--save-dev", "--no-audit", "--no-fund", "--prefer-offline", tarball, `oxlint@${devDependencies["oxlint"]}`, `@agentclientprotocol/sdk@${devDependencies["@agentclientprotocol/sdk"]}`, `zod@${devDependencies["zod"]}`], {
      cwd: dir,
      timeoutMs: installTimeoutMs,
    });
  }, installTimeoutMs + 60_000);
  afterAll(() => scratch?.remove());

  it("reports the recommended rules' findings, at the places and severities ESLint reports them", async () => {
    const result = await oxlint(["-f", "json", "src"]);
    expect(result.code, result.stderr).toBe(1);
    const found = (JSON.parse(result.stdout) as { diagnostics: OxlintDiagnostic[] }).diagnostics.map((d) => ({
      ruleId: d.code?.replace(/^acp\((.+)\)$/u, "acp/$1"),
      severity: d.severity === "error" ? 2 : 1,
      line: d.labels[0]?.span.line,
      column: d.labels[0]?.span.column,
    }));
    expect(found).toEqual(agentFindings.map(({ ruleId, severity, line, column }) => ({ ruleId, severity, line, column })));
  });

  it("applies the rules' suggestions with --fix-suggestions", async () => {
    await oxlint(["--fix-suggestions", "src"]);
    const fixed = await readFile(join(dir, "src", "agent.ts"), "utf8");
    expect(fixed).not.toBe(agentWithMistakes);
    expect(fixed).toContain("RequestError.invalidParams(");
  });

  it("stops on a bad settings.acp value with the plugin's one line", async () => {
    await writeFile(join(dir, ".oxlintrc.json"), readmeOxlintConfig().replace('"protocolVersion": 1', '"protocolVersion": 3'));
    const result = await oxlint(["src"]);
    expect(result.code).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain("eslint-plugin-acp: settings.acp.protocolVersion must be 1 or 2, got 3.");
  });
});
