import { dirname } from "node:path";
import { readRegularFile } from "../../regular-file.js";
import { isSingleRun } from "../single-run.js";
import { statOf, type Stats } from "./folders.js";
import { MAX_BYTES, resolveModulePath } from "./module-files.js";
import { MAX_MODULE_HOPS, MAX_REACHED } from "../resolution/resolution.js";

/**
 * Facts read from a module's text, before (and mostly instead of) parsing it: whether it could answer a question at
 * all. Most modules an ACP file imports are utilities; parsing one costs as much as ESLint's own parse of it, so a
 * question about the SDK or about ACP errors first asks whether the module, or one it imports, says anything of them.
 * Each fact is computed once per path, modification time and key (the text is read again for a new key, not kept).
 */

/** Modules whose facts are kept at once (least recently used forgotten first). */
const MAX_TEXTS = 2048;

/** `from "x"`, `import("x")`, `require("x")`, `import "x"`: the specifiers a text names. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(["'`])([^"'`\n\s]+)\1/gu;

/**
 * The specifiers a text names (a name in a comment counts too: more, never fewer): relative ones, and names a
 * tsconfig's path aliases may map (resolveModulePath tells which name a project module).
 */
export function importSpecifiers(text: string): string[] {
  const out = new Set<string>();
  // matchAll starts where the expression's lastIndex is: a fresh copy starts at 0.
  for (const match of text.matchAll(new RegExp(IMPORT))) if (!match[2]!.startsWith("node:")) out.add(match[2]!);
  return [...out];
}

interface Entry {
  readonly mtimeMs: number;
  readonly size: number;
  readonly facts: Map<string, unknown>;
}

const entries = new Map<string, Entry>();

/**
 * The fact `key` of the module at `path` (a real path inside the root, as resolveModulePath gives it): `compute` of its
 * text, once per path and modification time; undefined when the module cannot be read, is larger than MAX_BYTES, or
 * is no longer a regular file at that real path (a FIFO, a device or a link put there since its folder was listed is
 * not opened). One key, one `compute`.
 */
export function textFact<T>(path: string, key: string, compute: (text: string) => T, stats?: Stats): T | undefined {
  const stat = statOf(path, stats);
  if (!stat || stat.size > MAX_BYTES) return undefined;
  let entry = entries.get(path);
  if (!entry || entry.mtimeMs !== stat.mtimeMs || entry.size !== stat.size) entry = { mtimeMs: stat.mtimeMs, size: stat.size, facts: new Map() };
  // Most recently used last.
  entries.delete(path);
  entries.set(path, entry);
  if (entries.size > MAX_TEXTS) entries.delete(entries.keys().next().value!);
  if (entry.facts.has(key)) return entry.facts.get(key) as T;
  const read = readRegularFile(path, { inside: dirname(path), maxBytes: MAX_BYTES });
  if (!("text" in read)) return undefined;
  const fact = compute(read.text);
  entry.facts.set(key, fact);
  return fact;
}

const SPECIFIERS = "\0specifiers";

/** The specifiers of the module at `path` (importSpecifiers); undefined when it cannot be read. */
export function specifiersOf(path: string, stats?: Stats): readonly string[] | undefined {
  return textFact(path, SPECIFIERS, importSpecifiers, stats);
}

/** The project module a specifier names from a file (module-files' resolveModulePath, perhaps memoised). */
export type ResolvePath = (from: string, specifier: string) => string | undefined;

/**
 * Visits the modules `specifiers` name from `from`, and those they import, MAX_MODULE_HOPS deep, each once; `visit`
 * returns true to stop. Returns true when it stopped, or when more than MAX_REACHED modules were met (the caller
 * cannot know what the rest hold).
 */
export function reachModules(from: string, specifiers: readonly string[], resolvePath: ResolvePath, visit: (path: string) => boolean, stats?: Stats): boolean {
  const seen = new Set<string>([from]);
  let frontier: { from: string; specifiers: readonly string[] }[] = [{ from, specifiers }];
  for (let hop = 0; hop < MAX_MODULE_HOPS && frontier.length > 0; hop++) {
    const next: typeof frontier = [];
    for (const at of frontier) {
      for (const specifier of at.specifiers) {
        const path = resolvePath(at.from, specifier);
        if (path === undefined || seen.has(path)) continue;
        seen.add(path);
        if (seen.size > MAX_REACHED || visit(path)) return true;
        const inner = specifiersOf(path, stats);
        if (inner && inner.length > 0) next.push({ from: path, specifiers: inner });
      }
    }
    frontier = next;
  }
  return false;
}

/** A question about a module's text: the fact `key` is `compute` of the text; the answer is whether it `holds`. */
export interface TextQuestion<T> {
  readonly key: string;
  /** The fact's key when several questions read one fact (each name asked of one set of defined names); else `key`. */
  readonly fact?: string;
  readonly compute: (text: string) => T;
  readonly holds: (fact: T) => boolean;
}

/** Whether the question holds for the text of the module at `path` (false when it cannot be read). */
export function textHolds<T>(path: string, question: TextQuestion<T>, stats?: Stats): boolean {
  const fact = textFact(path, question.fact ?? question.key, question.compute, stats);
  return fact !== undefined && question.holds(fact);
}

/**
 * Whether the question holds for the module at `path` or one it imports (as far as the resolution layer follows
 * imports): if it holds for none, nothing reached through that module can be what the question looks for. True
 * when that cannot be told within the bounds.
 */
