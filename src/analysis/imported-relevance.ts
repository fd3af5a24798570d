import { readFileSync, statSync } from "node:fs";
import { MAX_BYTES, resolveModulePath } from "./resolution/module-files.js";
import { MAX_MODULE_HOPS } from "./resolution/resolution.js";

/**
 * What a file may take from the modules it imports by relative paths, read from their text: a method name, an SDK
 * re-export, a code or an error helper defined there reaches the importing file through its imports, so a file whose
 * own text says nothing of ACP may still hold a handler or an error site once they are followed. Each module's text is
 * read once per path and modification time; as far as the resolution layer follows imports, and no further.
 */

/** What one module's text says, and the relative specifiers it imports. */
export interface TextRelevance {
  readonly handlers: boolean;
  readonly codes: boolean;
  readonly any: boolean;
}

/** The most modules one file's relevance reads: beyond it the file is taken as possibly holding anything. */
const MAX_MODULES = 64;
/** Texts kept at once (least recently used forgotten first). */
const MAX_TEXTS = 2048;

/** `from "./x"`, `import("./x")`, `require("./x")`, `import "./x"`: the relative specifiers a text names. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(["'`])(\.{1,2}\/[^"'`\n]*)\1/gu;

/** Whether a text imports anything by a relative path. */
export function hasRelativeImport(text: string): boolean {
  return relativeSpecifiers(text).length > 0;
}

function relativeSpecifiers(text: string): string[] {
  const out = new Set<string>();
  // matchAll starts where the expression's lastIndex is: a fresh copy starts at 0.
  for (const match of text.matchAll(new RegExp(RELATIVE_IMPORT))) out.add(match[2]!);
  return [...out];
}

/** How a module's text is judged, and a key that tells judges apart (they depend on the settings). */
export interface Judge {
  readonly key: string;
  judge(text: string): TextRelevance;
}

interface Entry {
  readonly mtimeMs: number;
  readonly size: number;
  readonly relevance: TextRelevance;
  readonly specifiers: readonly string[];
}

const texts = new Map<string, Entry>();

/** A module's own relevance and imports, from its text; undefined when it cannot be read or is too large. */
function readEntry(path: string, judge: Judge): Entry | undefined {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return undefined;
  }
  if (stat.size > MAX_BYTES) return undefined;
  const key = `${judge.key}\0${path}`;
  const cached = texts.get(key);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) {
    texts.delete(key);
    texts.set(key, cached);
    return cached;
  }
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  const entry: Entry = { mtimeMs: stat.mtimeMs, size: stat.size, relevance: judge.judge(text), specifiers: relativeSpecifiers(text) };
  texts.delete(key);
  texts.set(key, entry);
  if (texts.size > MAX_TEXTS) texts.delete(texts.keys().next().value!);
  return entry;
}

/**
 * The union of what the modules a file imports (and those they import, MAX_MODULE_HOPS deep) may hold, judged by
 * `judge` on their text; everything when there are more than MAX_MODULES of them.
 */
export function importedRelevance(path: string, text: string, root: string, judge: Judge): TextRelevance {
  let handlers = false;
  let codes = false;
  let any = false;
  const seen = new Set<string>([path]);
  let frontier: { from: string; specifiers: readonly string[] }[] = [{ from: path, specifiers: relativeSpecifiers(text) }];
  for (let hop = 0; hop < MAX_MODULE_HOPS && frontier.length > 0; hop++) {
    const next: typeof frontier = [];
    for (const { from, specifiers } of frontier) {
      for (const specifier of specifiers) {
        const resolved = resolveModulePath(from, specifier, root);
        if (resolved === undefined || seen.has(resolved)) continue;
        seen.add(resolved);
        if (seen.size > MAX_MODULES) return { handlers: true, codes: true, any: true };
        const entry = readEntry(resolved, judge);
        if (!entry) continue;
        handlers ||= entry.relevance.handlers;
        codes ||= entry.relevance.codes;
        any ||= entry.relevance.any;
        next.push({ from: resolved, specifiers: entry.specifiers });
      }
    }
    frontier = next;
  }
  return { handlers, codes, any };
}
