// createRule keeps each distinct options value merged with its defaults, shared by every file linted with it:
// files linted with other options in the same run must still get their own, and rules cannot change the shared one.
import tsParser from "@typescript-eslint/parser";
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
      create: (_context, options) => {
        seen.push(options);
        return {};
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
