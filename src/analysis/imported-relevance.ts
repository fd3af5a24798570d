import { type ClosureQuestion, importsSay, relativeSpecifiers, type TextQuestion, textFact } from "./resolution/module-texts.js";
import { EVERY_FACT, NO_FACT, pairsCode, type TextFacts } from "./text-facts.js";

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
  // One `stat` a path for the whole walk (outside a single run): the modules are met again and again through each
  // other's imports.
  return importsSay(path, relativeSpecifiers(text), root, closureQuestion(judge), EVERYTHING, new Map());
}

const closureQuestions = new WeakMap<TextQuestion<TextFacts>, ClosureQuestion<ImportedFacts>>();

/** The judge's facts of each module of a closure, joined. */
function closureQuestion(judge: TextQuestion<TextFacts>): ClosureQuestion<ImportedFacts> {
  let found = closureQuestions.get(judge);
  if (!found) {
    found = {
      key: judge.key,
      of: (path, stats) => {
        const facts = textFact(path, judge.key, judge.compute, stats);
        return facts ? withPair(facts) : NO_IMPORTED_FACT;
      },
      empty: NO_IMPORTED_FACT,
      union: (a, b) => {
        const into = noFacts();
        join(into, a);
        join(into, b);
        return into;
      },
      // Nothing more can be learnt once the modules say this much.
      whole: (facts) => facts.handlers && facts.codes,
    };
    closureQuestions.set(judge, found);
  }
  return found;
}

const NO_IMPORTED_FACT: ImportedFacts = { ...NO_FACT, codePair: false };

/** A union to join facts into: nothing yet. */
const noFacts = (): Record<keyof ImportedFacts, boolean> => ({ ...NO_IMPORTED_FACT });

/** One module's facts as imported facts: its pair of a code and an odd value is its own. */
const withPair = (facts: TextFacts): ImportedFacts => ({ ...facts, codePair: pairsCode(facts) });

function join(into: Record<keyof ImportedFacts, boolean>, facts: ImportedFacts): void {
  for (const key of Object.keys(into) as (keyof ImportedFacts)[]) into[key] ||= facts[key];
}
