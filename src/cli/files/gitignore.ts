import { lstatSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import ignore, { type Ignore } from "ignore";
import { describeRefusal, isInside, readRegularFile, realPathOr, type Refusal } from "../../regular-file.js";

/**
 * Which paths of a repository git ignores, as git reads its `.gitignore` files: the patterns themselves are matched
 * by the `ignore` package (the one ESLint, Prettier and many linters use, checked against `git check-ignore`), and
 * what a single file cannot know is decided here the way git's dir.c does it: the `.gitignore` of every folder from
 * the repository's root down to the path's folder applies, each relative to its own folder, the deepest file's last
 * matching pattern wins, and a path inside an ignored folder is ignored whatever a negation says.
 *
 * Only the checkout's `.gitignore` files are read: not `.git/info/exclude` nor the user's global excludes file
 * (`core.excludesFile`, `~/.config/git/ignore`). They are not part of the checkout, so a lint of the same commit
 * would give another result on another machine or in CI.
 */

/** The largest `.gitignore` read; a larger one is not read, and a note says so. */
export const MAX_GITIGNORE_BYTES = 1024 * 1024;

export interface Gitignores {
  /** Whether git would ignore this path (absolute, inside `repoRoot`); isDirectory: the path is a folder. */
  isIgnored(path: string, isDirectory: boolean): boolean;
  /** One line per .gitignore that exists but was not read, naming it and why (e.g. "src/.gitignore is a symbolic link: not read, as git does not"). */
  readonly notes: readonly string[];
}

/**
 * The `.gitignore` files of the repository whose root folder is `repoRoot` (the folder holding `.git`, or the folder
 * linted when there is none). Each file is read once, when a path below its folder is first asked about; each
 * folder's verdict is kept, so a walk asks git's question about every folder above a path once. A path that is not
 * inside `repoRoot` (or is `repoRoot` itself) is not ignored.
 */
export function loadGitignores(repoRoot: string): Gitignores {
  checkIgnorePackage();
  return new GitignoreStack(resolve(repoRoot));
}

/** A `.gitignore`'s test of one path (relative to its folder, `/`-separated, ending in `/` for a folder). */
type Verdict = { readonly ignored: boolean; readonly unignored: boolean };

class GitignoreStack implements Gitignores {
  readonly notes: string[] = [];
  private readonly inside: string;
  /** Each folder's `.gitignore` by the folder's path relative to the root (`""`, `src`, `src/lib`), or null: none read. */
  private readonly files = new Map<string, Ignore | null>();
  /** Whether git ignores each folder asked about so far, by its path relative to the root. */
  private readonly folders = new Map<string, boolean>();

  constructor(private readonly root: string) {
    this.inside = realPathOr(root);
  }

  isIgnored(path: string, isDirectory: boolean): boolean {
    const rel = relative(this.root, resolve(path));
    if (rel === "" || !isInside(resolve(path), this.root)) return false;
    const names = rel.split(sep);
    // "It is not possible to re-include a file if a parent directory of that file is excluded" (gitignore(5)): git
    // does not even look into an ignored folder, so neither its files' patterns nor its own .gitignore count.
    for (let depth = 1; depth < names.length; depth++) {
      if (this.isFolderIgnored(names, depth)) return true;
    }
    return this.matches(names, names.length, isDirectory);
  }

  /** Whether the folder of the first `depth` names is ignored; its own parents are known not to be. */
  private isFolderIgnored(names: readonly string[], depth: number): boolean {
    const key = names.slice(0, depth).join("/");
    let ignored = this.folders.get(key);
    if (ignored === undefined) {
      ignored = this.matches(names, depth, true);
      this.folders.set(key, ignored);
    }
    return ignored;
  }

  /**
   * Whether the patterns of the folders above the path of the first `count` names ignore it, by the path itself:
   * the deepest `.gitignore` with a pattern matching it decides, by its last matching pattern (a negation
   * re-includes), as git searches its stack of files from the deepest.
   */
  private matches(names: readonly string[], count: number, isDirectory: boolean): boolean {
    for (let depth = count - 1; depth >= 0; depth--) {
      const file = this.fileOf(names.slice(0, depth).join("/"));
      if (file === null) continue;
      const verdict = testOnePath(file, names.slice(depth, count).join("/") + (isDirectory ? "/" : ""));
      if (verdict.ignored) return true;
      if (verdict.unignored) return false;
    }
    return false;
  }

  /** The patterns of the folder's `.gitignore`, read the first time the folder is asked for; null when not read. */
  private fileOf(folder: string): Ignore | null {
    let file = this.files.get(folder);
    if (file === undefined) {
      file = this.read(folder);
      this.files.set(folder, file);
    }
    return file;
  }

  private read(folder: string): Ignore | null {
    const name = folder === "" ? ".gitignore" : `${folder}/.gitignore`;
    const path = join(this.root, ...name.split("/"));
    // followLink: false, as git: since 2.32 it does not follow a `.gitignore` that is a symbolic link.
    const read = readRegularFile(path, { inside: this.inside, maxBytes: MAX_GITIGNORE_BYTES, followLink: false });
    if ("refused" in read) {
      if (read.refused !== "missing") this.notes.push(`${name} ${why(read.refused, path)}: not read${read.refused === "a symbolic link" ? ", as git does not" : ""}`);
      return null;
    }
    // Case-sensitive, as git with core.ignoreCase false: its default, except on a case-insensitive file system, where
    // `git init` sets it true. The text as read: `ignore` drops a UTF-8 byte-order mark before the first line, as
    // git does, one CR before each LF, and unescaped trailing spaces.
    return ignore({ ignoreCase: false }).add(read.text);
  }
}

/** Why a `.gitignore` that exists was not read, for its note: a folder or a FIFO is named as what it is. */
function why(refusal: Exclude<Refusal, "missing">, path: string): string {
  const said = describeRefusal(refusal, MAX_GITIGNORE_BYTES);
  return refusal === "not a regular file" ? `is ${said} (${kindOf(path)})` : `is ${said}`;
}

function kindOf(path: string): string {
  let stats;
  try {
    stats = lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return "unknown";
  }
  if (stats?.isDirectory()) return "a folder";
  if (stats?.isFIFO()) return "a FIFO";
  if (stats?.isSocket()) return "a socket";
  if (stats?.isCharacterDevice() || stats?.isBlockDevice()) return "a device";
  return "no longer a file";
}

/**
 * The `ignore` package's test of one path by one file's patterns alone, without the package's rule that an ignored
 * parent folder ignores the path. That rule needs the whole stack of files: a deeper `!build/` re-includes a folder
 * a shallower `build/` ignores, and then the shallower file's patterns still apply to each path inside it, by the
 * path itself (which `ignore`'s own `test()` would answer with the folder's verdict: ignored). So the parent rule is
 * applied above, once per folder, and each file is asked about the one path. `ignore` has no public call for that
 * single test: this is its RuleManager's, present in the version pinned in package.json and checked below, so a
 * version that changes it fails loudly (and test/cli/gitignore.test.ts compares the result with git's on every path).
 */
function testOnePath(file: Ignore, path: string): Verdict {
  return (file as unknown as WithRules)._rules.test(path, "regex");
}

interface WithRules {
  readonly _rules: { test(path: string, mode: "regex"): Verdict };
}

let ignoreChecked = false;

/** That `ignore`'s single-path test is there and tests the one path: `a/` ignores the folder `a`, not the file `a/b`. */
function checkIgnorePackage(): void {
  if (ignoreChecked) return;
  const probe = ignore({ ignoreCase: false }).add("a/") as unknown as Partial<WithRules>;
  if (typeof probe._rules?.test !== "function" || !probe._rules.test("a/", "regex").ignored || probe._rules.test("a/b", "regex").ignored) {
    throw new Error("the `ignore` package installed has no single-path test: install the version package.json pins");
  }
  ignoreChecked = true;
}
