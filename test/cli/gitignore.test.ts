import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadGitignores, MAX_GITIGNORE_BYTES } from "../../src/cli/files/gitignore.js";

// loadGitignores against git itself: `git check-ignore` on every file and folder of generated trees, and by hand
// each rule of gitignore(5) and the .gitignore files a hostile checkout may hold.

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "acp-gitignore-"));
  made.push(dir);
  return dir;
}

/**
 * Git as no configuration of this machine changes it: no system or global config, so no core.excludesFile (HOME
 * and XDG_CONFIG_HOME are an empty folder), and nothing inherited (GIT_DIR and the like, set inside a git hook).
 */
const GIT_HOME = tempDir();
const GIT_ENV = { PATH: process.env.PATH ?? "", HOME: GIT_HOME, XDG_CONFIG_HOME: GIT_HOME, GIT_CONFIG_NOSYSTEM: "1", LC_ALL: "C" };

function git(cwd: string, args: readonly string[], input?: string): string {
  // core.ignoreCase false: `git init` sets it true on a case-insensitive file system; loadGitignores is case-sensitive.
  const run = spawnSync("git", ["-c", "core.ignoreCase=false", ...args], { cwd, env: GIT_ENV, input, encoding: "utf8" });
  // check-ignore exits 1 when it ignores none of the paths.
  if (run.error ?? (run.status !== 0 && run.status !== 1)) throw new Error(`git ${args.join(" ")}: ${run.error?.message ?? run.stderr}`);
  return run.stdout;
}

/** A repository with no commit, and (an empty template) no `.git/info/exclude`. */
function gitInit(dir: string): void {
  git(dir, ["init", "-q", "--template=", "."]);
}

/**
 * The paths git ignores, of those given (relative, `/`-separated). `git check-ignore` answers for a path inside an
 * ignored folder too, as git's walk does: found by trying it (`a/` with `!a/f` reports `a/f` ignored by `a/`, as
 * does `git ls-files --others --ignored --exclude-standard`, which the generated trees check it against), since
 * check-ignore asks git's prep_exclude, which tests each folder above the path first. So the ancestor rule is git's
 * own here, not added by the test. --no-index: nothing is tracked anyway, and a tracked path is never "ignored".
 */
function gitIgnored(dir: string, paths: readonly string[]): Set<string> {
  return new Set(git(dir, ["check-ignore", "--no-index", "--stdin", "-z"], `${paths.join("\0")}\0`).split("\0").filter(Boolean));
}

/** The files (not folders) git lists as ignored, walking the tree itself. */
function gitIgnoredFiles(dir: string): Set<string> {
  return new Set(git(dir, ["ls-files", "--others", "--ignored", "--exclude-standard", "-z"]).split("\0").filter(Boolean));
}

// --- The generated trees -----------------------------------------------------------------------------------------

/** mulberry32: a small seeded generator, so each tree is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Draw {
  constructor(readonly next: () => number) {}
  chance(p: number): boolean {
    return this.next() < p;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

// ASCII only (git matches bytes, `ignore` UTF-16 code units: a documented difference), and no two names differing
// by case alone (a case-insensitive file system could not hold both). Names a pattern must escape: `#`, `!` at the
// start, a trailing space, brackets.
const FOLDER_NAMES = ["a", "b", "build", "src", "lib", "dist", "node", "x y", "#c", "!d", "e[1]", "deep"];
const FILE_NAMES = ["f.ts", "g.js", "a", "build", "keep.log", "x.log", "y.LOG", "#hash", "!bang", "sp ace", "trail ", "q.ts", "abc", "b1", "lib", "n.txt"];

interface Tree {
  readonly folders: string[];
  readonly files: string[];
  /** The text of each .gitignore, by its path. */
  readonly gitignores: Map<string, string>;
}

