import { escapePattern, quotedNamesPattern } from "./escape-pattern.js";
import { ERROR_CODES, JSON_RPC_RESERVED, LSP_RESERVED } from "../protocol/codes.js";
import { WIRE_NAMES } from "../protocol/methods.js";
import { ERROR_SENDERS } from "./errors/send-calls.js";
import { BUILTIN_SDK_MODULES, JSON_RPC_MODULES } from "./sdk/module-names.js";
import type { AcpSettings } from "./settings.js";
import { withoutCommentLines } from "./modules/module-texts.js";

/**
 * What a text (a linted file's, or a module's it imports) says, read before any analysis; relevance.ts decides from
 * these, joined over a file's imports, what the file may hold.
 * - `handlers`: it names an SDK (or JSON-RPC library) module in a string, or writes a string that is a method's wire name.
 * - `codes`: it writes a number that may be a JSON-RPC or ACP code (its value, sign aside, in 32000..32899).
 * - `errorWords`: it names what only code about errors or ACP requests names: `jsonrpc`, `RequestError`,
 *   `ResponseError`, `clientCapabilities`, an error sender, a class of `settings.acp.errorClasses`.
 */
export interface TextFacts {
  readonly handlers: boolean;
  readonly codes: boolean;
  readonly errorWords: boolean;
}

export const EVERY_FACT: TextFacts = { handlers: true, codes: true, errorWords: true };
export const NO_FACT: TextFacts = { handlers: false, codes: false, errorWords: false };

/** What either of two texts says (a file's and those of the modules it imports). */
export function joinFacts(a: TextFacts, b: TextFacts): TextFacts {
  return { handlers: a.handlers || b.handlers, codes: a.codes || b.codes, errorWords: a.errorWords || b.errorWords };
}

/** Identifiers that only code about errors or ACP requests writes. `error` and `code` are every other file's words. */
const ERROR_WORDS = new Set(["jsonrpc", "RequestError", "ResponseError", "clientCapabilities", ...[...ERROR_SENDERS].filter((s) => s !== "error")]);

/** Every number a JSON-RPC or ACP code may be written as, without its sign: the reserved and LSP ranges hold ACP's. */
const CODE_MAGNITUDES = { from: -JSON_RPC_RESERVED.to, to: -LSP_RESERVED.from };
if (!ERROR_CODES.every((info) => -info.code >= CODE_MAGNITUDES.from && -info.code <= CODE_MAGNITUDES.to)) {
  throw new Error("eslint-plugin-acp: an ACP error code lies outside the magnitudes text-facts.ts looks for");
}

/** A decimal literal of CODE_MAGNITUDES (32000 to 32899): the usual way a code is written. */
const CODE_DIGITS = /\b3(?:2[0-7]\d\d|28\d\d)\b/u;

/** A literal not written in plain decimal digits (`0x7d59`, `32_601`, `3.2601e4`): its value is computed. */
const OTHER_NOTATION = /\d_\d|\b0[xXoObB]|\d[eE][+-]?\d/u;

/** Every numeric literal of the text, in any notation (a BigInt is none: `32601n` is no code). */
const NUMERIC_LITERALS = /(?<![\w$])(?:0[xX][\da-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*)?\.?\d[\d_]*(?:[eE][+-]?\d[\d_]*)?)(?![\w$])/gu;

/** Whether a numeric literal's value, sign aside, may be a JSON-RPC or ACP code (`32601`, `0x7d59`, `32_601`). */
function isCodeMagnitude(raw: string): boolean {
  const value = Number(raw.replace(/_/g, ""));
  return value >= CODE_MAGNITUDES.from && value <= CODE_MAGNITUDES.to;
}

/** Whether the text writes a number that may be a code: in decimal digits, or in another notation whose value is one. */
function hasCodeNumber(text: string): boolean {
  if (CODE_DIGITS.test(text)) return true;
  if (!OTHER_NOTATION.test(text)) return false;
  for (const match of text.matchAll(NUMERIC_LITERALS)) if (isCodeMagnitude(match[0])) return true;
  return false;
}

/** An escape that may spell a character of a name: unicode, hex, octal, `\/`, a line continuation. */
const ESCAPE = /\\(?:[ux/0-7]|\r?\n|\r|\u2028|\u2029)/u;

/**
 * What a text says, searched for in the text itself, which is cheaper than going through tokens and finds at least as
 * much (a name in a comment on a line of code counts too; whole comment lines do not). An escape may spell a name in
 * other characters (`"session\u002Fprompt"`, `c\u006Fde`): a text with one is also searched with its escapes
 * decoded, and says what either says.
 */
