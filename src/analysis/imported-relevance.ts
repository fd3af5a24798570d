import { resolveModulePath } from "./resolution/module-files.js";
import { reachModules, relativeSpecifiers, type TextQuestion, textFact } from "./resolution/module-texts.js";

/**
 * What a file may take from the modules it imports by relative paths, read from their text: a method name, an SDK
 * re-export, a code or an error helper defined there reaches the importing file through its imports, so a file whose
 * own text says nothing of ACP may still hold a handler or an error site once they are followed. Each module's text is
 * judged once per path and modification time; as far as the resolution layer follows imports, and no further.
 */

/** What one module's text says. */
export interface TextRelevance {
  readonly handlers: boolean;
  readonly codes: boolean;
  readonly any: boolean;
}

/** Whether a text imports anything by a relative path. */
export function hasRelativeImport(text: string): boolean {
  return relativeSpecifiers(text).length > 0;
}

const EVERYTHING: TextRelevance = { handlers: true, codes: true, any: true };

/**
 * The union of what the modules a file imports (and those they import, MAX_MODULE_HOPS deep) may hold, as `judge`
 * reads their text (its key tells judges of different settings apart); everything when there are too many of them.
 */
export function importedRelevance(path: string, text: string, root: string, judge: TextQuestion<TextRelevance>): TextRelevance {
  let handlers = false;
  let codes = false;
  let any = false;
  const tooMany = reachModules(path, relativeSpecifiers(text), (from, specifier) => resolveModulePath(from, specifier, root), (inner) => {
    const relevance = textFact(inner, judge.key, judge.compute);
    handlers ||= relevance?.handlers === true;
    codes ||= relevance?.codes === true;
    any ||= relevance?.any === true;
    return false;
  });
  return tooMany ? EVERYTHING : { handlers, codes, any };
}