function generateTree(draw: Draw): Tree {
  const tree: Tree = { folders: [], files: [], gitignores: new Map() };
  const fill = (folder: string, depth: number): void => {
    const used = new Set<string>();
    const subfolders = depth < 3 ? draw.int(depth === 0 ? 1 : 0, 3) : 0;
    for (let i = 0; i < subfolders; i++) {
      const name = draw.pick(FOLDER_NAMES);
      if (used.has(name)) continue;
      used.add(name);
      const path = folder === "" ? name : `${folder}/${name}`;
      tree.folders.push(path);
      fill(path, depth + 1);
    }
    for (let i = draw.int(1, 4); i > 0; i--) {
      const name = draw.pick(FILE_NAMES);
      if (used.has(name)) continue;
      used.add(name);
      tree.files.push(folder === "" ? name : `${folder}/${name}`);
    }
  };
  fill("", 0);
  for (const folder of ["", ...tree.folders]) {
    if (!draw.chance(folder === "" ? 0.85 : 0.45)) continue;
    const below = [...tree.folders, ...tree.files].filter((path) => folder === "" || path.startsWith(`${folder}/`)).map((path) => (folder === "" ? path : path.slice(folder.length + 1)));
    const path = folder === "" ? ".gitignore" : `${folder}/.gitignore`;
    tree.gitignores.set(path, gitignoreText(draw, below, folder === ""));
    tree.files.push(path);
  }
  return tree;
}

/** A .gitignore for a folder holding `below` (paths relative to it): patterns, comments, blank lines. */
function gitignoreText(draw: Draw, below: readonly string[], isRoot: boolean): string {
  const lines: string[] = [];
  for (let i = draw.int(1, 8); i > 0; i--) {
    const kind = draw.next();
    const nested = below.filter((path) => path.includes("/"));
    if (kind < 0.1) lines.push(draw.pick(["# a comment", "", "   ", "#hash", "!bang", "!", "\\", "foo\\", "/", "!/", "e[1]", "e[", "e[[]1]", "\\a", "[]]", "**/", "*/", "/**"]));
    else if (kind < 0.22 && nested.length > 0) {
      // A folder, then a path inside it re-included: git keeps it ignored when the folder itself is, not when only
      // the folder's contents are (`dir/*`).
      const path = draw.pick(nested);
      const cut = path.lastIndexOf("/");
      const folder = escapePath(path.slice(0, cut));
      lines.push(folder + draw.pick(["", "/", "/*", "/**"]));
      lines.push(`!${draw.pick([`${folder}/`, `/${folder}/`, "**/", ""])}${escapeName(path.slice(cut + 1))}`);
    } else if (kind < 0.36 && nested.length > 0) {
      // A folder's name alone, matching at any depth: ignored by the root's .gitignore and re-included by a deeper
      // one, more often than not. The root's patterns then still apply to each path inside the folder.
      const folders = draw.pick(nested).split("/").slice(0, -1);
      lines.push(`${draw.chance(isRoot ? 0.2 : 0.7) ? "!" : ""}${escapeName(draw.pick(folders))}${draw.pick(["", "/"])}`);
    } else lines.push(pattern(draw, below));
  }
  const text = lines.join(draw.chance(0.3) ? "\r\n" : "\n") + (draw.chance(0.75) ? draw.pick(["\n", "\r\n"]) : "");
  return (draw.chance(0.25) ? "\uFEFF" : "") + text;
}

function pattern(draw: Draw, below: readonly string[]): string {
  const negation = draw.chance(0.3) ? "!" : "";
  const trailing = draw.chance(0.15) ? draw.pick(["  ", " ", "\t"]) : "";
  const picked = below.length > 0 && draw.chance(0.85) ? draw.pick(below) : draw.pick([...FILE_NAMES, ...FOLDER_NAMES]);
  // The whole path (anchored, by its middle slash) or its last name (at any depth).
  const path = draw.chance(0.5) ? picked : (picked.split("/").pop() ?? picked);
  const names = path.split("/").map((name) => (draw.chance(0.35) ? wildcard(draw, name) : escapeName(name)));
  if (names.length > 1 && draw.chance(0.2)) names[draw.int(0, names.length - 2)] = draw.pick(["*", "**"]);
  let body = names.join("/");
  const shape = draw.next();
  if (shape < 0.2) body = `/${body}`;
  else if (shape < 0.3) body = `**/${body}`;
  else if (shape < 0.34) body = `./${body}`;
  else if (shape < 0.4) body = draw.pick(["*", "**", "*.log", "*.ts", "?", "[a-c]*", "[!a-c]*", "*/*", "**/b*"]);
  const suffix = draw.pick(["", "", "", "/", "/*", "/**", "/**/*.ts"]);
  return `${negation}${body}${suffix}${trailing}`;
}

