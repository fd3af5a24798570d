import { extname } from "node:path";

/** The extensions acp-lint lints, all with @typescript-eslint/parser. */
export const LINTED_EXTENSIONS: readonly string[] = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

export function isLintedExtension(path: string): boolean {
  return LINTED_EXTENSIONS.includes(extname(path));
}

/** Build output and dependencies: left out below a named path unless --no-ignore, never above it. */
export const BUILD_FOLDERS: readonly string[] = ["node_modules", "dist", "build", "out", "coverage"];

/** Never code of the project's: not even --no-ignore walks into it. */
export const NEVER_WALKED = ".git";

/** Folders whose files are tests (below a named path); --include-tests lints them. */
const TEST_FOLDERS: readonly string[] = ["__tests__", "test", "tests"];

/** `*.test.*` and `*.spec.*`. */
const TEST_FILE = /\.(?:test|spec)\./u;

export function isTestFolder(name: string): boolean {
  return TEST_FOLDERS.includes(name);
}

export function isTestFileName(name: string): boolean {
  return TEST_FILE.test(name);
}

/** "a, b and c". */
export function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The first few items, then "and N more": "a, b, c and 4 more". */
export function someOf(items: readonly string[], shownCount = 3): string {
  const more = items.length > shownCount ? ` and ${items.length - shownCount} more` : "";
  return `${items.slice(0, shownCount).join(", ")}${more}`;
}

export const TEST_FILES_DESCRIPTION = listed(["*.test.*", "*.spec.*", ...TEST_FOLDERS.map((folder) => `${folder}/`)]);
