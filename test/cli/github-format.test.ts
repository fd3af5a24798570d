import type { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { formatGithub } from "../../src/cli/output/github-format.js";

function result(filePath: string, message: Partial<ESLint.LintResult["messages"][number]>): ESLint.LintResult {
  return {
    filePath,
    messages: [{ ruleId: "acp/x", severity: 1, message: "m", line: 1, column: 1, ...message }],
    suppressedMessages: [],
    errorCount: 0,
    fatalErrorCount: 0,
    warningCount: 1,
    fixableErrorCount: 0,
    fixableWarningCount: 0,
    usedDeprecatedRules: [],
  };
}

describe("GitHub Actions annotations", () => {
  it("escapes as @actions/core does: % CR LF in the message; also : and , in a property", () => {
    const text = formatGithub([result("/repo/a,b:c%.ts", { message: "100% wrong\r\nsee: here, there" })], "/repo");
    expect(text).toBe("::warning file=a%2Cb%3Ac%25.ts,line=1,col=1,title=acp/x::100%25 wrong%0D%0Asee: here, there\n");
  });

  it("prints nothing for clean results", () => {
    expect(formatGithub([{ ...result("/repo/a.ts", {}), messages: [] }], "/repo")).toBe("");
  });
});