/** Each character of a name as a pattern matching it: `\[`, `\*`…, `\#` and `\!` first, a trailing space `\ `. */
function literal(name: string): string[] {
  return [...name].map((c, i) => (/[[\]*?\\]/u.test(c) || (i === 0 && (c === "#" || c === "!")) || (i === name.length - 1 && c === " ") ? `\\${c}` : c));
}

function escapeName(name: string): string {
  return literal(name).join("");
}

function escapePath(path: string): string {
  return path.split("/").map(escapeName).join("/");
}

/** A name with a wildcard in it: a star for a prefix or suffix, or `?`, `[a-z]`, `[!x]` for one character. */
function wildcard(draw: Draw, name: string): string {
  const chars = literal(name);
  const at = draw.int(0, chars.length - 1);
  const kind = draw.int(0, 4);
  if (kind === 0) return `${chars.slice(0, at).join("")}*`;
  if (kind === 1) return `*${chars.slice(at + 1).join("")}`;
  chars[at] = ["?", "[a-z]", "[!x]"][kind - 2] as string;
  return chars.join("");
}

function writeTree(dir: string, tree: Tree): void {
  for (const folder of tree.folders) mkdirSync(join(dir, folder), { recursive: true });
  for (const file of tree.files) writeFileSync(join(dir, file), tree.gitignores.get(file) ?? "");
}

const TREES = 100;

describe("loadGitignores gives git's verdict", () => {
  it(`on every file and folder of ${TREES} generated trees`, () => {
    let paths = 0;
    let ignored = 0;
    for (let seed = 1; seed <= TREES; seed++) {
      const tree = generateTree(new Draw(random(seed)));
      const dir = tempDir();
      gitInit(dir);
      writeTree(dir, tree);
      const all = [...tree.folders, ...tree.files];
      const byGit = gitIgnored(dir, all);
      // check-ignore's verdict on the files is what git's own walk finds.
      expect([...byGit].filter((path) => tree.files.includes(path)).sort(), `seed ${seed}: check-ignore and ls-files`).toEqual([...gitIgnoredFiles(dir)].sort());
      const gitignores = loadGitignores(dir);
      const folders = new Set(tree.folders);
      const disagreements = all
        .filter((path) => gitignores.isIgnored(join(dir, path), folders.has(path)) !== byGit.has(path))
        .map((path) => `${path}: git ${byGit.has(path) ? "ignores" : "does not ignore"} it`);
      expect(disagreements, `seed ${seed}, .gitignore files: ${JSON.stringify(Object.fromEntries(tree.gitignores))}`).toEqual([]);
      expect(gitignores.notes).toEqual([]);
      paths += all.length;
      ignored += byGit.size;
    }
    // The trees are not trivial: many paths, a fair share of them ignored and a fair share not.
    expect(paths).toBeGreaterThan(TREES * 15);
    expect(ignored).toBeGreaterThan(paths / 5);
    expect(ignored).toBeLessThan((paths * 4) / 5);
  });
});

// --- By hand -----------------------------------------------------------------------------------------------------

