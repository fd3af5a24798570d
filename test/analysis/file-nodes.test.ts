// The model reads the file's nodes from ESLint's own traversal (gathered by the first rule of the plugin that
// runs on a file) instead of a walk of its own: on real code, both must give the same nodes in the same order.
import { readFileSync } from "node:fs";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { fileNodes, type FileNodes, nodesWithin, walkedNodes } from "../../src/analysis/file-nodes.js";
import { walk } from "../../src/analysis/syntax/ast.js";
import { createRule } from "../../src/create-rule.js";
import { fileRelevance } from "../../src/analysis/relevance.js";
import { acpSettings } from "../../src/analysis/settings.js";
import plugin from "../../src/index.js";
import { corpusFiles, REPO, sourceType, virtualPath } from "../robustness/corpus.js";

/** Every 10th corpus file: each package, JavaScript and TypeScript, the SDK's sources and builds. */
const SAMPLE = corpusFiles().filter((_, i) => i % 10 === 0);

type Compared = { readonly gathered: FileNodes; readonly again: FileNodes; readonly walked: FileNodes; readonly sourceCode: Readonly<TSESLint.SourceCode> };

/** A rule made by the plugin's createRule (so it gathers nodes when it is the plugin's first on a file). */
const probeRule = (check: (sourceCode: Readonly<TSESLint.SourceCode>) => void) =>
  createRule({
    name: "probe",
    meta: { type: "problem", docs: { description: "probe", spec: { requirement: "", url: "" } }, messages: {}, schema: [] },
    defaultOptions: [],
    check: (_model, _report, { sourceCode }) => check(sourceCode),
  });

/**
 * The probe's view of a file, or undefined for a file the plugin's rules do not listen to at all (nothing in its
 * text for any rule: see relevance.ts), which a plain rule outside createRule confirms.
 */
function compareOn(text: string, file: string, rules: Record<string, "error">): Compared | undefined {
  let compared: Compared | undefined;
  let relevant: boolean | undefined;
  const relevance = { meta: { schema: [] }, create: (context: Readonly<TSESLint.RuleContext<never, []>>) => ((relevant = fileRelevance(context.sourceCode, acpSettings(context.settings)).any), {}) };
  const probe = probeRule((sourceCode) => {
    const gathered = fileNodes(sourceCode);
    compared = { gathered, again: fileNodes(sourceCode), walked: walkedNodes(sourceCode), sourceCode };
  });
  const linter = new Linter({ configType: "flat", cwd: REPO });
  const messages = linter.verify(
    text,
    [
      {
        files: ["**/*.{ts,mts,cts,js,mjs,cjs}"],
        languageOptions: { parser: tsParser as unknown as Linter.Parser, sourceType: sourceType(file) },
        plugins: { acp: plugin, probe: { rules: { probe, relevance } } as never },
        rules: { ...rules, "probe/probe": "error", "probe/relevance": "error" },
        linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "off" },
      },
    ],
    { filename: virtualPath(file) },
  );
  const fatal = messages.find((m) => m.fatal || (!m.ruleId && !/noInlineConfig/u.test(m.message)));
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  expect(compared !== undefined, file).toBe(relevant);
  return compared;
}

function expectSameNodes({ gathered, again, walked }: Compared): void {
  // The same lists each time: the gatherer's, kept for the file (a walk would make new ones).
  expect(again).toBe(gathered);
  for (const key of Object.keys(walked) as (keyof FileNodes)[]) {
    const a = gathered[key] as readonly unknown[];
    const b = walked[key] as readonly unknown[];
    expect(a.length, key).toBe(b.length);
    expect(a.every((node, i) => node === b[i]), key).toBe(true);
  }
}

describe("the nodes gathered during ESLint's traversal", () => {
  it(`equal a walk of the file on ${SAMPLE.length} corpus files, the probe rule alone`, { timeout: 120_000 }, () => {
    let calls = 0;
    let skipped = 0;
    for (const file of SAMPLE) {
      const compared = compareOn(readFileSync(file, "utf8"), file, {});
      if (!compared) {
        skipped++;
        continue;
      }
      calls += compared.walked.calls.length;
      expectSameNodes(compared);
    }
    // The sample is real code, not a set of empty files; and the plugin skips some of it, not all.
    expect(calls).toBeGreaterThan(4_000);
    expect(skipped).toBeGreaterThan(0);
  });

  it("equal a walk when another rule of the plugin gathers them first", () => {
    const file = SAMPLE.find((f) => f.includes("@agentclientprotocol/sdk/dist/") && readFileSync(f, "utf8").includes("RequestError"))!;
    const compared = compareOn(readFileSync(file, "utf8"), file, { "acp/valid-error-object": "error", "acp/no-request-for-notification": "error" })!;
    expect(compared.walked.calls.length).toBeGreaterThan(0);
    expectSameNodes(compared);
  });

  it("are not used before the traversal has left the file: a walk stands in", () => {
    let early: FileNodes | undefined;
    let late: FileNodes | undefined;
    const probe = probeRule((sourceCode) => {
      late = fileNodes(sourceCode);
      // After the traversal the gathered lists are kept: asking again gives the same ones.
      expect(fileNodes(sourceCode)).toBe(late);
    });
    // A rule outside the plugin asks in the middle of the traversal, while the probe's gatherer is at work.
    const asker = { meta: { type: "problem" as const, schema: [] }, create: (context: Readonly<TSESLint.RuleContext<never, []>>) => ({ CallExpression: () => void (early ??= fileNodes(context.sourceCode)) }) };
    // `code` makes the file one the plugin's rules look at.
    new Linter({ configType: "flat" }).verify("f(); g(); h(); export const code = -32001;", [
      { files: ["**/*"], languageOptions: { parser: tsParser as unknown as Linter.Parser }, plugins: { probe: { rules: { probe, asker } } as never }, rules: { "probe/probe": "error", "probe/asker": "error" } },
    ]);
    // Mid-traversal only the first call has been gathered: the early answer is a full walk instead.
    expect(early!.calls).toHaveLength(3);
    expect(late!.calls).toHaveLength(3);
    expect(late).not.toBe(early);
  });

  it("inside a function or its body, are what a walk of it finds (nodesWithin)", () => {
    let roots = 0;
    for (const file of SAMPLE.slice(0, 80)) {
      const compared = compareOn(readFileSync(file, "utf8"), file, {});
      if (!compared) continue;
      const { gathered, sourceCode } = compared;
      // A function, and its body: an arrow's expression body may itself be a call.
      for (const root of gathered.functions.flatMap((fn) => [fn, fn.body])) {
        const inside: { calls: TSESTree.Node[]; declarators: TSESTree.Node[] } = { calls: [], declarators: [] };
        walk(root, sourceCode.visitorKeys, (node) => {
          if (node.type === "CallExpression") inside.calls.push(node);
          if (node.type === "VariableDeclarator") inside.declarators.push(node);
        });
        for (const [found, expected] of [[nodesWithin(gathered.calls, root), inside.calls], [nodesWithin(gathered.declarators, root), inside.declarators]] as const) {
          expect(found.length).toBe(expected.length);
          expect(found.every((node, i) => node === expected[i])).toBe(true);
        }
        roots++;
      }
    }
    expect(roots).toBeGreaterThan(1_000);
  });
});
