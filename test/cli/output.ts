// Reads acp-lint's stylish output back into data, so tests compare findings rather than spacing.
import builtPlugin from "../../dist/index.js";

export interface Finding {
  file: string;
  line: number;
  column: number;
  severity: "error" | "warning";
  ruleId: string;
}

export interface SummaryGroup {
  requirement: string;
  count: number;
  ruleIds: string[];
  url: string;
}

const FINDING = /^\s+(\d+):(\d+)\s+(error|warning)\s+.+?\s+(\S+)$/u;

/** The per-file listing: every finding line, with the file header above it. */
export function parseListing(stdout: string): Finding[] {
  const findings: Finding[] = [];
  let file = "";
  for (const line of stdout.split("\n")) {
    if (line.startsWith("✖")) break;
    const match = FINDING.exec(line);
    if (match) {
      const [, row, column, severity, ruleId] = match as unknown as [string, string, string, Finding["severity"], string];
      findings.push({ file, line: Number(row), column: Number(column), severity, ruleId });
    } else if (line.trim() !== "") {
      file = line.trim();
    }
  }
  return findings;
}

export const SUMMARY_HEADING = "ACP requirements broken:";

/** The grouped summary after the listing: requirement, `N problem(s): rule ids`, spec link. */
export function parseSummary(stdout: string): SummaryGroup[] {
  const start = stdout.indexOf(`\n${SUMMARY_HEADING}\n`);
  if (start < 0) return [];
  const lines = stdout.slice(start + SUMMARY_HEADING.length + 2).split("\n").filter((line) => line.trim() !== "");
  const groups: SummaryGroup[] = [];
  for (let i = 0; i < lines.length; i += 3) {
    const counted = /^ {4}(\d+) problems?: (.+)$/u.exec(lines[i + 1] ?? "");
    const url = /^ {4}(\S+)$/u.exec(lines[i + 2] ?? "");
    if (!lines[i]?.startsWith("  ") || !counted || !url) throw new Error(`not a summary group: ${lines.slice(i, i + 3).join(" / ")}`);
    groups.push({
      requirement: lines[i]!.trim(),
      count: Number(counted[1]),
      ruleIds: counted[2]!.split(", "),
      url: url[1]!,
    });
  }
  return groups;
}

/** The spec requirement a rule of the built plugin enforces, from its meta.docs. */
export function specOf(ruleId: string): { requirement: string; url: string } {
  const rule = builtPlugin.rules[ruleId.replace(/^acp\//u, "")] as { meta?: { docs?: { spec?: unknown } } } | undefined;
  const spec = rule?.meta?.docs?.spec as { requirement: string; url: string } | undefined;
  if (!spec) throw new Error(`${ruleId} has no meta.docs.spec`);
  return spec;
}

/** The summary the findings should produce, built from each rule's meta (order-free: sorted by requirement). */
export function expectedSummary(findings: readonly Pick<Finding, "ruleId">[]): SummaryGroup[] {
  const groups = new Map<string, SummaryGroup>();
  for (const { ruleId } of findings) {
    const spec = specOf(ruleId);
    const group = groups.get(spec.requirement) ?? { ...spec, count: 0, ruleIds: [] };
    group.count += 1;
    if (!group.ruleIds.includes(ruleId)) group.ruleIds.push(ruleId);
    groups.set(spec.requirement, group);
  }
  return bySpec([...groups.values()].map((group) => ({ ...group, ruleIds: group.ruleIds.sort() })));
}

export function bySpec(groups: SummaryGroup[]): SummaryGroup[] {
  return [...groups].sort((a, b) => a.requirement.localeCompare(b.requirement));
}
