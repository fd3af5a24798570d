import { resolve } from "node:path";
import type { ParserServicesWithTypeInformation, TSESLint, TSESTree } from "@typescript-eslint/utils";
import { importedFacts, importsProjectModule } from "./imported-relevance.js";
import type { TextQuestion } from "./modules/module-texts.js";
import type { AcpSettings } from "./settings.js";
import { joinFacts, NO_FACT, type TextFacts, textFacts } from "./text-facts.js";
import { typedChecker } from "./typed-checker.js";
import { programImportFacts } from "./typed-relevance.js";

/**
 * What a file may hold, read from its text before any analysis: most files a project lints have nothing to do with
 * ACP, and on those every rule is silent whatever it looks at.
 * - `handlers`: the file may hold ACP handlers. Every handler style is named by an SDK (or JSON-RPC library)
 *   import or by a method's wire name written in the file: `agent()` / `client()` apps, legacy classes and
 *   delegates by SDK exports, hand-rolled dispatch and vscode-jsonrpc registrations by a string (or a constant
 *   of the file) equal to a method's wire name.
 * - `any`: some rule may report. Everything a rule reports stands on a handler, on an ACP code, or on an error the
 *   file builds or reads: those name an error class (`RequestError`, `ResponseError`, `settings.acp.errorClasses`),
 *   an error sender or `jsonrpc`; a client's initialize request names its `clientCapabilities`. A file (with what
 *   it imports) that shows none of these is no ACP code, whatever error objects it builds: `{ code: "1113" }` thrown
 *   by a REST client or an Error subclass's string `code` is another kind of code, not a JSON-RPC error's, and no
 *   rule reports there. (As with `codes`, a value computed from other numbers, `String(42001)`, is not looked for.)
 * What a file imports by relative paths counts as its own text (text-facts.ts). With type information a constant, a
 * method name or a sender's signature may come from any module the program resolved for the file, however deep: those
 * count too (typed-relevance.ts). (A file that speaks another JSON-RPC protocol is no ACP code at all: that is
 * other-protocols.ts's decision, not a shortcut of this one.)
 */
export interface FileRelevance {
  readonly handlers: boolean;
  /**
   * The file may hold a value that is an ACP code: it writes a number of the reserved ranges (in any notation), or
   * imports the SDK, whose constants are codes. Without type information a value is resolved within the file, so a
   * code table (two members holding ACP codes) needs this.
   */
  readonly codes: boolean;
  readonly any: boolean;
}

const ALWAYS: FileRelevance = { handlers: true, codes: true, any: true };

/** What a file's facts, joined with those of its imports (a handler, a code or an error word anywhere in reach), let some rule report on. */
function relevanceOf(facts: TextFacts): FileRelevance {
  if (facts.handlers && facts.codes) return ALWAYS;
  return { handlers: facts.handlers, codes: facts.codes, any: facts.handlers || facts.codes || facts.errorWords };
}

const cache = new WeakMap<TSESTree.Program, FileRelevance>();

/** Where the linted file is: the modules it imports by relative paths are read from there, inside `cwd`. */
export interface LintedPath {
  readonly filename: string;
  readonly cwd: string;
}

/**
 * What the file may hold, from its text (or tokens) and the text of the modules it imports by relative paths (what
 * they hold reaches it through its imports); computed once per file (every rule of a file has the same settings).
 */
export function fileRelevance(sourceCode: Readonly<TSESLint.SourceCode>, settings: AcpSettings, file?: LintedPath): FileRelevance {
  const program = sourceCode.ast;
  let relevance = cache.get(program);
  if (!relevance) {
    const services = sourceCode.parserServices;
    relevance = services?.program
      ? relevanceOf(withProgramImports(untypedFacts(sourceCode.text, settings, file), services as ParserServicesWithTypeInformation, program, settings, file))
      : textRelevance(sourceCode.text, settings, file);
    cache.set(program, relevance);
  }
  return relevance;
}

/**
 * What a file linted without type information may hold, from its text and the text of the modules it imports: what
 * fileRelevance finds for it. acp-lint asks it of a file it does not lint (cli/files/quiet-files.ts): a file with no
 * relevance gets no report, whatever else its imported modules hold.
 */
export function textRelevance(text: string, settings: AcpSettings, file: LintedPath | undefined): FileRelevance {
  return relevanceOf(untypedFacts(text, settings, file));
}

function untypedFacts(text: string, settings: AcpSettings, file: LintedPath | undefined): TextFacts {
  return withImports(textFacts(text, settings), text, settings, file);
}

/** The file's own facts joined with those of the modules it imports: a helper, a class or a constant may live there. */
function withImports(own: TextFacts, text: string, settings: AcpSettings, file: LintedPath | undefined): TextFacts {
  if ((own.handlers && own.codes) || !file || file.filename === "<input>" || file.filename === "<text>" || !importsProjectModule(text, resolve(file.cwd, file.filename), file.cwd)) return own;
  return joinFacts(own, importedFacts(resolve(file.cwd, file.filename), text, file.cwd, judgeFor(settings)));
}

/**
 * The facts joined with those of the source files the program resolved for the file's imports, inside the lint root
 * (ESLint's working directory, the process's when no file is given).
 */
function withProgramImports(
  facts: TextFacts,
  services: ParserServicesWithTypeInformation,
  program: TSESTree.Program,
  settings: AcpSettings,
  file: LintedPath | undefined,
): TextFacts {
  const whole = (more: TextFacts) => (facts.handlers || more.handlers) && (facts.codes || more.codes);
  if (whole(NO_FACT)) return facts;
  const typed = typedChecker(services, file?.cwd ?? process.cwd());
  return joinFacts(facts, programImportFacts(services, program, judgeFor(settings), whole, (source) => typed.fileInside(source)));
}

const judges = new WeakMap<AcpSettings, TextQuestion<TextFacts>>();

/** How an imported module's text is judged under these settings. */
export function judgeFor(settings: AcpSettings): TextQuestion<TextFacts> {
  let found = judges.get(settings);
  if (!found) {
    const key = `text facts\0${JSON.stringify([settings.sdkModules, settings.errorClasses])}`;
    found = { key, compute: (text: string) => textFacts(text, settings), holds: (facts) => relevanceOf(facts).any };
    judges.set(settings, found);
  }
  return found;
}
