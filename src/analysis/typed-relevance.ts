import type { ParserServicesWithTypeInformation, TSESTree } from "@typescript-eslint/utils";
import type * as ts from "typescript";
import type { TextQuestion } from "./modules/module-texts.js";
import { MAX_REACHED } from "./resolution/resolution.js";
import { EVERY_FACT, joinFacts, NO_FACT, type TextFacts } from "./text-facts.js";

/**
 * What a typed file may take from the modules its program resolved for it. With type information a value's literal
 * type, a callee's declaration or a sender's signature may come from any of them, not only from those it imports by a
 * relative path: a path alias, a package of the workspace, a declaration file that re-exports the SDK, a constant
 * re-exported ten modules away (the checker follows re-exports to the end). So the facts are those of every source
 * file of the program the file's imports reach, however deep; every fact when they are more than MAX_REACHED, or when
 * the program does not say what a file imports. A source file outside the lint root is not read, nor followed further:
 * nothing of it is known, as the untyped layer knows nothing of a module outside (typed-checker.ts).
 */

/** What the parts of TypeScript's nodes read here are (the plugin does not load TypeScript itself). */
interface TsSourceFile {
  readonly fileName: string;
  readonly text: string;
  /**
   * The module specifiers of the file, as the program collected them to resolve them: imports and exports, `import x =
   * require()`, `import()` and, in JavaScript, `require()`. Not part of TypeScript's public API (stable since 2.x);
   * without it nothing is known of the file's imports.
   */
  readonly imports?: readonly unknown[];
}

interface TsDeclaration {
  getSourceFile?(): unknown;
}

interface TsSymbol {
  readonly valueDeclaration?: TsDeclaration;
  readonly declarations?: readonly TsDeclaration[];
}

/** The node as a source file whose text can be read, or undefined. */
function asSourceFile(node: unknown): TsSourceFile | undefined {
  return typeof node === "object" && node !== null && typeof (node as TsSourceFile).text === "string" && typeof (node as TsSourceFile).fileName === "string" ? (node as TsSourceFile) : undefined;
}

/** Each source file's facts, by the judge's key: the program's files are kept as long as the program is. */
const factsByFile = new WeakMap<TsSourceFile, Map<string, TextFacts>>();

function factsOf(file: TsSourceFile, judge: TextQuestion<TextFacts>): TextFacts {
  let byKey = factsByFile.get(file);
  if (!byKey) factsByFile.set(file, (byKey = new Map()));
  let facts = byKey.get(judge.key);
  if (!facts) byKey.set(judge.key, (facts = judge.compute(file.text)));
  return facts;
}

/**
 * The facts of the source files the linted file's imports reach in its program (not the file's own), joined; `whole`
 * says when nothing more can change the answer. `inside` tells the source files that may be read (those inside the
 * lint root).
 */
export function programImportFacts(
  services: ParserServicesWithTypeInformation,
  program: TSESTree.Program,
  judge: TextQuestion<TextFacts>,
  whole: (facts: TextFacts) => boolean,
  inside: (file: ts.SourceFile) => boolean,
): TextFacts {
  // Another parser's tree (a Vue file's) may have no TypeScript source file behind its Program.
  const linted = asSourceFile(services.esTreeNodeToTSNodeMap?.get(program));
  if (!linted) return EVERY_FACT;
  const checker = services.program.getTypeChecker();
  const seen = new Set<TsSourceFile>([linted]);
  const queue: TsSourceFile[] = [linted];
  let facts = NO_FACT;
  for (let at = 0; at < queue.length; at++) {
    const imports = queue[at]!.imports;
    if (!Array.isArray(imports)) return EVERY_FACT;
    for (const specifier of imports) {
      const symbol = checker.getSymbolAtLocation(specifier as never) as TsSymbol | undefined;
      const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
      const file = asSourceFile(declaration?.getSourceFile?.());
      if (!file || seen.has(file) || !inside(file as unknown as ts.SourceFile)) continue;
      if (seen.size >= MAX_REACHED) return EVERY_FACT;
      seen.add(file);
      queue.push(file);
      facts = joinFacts(facts, factsOf(file, judge));
      if (whole(facts)) return facts;
    }
  }
  return facts;
}
