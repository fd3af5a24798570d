import type { ESLint, Linter } from "eslint";

/**
 * Keeps the problems acp-lint is about: those of acp/ rules, and the files that could not be linted at all (a parse
 * error). The user's code carries comments for other tools, which ESLint acts on when it lints: a directive naming
 * a rule of a plugin acp-lint does not load ("Definition for rule … was not found"), `/* eslint no-unused-vars: 2 *\/`
 * turning a core rule on, a legacy `/* eslint-env *\/` that ESLint 10 refuses. None of those is an ACP finding, and
 * none may fail the run. A problem with no rule that names an acp/ rule (an invalid `/* eslint acp/… *\/` comment)
 * stays: it is about acp-lint's own rules, as do a parse error and a notice about a whole file (a file ignored).
 */
export function onlyAcpProblems(results: ESLint.LintResult[]): ESLint.LintResult[] {
  return keepMessages(results, isAcpProblem);
}

/** The results with only the messages (and suppressed messages) `keep` accepts, counted anew. */
export function keepMessages(results: ESLint.LintResult[], keep: (message: Linter.LintMessage) => boolean): ESLint.LintResult[] {
  return results.map((result) => {
    const messages = result.messages.filter(keep);
    const suppressedMessages = result.suppressedMessages.filter(keep);
    if (messages.length === result.messages.length && suppressedMessages.length === result.suppressedMessages.length) return result;
    const kept = { ...result, messages, suppressedMessages, ...counts(messages) };
    // ESLint gives a result its source only when it has problems: those taken out were its only ones.
    if (kept.errorCount + kept.warningCount === 0) delete kept.source;
    return kept;
  });
}

function isAcpProblem(message: Linter.LintMessage): boolean {
  if (message.ruleId !== null) return message.ruleId.startsWith("acp/");
  // A parse error, and a notice about the whole file (ESLint's "File ignored because …", which has no line), stay.
  // ESLint 10 calls a legacy `/* eslint-env *\/` comment fatal too: the parse error is the one that says so.
  const line: number | undefined = message.line;
  if (message.fatal === true && message.message.startsWith("Parsing error")) return true;
  return line === undefined || /\bacp\//u.test(message.message);
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
