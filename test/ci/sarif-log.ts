// What a SARIF 2.1.0 log from ESLint must hold for code scanning (GitHub's upload-sarif) to show the findings.
import { fileURLToPath } from "node:url";
import type { ESLint } from "eslint";
import { expect } from "vitest";
import builtPlugin from "../../dist/index.js";

/** A finding as both ESLint's results and a SARIF result can state it. */
export interface LocatedFinding {
  ruleId: string;
  file: string;
  line: number;
  column: number;
  level: "error" | "warning";
}

interface SarifRule {
  id: string;
  helpUri?: string;
  shortDescription?: { text?: string };
  fullDescription?: { text?: string };
}

interface SarifResult {
  ruleId?: string;
  ruleIndex?: number;
  level?: string;
  message?: { text?: string };
  locations?: {
    physicalLocation?: { artifactLocation?: { uri?: string }; region?: { startLine?: number; startColumn?: number } };
  }[];
}

interface SarifLog {
  version?: string;
  $schema?: string;
  runs?: { tool?: { driver?: { name?: string; rules?: SarifRule[] } }; results?: SarifResult[] }[];
}

/** Checks the log's shape (failing the test where it is wrong) and returns its results as findings. */
export function checkSarifLog(text: string): LocatedFinding[] {
  const log = JSON.parse(text) as SarifLog;
  expect(log.version).toBe("2.1.0");
  expect(log.$schema).toMatch(/sarif-2\.1\.0/u);
  expect(log.runs).toHaveLength(1);
  const run = log.runs![0]!;
  expect(run.tool?.driver?.name).toBe("ESLint");
  const rules = run.tool?.driver?.rules ?? [];
  for (const rule of rules.filter((r) => r.id.startsWith("acp/"))) checkPluginRule(rule);

  expect(Array.isArray(run.results)).toBe(true);
  return (run.results ?? []).map((result) => {
    expect(result.ruleId).toEqual(expect.any(String));
    expect(result.ruleIndex === undefined || rules[result.ruleIndex]?.id === result.ruleId).toBe(true);
    expect(rules.some((rule) => rule.id === result.ruleId)).toBe(true);
    expect(["error", "warning"]).toContain(result.level);
    expect(result.message?.text).toEqual(expect.stringMatching(/\S/u));
    expect(result.locations).toHaveLength(1);
    const { artifactLocation, region } = result.locations![0]!.physicalLocation ?? {};
    expect(artifactLocation?.uri).toMatch(/^file:\/\//u);
    expect(region?.startLine).toBeGreaterThanOrEqual(1);
    expect(region?.startColumn).toBeGreaterThanOrEqual(1);
    return {
      ruleId: result.ruleId!,
      file: fileURLToPath(artifactLocation!.uri!),
      line: region!.startLine!,
      column: region!.startColumn!,
      level: result.level as LocatedFinding["level"],
    };
  });
}

// A plugin rule links its docs page and says what it checks, from the rule's own meta.
function checkPluginRule(rule: SarifRule): void {
  const meta = (builtPlugin.rules[rule.id.slice("acp/".length)] as { meta?: { docs?: { url?: string; description?: string } } })
    ?.meta;
  expect(meta, `${rule.id} is a rule of the plugin`).toBeDefined();
  expect(rule.helpUri).toBe(meta?.docs?.url);
  expect(rule.shortDescription?.text ?? rule.fullDescription?.text).toBe(meta?.docs?.description);
}

/** ESLint's own results as the same findings, to compare with the SARIF log. */
export function findingsOf(results: readonly ESLint.LintResult[]): LocatedFinding[] {
  return results.flatMap((result) =>
    result.messages.map((message) => ({
      ruleId: message.ruleId ?? "",
      file: result.filePath,
      line: message.line,
      column: message.column,
      level: message.severity === 2 ? ("error" as const) : ("warning" as const),
    })),
  );
}
