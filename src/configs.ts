import type { ESLint, Linter } from "eslint";
import type { AcpRule } from "./rules.js";

type Severity = "error" | "warn";

/** The flat configs, derived from each rule's `meta.docs`. */
export function buildConfigs(plugin: ESLint.Plugin, rules: Readonly<Record<string, AcpRule>>) {
  const entries = Object.entries(rules);
  const config = (name: string, pick: (rule: AcpRule) => Linter.RuleEntry | undefined): Linter.Config => ({
    name: `acp/${name}`,
    plugins: { acp: plugin },
    rules: Object.fromEntries(
      entries.flatMap(([id, rule]) => {
        const entry = pick(rule);
        return entry === undefined ? [] : [[`acp/${id}`, entry]];
      }),
    ),
  });
  const strictEntry = (rule: AcpRule): Linter.RuleEntry => {
    const severity: Severity = rule.meta.docs?.recommended ?? "error";
    const options = rule.meta.docs?.strictOptions;
    return options ? [severity, ...options] : severity;
  };
  return {
    recommended: config("recommended", (rule) => rule.meta.docs?.recommended),
    strict: config("strict", strictEntry),
    all: config("all", () => "error"),
  };
}