/** A tree of `files` (path -> text; a path ending in `/` is an empty folder) in a new git repository. */
function repository(files: Readonly<Record<string, string>>): string {
  const dir = tempDir();
  gitInit(dir);
  for (const [path, text] of Object.entries(files)) {
    if (path.endsWith("/")) mkdirSync(join(dir, path), { recursive: true });
    else {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  }
  return dir;
}

/**
 * Asserts the verdict of each path (`/` at the end: a folder) by loadGitignores, and that git gives the same.
 * Returns the module's notes.
 */
function expectVerdicts(dir: string, expected: Readonly<Record<string, boolean>>, askGit = true): readonly string[] {
  const paths = Object.keys(expected).map((path) => path.replace(/\/$/u, ""));
  const gitignores = loadGitignores(dir);
  const verdicts = Object.fromEntries(Object.keys(expected).map((path) => [path, gitignores.isIgnored(join(dir, path), path.endsWith("/"))]));
  expect(verdicts).toEqual(expected);
  if (askGit) {
    const byGit = gitIgnored(dir, paths);
    expect(Object.fromEntries(Object.keys(expected).map((path) => [path, byGit.has(path.replace(/\/$/u, ""))]))).toEqual(expected);
  }
  return gitignores.notes;
}

describe("gitignore(5), rule by rule", () => {
  it("every folder's .gitignore applies below it, relative to its folder; the deepest match wins", () => {
    const dir = repository({
      ".gitignore": "*.log\nbuild/\n/top.ts\n",
      "src/.gitignore": "!keep.log\ntop.ts\n/only-here.ts\n",
      "src/deep/.gitignore": "*.ts\n!main.ts\n",
      "x.log": "",
      "keep.log": "",
      "top.ts": "",
      "src/keep.log": "",
      "src/x.log": "",
      "src/top.ts": "",
      "src/only-here.ts": "",
      "src/deep/only-here.ts": "",
      "src/deep/main.ts": "",
      "src/deep/keep.log": "",
      "build/a.ts": "",
      "src/build/a.ts": "",
    });
    expectVerdicts(dir, {
      "x.log": true,
      "keep.log": true,
      "top.ts": true,
      "src/keep.log": false,
      "src/x.log": true,
      "src/top.ts": true,
      "src/only-here.ts": true,
      "src/deep/only-here.ts": true,
      "src/deep/main.ts": false,
      "src/deep/keep.log": false,
      "build/": true,
      "build/a.ts": true,
      "src/build/": true,
      "src/build/a.ts": true,
    });
  });

  it("a deeper .gitignore re-includes a folder a shallower one ignores, whose files the shallower one's patterns still test", () => {
    const dir = repository({
      ".gitignore": "build/\n*.map\n",
      "pkg/.gitignore": "!build/\n",
      "pkg/build/index.js": "",
      "pkg/build/index.js.map": "",
      "pkg/build/deep/x.js": "",
      "other/build/index.js": "",
    });
    expectVerdicts(dir, {
      "pkg/build/": false,
      "pkg/build/index.js": false,
      "pkg/build/index.js.map": true,
      "pkg/build/deep/x.js": false,
      "other/build/": true,
      "other/build/index.js": true,
    });
  });

  it("a file inside an ignored folder stays ignored: no negation, nor the folder's own .gitignore, re-includes it", () => {
    const dir = repository({
      ".gitignore": "gen/\n!gen/keep.ts\n!keep.ts\ncontents/*\n!contents/keep.ts\n!contents/sub/\n",
      "gen/.gitignore": "!*\n",
      "gen/keep.ts": "",
      "gen/sub/keep.ts": "",
      "contents/drop.ts": "",
      "contents/keep.ts": "",
      "contents/sub/a.ts": "",
      "contents/other/a.ts": "",
    });
    expectVerdicts(dir, {
      "gen/": true,
      "gen/.gitignore": true,
      "gen/keep.ts": true,
      "gen/sub/": true,
      "gen/sub/keep.ts": true,
      "contents/": false,
      "contents/drop.ts": true,
      "contents/keep.ts": false,
      "contents/sub/": false,
      "contents/sub/a.ts": false,
      "contents/other/": true,
      "contents/other/a.ts": true,
    });
  });

  it("a leading or middle slash anchors a pattern to its folder; `./` matches nothing", () => {
    const dir = repository({
      ".gitignore": "/root.ts\nsrc/gen\n./dot.ts\n./lib\n",
      "sub/.gitignore": "/here.ts\n",
      "root.ts": "",
      "a/root.ts": "",
      "src/gen": "",
      "a/src/gen": "",
      "dot.ts": "",
      "lib/x.ts": "",
      "sub/here.ts": "",
      "sub/deeper/here.ts": "",
    });
    expectVerdicts(dir, {
      "root.ts": true,
      "a/root.ts": false,
      "src/gen": true,
      "a/src/gen": false,
      "dot.ts": false,
      "lib/": false,
      "lib/x.ts": false,
      "sub/here.ts": true,
      "sub/deeper/here.ts": false,
    });
  });

  it("`**` leading, trailing and in the middle; `*`, `?` and brackets within one name", () => {
    const dir = repository({
      ".gitignore": "**/tmp\nlogs/**\na/**/z.ts\n*.gen.ts\nv?.ts\nr[0-9].ts\nn[!0-9].ts\n",
      "tmp": "",
      "x/y/tmp/f.ts": "",
      "logs/a/b.txt": "",
      "logs/": "",
      "a/z.ts": "",
      "a/b/c/z.ts": "",
      "b/a/z.ts": "",
      "x/q.gen.ts": "",
      "v1.ts": "",
      "v12.ts": "",
      "r7.ts": "",
      "rx.ts": "",
      "n7.ts": "",
      "nx.ts": "",
    });
    expectVerdicts(dir, {
      "tmp": true,
      "x/y/tmp/": true,
      "x/y/tmp/f.ts": true,
      "logs/": false,
      "logs/a/": true,
      "logs/a/b.txt": true,
      "a/z.ts": true,
      "a/b/c/z.ts": true,
      "b/a/z.ts": false,
      "x/q.gen.ts": true,
      "v1.ts": true,
      "v12.ts": false,
      "r7.ts": true,
      "rx.ts": false,
      "n7.ts": false,
      "nx.ts": true,
    });
  });

  it("a trailing slash matches folders only", () => {
    const dir = repository({ ".gitignore": "out/\n", "out": "", "sub/out/a.ts": "" });
    expectVerdicts(dir, { "out": false, "sub/out/": true, "sub/out/a.ts": true });
  });

  it("`\\#` and `\\!` start a pattern with `#` or `!`; `\\ ` keeps a trailing space, unescaped ones are dropped", () => {
    const dir = repository({
      ".gitignore": "#hash\n\\#hash\n\\!bang\n!bang\ntrail\\ \nspaces   \ntab\t\n",
      "#hash": "",
      "!bang": "",
      "bang": "",
      "trail ": "",
      "trail": "",
      "spaces": "",
      "tab": "",
      "tab\t": "",
    });
    expectVerdicts(dir, { "#hash": true, "!bang": true, "bang": false, "trail ": true, "trail": false, "spaces": true, "tab": false, "tab\t": true });
  });

  it("CRLF line ends, and a UTF-8 byte-order mark before the first pattern", () => {
    const dir = repository({ ".gitignore": "\uFEFFfirst.ts\r\nsecond.ts\r\nthird.ts", "sub/.gitignore": "\uFEFF# comment\r\n\uFEFFbom.ts\r\n", "first.ts": "", "second.ts": "", "third.ts": "", "sub/bom.ts": "", "sub/\uFEFFbom.ts": "" });
    // Only the first byte-order mark is dropped: one at the start of a later line is part of its pattern.
    expectVerdicts(dir, { "first.ts": true, "second.ts": true, "third.ts": true, "sub/bom.ts": false, "sub/\uFEFFbom.ts": true });
  });

  it("is case-sensitive, as git with core.ignoreCase false", () => {
    const dir = repository({ ".gitignore": "*.LOG\n", "a.log": "", "b.LOG": "" });
    expectVerdicts(dir, { "a.log": false, "b.LOG": true });
  });

  it("does not read .git/info/exclude, which is not part of the checkout (git does)", () => {
    const dir = repository({ ".git/info/exclude": "*.ts\n", "a.ts": "" });
    expectVerdicts(dir, { "a.ts": false }, false);
    expect(gitIgnored(dir, ["a.ts"])).toEqual(new Set(["a.ts"]));
  });

  it("reads each .gitignore once, when a path below its folder is first asked about", () => {
    const dir = repository({ ".gitignore": "a.ts\n", "a.ts": "", "late/b.ts": "" });
    const gitignores = loadGitignores(dir);
    expect(gitignores.isIgnored(join(dir, "a.ts"), false)).toBe(true);
    writeFileSync(join(dir, ".gitignore"), "");
    writeFileSync(join(dir, "late/.gitignore"), "b.ts\n");
    expect(gitignores.isIgnored(join(dir, "a.ts"), false)).toBe(true);
    expect(gitignores.isIgnored(join(dir, "late/b.ts"), false)).toBe(true);
  });

  it("ignores nothing outside the root, nor the root itself", () => {
    const dir = repository({ ".gitignore": "*\n", "a.ts": "" });
    const gitignores = loadGitignores(join(dir, "a-sub"));
    expect(gitignores.isIgnored(join(dir, "a.ts"), false)).toBe(false);
    expect(loadGitignores(dir).isIgnored(dir, true)).toBe(false);
    expect(loadGitignores(dir).isIgnored(join(dir, "a.ts"), false)).toBe(true);
  });
});

describe("a .gitignore that is not a regular file inside the repository is not read, and a note says so", () => {
  it("a symbolic link, to a file outside or inside: git does not follow it either", () => {
    const outside = join(tempDir(), "patterns");
    writeFileSync(outside, "*.ts\n");
    const dir = repository({ "a.ts": "", "src/b.ts": "", "inside.txt": "*.ts\n" });
    symlinkSync(outside, join(dir, ".gitignore"));
    symlinkSync(join(dir, "inside.txt"), join(dir, "src/.gitignore"));
    expect(expectVerdicts(dir, { "a.ts": false, "src/b.ts": false })).toEqual([
      ".gitignore is a symbolic link: not read, as git does not",
      "src/.gitignore is a symbolic link: not read, as git does not",
    ]);
  });

  it("a symbolic link to /dev/zero or /dev/stdin: not read at all (a read would never end)", () => {
    const dir = repository({ ".gitignore": "*.js\n", "zero/a.ts": "", "stdin/a.ts": "", "stdin/b.js": "" });
    symlinkSync("/dev/zero", join(dir, "zero/.gitignore"));
    symlinkSync("/dev/stdin", join(dir, "stdin/.gitignore"));
    expect(expectVerdicts(dir, { "zero/a.ts": false, "stdin/a.ts": false, "stdin/b.js": true }, false)).toEqual([
      "zero/.gitignore is a symbolic link: not read, as git does not",
      "stdin/.gitignore is a symbolic link: not read, as git does not",
    ]);
  });

  it("a folder named .gitignore: the note names it", () => {
    const dir = repository({ "src/.gitignore/x": "", "src/a.ts": "" });
    expect(expectVerdicts(dir, { "src/a.ts": false, "src/.gitignore/": false })).toEqual(["src/.gitignore is not a regular file (a folder): not read"]);
  });

  it("a FIFO: never opened (git would wait for a writer: not asked here)", () => {
    const dir = repository({ "a.ts": "" });
    const made = spawnSync("mkfifo", [join(dir, ".gitignore")]);
    expect(made.status).toBe(0);
    expect(expectVerdicts(dir, { "a.ts": false }, false)).toEqual([".gitignore is not a regular file (a FIFO): not read"]);
  });

  it(`a file over ${MAX_GITIGNORE_BYTES / 1024 / 1024} MB; one of exactly that size is read`, () => {
    const pad = (text: string, size: number): string => text + "#".repeat(size - text.length);
    const dir = repository({ "big/.gitignore": pad("*.ts\n", MAX_GITIGNORE_BYTES + 1), "big/a.ts": "", "fits/.gitignore": pad("*.ts\n", MAX_GITIGNORE_BYTES), "fits/a.ts": "" });
    expect(expectVerdicts(dir, { "big/a.ts": false, "fits/a.ts": true }, false)).toEqual(["big/.gitignore is larger than 1 MB: not read"]);
  });

  it("one note per file however often its folder is asked about; none for a missing file, nor one in an ignored folder", () => {
    const dir = repository({ ".gitignore": "vendor/\n", "src/.gitignore/": "", "src/a.ts": "", "src/b.ts": "", "lib/a.ts": "", "vendor/a.ts": "" });
    // git does not look into an ignored folder: nor does loadGitignores, so this one is never even looked at.
    symlinkSync("/dev/zero", join(dir, "vendor/.gitignore"));
    const gitignores = loadGitignores(dir);
    for (const path of ["src/a.ts", "src/b.ts", "lib/a.ts", "src/a.ts", "vendor/a.ts"]) gitignores.isIgnored(join(dir, path), false);
    expect(gitignores.notes).toEqual(["src/.gitignore is not a regular file (a folder): not read"]);
  });
});