export function textReaches<T>(path: string, root: string, resolvePath: ResolvePath, question: TextQuestion<T>, stats?: Stats): boolean {
  if (textHolds(path, question, stats)) return true;
  return importsSay(path, specifiersOf(path, stats) ?? [], root, reachQuestion(question), true, stats, resolvePath);
}

const reachQuestions = new WeakMap<TextQuestion<unknown>, ClosureQuestion<boolean>>();

/** Whether the question holds for some module of a closure (its key apart from the text question's own). */
function reachQuestion<T>(question: TextQuestion<T>): ClosureQuestion<boolean> {
  let found = reachQuestions.get(question as TextQuestion<unknown>);
  if (!found) {
    found = { key: `reaches\0${question.key}`, of: (inner, stats) => textHolds(inner, question, stats), empty: false, union: (a, b) => a || b, whole: (a) => a };
    reachQuestions.set(question as TextQuestion<unknown>, found);
  }
  return found;
}

/**
 * What the modules of a closure say, as one value: `of` each module, joined by `union` from `empty`; `whole` tells
 * a value nothing can add to (the rest of the closure is not read). `key` names the question (and its settings).
 */
export interface ClosureQuestion<R> {
  readonly key: string;
  readonly of: (path: string, stats?: Stats) => R;
  readonly empty: R;
  readonly union: (a: R, b: R) => R;
  readonly whole: (value: R) => boolean;
}

/**
 * What the modules `specifiers` name from the file at `from`, and those they import (MAX_MODULE_HOPS deep from the
 * file), say as one value of `question`. In a single run, from each imported module's closure (closureOf), kept for
 * the run; else by a walk of the modules (reachModules, with the lint's `stats`), whose answer is `stopped` when it
 * met more modules than it reads, or once the value is whole.
 */
export function importsSay<R>(
  from: string,
  specifiers: readonly string[],
  root: string,
  question: ClosureQuestion<R>,
  stopped: R,
  stats?: Stats,
  resolvePath: ResolvePath = (at, specifier) => resolveModulePath(at, specifier, root, stats),
): R {
  let value = question.empty;
  if (isSingleRun()) {
    for (const specifier of specifiers) {
      if (question.whole(value)) break;
      const inner = resolveModulePath(from, specifier, root);
      if (inner !== undefined && inner !== from) value = question.union(value, closureOf(inner, MAX_MODULE_HOPS - 1, root, question));
    }
    return value;
  }
  const stop = reachModules(from, specifiers, resolvePath, (inner) => question.whole((value = question.union(value, question.of(inner, stats)))), stats);
  return stop ? stopped : value;
}

const closures = new Map<string, unknown>();

/**
 * In a single run (the files do not change while it lints): what the module at `path` and the modules it imports,
 * `hops` deep, say. Each module's closure is computed once for each question and depth, kept for the rest of the run,
 * whichever file asks: the modules a project's files import are mostly the same. The same modules as reachModules
 * meets from `path`, all of them (no bound: each is met once in the run, not once for each linted file).
 */
export function closureOf<R>(path: string, hops: number, root: string, question: ClosureQuestion<R>): R {
  const key = `${question.key}\0${root}\0${hops}\0${path}`;
  if (closures.has(key)) return closures.get(key) as R;
  let value = question.of(path);
  if (hops > 0) {
    for (const specifier of specifiersOf(path) ?? []) {
      if (question.whole(value)) break;
      const inner = resolveModulePath(path, specifier, root);
      if (inner !== undefined && inner !== path) value = question.union(value, closureOf(inner, hops - 1, root, question));
    }
  }
  closures.set(key, value);
  return value;
}

/**
 * Lines that are comments as a whole: `// …`, a block comment's opening line (`/**` without its end) and its inner
 * lines (`* …`). Their words and numbers are prose: documentation that shows `code: 1.5` or names a method. (A line of
 * code that starts with `*`, a product continued from the line above, holds no name a question needs.)
 */
const COMMENT_LINES = /^[ \t]*(?:\/\/.*|\*(?!\/).*|\/\*(?:(?!\*\/).)*)$/gmu;

/** The text without its whole comment lines: what a question about the code a text writes reads. */
export function withoutCommentLines(text: string): string {
  return text.replace(COMMENT_LINES, "");
}

/**
 * Whether a module's text may pass on what it imports: `export … from`, an export list (`export { fail }` may name an
 * import), an alias exported (`export const raise = fail`, `export default fail`), and every CommonJS export
 * (`module.exports = …`, `exports.x = …`, TypeScript's `__exportStar` and `Object.defineProperty(exports, …)`).
 */
export const REEXPORTS: TextQuestion<boolean> = {
  key: "\0re-exports",
  compute: (text) =>
    /\bexport\s*(?:\*|\{|type\s*\{)|\bexport\s+(?:const|let|var)\s+[\w$]+\s*=\s*[\w$.]+\s*(?:;|$)|\bexport\s+default\s+[\w$.]+\s*(?:;|$)|\b(?:module\.)?exports\b\s*(?:\.|\[|=)|__exportStar|\bdefineProperty\(\s*exports\b/mu.test(text),
  holds: (fact) => fact,
};

/** Forgets every module's facts and closures (tests). */
export function clearTextFacts(): void {
  entries.clear();
  closures.clear();
}
