import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { ESLint } from "eslint";

/** ESLint's own function that names the file of a cache or suppressions location (a folder gets one file per cwd). */
export type GetCacheFile = (location: string, cwd: string, options?: { prefix: string }) => string;

/**
 * An export of one of ESLint's own modules (`lib/…`), from the ESLint acp-lint lints with, or undefined when this
 * ESLint has no such module or export. acp-lint uses ESLint's code rather than a copy where its command line does
 * something the API does not expose (bulk suppressions, cache file names), so that both name the same files.
 */
export function eslintExport<T>(module: string, name: string): T | undefined {
  const value = (eslintModule<Record<string, unknown>>(module) ?? {})[name];
  return value === undefined ? undefined : (value as T);
}

/** What one of ESLint's own modules exports as a whole (`module.exports = LintResultCache`), or undefined. */
export function eslintModule<T>(module: string): T | undefined {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve("eslint/package.json"));
  try {
    return require(join(root, module)) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "MODULE_NOT_FOUND") return undefined;
    throw error;
  }
}

export function getCacheFile(): GetCacheFile {
  const found = eslintExport<GetCacheFile>("lib/eslint/eslint-helpers.js", "getCacheFile");
  if (typeof found !== "function") throw new Error(`this ESLint (${ESLint.version}) has no lib/eslint/eslint-helpers.js getCacheFile`);
  return found;
}
