/**
 * Whether a rule's suggestions leave code that the plugin's other rules accept: each suggestion of a test case is
 * applied and the result linted with acp/all (the case's settings, file name and the rule's options). The
 * suggestion must clear the report it was offered for, and add no report the original code did not have.
 */
import { isAbsolute, normalize, parse, resolve } from "node:path";
import * as tsParser from "@typescript-eslint/parser";
import type { InvalidTestCase } from "@typescript-eslint/rule-tester";
import { Linter, type Rule } from "eslint";
import plugin from "../src/index.js";

const FILES = ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"];
/** Where a rule that is not the plugin's own is registered for the check. */
const UNDER_TEST = "under-test";

/** How a suite's cases are linted: with type information (and from where), or without. */
export interface Typing {
  readonly tsconfigRootDir?: string;
}

type Case = InvalidTestCase<string, readonly unknown[]>;

/** The rule id the check lints `rule` under: its acp/ id, or one of its own for a rule of no plugin. */
function ruleIdOf(rule: unknown): string {
  const entry = Object.entries(plugin.rules).find(([, r]) => r === rule);
  return entry ? `acp/${entry[0]}` : `${UNDER_TEST}/rule`;
}

/** The file name RuleTester lints a case as. */
function filenameOf(testCase: Case): string {
  const jsx = (testCase.languageOptions?.parserOptions as { ecmaFeatures?: { jsx?: boolean } } | undefined)?.ecmaFeatures?.jsx;
  return testCase.filename ?? (jsx ? "react.tsx" : "file.ts");
}

/** A linter whose working directory holds the file, as RuleTester picks it (a file outside cwd matches no config). */
function linterFor(filename: string, typing: Typing | undefined): Linter {
  const base = typing?.tsconfigRootDir ?? process.cwd();
  const outside = isAbsolute(filename) || normalize(filename).startsWith("..");
  return new Linter({ cwd: outside ? parse(resolve(base, filename)).root : base });
}

/** acp/all with the case's settings and language options, the rule under test with the case's options. */
function configFor(rule: Rule.RuleModule, testCase: Case, typing: Typing | undefined): Linter.Config[] {
  const ruleId = ruleIdOf(rule);
  const parserOptions = {
    ...(typing ? { projectService: true, tsconfigRootDir: typing.tsconfigRootDir } : {}),
    ...(testCase.languageOptions?.parserOptions ?? {}),
  };
  return [
    {
      files: FILES,
      languageOptions: { ...testCase.languageOptions, parser: tsParser as unknown as Linter.Parser, parserOptions },
      ...(testCase.settings ? { settings: testCase.settings as Record<string, unknown> } : {}),
    },
    { ...plugin.configs.all, files: FILES },
    {
      files: FILES,
      ...(ruleId.startsWith(`${UNDER_TEST}/`) ? { plugins: { [UNDER_TEST]: { rules: { rule } } } } : {}),
      rules: { [ruleId]: ["error", ...(testCase.options ?? [])] },
    },
  ];
}

const keyOf = (m: Linter.LintMessage) => `${m.ruleId}:${m.messageId}`;

function counts(messages: readonly Linter.LintMessage[]): Map<string, number> {
  const found = new Map<string, number>();
  for (const m of messages) found.set(keyOf(m), (found.get(keyOf(m)) ?? 0) + 1);
  return found;
}

/** The offset of a line/column (1-based line, 1-based column) in `code`. */
function offsetOf(code: string, line: number, column: number): number {
  let offset = 0;
  for (let i = 1; i < line; i++) offset = code.indexOf("\n", offset) + 1;
  return offset + column - 1;
}

/** The range of a message in `code`: `[start, end]`. */
function rangeOf(code: string, m: Linter.LintMessage): [number, number] {
  const start = offsetOf(code, m.line, m.column);
  return [start, m.endLine === undefined ? start : offsetOf(code, m.endLine, m.endColumn ?? m.column)];
}

/**
 * Where `[start, end]` of `before` lies in `after`: offsets outside the changed part keep their place, offsets
 * inside it cover the whole replacement.
 */
function mapRange(before: string, after: string, [start, end]: [number, number]): [number, number] {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && before.at(-1 - suffix) === after.at(-1 - suffix)) suffix++;
  const shift = after.length - before.length;
  const map = (offset: number, side: "start" | "end") => {
    if (offset < prefix) return offset;
    if (offset > before.length - suffix) return offset + shift;
    return side === "start" ? prefix : after.length - suffix;
  };
  return [map(start, "start"), map(end, "end")];
}

const overlaps = (a: [number, number], b: [number, number]) => a[0] <= b[1] && b[0] <= a[1];

function describeMessage(m: Linter.LintMessage): string {
  return `${keyOf(m)} at ${m.line}:${m.column}`;
}

/** The same reports, places and suggestions: linting typed and untyped give the same result. */
function sameResult(a: readonly Linter.LintMessage[], b: readonly Linter.LintMessage[]): boolean {
  const shape = (ms: readonly Linter.LintMessage[]) =>
    JSON.stringify(ms.map((m) => [m.ruleId, m.messageId, m.line, m.column, m.endLine, m.endColumn, m.message, m.suggestions]));
  return shape(a) === shape(b);
}

/**
 * What is wrong with the suggestions `rule` offers on `testCase`, one line each; empty when every suggestion clears
 * its report and adds none. A typed case is linted untyped unless that changes the original's result.
 */
export function suggestionProblems(rule: Rule.RuleModule, testCase: Case, typing?: Typing): string[] {
  const ruleId = ruleIdOf(rule);
  const filename = filenameOf(testCase);
  const lint = (code: string, with_: Typing | undefined) =>
    linterFor(filename, with_).verify(code, configFor(rule, testCase, with_), { filename });

  let original = lint(testCase.code, typing);
  let lintWith = typing;
  if (typing) {
    const untyped = lint(testCase.code, undefined);
    if (sameResult(original, untyped)) {
      original = untyped;
      lintWith = undefined;
    }
  }
  const problems: string[] = [];
  const fatal = original.find((m) => m.fatal);
  if (fatal) return [`the case itself does not parse: ${fatal.message}`];
  const before = counts(original);

  for (const report of original.filter((m) => m.ruleId === ruleId)) {
    for (const [index, suggestion] of (report.suggestions ?? []).entries()) {
      const { range, text } = suggestion.fix;
      const output = testCase.code.slice(0, range[0]) + text + testCase.code.slice(range[1]);
      const label = `${describeMessage(report)}, suggestion ${index} (${suggestion.messageId ?? suggestion.desc})`;
      const messages = lint(output, lintWith);
      const broken = messages.find((m) => m.fatal);
      if (broken) {
        problems.push(`${label}: the output does not parse: ${broken.message}`);
        continue;
      }
      const place = mapRange(testCase.code, output, rangeOf(testCase.code, report));
      const still = messages.find((m) => keyOf(m) === keyOf(report) && overlaps(rangeOf(output, m), place));
      if (still) problems.push(`${label}: the output is still reported there: ${describeMessage(still)}: ${still.message}`);
      for (const [key, count] of counts(messages)) {
        const had = before.get(key) ?? 0;
        if (count <= had) continue;
        const added = messages.filter((m) => keyOf(m) === key).map((m) => `${describeMessage(m)}: ${m.message}`);
        problems.push(`${label}: the output has ${count} ${key} where the original has ${had}: ${added.join("; ")}`);
      }
    }
  }
  return problems;
}
