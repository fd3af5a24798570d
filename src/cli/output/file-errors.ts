import type { ESLint, Linter } from "eslint";

/** The pseudo rule ids under which SARIF shows what ESLint reports without a rule. */
export const PARSE_ERROR_ID = "acp-lint/parse-error";
export const UNREADABLE_FILE_ID = "acp-lint/unreadable-file";

/** The messageId that tells a file acp-lint could not read from ESLint's own rule-less messages (parse errors). */
const UNREADABLE = "unreadableFile";

/** The result of a file acp-lint could not read: an error of that file (at 1:1, so SARIF and annotations place it), as ESLint reports a parse error. */
export function unreadableResult(filePath: string, reason: string, folder = false): ESLint.LintResult {
  const what = folder ? "folder" : "file";
  const message: Linter.LintMessage = { ruleId: null, messageId: UNREADABLE, fatal: true, severity: 2, message: `Cannot read this ${what}: ${reason}`, line: 1, column: 1 };
  return {
    filePath,
    messages: [message],
    suppressedMessages: [],
    errorCount: 1,
    fatalErrorCount: 1,
    warningCount: 0,
    fixableErrorCount: 0,
    fixableWarningCount: 0,
    usedDeprecatedRules: [],
  };
}

/**
 * The result ESLint gives a file its ignore patterns leave out when asked to warn (`lintText` with `warnIgnored`),
 * for a file .gitignore leaves out, which acp-lint decides itself.
 */
export function ignoredResult(filePath: string): ESLint.LintResult {
  // No line nor column, as ESLint's own: the message is about the whole file.
  const message = {
    ruleId: null,
    fatal: false,
    severity: 1,
    message: 'File ignored because of a matching ignore pattern. Use "--no-ignore" to disable file ignore settings or use "--no-warn-ignored" to suppress this warning.',
  } as unknown as Linter.LintMessage;
  return { ...unreadableResult(filePath, ""), messages: [message], errorCount: 0, fatalErrorCount: 0, warningCount: 1 };
}

/**
 * The results with each message ESLint gives no rule (a parse error, a file not read) under a pseudo rule id,
 * and those ids' meta: the SARIF formatter makes rule-less messages tool notifications, which code scanning does
 * not show, while the run fails on them.
 */
export function withFileErrorRules(
  results: readonly ESLint.LintResult[],
): { results: ESLint.LintResult[]; rulesMeta: ESLint.LintResultData["rulesMeta"] } {
  const rulesMeta: ESLint.LintResultData["rulesMeta"] = {};
  const named = results.map((result) => {
    if (!result.messages.some((message) => message.ruleId === null && message.fatal)) return result;
    const messages = result.messages.map((message) => {
      if (message.ruleId !== null || !message.fatal) return message;
      const ruleId = message.messageId === UNREADABLE ? UNREADABLE_FILE_ID : PARSE_ERROR_ID;
      rulesMeta[ruleId] = META[ruleId]!;
      return { ...message, ruleId };
    });
    return { ...result, messages };
  });
  return { results: named, rulesMeta };
}

const META: ESLint.LintResultData["rulesMeta"] = {
  [PARSE_ERROR_ID]: { type: "problem", docs: { description: "The file cannot be parsed, so no rule could check it" } },
  [UNREADABLE_FILE_ID]: { type: "problem", docs: { description: "The file cannot be read, so no rule could check it" } },
};
