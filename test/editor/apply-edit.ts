// Applies a WorkspaceEdit to one document's text, as the editor does when the user picks a code action.
import type { Position, TextEdit, WorkspaceEdit } from "./lsp-types.js";

/** The text edits of `edit` for `uri`, with the document versions they were computed for (null: any). */
export function editsFor(edit: WorkspaceEdit, uri: string): { edits: TextEdit[]; versions: (number | null)[] } {
  const documentChanges = edit.documentChanges ?? [];
  const others = [
    ...documentChanges.map((change) => change.textDocument.uri),
    ...Object.keys(edit.changes ?? {}),
  ].filter((target) => target !== uri);
  if (others.length > 0) throw new Error(`the edit also changes other documents: ${others.join(", ")}`);
  return {
    edits: [...documentChanges.flatMap((change) => change.edits), ...(edit.changes?.[uri] ?? [])],
    versions: documentChanges.map((change) => change.textDocument.version),
  };
}

/** Applies non-overlapping edits (LSP requires that) from the last to the first. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = linesOf(text);
  const located = edits
    .map((edit) => ({ start: offsetAt(lines, edit.range.start), end: offsetAt(lines, edit.range.end), text: edit.newText }))
    .sort((a, b) => b.start - a.start || b.end - a.end);
  return located.reduce((result, edit) => result.slice(0, edit.start) + edit.text + result.slice(edit.end), text);
}

interface Line {
  start: number;
  /** Where the line's text ends, before its line break. */
  end: number;
}

// LSP lines end at \n, \r\n or \r; characters count UTF-16 code units, as JavaScript string indices do.
function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const lineBreak of text.matchAll(/\r\n|\r|\n/g)) {
    lines.push({ start, end: lineBreak.index });
    start = lineBreak.index + lineBreak[0].length;
  }
  lines.push({ start, end: text.length });
  return lines;
}

// A position past the end of its line means the line's end; past the last line, the document's end.
function offsetAt(lines: readonly Line[], position: Position): number {
  const line = lines[position.line];
  if (!line) return lines.at(-1)?.end ?? 0;
  return Math.min(line.start + position.character, line.end);
}
