import { resolve } from "node:path";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { escapePattern } from "./escape-pattern.js";
import { hasRelativeImport, importedRelevance } from "./imported-relevance.js";
import type { TextQuestion } from "./resolution/module-texts.js";
import { ERROR_CODES, JSON_RPC_RESERVED, LSP_RESERVED } from "../protocol/codes.js";
import { METHODS } from "../protocol/methods.js";
import { ERROR_SENDERS } from "./errors/send-calls.js";
import { BUILTIN_SDK_MODULES, JSON_RPC_MODULES } from "./sdk/imports.js";
import type { AcpSettings } from "./settings.js";

/**
 * What a file may hold, read from its text before any analysis: most files a project lints have nothing to do with
 * ACP, and on those every rule is silent whatever it looks at.
 * - `handlers`: the file may hold ACP handlers. Every handler style is named by an SDK (or JSON-RPC library)
 *   import or by a method's wire name written in the file: `agent()` / `client()` apps, legacy classes and
 *   delegates by SDK exports, hand-rolled dispatch and vscode-jsonrpc registrations by a string (or a constant
 *   of the file) equal to a method's wire name.
 * - `any`: some rule may report. Everything a rule reports stands on a handler or on an error the file builds or
 *   reads: those say `code`, name an error class (`RequestError`, `ResponseError`, `settings.acp.errorClasses`)
 *   or an error sender, or write a JSON-RPC code as a number; a client's initialize request names its
 *   `clientCapabilities`.
 * With type information the text is not enough (a constant, a method name or a sender's signature may come from
 * another file), so a typed file is always analysed. (A file that speaks another JSON-RPC protocol is no ACP code
 * at all: that is other-protocols.ts's decision, not a shortcut of this one.)
 */
export interface FileRelevance {
  readonly handlers: boolean;
  /**
   * The file may hold a value that is an ACP code: it writes a number of the reserved ranges (or one in another
   * notation than decimal digits), or imports the SDK, whose constants are codes. Without type information a value
   * is resolved within the file, so a code table (two members holding ACP codes) needs this.
   */
  readonly codes: boolean;
  readonly any: boolean;
}

const ALWAYS: FileRelevance = { handlers: true, codes: true, any: true };
const NOTHING: FileRelevance = { handlers: false, codes: false, any: false };

/** Every method's wire name: a method is only ever named by a string (or constant) equal to one. */
const WIRES = new Set(METHODS.map((m) => m.wire));

/** Identifiers that only code about errors or ACP requests writes. `error` is every other file's word. */
const ERROR_WORDS = new Set(["code", "jsonrpc", "RequestError", "ResponseError", "clientCapabilities", ...[...ERROR_SENDERS].filter((s) => s !== "error")]);

/** Every number a JSON-RPC or ACP code may be written as, without its sign: the reserved and LSP ranges hold ACP's. */
const CODE_MAGNITUDES = { from: -JSON_RPC_RESERVED.to, to: -LSP_RESERVED.from };
if (!ERROR_CODES.every((info) => -info.code >= CODE_MAGNITUDES.from && -info.code <= CODE_MAGNITUDES.to)) {
  throw new Error("eslint-plugin-acp: an ACP error code lies outside the magnitudes relevance.ts looks for");
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
    relevance = sourceCode.parserServices?.program ? ALWAYS : withImports(readRelevance(sourceCode, settings), sourceCode.text, settings, file);
    cache.set(program, relevance);
  }
  return relevance;
}

function withImports(own: FileRelevance, text: string, settings: AcpSettings, file: LintedPath | undefined): FileRelevance {
  if ((own.handlers && own.codes) || !file || file.filename === "<input>" || file.filename === "<text>" || !hasRelativeImport(text)) return own;
  const imported = importedRelevance(resolve(file.cwd, file.filename), text, file.cwd, judgeFor(settings));
  if (!imported.any && !imported.handlers && !imported.codes) return own;
  const handlers = own.handlers || imported.handlers;
  const codes = own.codes || imported.codes;
  return handlers && codes ? ALWAYS : { handlers, codes, any: own.any || imported.any || handlers || codes };
}

const judges = new WeakMap<AcpSettings, TextQuestion<FileRelevance>>();

/**
 * How an imported module's text is judged under these settings; the question holds when some rule may report on
 * what the module holds (an imported helper whose module says nothing of ACP is not parsed to be judged).
 */
export function judgeFor(settings: AcpSettings): TextQuestion<FileRelevance> {
  let found = judges.get(settings);
  if (!found) {
    const key = `relevance\0${JSON.stringify([settings.sdkModules, settings.errorClasses])}`;
    found = { key, compute: (text: string) => textRelevance(text, settings), holds: (relevance) => relevance.any };
    judges.set(settings, found);
  }
  return found;
}

