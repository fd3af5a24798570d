import { resolveModulePath, type Stats } from "./resolution/module-files.js";
import { reachModules, relativeSpecifiers, type TextQuestion, textFact } from "./resolution/module-texts.js";
import { EVERY_FACT, NO_FACT, type TextFacts } from "./text-facts.js";

/**
 * What a file may take from the modules it imports by relative paths, read from their text: a method name, an SDK
 * re-export, a code or an error helper defined there reaches the importing file through its imports, so a file whose
 * own text says nothing of ACP may still hold a handler or an error site once they are followed. Each module's text is
 * judged once per path and modification time; as far as the resolution layer follows imports, and no further.
 */

/** Whether a text imports anything by a relative path. */
export function hasRelativeImport(text: string): boolean {
  return relativeSpecifiers(text).length > 0;
}

/** The facts of the modules a file imports, each fact of any of them, and whether one writes a code and an odd value. */
export interface ImportedFacts extends TextFacts {
  readonly codePair: boolean;
}

const EVERYTHING: ImportedFacts = { ...EVERY_FACT, codePair: true };

/**
 * The facts of the modules a file imports (and those they import, MAX_MODULE_HOPS deep), as `judge` reads their text
 * (its key tells judges of different settings apart); every fact when there are too many of them.
 */
export function importedFacts(path: string, text: string, root: string, judge: TextQuestion<TextFacts>): ImportedFacts {
  const union: Record<keyof ImportedFacts, boolean> = { ...NO_FACT, codePair: false };
  const keys = Object.keys(NO_FACT) as (keyof TextFacts)[];
  // One `stat` a path for the whole walk: the modules are met again and again through each other's imports.
  const stats: Stats = new Map();
  const tooMany = reachModules(path, relativeSpecifiers(text), (from, specifier) => resolveModulePath(from, specifier, root, stats), (inner) => {
    const facts = textFact(inner, judge.key, judge.compute, stats);
    if (!facts) return false;
    for (const key of keys) union[key] ||= facts[key];
    union.codePair ||= facts.codeWritten && facts.oddValues;
    // Nothing more can be learnt once a module says everything.
    return union.handlers && union.codes;
  }, stats);
  return tooMany ? EVERYTHING : union;
}
