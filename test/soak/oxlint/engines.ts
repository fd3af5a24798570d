// The same lint under ESLint and under oxlint (the built plugin as a JS plugin): each engine's acp/ findings as
// comparable lines, and the files each leaves after applying every report's first suggestion.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import plugin from "../../../dist/index.js";

const require = createRequire(import.meta.url);
/** oxlint's command, from its package (not node_modules/.bin, which a checkout could plant). */
export const OXLINT = join(dirname(require.resolve("oxlint/package.json")), "bin", "oxlint");
/** ESLint's own merging of fixes, for suggestions applied as oxlint's --fix-suggestions applies them. */
const SourceCodeFixer = require(join(dirname(require.resolve("eslint/package.json")), "lib/linter/source-code-fixer.js")) as {
  applyFixes(text: string, messages: readonly Linter.LintMessage[], shouldFix: boolean): { output: string };
};
const PLUGIN = require.resolve("../../../dist/index.js");

/** What both engines lint with: the rules (with options) and settings. */
export interface LintSetup {
  readonly rules: Record<string, unknown>;
  readonly settings?: Record<string, unknown> | undefined;
}

/** Every acp/ rule as an error. */
export const ALL_RULES: Record<string, unknown> = Object.fromEntries(Object.keys(plugin.rules).map((name) => [`acp/${name}`, "error"]));

/** A finding as a line both engines can write: `file:line:column rule message`. */
const line = (file: string, at: number, column: number, rule: string, message: string) => `${file}:${at}:${column} ${rule} ${message}`;

function eslintFor(dir: string, setup: LintSetup): ESLint {
  return new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ["**/*.{ts,tsx,mts,cts,js,mjs,cjs}"], languageOptions: { parser: tsParser }, plugins: { acp: plugin }, rules: setup.rules as Linter.RulesRecord, ...(setup.settings ? { settings: setup.settings } : {}) },
    ],
  });
}

/** ESLint's findings in the files under `dir`. */
export async function eslintFindings(dir: string, setup: LintSetup): Promise<string[]> {
  const out: string[] = [];
  for (const result of await eslintFor(dir, setup).lintFiles(["."])) {
    for (const m of result.messages) out.push(m.ruleId ? line(relative(dir, result.filePath), m.line, m.column, m.ruleId, m.message) : line(relative(dir, result.filePath), m.line, m.column, "(parse)", m.message));
  }
  return out.sort();
}

/** The `.oxlintrc.json` of a setup: the plugin and the rules, none of oxlint's own. */
export function writeOxlintConfig(dir: string, setup: LintSetup): string {
  const path = join(dir, ".oxlintrc.json");
  writeFileSync(path, JSON.stringify({ jsPlugins: [PLUGIN], categories: { correctness: "off" }, rules: setup.rules, ...(setup.settings ? { settings: setup.settings } : {}) }));
  return path;
}

function runOxlint(dir: string, args: readonly string[]): string {
  try {
    return execFileSync(process.execPath, [OXLINT, ...args], { cwd: dir, maxBuffer: 1 << 28, encoding: "utf8" });
  } catch (error) {
    // It exits 1 when it reports an error.
    return (error as { stdout: string }).stdout;
  }
}

interface OxlintDiagnostic {
  readonly message: string;
  readonly code?: string;
  readonly filename: string;
  readonly labels: readonly { readonly span: { readonly line: number; readonly column: number } }[];
}

/** oxlint's findings in the files under `dir` (a file it cannot parse: a `(parse)` line, as ESLint's), `args` added to its command. */
export function oxlintFindings(dir: string, setup: LintSetup, args: readonly string[] = []): string[] {
  const config = writeOxlintConfig(dir, setup);
  const diagnostics = (JSON.parse(runOxlint(dir, ["-c", config, "-f", "json", ...args, "."])) as { diagnostics: OxlintDiagnostic[] }).diagnostics;
  return diagnostics
    .map((d) => {
      const span = d.labels[0]?.span;
      const rule = d.code?.replace(/^acp\((.+)\)$/u, "acp/$1") ?? "(parse)";
      return line(d.filename, span?.line ?? 0, span?.column ?? 0, rule, d.message);
    })
    .sort();
}

/** Applies oxlint's --fix-suggestions to the files under `dir`, in place. */
export function applyOxlintSuggestions(dir: string, setup: LintSetup): void {
  runOxlint(dir, ["-c", writeOxlintConfig(dir, setup), "--fix-suggestions", "."]);
}

/** Applies ESLint's first suggestion of every finding to the files under `dir`, in place, as one pass of fixes. */
export async function applyEslintSuggestions(dir: string, setup: LintSetup): Promise<void> {
  for (const result of await eslintFor(dir, setup).lintFiles(["."])) {
    const fixes = result.messages.flatMap((m) => (m.suggestions?.[0] ? [{ ...m, fix: m.suggestions[0].fix }] : []));
    if (fixes.length > 0) writeFileSync(result.filePath, SourceCodeFixer.applyFixes(readFileSync(result.filePath, "utf8"), fixes, true).output);
  }
}
