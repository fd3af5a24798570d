// The suggestion check of test/rule-tester.ts catches suggestions that leave reported code: counterexamples it
// must fail on (the first is what session-not-found-data offered on SDK 2.4.0 before the check existed).
import type { InvalidTestCase } from "@typescript-eslint/rule-tester";
import type { Rule } from "eslint";
import { describe, expect, it } from "vitest";
import { suggestionProblems } from "./suggestion-check.js";

type Case = InvalidTestCase<string, readonly unknown[]>;

/** A rule that reports each node `select` picks and suggests replacing it with `replace(text)`. */
function suggesting(select: (node: Rule.Node) => boolean, replace: (text: string) => string): Rule.RuleModule {
  return {
    meta: { type: "problem", hasSuggestions: true, schema: [], messages: { found: "Found.", replace: "Replace." } },
    create(context) {
      const visit = (node: Rule.Node) => {
        if (!select(node)) return;
        const text = context.sourceCode.getText(node);
        context.report({ node, messageId: "found", suggest: [{ messageId: "replace", fix: (fixer) => fixer.replaceText(node, replace(text)) }] });
      };
      return { CallExpression: visit, Literal: visit, UnaryExpression: visit };
    },
  };
}

const isCall = (name: string) => (node: Rule.Node) =>
  node.type === "CallExpression" && node.callee.type === "MemberExpression" && node.callee.property.type === "Identifier" && node.callee.property.name === name;
const isMinus32001 = (node: Rule.Node) =>
  node.type === "UnaryExpression" && node.operator === "-" && node.argument.type === "Literal" && node.argument.value === 32001;

const SESSION_MISS = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, { turns: number }>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
  return { stopReason: "end_turn" };
});
`;

const RESERVED = `import { RequestError } from "@agentclientprotocol/sdk";
export const busy = new RequestError(-32001, "Agent busy");
`;

describe("suggestionProblems", () => {
  it("fails a suggestion whose output another rule reports (a bare -32002 where SDK 2.4.0 has sessionNotFound)", () => {
    const rule = suggesting(isCall("resourceNotFound"), () => `new RequestError(-32002, "Resource not found", { sessionId: params.sessionId })`);
    const problems = suggestionProblems(rule, { code: SESSION_MISS, errors: [] } as Case);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/the output has 1 acp\/prefer-error-factory:useFactory where the original has 0/);
  });

  it("passes the same suggestion for an SDK without sessionNotFound, where no rule reports it", () => {
    const rule = suggesting(isCall("resourceNotFound"), () => `new RequestError(-32002, "Resource not found", { sessionId: params.sessionId })`);
    expect(suggestionProblems(rule, { code: SESSION_MISS, errors: [], settings: { acp: { sdkVersion: "2.0.0" } } } as Case)).toEqual([]);
  });

  it("fails a suggestion that leaves its own report in place", () => {
    const problems = suggestionProblems(suggesting(isMinus32001, (text) => `(${text})`), { code: RESERVED, errors: [] } as Case);
    expect(problems).toEqual([expect.stringMatching(/under-test\/rule:found at 2:38, suggestion 0 \(replace\): the output is still reported there/)]);
  });

  it("fails a suggestion whose output does not parse", () => {
    const problems = suggestionProblems(suggesting(isMinus32001, () => `-32001)`), { code: RESERVED, errors: [] } as Case);
    expect(problems).toEqual([expect.stringMatching(/the output does not parse/)]);
  });

  it("passes a suggestion that clears its report and adds none", () => {
    expect(suggestionProblems(suggesting(isMinus32001, () => `1001`), { code: RESERVED, errors: [] } as Case)).toEqual([]);
  });

  it("lints with the case's settings: -32022 is ACP's code only under protocolVersion 2", () => {
    const rule = suggesting(isMinus32001, () => `-32022`);
    // Under protocol version 1, -32022 is another reserved code: one reservedCode before and after.
    expect(suggestionProblems(rule, { code: RESERVED, errors: [] } as Case)).toEqual([]);
    expect(suggestionProblems(rule, { code: RESERVED, errors: [], settings: { acp: { protocolVersion: 2 } } } as Case)).toEqual([
      expect.stringMatching(/the output has 1 acp\/prefer-error-factory:useFactory where the original has 0/),
    ]);
  });
});
