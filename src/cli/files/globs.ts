import { isAbsolute, posix, resolve, sep } from "node:path";

/** The characters that make a command-line path a glob pattern, when no file of that name exists. */
const GLOB_CHARACTERS = /[*?[\]{}]/u;

export function looksLikeGlob(path: string): boolean {
  return GLOB_CHARACTERS.test(path);
}

/** A glob pattern of the command line, made absolute: where its walk starts and which paths it matches. */
export interface Glob {
  /** The folders before the first segment holding a glob character. */
  readonly base: string;
  readonly matches: (absolutePath: string) => boolean;
}

/**
 * `pattern` (relative to `cwd` or absolute) as a glob: `*` and `?` within a segment, `**` across segments,
 * `[abc]` / `[!abc]`, `{a,b}` and `\` escapes, as shells and ESLint read them. Dotfiles match like any other file.
 * Expanded here rather than by ESLint so that a quoted pattern outside the working directory works too, and so
 * that every file it matches passes the same checks as a walked one.
 */
export function parseGlob(cwd: string, pattern: string): Glob {
  const absolute = toPosix(isAbsolute(pattern) ? pattern : resolve(cwd, pattern));
  const segments = absolute.split("/");
  const firstGlob = segments.findIndex((segment) => looksLikeGlob(segment));
  const baseSegments = firstGlob < 0 ? segments : segments.slice(0, firstGlob);
  const base = fromPosix(baseSegments.join("/") || "/");
  const regexp = new RegExp(`^${toRegExpSource(absolute)}$`, "u");
  return { base, matches: (path) => regexp.test(toPosix(path)) };
}

function toPosix(path: string): string {
  return sep === "/" ? path : path.split(sep).join(posix.sep);
}

function fromPosix(path: string): string {
  return sep === "/" ? path : path.split(posix.sep).join(sep);
}

const SPECIAL = /[.+^${}()|[\]\\/*?]/gu;

function escapeChar(char: string): string {
  return char.replace(SPECIAL, "\\$&");
}

/** The regular expression source for a glob; an unclosed `[` or `{` stands for itself. */
export function toRegExpSource(glob: string): string {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === "\\" && i + 1 < glob.length) {
      out += escapeChar(glob[++i]!);
    } else if (char === "*") {
      const end = globstarEnd(glob, i);
      if (end === undefined) {
        while (glob[i + 1] === "*") i++;
        out += "[^/]*";
      } else {
        // `**` as a whole segment: any number of segments, none included.
        out += end === glob.length ? ".*" : "(?:[^/]*/)*";
        i = end;
      }
    } else if (char === "?") {
      out += "[^/]";
    } else if (char === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close < 0 || glob.slice(i + 1, close).includes("/")) out += "\\[";
      else {
        const body = glob.slice(i + 1, close);
        const negated = body.startsWith("!") || body.startsWith("^");
        const chars = (negated ? body.slice(1) : body).replace(/[\\\]^]/gu, "\\$&");
        out += negated ? `[^/${chars}]` : `[${chars}]`;
        i = close;
      }
    } else if (char === "{") {
      const close = matchingBrace(glob, i);
      const alternatives = close === undefined ? [] : splitTopLevel(glob.slice(i + 1, close));
      if (close === undefined || alternatives.length < 2) out += "\\{";
      else {
        out += `(?:${alternatives.map(toRegExpSource).join("|")})`;
        i = close;
      }
    } else {
      out += escapeChar(char);
    }
  }
  return out;
}

/** Where a `**` segment starting at `i` ends (after its slash, or the pattern's end); undefined if not one. */
function globstarEnd(glob: string, i: number): number | undefined {
  if (glob[i + 1] !== "*" || (i > 0 && glob[i - 1] !== "/")) return undefined;
  const after = i + 2;
  if (after === glob.length) return after;
  return glob[after] === "/" ? after : undefined;
}

function matchingBrace(glob: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < glob.length; i++) {
    if (glob[i] === "\\") i++;
    else if (glob[i] === "{") depth++;
    else if (glob[i] === "}" && --depth === 0) return i;
  }
  return undefined;
}

function splitTopLevel(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "\\") i++;
    else if (body[i] === "{") depth++;
    else if (body[i] === "}") depth--;
    else if (body[i] === "," && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}
