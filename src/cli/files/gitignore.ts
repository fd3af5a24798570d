import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The patterns of `<dir>/.gitignore` as flat-config ignore globs (relative to `dir`, which must be ESLint's cwd);
 * none when there is no such file.
 */
export function readGitignore(dir: string): string[] {
  let text: string;
  try {
    text = readFileSync(join(dir, ".gitignore"), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return gitignoreToGlobs(text);
}

export function gitignoreToGlobs(text: string): string[] {
  return text
    .split(/\r?\n/u)
    .map(stripTrailingSpaces)
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map(convertIgnorePatternToMinimatch);
}

// Trailing spaces are ignored unless escaped with a backslash; leading ones are part of the name.
function stripTrailingSpaces(line: string): string {
  return line.replace(/(?<!\\)\s+$/u, "");
}

/**
 * One gitignore pattern as a minimatch glob, as @eslint/compat's function of the same name converts it:
 * a pattern without an inner slash matches at any depth, a leading slash anchors it, and `{` `(` are literal.
 */
export function convertIgnorePatternToMinimatch(pattern: string): string {
  const isNegated = pattern.startsWith("!");
  const negatedPrefix = isNegated ? "!" : "";
  // Unlike @eslint/compat, no trimEnd(): the caller has removed unescaped trailing spaces, an escaped one stays.
  const patternToTest = isNegated ? pattern.slice(1) : pattern;

  if (["", "**", "/**", "**/"].includes(patternToTest)) return `${negatedPrefix}${patternToTest}`;

  const firstIndexOfSlash = patternToTest.indexOf("/");
  const matchEverywherePrefix =
    firstIndexOfSlash < 0 || firstIndexOfSlash === patternToTest.length - 1 ? "**/" : "";
  const patternWithoutLeadingSlash = firstIndexOfSlash === 0 ? patternToTest.slice(1) : patternToTest;
  // In gitignore `{` and `(` are plain characters; in minimatch they start braces and extglobs.
  const escaped = patternWithoutLeadingSlash.replaceAll(/(?=((?:\\.|[^{(])*))\1([{(])/guy, "$1\\$2");
  const matchInsideSuffix = patternToTest.endsWith("/**") ? "/*" : "";

  return `${negatedPrefix}${matchEverywherePrefix}${escaped}${matchInsideSuffix}`;
}
