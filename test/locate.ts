/** Locating test expectations by the text they cover, so cases stay readable and positions exact. */
import type { TestCaseError } from "@typescript-eslint/rule-tester";

/** The index of the `nth` occurrence (0-based) of `text` in `code`; throws when there is none. */
export function indexOf(code: string, text: string, nth = 0): number {
  let index = -1;
  for (let i = 0; i <= nth; i++) {
    index = code.indexOf(text, index + 1);
    if (index === -1) throw new Error(`occurrence #${nth} of ${JSON.stringify(text)} is not in the test code`);
  }
  return index;
}

export interface Span {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** The location of the `nth` occurrence of `text` in `code`, as a report's line/column/endLine/endColumn. */
export function at(code: string, text: string, nth = 0): Span {
  const start = indexOf(code, text, nth);
  const position = (offset: number) => {
    const lines = code.slice(0, offset).split("\n");
    return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
  };
  const from = position(start);
  const to = position(start + text.length);
  return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}

/** A report expected with `messageId` (and `data`, when given) on the `nth` occurrence of `text` in `code`. */
export function reportAt<T extends string>(messageId: T, code: string, text: string, data?: Record<string, unknown>, nth = 0): TestCaseError<T> {
  return { messageId, ...(data ? { data } : {}), ...at(code, text, nth) };
}

/** The `where` of a report at a call that reaches another module's helper (create-rule.ts): `helper` as `Class.method`. */
export function reaching(helper: string, file: string): string {
  return `in \`${helper}\` (${file}), which this call reaches,`;
}
