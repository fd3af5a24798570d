import { dirname, resolve } from "node:path";

/**
 * What a tsconfig.json (or jsconfig.json) says about module names that are not relative: `compilerOptions.paths`
 * (`"@/*": ["./src/*"]`) and `baseUrl`, as TypeScript reads them. Projects import their own modules through such
 * aliases as often as through relative paths (`import { getTerminalManager } from "@/core/acp/terminal-manager"`); a
 * specifier they map is a project module like a relative one. Pure: reading the files is module-files' business.
 */

/** One `paths` entry: the pattern's text before and after its `*` (none: an exact name), and its targets. */
interface PathPattern {
  readonly prefix: string;
  readonly suffix: string;
  readonly wildcard: boolean;
  /** Absolute, each with at most one `*` where the matched text goes. */
  readonly targets: readonly string[];
}

/** The options of one config file, as far as they concern module names; paths absolute. */
export interface ConfigOptions {
  /** `compilerOptions.baseUrl`, against the file's folder; undefined when the file does not set it. */
  readonly baseUrl: string | undefined;
  /** `compilerOptions.paths` as written (targets relative to the paths' base); undefined when not set. */
  readonly paths: Readonly<Record<string, readonly string[]>> | undefined;
  /** The folder of the file, against which `paths` resolve when no `baseUrl` applies. */
  readonly dir: string;
  /** The relative `extends` of the file, absolute (package configs are not read: they hold no project's paths). */
  readonly extends: readonly string[];
}

/** The aliases a chain of configs gives (the file's own options first, those it extends after). */
export interface PathAliases {
  readonly baseUrl: string | undefined;
  readonly patterns: readonly PathPattern[];
}

export const NO_ALIASES: PathAliases = { baseUrl: undefined, patterns: [] };

/** The options of a config file's text at `path`; undefined when the text is not JSON with comments. */
export function configOptions(path: string, text: string): ConfigOptions | undefined {
  const json = parseJsonc(text);
  if (!isRecord(json)) return undefined;
  const dir = dirname(path);
  const options = isRecord(json["compilerOptions"]) ? json["compilerOptions"] : {};
  const baseUrl = typeof options["baseUrl"] === "string" ? resolve(dir, options["baseUrl"]) : undefined;
  const paths = isRecord(options["paths"]) ? stringLists(options["paths"]) : undefined;
  const extended = typeof json["extends"] === "string" ? [json["extends"]] : Array.isArray(json["extends"]) ? json["extends"] : [];
  const relatives = extended.filter((e): e is string => typeof e === "string" && (e.startsWith("./") || e.startsWith("../")));
  return { baseUrl, paths, dir, extends: relatives.map((e) => resolve(dir, e.endsWith(".json") ? e : `${e}.json`)) };
}

/**
 * The aliases of a chain of configs, nearest first: each option is taken from the nearest file that sets it (a config
 * replaces what it extends, `paths` as a whole); `paths` resolve against the `baseUrl` in force, else against the
 * folder of the file that sets them.
 */
export function aliasesOf(chain: readonly ConfigOptions[]): PathAliases {
  const baseUrl = chain.find((c) => c.baseUrl !== undefined)?.baseUrl;
  const withPaths = chain.find((c) => c.paths !== undefined);
  if (!withPaths?.paths) return baseUrl === undefined ? NO_ALIASES : { baseUrl, patterns: [] };
  const base = baseUrl ?? withPaths.dir;
  const patterns: PathPattern[] = [];
  for (const [pattern, targets] of Object.entries(withPaths.paths)) {
    const star = pattern.indexOf("*");
    // TypeScript rejects a pattern with more than one `*`.
    if (star !== pattern.lastIndexOf("*")) continue;
    patterns.push({
      prefix: star < 0 ? pattern : pattern.slice(0, star),
      suffix: star < 0 ? "" : pattern.slice(star + 1),
      wildcard: star >= 0,
      targets: targets.map((t) => resolve(base, t)),
    });
  }
  return { baseUrl, patterns };
}

/**
 * The paths (without extension) a non-relative specifier may name under the aliases, most likely first, as TypeScript
 * tries them: an exact pattern, else the wildcard pattern with the longest prefix, each of its targets in order; then
 * the specifier under `baseUrl`. Empty when nothing maps it (a package's name).
 */
export function aliasedPaths(aliases: PathAliases, specifier: string): string[] {
  const out: string[] = [];
  const exact = aliases.patterns.find((p) => !p.wildcard && p.prefix === specifier);
  let match: PathPattern | undefined = exact;
  if (!match) {
    for (const p of aliases.patterns) {
      const fits = p.wildcard && specifier.length >= p.prefix.length + p.suffix.length && specifier.startsWith(p.prefix) && specifier.endsWith(p.suffix);
      if (fits && (!match || p.prefix.length > match.prefix.length)) match = p;
    }
  }
  if (match) {
    const matched = match.wildcard ? specifier.slice(match.prefix.length, specifier.length - match.suffix.length) : "";
    for (const target of match.targets) out.push(target.replace("*", matched));
  }
  if (aliases.baseUrl !== undefined) out.push(resolve(aliases.baseUrl, specifier));
  return out;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The entries of an object whose values are lists of strings (other entries dropped, as TypeScript reports them). */
function stringLists(object: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(object)) {
    if (Array.isArray(value)) out[key] = value.filter((v): v is string => typeof v === "string");
  }
  return out;
}

/**
 * JSON with comments and trailing commas, as TypeScript reads config files; undefined when it is not that. Comments go
 * outside strings only, then a comma before `}` or `]`.
 */
export function parseJsonc(text: string): unknown {
  // A block comment left open is an error TypeScript reports: such a config is not read.
  let unterminated = false;
  const withoutComments = outsideStrings(text, (t, i) => {
    if (t[i] !== "/" || (t[i + 1] !== "/" && t[i + 1] !== "*")) return undefined;
    if (t[i + 1] === "/") {
      const end = t.indexOf("\n", i);
      return { out: "\n", next: end < 0 ? t.length : end + 1 };
    }
    const end = t.indexOf("*/", i + 2);
    if (end < 0) unterminated = true;
    return { out: " ", next: end < 0 ? t.length : end + 2 };
  });
  if (unterminated) return undefined;
  const withoutCommas = outsideStrings(withoutComments, (t, i) => {
    if (t[i] !== ",") return undefined;
    let j = i + 1;
    while (j < t.length && /\s/u.test(t[j]!)) j++;
    return t[j] === "}" || t[j] === "]" ? { out: "", next: i + 1 } : undefined;
  });
  try {
    return JSON.parse(withoutCommas);
  } catch {
    return undefined;
  }
}

/**
 * The text with `replace` applied at each position outside a string literal: what it gives there (`out`, going on at
 * `next`), or the character as it is when it gives undefined. Strings are copied whole.
 */
function outsideStrings(text: string, replace: (text: string, at: number) => { readonly out: string; readonly next: number } | undefined): string {
  let out = "";
  for (let i = 0; i < text.length; ) {
    if (text[i] === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    const replaced = replace(text, i);
    out += replaced ? replaced.out : text[i]!;
    i = replaced ? replaced.next : i + 1;
  }
  return out;
}

/** Where the string starting at `start` (a `"`) ends, after its closing quote (the text's end if it has none). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}
