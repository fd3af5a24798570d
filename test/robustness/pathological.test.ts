// Pathological but valid files with every rule on: a chain of 2,500 `const` aliases (it once overflowed the value
// resolver's stack and aborted the whole run) and a `switch` of 50,000 string cases (the dispatch analysis was once
// quadratic in it). No rule may throw, and what the rules report after them is still reported. What they cost is
// the bench's business (`npm run bench`, "Pathological but valid files"), not a timed test's.
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";

const linter = new Linter({ configType: "flat" });
const lint = (code: string) =>
  linter.verify(code, [{ files: ["**/*.ts"], languageOptions: { parser: tsParser as unknown as Linter.Parser } }, plugin.configs.all], { filename: "pathological.ts" });

describe("pathological files", () => {
  it("a chain of 2,500 const aliases: nothing throws; a code beyond the depth followed is unknown, a short chain's is reported", () => {
    const chain = Array.from({ length: 2_499 }, (_, i) => `const a${i + 1} = a${i};`);
    const code = [
      'import { RequestError } from "@agentclientprotocol/sdk";',
      "const a0 = -32001;",
      ...chain,
      "export const far = () => new RequestError(a2499, 'far');",
      "export const near = () => new RequestError(a3, 'near');",
    ].join("\n");
    const messages = lint(code);
    expect(messages.filter((m) => m.fatal)).toEqual([]);
    expect(messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([["acp/no-reserved-error-code", 2_503, 44]]);
  });

  it("a switch of 50,000 string cases: nothing throws, and the throw after it is still judged", { timeout: 120_000 }, () => {
    const cases = Array.from({ length: 50_000 }, (_, i) => `    case "ext/m${i}":\n      return ${i};`);
    const code = [
      'import { RequestError } from "@agentclientprotocol/sdk";',
      "export function route(msg: { method: string }) {",
      "  switch (msg.method) {",
      '    case "session/prompt":',
      "      return -1;",
      ...cases,
      "  }",
      "  throw new RequestError(-32600, `unknown method ${msg.method}`);",
      "}",
    ].join("\n");
    const messages = lint(code);
    expect(messages.filter((m) => m.fatal)).toEqual([]);
    expect(messages.map((m) => [m.ruleId, m.messageId, m.line])).toEqual([["acp/prefer-error-factory", expect.any(String), 100_007]]);
  });
});
