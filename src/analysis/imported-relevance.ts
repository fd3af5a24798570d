import { isRelativeSpecifier, resolveModulePath } from "./modules/module-files.js";
import { type ClosureQuestion, importSpecifiers, importsSay, type TextQuestion, textFact } from "./modules/module-texts.js";
import { EVERY_FACT, joinFacts, NO_FACT, type TextFacts } from "./text-facts.js";

/**
 * What a file may take from the modules of the project it imports, read from their text: a method name, an SDK
 * re-export, a code or an error helper defined there reaches the importing file through its imports, so a file whose
 * own text says nothing of ACP may still hold a handler or an error site once they are followed. Each module's text is
 * judged once per path and modification time; as far as the resolution layer follows imports, and no further.
 */

/**
 * Whether the text of the file at `path` imports a module of the project: by a relative path, or by a name the path
 * aliases of its tsconfig map to a file under `root`.
 */
export function importsProjectModule(text: string, path: string | undefined, root: string): boolean {
  return importSpecifiers(text).some((s) => isRelativeSpecifier(s) || (path !== undefined && resolveModulePath(path, s, root) !== undefined));
}

/**
 * The facts of the modules a file imports (and those they import, MAX_MODULE_HOPS deep), as `judge` reads their text
 * (its key tells judges of different settings apart); every fact when there are too many of them.
 */
export function importedFacts(path: string, text: string, root: string, judge: TextQuestion<TextFacts>): TextFacts {
  // One `stat` a path for the whole walk (outside a single run): the modules are met again and again through each
  // other's imports.
  return importsSay(path, importSpecifiers(text), root, closureQuestion(judge), EVERY_FACT, new Map());
}

const closureQuestions = new WeakMap<TextQuestion<TextFacts>, ClosureQuestion<TextFacts>>();

/** The judge's facts of each module of a closure, joined. */
function closureQuestion(judge: TextQuestion<TextFacts>): ClosureQuestion<TextFacts> {
  let found = closureQuestions.get(judge);
  if (!found) {
    found = {
      key: judge.key,
      of: (path, stats) => textFact(path, judge.key, judge.compute, stats) ?? NO_FACT,
      empty: NO_FACT,
      union: joinFacts,
      // Nothing more can be learnt once the modules say this much.
      whole: (facts) => facts.handlers && facts.codes,
    };
    closureQuestions.set(judge, found);
  }
  return found;
}
