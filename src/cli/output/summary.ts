import type { ESLint } from "eslint";

type Rules = NonNullable<ESLint.Plugin["rules"]>;

interface SpecGroup {
  requirement: string;
  url: string;
  count: number;
  ruleIds: Set<string>;
}

/**
 * The findings grouped by the ACP requirement their rule enforces (`meta.docs.spec`): the requirement, how many
 * findings break it, the rules that found them, and the spec link. Empty when no acp/ rule reported anything.
 */
export function formatSummary(results: readonly ESLint.LintResult[], rules: Rules): string {
  const groups = groupBySpec(results, rules);
  if (groups.length === 0) return "";
  const lines = ["ACP requirements broken:", ""];
  for (const group of groups) {
    const problems = group.count === 1 ? "1 problem" : `${group.count} problems`;
    lines.push(`  ${group.requirement}`, `    ${problems}: ${[...group.ruleIds].sort().join(", ")}`, `    ${group.url}`, "");
  }
  return lines.join("\n");
}

function groupBySpec(results: readonly ESLint.LintResult[], rules: Rules): SpecGroup[] {
  const groups = new Map<string, SpecGroup>();
  for (const message of results.flatMap((result) => result.messages)) {
    const spec = message.ruleId?.startsWith("acp/") ? specOf(rules[message.ruleId.slice(4)]) : undefined;
    if (!spec || !message.ruleId) continue;
    const group = groups.get(spec.requirement) ?? { ...spec, count: 0, ruleIds: new Set<string>() };
    group.count += 1;
    group.ruleIds.add(message.ruleId);
    groups.set(spec.requirement, group);
  }
  // Most broken first; ties in a stable, readable order.
  return [...groups.values()].sort((a, b) => b.count - a.count || a.requirement.localeCompare(b.requirement));
}

function specOf(rule: Rules[string] | undefined): { requirement: string; url: string } | undefined {
  const spec = (rule?.meta?.docs as { spec?: { requirement?: unknown; url?: unknown } } | undefined)?.spec;
  return typeof spec?.requirement === "string" && typeof spec.url === "string"
    ? { requirement: spec.requirement, url: spec.url }
    : undefined;
}
