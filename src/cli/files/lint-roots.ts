import { existsSync, lstatSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { UsageError } from "../args/usage-error.js";
import { looksLikeGlob, parseGlob } from "./globs.js";
import { isInside } from "../../regular-file.js";
import type { WalkTarget } from "./walk.js";

/** The paths acp-lint lints from one folder: ESLint's cwd for them, whose `.gitignore` applies. */
export interface LintRoot {
  readonly dir: string;
  readonly targets: WalkTarget[];
}

/**
 * The paths grouped by the folder ESLint must run in to lint them. ESLint ignores every file outside its working
 * directory, so a path outside `cwd` is linted from the root of its own repository (the nearest folder at or
 * above it holding `.git`), or from the path itself when it is in no repository. A glob pattern counts from the
 * folders before its first glob character. A path naming nothing is a usage error (or skipped, when
 * `errorOnUnmatchedPattern` is false).
 */
export function lintRoots(cwd: string, paths: readonly string[], errorOnUnmatchedPattern = true): LintRoot[] {
  const roots = new Map<string, WalkTarget[]>();
  for (const path of paths) {
    let target: WalkTarget;
    try {
      target = targetOf(cwd, path);
    } catch (error) {
      // `--no-error-on-unmatched-pattern`: a path naming nothing is skipped, as ESLint skips such a pattern.
      if (error instanceof UsageError && !errorOnUnmatchedPattern) continue;
      throw error;
    }
    const dir = isInside(target.start, cwd) ? cwd : outsideRoot(target.start);
    roots.set(dir, [...(roots.get(dir) ?? []), target]);
  }
  return [...roots].map(([dir, targets]) => ({ dir, targets }));
}

function targetOf(cwd: string, path: string): WalkTarget {
  const start = resolve(cwd, path);
  // A file named `notes (draft).ts` or `[id].ts` is that file, not a pattern.
  if (lstatSync(start, { throwIfNoEntry: false })) return { named: path, start };
  if (!looksLikeGlob(path)) throw new UsageError(`no such file or directory: ${path}`);
  const glob = parseGlob(cwd, path);
  if (!statSync(glob.base, { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`no files match '${path}'`);
  return { named: path, start: glob.base, matches: glob.matches };
}

function outsideRoot(path: string): string {
  const start = statSync(path, { throwIfNoEntry: false })?.isDirectory() ? path : dirname(path);
  return repositoryRoot(start);
}

/**
 * The root of the repository `dir` is in (the nearest folder at or above it holding `.git`), else `dir` itself:
 * the checkout, which is what code under lint may have written. Git never checks out a path named `.git`, so a
 * pull request cannot plant one.
 */
export function repositoryRoot(dir: string): string {
  for (let current = dir; ; current = dirname(current)) {
    if (existsSync(join(current, ".git"))) return current;
    if (dirname(current) === current) return dir;
  }
}
