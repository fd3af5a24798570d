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
const TEST_FOLDERS: readonly string[] = ["test", "tests", "__tests__"];

/** `*.test.*` and `*.spec.*`. */
const TEST_FILE = /\.(?:test|spec)\./u;

export function isTestFolder(name: string): boolean {
  return TEST_FOLDERS.includes(name);
}

export function isTestFileName(name: string): boolean {
  return TEST_FILE.test(name);
}

export const TEST_FILES_DESCRIPTION = "*.test.*, *.spec.*, __tests__/, test/ and tests/";
