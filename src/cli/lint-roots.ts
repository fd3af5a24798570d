import { existsSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";

/** The paths acp-lint lints from one folder: ESLint's cwd for them, whose `.gitignore` applies. */
export interface LintRoot {
  readonly dir: string;
  readonly paths: string[];
}

const GLOB_CHARACTERS = /[*?[\]{}()!]/u;

/**
 * The paths grouped by the folder ESLint must run in to lint them. ESLint ignores every file outside its working
 * directory, so a path outside `cwd` is linted from the root of its own repository (the nearest folder at or
 * above it holding `.git`), or from the path itself when it is in no repository. Paths inside `cwd`, and glob
 * patterns, stay with `cwd`.
 */
export function lintRoots(cwd: string, paths: readonly string[]): LintRoot[] {
  const roots = new Map<string, string[]>();
  for (const path of paths) {
    const dir = GLOB_CHARACTERS.test(path) || isInside(cwd, resolve(cwd, path)) ? cwd : outsideRoot(resolve(cwd, path));
    const group = roots.get(dir) ?? [];
    group.push(dir === cwd ? path : resolve(cwd, path));
    roots.set(dir, group);
  }
  return [...roots].map(([dir, group]) => ({ dir, paths: group }));
}

function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

function outsideRoot(path: string): string {
  const start = statSync(path).isDirectory() ? path : dirname(path);
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) return dir;
    if (dirname(dir) === dir) return start;
  }
}
