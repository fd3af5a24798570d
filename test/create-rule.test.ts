// createRule keeps each distinct options value merged with its defaults, shared by every file linted with it:
// files linted with other options in the same run must still get their own, and rules cannot change the shared one.
import tsParser from "@typescript-eslint/parser";
import { AST_NODE_TYPES } from "@typescript-eslint/utils";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { createRule } from "../src/create-rule.js";
import plugin from "../src/index.js";

const REJECTED = `import { agent, methods } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" });
app.onNotification(methods.agent.session.cancel, () => {
  return Promise.reject(new Error("no"));
});`;

describe("createRule's options", () => {
  it("follow each file's own configuration, in any order, within one linter", () => {
    const linter = new Linter({ configType: "flat" });
    const config: Linter.Config[] = [
      { files: ["**/*.ts"], languageOptions: { parser: tsParser as unknown as Linter.Parser }, plugins: { acp: plugin } },
      { files: ["strict/**"], rules: { "acp/no-error-from-notification": ["error", { plainErrors: true }] } },
      { files: ["default/**"], rules: { "acp/no-error-from-notification": "error" } },
    ];
    const ids = (file: string) => linter.verify(REJECTED, config, file).map((m) => m.messageId);
    expect(ids("strict/a.ts")).toEqual(["plainErrorFromNotification"]);
    expect(ids("default/a.ts")).toEqual([]);
    expect(ids("strict/b.ts")).toEqual(["plainErrorFromNotification"]);
    expect(ids("default/b.ts")).toEqual([]);
  });

  it("are frozen, defaults and given values alike", () => {
    const seen: unknown[] = [];
    const rule = createRule<[{ list?: string[]; flag?: boolean }], "x">({
      name: "probe",
      meta: {
        type: "problem",
        docs: { description: "probe", spec: { requirement: "", url: "" } },
        messages: { x: "x" },
        schema: [{ type: "object", properties: { list: { type: "array", items: { type: "string" } }, flag: { type: "boolean" } }, additionalProperties: false }],
      },
      defaultOptions: [{ list: ["a"], flag: false }],
      check: (_model, _report, { options }) => {
        seen.push(options);
      },
    });
    const linter = new Linter({ configType: "flat" });
    const config = (options: unknown[]): Linter.Config[] => [{ plugins: { probe: { rules: { probe: rule } } as never }, rules: { "probe/probe": ["error", ...options] as never } }];
    // `jsonrpc` makes these files ones the plugin's rules look at (on others they listen to nothing).
    linter.verify("x.jsonrpc;", config([]), "a.js");
    linter.verify("x.jsonrpc;", config([]), "b.js");
    linter.verify("x.jsonrpc;", config([{ flag: true }]), "c.js");
    const [first, second, third] = seen as [{ list: string[]; flag: boolean }][];
    expect(second).toBe(first);
    expect(third).not.toBe(first);
    expect(third![0]).toEqual({ list: ["a"], flag: true });
    for (const options of [first!, third!]) {
      expect(Object.isFrozen(options)).toBe(true);
      expect(Object.isFrozen(options[0])).toBe(true);
      expect(Object.isFrozen(options[0].list)).toBe(true);
    }
  });
});

describe("createRule's report", () => {
  // A probe rule that reports every statement's identifier named `x` twice, once with each of two messages, and `y` with a
  // message that has a version 2 wording.
  const rule = createRule<[], "first" | "second" | "plain" | "plainV2">({
    name: "probe-report",
    meta: {
      type: "problem",
      docs: { description: "probe", spec: { requirement: "", url: "" } },
      messages: { first: "first", second: "second", plain: "a SHOULD", plainV2: "a MUST" },
      schema: [],
    },
    defaultOptions: [],
    check: (_model, report, { sourceCode }) => {
      for (const statement of sourceCode.ast.body) {
        if (statement.type !== AST_NODE_TYPES.ExpressionStatement) continue;
        const node = statement.expression.type === AST_NODE_TYPES.MemberExpression ? statement.expression.object : statement.expression;
        if (node.type !== AST_NODE_TYPES.Identifier) continue;
        if (node.name === "x") {
          report({ node, messageId: "first" });
          report({ node, messageId: "second" });
        }
        if (node.name === "y") report({ node, messageId: "plain" });
      }
    },
  });
  const lint = (settings: Record<string, unknown> = {}) =>
    new Linter({ configType: "flat" }).verify(
      "x.jsonrpc; y.jsonrpc; x;",
      [{ settings, plugins: { probe: { rules: { probe: rule } } as never }, rules: { "probe/probe": "error" } }],
      "a.js",
    );

  it("reports a place once, the first report made there", () => {
    const found = lint().filter((m) => m.messageId !== "plain");
    expect(found.map((m) => [m.messageId, m.column])).toEqual([
      ["first", 1],
      ["first", 23],
    ]);
  });

  it("picks a message's version 2 wording in protocol version 2, and the plain one otherwise", () => {
    expect(lint().find((m) => m.message.startsWith("a "))?.messageId).toBe("plain");
    expect(lint({ acp: { protocolVersion: 2 } }).find((m) => m.message.startsWith("a "))?.messageId).toBe("plainV2");
    expect(lint({ acp: { protocolVersion: 2 } }).find((m) => m.message.startsWith("a "))?.message).toBe("a MUST");
  });
});
