/**
 * The same program printed another way: every run of whitespace (and comments) between two tokens is replaced by
 * another separator (spaces, newlines with any indentation, block or line comments), tokens written together stay
 * together. A newline is never put where it would change the program (after `return`, `throw`, `async`..., before
 * `=>`, `as`, `!`...). And comparisons of reports that ignore where and how the code is printed.
 */
import type { Linter } from "eslint";
import ts from "typescript";

export const SEPARATORS = [" ", "  ", "\n", "\n\n", "\n\t\t", "\n        ", " /* note */ ", "/* a\n   longer note */", "\n// note\n", " // note\n  "] as const;

/** Tokens a line break may not follow or precede without changing the program. */
const NO_BREAK_AFTER = new Set(["return", "throw", "break", "continue", "async", "yield", "declare", "abstract", "readonly", "get", "set", "static", "type", "namespace", "module", "let", "accessor", "asserts", "public", "private", "protected", "override"]);
const NO_BREAK_BEFORE = new Set(["=>", "++", "--", "as", "satisfies", "!", "<", "is"]);

/** `code` with the whitespace and comments between its tokens replaced by `separators[i % length]` in turn. */
export function reformat(code: string, separators: readonly number[]): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, code);
  const tokens: { start: number; end: number; text: string }[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.TemplateHead || kind === ts.SyntaxKind.RegularExpressionLiteral) throw new Error("reformat: templates and regular expressions are not generated");
    tokens.push({ start: scanner.getTokenStart(), end: scanner.getTokenEnd(), text: scanner.getTokenText() });
  }
  let out = "";
  let n = 0;
  for (const [i, token] of tokens.entries()) {
    const previous = tokens[i - 1];
    if (previous && previous.end < token.start) {
      let separator: string = SEPARATORS[separators[n++ % separators.length]! % SEPARATORS.length]!;
      if (separator.includes("\n") && (NO_BREAK_AFTER.has(previous.text) || NO_BREAK_BEFORE.has(token.text))) separator = " /* kept */ ";
      out += separator;
    }
    out += token.text;
  }
  return `${out}\n`;
}

/** `text` without comments and whitespace: what a report's code is, however printed. */
export function bare(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//gu, "").replace(/\/\/[^\n]*/gu, "").replace(/\s+/gu, "");
}

/** The offset of a 1-based line and column in `code`. */
export function offsetOf(code: string, line: number, column: number): number {
  let offset = 0;
  for (let i = 1; i < line; i++) offset = code.indexOf("\n", offset) + 1;
  return offset + column - 1;
}

/** The source range a message covers in `code`. */
export function rangeOf(code: string, m: Linter.LintMessage): [number, number] {
  const start = offsetOf(code, m.line, m.column);
  return [start, m.endLine === undefined ? start : offsetOf(code, m.endLine, m.endColumn ?? m.column)];
}

/** What a file's reports are, independent of printing: rule, message id and the reported code, sorted. */
export function reportKeys(code: string, messages: readonly Linter.LintMessage[]): string[] {
  return messages
    .map((m) => {
      const [start, end] = rangeOf(code, m);
      return `${m.ruleId} ${m.messageId} ${bare(code.slice(start, end))}`;
    })
    .sort();
}

/** `code` indented by brace depth, for readable counterexamples. */
export function indentByBraces(code: string): string {
  let depth = 0;
  return code
    .split("\n")
    .map((line) => {
      const trimmed = line.trim();
      const opens = (trimmed.match(/[{(]/gu) ?? []).length;
      const closes = (trimmed.match(/[})]/gu) ?? []).length;
      const leading = /^[})]/u.test(trimmed) ? 1 : 0;
      const text = trimmed ? "  ".repeat(Math.max(0, depth - leading)) + trimmed : "";
      depth = Math.max(0, depth + opens - closes);
      return text;
    })
    .join("\n");
}
