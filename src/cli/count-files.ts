import { readdir, stat } from "node:fs/promises";
import { extname, join, resolve } from "node:path";
import type { ESLint } from "eslint";

const LINTED_EXTENSIONS = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]);

/**
 * About how many files linting `paths` covers, for the progress line only: ESLint itself finds the files it
 * lints. A folder is skipped when a file in it would be ignored (flat config cannot re-include files of an
 * ignored folder); symbolic links inside folders are not followed.
 */
export async function countLintableFiles(eslint: ESLint, cwd: string, paths: readonly string[]): Promise<number> {
  const isLinted = async (file: string) => LINTED_EXTENSIONS.has(extname(file)) && !(await eslint.isPathIgnored(file));
  const countFolder = async (dir: string): Promise<number> => {
    if (await eslint.isPathIgnored(join(dir, "probe.ts"))) return 0;
    let count = 0;
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) count += await countFolder(path);
      else if (entry.isFile() && (await isLinted(path))) count += 1;
    }
    return count;
  };
  let total = 0;
  for (const path of paths.map((p) => resolve(cwd, p))) {
    const info = await stat(path).catch(() => undefined);
    if (info?.isDirectory()) total += await countFolder(path);
    else if (info?.isFile() && (await isLinted(path))) total += 1;
  }
  return total;
}