export function textFacts(text: string, settings: AcpSettings): TextFacts {
  const raw = rawFacts(text, settings);
  if (!ESCAPE.test(text) || (raw.handlers && raw.codes && raw.errorWords)) return raw;
  const decoded = rawFacts(decodeEscapes(text), settings);
  return joinFacts(raw, decoded);
}

const HEX = /^[\da-fA-F]+$/u;

/**
 * The text with every backslash escape of a string, template or identifier replaced by what it spells, wherever it
 * is (a comment's or a regular expression's too: more text to search, never less): `\u{…}` (1 to 6 hex digits),
 * `\uXXXX`, `\xXX`, an octal `\0` to `\777` (1 to 3 digits), a line continuation (spells nothing), any other
 * character (spells itself). A scan from backslash to backslash: a regular expression's replace, calling back for
 * each escape, cost more than the rest of the text facts together on a file full of escapes.
 */
export function decodeEscapes(text: string): string {
  let at = text.indexOf("\\");
  if (at === -1) return text;
  let out = "";
  let from = 0;
  while (at !== -1 && at + 1 < text.length) {
    out += text.slice(from, at);
    const [spelt, length] = escapeAt(text, at + 1);
    out += spelt;
    from = at + 1 + length;
    at = text.indexOf("\\", from);
  }
  return out + text.slice(from);
}

/** What the escape whose first character (after the backslash) is at `at` spells, and how many characters it takes. */
function escapeAt(text: string, at: number): [string, number] {
  const first = text[at]!;
  if (first === "u") {
    if (text[at + 1] === "{") {
      const close = text.indexOf("}", at + 2);
      const digits = close === -1 ? "" : text.slice(at + 2, close);
      if (digits.length >= 1 && digits.length <= 6 && HEX.test(digits)) return [String.fromCodePoint(Math.min(Number.parseInt(digits, 16), 0x10ffff)), digits.length + 3];
    }
    const four = text.slice(at + 1, at + 5);
    if (four.length === 4 && HEX.test(four)) return [String.fromCodePoint(Number.parseInt(four, 16)), 5];
    return [first, 1];
  }
  if (first === "x") {
    const two = text.slice(at + 1, at + 3);
    if (two.length === 2 && HEX.test(two)) return [String.fromCodePoint(Number.parseInt(two, 16)), 3];
    return [first, 1];
  }
  if (first >= "0" && first <= "7") {
    let end = at + 1;
    while (end < at + 3 && text[end]! >= "0" && text[end]! <= "7") end++;
    return [String.fromCharCode(Number.parseInt(text.slice(at, end), 8)), end - at];
  }
  if (first === "\r") return ["", text[at + 1] === "\n" ? 2 : 1];
  if (first === "\n" || first === "\u2028" || first === "\u2029") return ["", 1];
  // A surrogate pair is one character: `[^]` with the `u` flag took both halves.
  const code = text.codePointAt(at)!;
  return code > 0xffff ? [String.fromCodePoint(code), 2] : [first, 1];
}

function rawFacts(whole: string, settings: AcpSettings): TextFacts {
  const text = withoutCommentLines(whole);
  const patterns = patternsFor(settings);
  if (patterns.handlers.test(text)) return EVERY_FACT;
  return { handlers: false, codes: hasCodeNumber(text), errorWords: patterns.words.test(text) };
}

interface Patterns {
  /**
   * A string or template that starts with a module's name (a subpath too), or that is a method's wire name: what
   * every handler style needs. A method is named by a string equal to its wire name; `"initialized"` and `"logout of
   * …"` name none.
   */
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
    const modules = [...BUILTIN_SDK_MODULES, ...JSON_RPC_MODULES, ...settings.sdkModules].map(escapePattern);
    // Identifier boundaries (`$` is part of a name), so that a word is found wherever it is a token.
    const words = [...ERROR_WORDS, ...settings.errorClasses].map((w) => `(?<![\\w$])${escapePattern(w)}(?![\\w$])`);
    // A method is only ever named by a string (or constant) equal to its wire name.
    const handlers = new RegExp(`["'\`](?:${modules.join("|")})|${quotedNamesPattern(WIRE_NAMES)}`, "u");
    found = { handlers, words: new RegExp(words.join("|"), "u") };
    patternsByNames.set(key, found);
  }
  patternsBySettings.set(settings, found);
  return found;
}
