import { createHash } from "node:crypto";
import { lstatSync } from "node:fs";
import { resolve, sep } from "node:path";

/**
 * The cache location of each lint root, as ESLint's own command line would pass it: relative to where acp-lint
 * runs, and a folder when it ends in a separator or is one (`path.resolve` would drop the separator, and ESLint
 * would write a file of the folder's name). In a folder ESLint names each root's file after that root's path; a
 * file location is the first root's, and each further root gets the file's name with its own suffix, so that no
 * root's results overwrite another's.
 */
export function cacheLocations(cwd: string, location: string | undefined, rootDirs: readonly string[]): string[] {
  const given = location ?? ".eslintcache";
  const absolute = resolve(cwd, given);
  // lstat, as ESLint's own getCacheFile: a link to a folder is a file location, which acp-lint replaces, not a folder
  // it writes into (a checkout's link could lead anywhere).
  if (/[\\/]$/u.test(given) || lstatSync(absolute, { throwIfNoEntry: false })?.isDirectory()) {
    return rootDirs.map(() => `${absolute}${sep}`);
  }
  return rootDirs.map((dir, i) => (i === 0 ? absolute : `${absolute}-${createHash("sha256").update(dir).digest("hex").slice(0, 8)}`));
}