/** What a module's text says it may hold (an escape in it: anything, since its tokens are not at hand). */
function textRelevance(text: string, settings: AcpSettings): FileRelevance {
  if (ESCAPE.test(text)) return ALWAYS;
  const patterns = patternsFor(settings);
  if (patterns.handlers.test(text)) return ALWAYS;
  const codes = CODE_NUMBERS.test(text);
  return codes || patterns.words.test(text) ? { handlers: false, codes, any: true } : NOTHING;
}

/**
 * The text is searched for what the tokens could hold, which is cheaper than going through them and finds at
 * least as much (a name in a comment counts too). An escape may spell a name in other characters
 * (`"session\u002Fprompt"`, `c\u006Fde`): a file that has one has its tokens read instead.
 */
function readRelevance(sourceCode: Readonly<TSESLint.SourceCode>, settings: AcpSettings): FileRelevance {
  const text = sourceCode.text;
  // A parser that gives no tokens leaves nothing to read them from: such a file may hold anything.
  if (ESCAPE.test(text)) return sourceCode.ast.tokens ? scanTokens(sourceCode.ast.tokens, settings) : ALWAYS;
  return textRelevance(text, settings);
}

/** An escape that may spell a character of a name: unicode, hex, octal, `\/`, a line continuation. */
const ESCAPE = /\\(?:[ux/0-7]|\r?\n|\r|\u2028|\u2029)/u;

/**
 * A decimal literal of CODE_MAGNITUDES (32000 to 32899), and every literal not written in plain decimal digits
 * (`0x7d59`, `32_601`, `3.2601e4`), whatever its value.
 */
const CODE_NUMBERS = /\b3(?:2[0-7]\d\d|28\d\d)\b|\d_\d|\b0[xXoObB]|\d[eE][+-]?\d/u;

interface Patterns {
  /** A string or template that starts with a module or method name: what every handler style needs. */
  readonly handlers: RegExp;
  /** A word of ERROR_WORDS or of settings.acp.errorClasses, as a whole name. */
  readonly words: RegExp;
}

/** By settings object, then by its module and class names: a run has few distinct values, perhaps in many objects. */
const patternsBySettings = new WeakMap<AcpSettings, Patterns>();
const patternsByNames = new Map<string, Patterns>();

function patternsFor(settings: AcpSettings): Patterns {
  let found = patternsBySettings.get(settings);
  if (found) return found;
  const key = JSON.stringify([settings.sdkModules, settings.errorClasses]);
  found = patternsByNames.get(key);
  if (!found) {
    const names = [...BUILTIN_SDK_MODULES, ...JSON_RPC_MODULES, ...settings.sdkModules, ...WIRES].map(escapePattern);
    // Identifier boundaries (`$` is part of a name), so that a word is found wherever it is a token.
    const words = [...ERROR_WORDS, ...settings.errorClasses].map((w) => `(?<![\\w$])${escapePattern(w)}(?![\\w$])`);
    found = { handlers: new RegExp(`["'\`](?:${names.join("|")})`, "u"), words: new RegExp(words.join("|"), "u") };
    patternsByNames.set(key, found);
  }
  patternsBySettings.set(settings, found);
  return found;
}

/** The text of a string token without its quotes; a template token keeps its `${` parts, which no name contains. */
function stringValue(token: TSESTree.Token): string {
  return token.value.slice(1, -1);
}

function scanTokens(tokens: readonly TSESTree.Token[], settings: AcpSettings): FileRelevance {
  const modules = [...BUILTIN_SDK_MODULES, ...JSON_RPC_MODULES, ...settings.sdkModules];
  const words = settings.errorClasses.length === 0 ? ERROR_WORDS : new Set([...ERROR_WORDS, ...settings.errorClasses]);
  let any = false;
  let codes = false;
  for (const token of tokens) {
    switch (token.type) {
      case "String":
      case "Template": {
        // An escape may spell a name in other characters (`"session\/prompt"`): such a string may be anything.
        const text = stringValue(token);
        if (text.includes("\\")) return ALWAYS;
        if (WIRES.has(text) || modules.some((m) => text === m || text.startsWith(`${m}/`))) return ALWAYS;
        if (!any && words.has(text)) any = true;
        break;
      }
      case "Identifier":
      case "PrivateIdentifier": {
        const name = token.type === "PrivateIdentifier" ? token.value.replace(/^#/, "") : token.value;
        if (!any && (words.has(name) || name.includes("\\"))) any = true;
        break;
      }
      case "Numeric":
        if (!codes && isCodeMagnitude(token.value)) any = codes = true;
        break;
      default:
        break;
    }
  }
  return any ? { handlers: false, codes, any } : NOTHING;
}

/** Whether a numeric literal's value, sign aside, may be a JSON-RPC or ACP code (`32601`, `0x7d59`, `32_601`). */
function isCodeMagnitude(raw: string): boolean {
  const value = Number(raw.replace(/_/g, ""));
  return value >= CODE_MAGNITUDES.from && value <= CODE_MAGNITUDES.to;
}
