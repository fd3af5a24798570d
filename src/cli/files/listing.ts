import { realpathSync } from "node:fs";
import { relative } from "node:path";
import { UsageError } from "../args/usage-error.js";
import { BUILD_FOLDERS, LINTED_EXTENSIONS, listed, someOf, TEST_FILES_DESCRIPTION } from "./file-kinds.js";
import { loadGitignores } from "./gitignore.js";
import { type LintRoot, repositoryRoot } from "./lint-roots.js";
import { type TargetCounts, type Unreadable, walkTarget, type WalkSettings } from "./walk.js";

/** The files of every root, before any is linted. */
export interface RootFiles {
  readonly root: LintRoot;
  readonly files: string[];
}

export interface AllFiles {
  readonly roots: RootFiles[];
  readonly unreadable: Unreadable[];
  /** What stderr says of the files left out: test files, links out of a root. */
  readonly notes: string[];
}

export interface ListOptions {
  readonly cwd: string;
  readonly noIgnore: boolean;
  readonly includeTests: boolean;
  /** False with `--no-error-on-unmatched-pattern`: a folder or pattern that gives nothing to lint is skipped. */
  readonly errorOnUnmatchedPattern: boolean;
  /** `--ignore-pattern`'s verdict for a path of a root (`ESLint#isPathIgnored` of that root's instance). */
  readonly isIgnored: (rootIndex: number, path: string) => Promise<boolean>;
}

/**
 * Walks every target of every root. A folder or pattern that gives nothing to lint is a usage error, as an
 * unmatched pattern is for ESLint, saying why (what was left out and which option lints it); a file named that
 * is ignored or not JavaScript is skipped quietly (lists of changed files name such files).
 */
export async function listFiles(roots: readonly LintRoot[], options: ListOptions): Promise<AllFiles> {
  const all: AllFiles = { roots: [], unreadable: [], notes: [] };
  let tests = 0;
  const linksOutside: string[] = [];
  for (const [i, root] of roots.entries()) {
    // The repository's .gitignore files, from its root down, as git reads them (whatever folder is linted).
    const gitignores = options.noIgnore ? undefined : loadGitignores(repositoryRoot(root.dir));
    const settings: WalkSettings = {
      rootReal: realpathSync.native(root.dir),
      isIgnored: async (path) => (gitignores?.isIgnored(path, false) ?? false) || (await options.isIgnored(i, path)),
      isFolderIgnored: (path) => gitignores?.isIgnored(path, true) ?? false,
      noIgnore: options.noIgnore,
      includeTests: options.includeTests,
    };
    const files = new Set<string>();
    for (const target of root.targets) {
      const listing = await walkTarget(target, settings);
      const nothing = listing.isFolder && listing.files.length === 0 && listing.unreadable.length === 0 && listing.linksOutside.length === 0;
      if (nothing && options.errorOnUnmatchedPattern) throw new UsageError(nothingToLint(target.named, target.matches !== undefined, listing.counts));
      for (const file of listing.files) files.add(file);
      all.unreadable.push(...listing.unreadable);
      linksOutside.push(...listing.linksOutside);
      tests += listing.counts.tests;
    }
    all.roots.push({ root, files: [...files] });
    all.notes.push(...(gitignores?.notes ?? []));
  }
  if (tests > 0) all.notes.push(`left out ${tests === 1 ? "1 test file" : `${tests} test files`} (${TEST_FILES_DESCRIPTION}); --include-tests lints them`);
  if (linksOutside.length > 0) all.notes.push(linksNote(options.cwd, linksOutside));
  return all;
}

function nothingToLint(named: string, isGlob: boolean, counts: TargetCounts): string {
  const reasons: string[] = [];
  if (counts.ignored > 0) reasons.push(`${counts.ignored} ignored by .gitignore or --ignore-pattern (--no-ignore lints them)`);
  if (counts.tests > 0) reasons.push(`${counts.tests} test file${counts.tests === 1 ? "" : "s"} (--include-tests lints them)`);
  if (counts.buildFolders > 0) reasons.push(`${listed(BUILD_FOLDERS)} not searched (--no-ignore searches them)`);
  const what = isGlob ? `no file to lint matches '${named}'` : `nothing to lint in '${named}'`;
  if (reasons.length > 0) return `${what}: ${reasons.join("; ")}`;
  // A pattern names the files it wants: that none is there is the whole story.
  if (isGlob) return `no files match '${named}'`;
  return `${what}: no ${LINTED_EXTENSIONS.join(", ")} file there`;
}

function linksNote(cwd: string, links: readonly string[]): string {
  const count = links.length === 1 ? "1 symbolic link" : `${links.length} symbolic links`;
  return `left out ${count} to files outside the folder linted: ${someOf(links.map((link) => relative(cwd, link) || link))}`;
}
