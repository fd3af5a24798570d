import type { ESLint, Linter } from "eslint";

/**
 * Drops the problems ESLint raises about rules of other plugins, which acp-lint does not load: every
 * `// eslint-disable-next-line @typescript-eslint/no-explicit-any` in the user's code would otherwise be an
 * error ("Definition for rule ... was not found"). Core rules and acp/ rules stay; their ids have no other prefix.
 */
export function withoutForeignRuleProblems(results: ESLint.LintResult[]): ESLint.LintResult[] {
  return results.map((result) => {
    const messages = result.messages.filter((message) => !isForeignRule(message.ruleId));
    return messages.length === result.messages.length ? result : { ...result, messages, ...counts(messages) };
  });
}

function isForeignRule(ruleId: string | null): boolean {
  return ruleId !== null && ruleId.includes("/") && !ruleId.startsWith("acp/");
}

function counts(messages: Linter.LintMessage[]) {
  const errors = messages.filter((message) => message.severity === 2);
  const warnings = messages.filter((message) => message.severity === 1);
  return {
    errorCount: errors.length,
    fatalErrorCount: errors.filter((message) => message.fatal).length,
    warningCount: warnings.length,
    fixableErrorCount: errors.filter((message) => message.fix).length,
    fixableWarningCount: warnings.filter((message) => message.fix).length,
  };
}
