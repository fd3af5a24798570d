/** What a rewrite is and gives: the rewritten programs of a case, each with where the original's text went. */
import { Edits, type Rewritten } from "./edit.js";
import { parseSource, type Source } from "./syntax.js";

/** One rewritten program: the linted file, the modules it now imports, and what the rewrite changed. */
export interface Program {
  /** The linted file's new text, and where each range of the original is in it. */
  readonly main: Rewritten;
  /** Modules written beside the linted file, by file name (imported as `./<name>`, `.ts` as `.js`). */
  readonly modules: readonly { readonly name: string; readonly text: string }[];
  /** The original ranges of the functions (or objects, classes) whose code the rewrite changed. */
  readonly touched: readonly (readonly [number, number])[];
}

export interface Rewrite {
  /** The rewrite's name, as the runner and the floors file name it. */
  readonly name: string;
  /** The words for it. */
  readonly description: string;
  /**
   * The rewritten programs of `source` (none when the rewrite does not fit it). `salt` goes into the names of the
   * modules it writes, so that rewrites linted in one folder (the typed fixture's) never share a module's name.
   */
  apply(source: Source, salt?: string): Program[];
}

/** The program of `edits`, or none when they are empty. */
export function programOf(edits: Edits, touched: readonly (readonly [number, number])[], modules: Program["modules"] = []): Program[] {
  if (edits.size === 0) return [];
  return [{ main: edits.apply(), modules, touched }];
}

/** `rewrite` applied to a case's code, for the unit tests: the texts of its programs, main file first. */
export function rewriteText(rewrite: Rewrite, code: string, filename = "file.ts"): string[][] {
  const source = parseSource(code, filename);
  if (!source) throw new Error("the code does not parse");
  return rewrite.apply(source).map((p) => [p.main.text, ...p.modules.map((m) => `// ${m.name}\n${m.text}`)]);
}

/** The name of a module beside `filename`, and the specifier that imports it: `file.lookup.ts`, `./file.lookup.js`. */
export function siblingModule(filename: string, tag: string): { name: string; specifier: string } {
  const base = filename.replace(/^.*[\\/]/u, "");
  const match = /^(.*?)(\.[cm]?[jt]sx?)$/u.exec(base);
  const [stem, ext] = match ? [match[1]!, match[2]!] : [base, ".js"];
  const name = `${stem}.${tag}${ext.replace("x", "")}`;
  const specifier = `./${stem}.${tag}${ext.replace("x", "").replace(/ts$/u, "js")}`;
  return { name, specifier };
}

export { Edits };
