// The plugin lets go of a file's model and gathered nodes once the last of its rules on the file has left it, so that
// nothing it keeps reaches the file's structures while V8 collects the young generation (see create-rule.ts). These
// tests pin when that happens and that asking again afterwards still gives a correct model.
import * as tsParser from "@typescript-eslint/parser";
import type { TSESLint } from "@typescript-eslint/utils";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { type FileModel, getModel } from "../../src/analysis/index.js";
import { fileNodes, type FileNodes } from "../../src/analysis/file-nodes.js";
import { createRule } from "../../src/create-rule.js";

type Context = Readonly<TSESLint.RuleContext<never, []>>;

interface Seen {
  readonly rule: string;
  readonly model: FileModel;
  readonly nodes: FileNodes;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
}

/** A rule made by the plugin's createRule that records the model and the gathered nodes in its `Program`. */
const probe = (name: string, seen: Seen[]) =>
  createRule({
    name,
    meta: { type: "problem", docs: { description: name, spec: { requirement: "", url: "" } }, messages: {}, schema: [] },
    defaultOptions: [],
    check: (model, _report, { sourceCode }) => {
      seen.push({ rule: name, model, nodes: fileNodes(sourceCode), sourceCode });
    },
  });

/** A rule outside the plugin that keeps the file's context (to ask for the model after the lint) and asks nothing. */
const keeper = (kept: Context[]) => ({ meta: { type: "problem" as const, schema: [] }, create: (context: Context) => (kept.push(context), {}) });

const AGENT = `import { RequestError } from "@agentclientprotocol/sdk";
export function fail() {
  throw new RequestError(-32001, "Session gone");
}`;

function lint(code: string, rules: Record<string, unknown>): void {
  const messages = new Linter().verify(code, [
    {
      files: ["**/*.ts"],
      languageOptions: { parser: tsParser as unknown as Linter.Parser },
      plugins: { probe: { rules } as never },
      rules: Object.fromEntries(Object.keys(rules).map((name) => [`probe/${name}`, "error"])),
    },
  ], "file.ts");
  expect(messages).toEqual([]);
}

describe("the model and nodes of a file", () => {
  it("are shared by every rule of the plugin on the file, then let go once the last of them has left it", () => {
    const seen: Seen[] = [];
    const kept: Context[] = [];
    lint(AGENT, { first: probe("first", seen), second: probe("second", seen), third: probe("third", seen), keeper: keeper(kept) });
    expect(seen.map((s) => s.rule)).toEqual(["first", "second", "third"]);
    const [first, second, third] = seen;
    expect(second!.model).toBe(first!.model);
    expect(third!.model).toBe(first!.model);
    expect(third!.nodes).toBe(first!.nodes);
    // After the lint, asking again builds anew: nothing of the plugin holds the file's model or nodes any more.
    const again = getModel(kept[0]!);
    expect(again).not.toBe(first!.model);
    expect(fileNodes(first!.sourceCode)).not.toBe(first!.nodes);
    // And what is built anew says the same.
    expect(first!.model.errorSites.map((s) => s.kind)).toEqual(["construct"]);
    expect(again.errorSites.map((s) => s.kind)).toEqual(["construct"]);
    expect(fileNodes(first!.sourceCode)).toEqual(first!.nodes);
  });

  it("are let go after a lone rule, and kept for a rule outside the plugin that asks before then", () => {
    const seen: Seen[] = [];
    let outside: FileModel | undefined;
    let context: Context | undefined;
    // A plain rule's `Program` runs when the traversal enters the file, before any rule of the plugin has left it.
    const plain = { meta: { type: "problem" as const, schema: [] }, create: (c: Context) => ({ Program: () => void (outside = getModel((context = c))) }) };
    lint(AGENT, { plain, lone: probe("lone", seen) });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.model).toBe(outside);
    expect(getModel(context!)).not.toBe(outside);
  });
});
