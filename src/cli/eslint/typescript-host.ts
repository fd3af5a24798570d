import { type Dirent, lstatSync, readdirSync, realpathSync, statSync, type Stats } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { isInside, readRegularBytes, realPathOr } from "../../regular-file.js";
import { repositoryRoot } from "../files/lint-roots.js";

/**
 * The file system TypeScript sees under `--type-aware`. typescript-eslint's project service builds its host as
 * `{ ...tsserver.sys, … }` when the first typed file is parsed (parser options cannot pass a host), and the program
 * then reads whatever the code under lint names: a `tsconfig.json` `extends` (`/dev/stdin` never ends in CI), a
 * relative import, a symbolic link or a `paths` alias out of the checkout, a `tsconfig.json` that is itself a link to
 * a device. acp-lint owns its process and its worker threads, so before the first parse it wraps `sys` of the
 * TypeScript that @typescript-eslint/typescript-estree resolves: a path is answered as if it did not exist unless it
 * is a regular file (or a folder) whose real path lies inside an allowed folder (the checkout of each lint root, and
 * TypeScript's own lib folder), a file no larger than MAX_TYPESCRIPT_FILE_BYTES. Nothing of this is in the plugin,
 * which runs in its users' processes.
 *
 * The one read typescript-eslint makes without the host (the default project's `tsconfig.json` in the folder the
 * project service is created for, read with `fs`, its `extends` too) is disarmed by creating the project service
 * first, for TypeScript's lib folder, which holds no `tsconfig.json`: each file's own project is found and read
 * through the host.
 *
 * The paths refused are kept for the parse that asked for them (typed-parser.ts hands them to the file's parser
 * services), so that acp-lint can say what TypeScript was not given, also from worker threads.
 */

/** The largest file TypeScript is given: larger than any declaration file of a real package, smaller than a planted one. */
export const MAX_TYPESCRIPT_FILE_BYTES = 32 * 1024 * 1024;

/** What TypeScript's `sys` offers to read the file system (those acp-lint's host answers for). */
interface System {
  readonly useCaseSensitiveFileNames: boolean;
  readFile(path: string, encoding?: string): string | undefined;
  fileExists(path: string): boolean;
  directoryExists(path: string): boolean;
  getDirectories(path: string): string[];
  readDirectory(path: string, extensions?: readonly string[], exclude?: readonly string[], include?: readonly string[], depth?: number): string[];
  realpath?(path: string): string;
  getFileSize?(path: string): number;
  getModifiedTime?(path: string): Date | undefined;
  getAccessibleFileSystemEntries?(path: string): FileSystemEntries;
}

interface FileSystemEntries {
  readonly files: readonly string[];
  readonly directories: readonly string[];
}

/** TypeScript's module, as far as acp-lint uses it. `matchFiles` is internal (present since TypeScript 2). */
interface TypeScript {
  readonly sys: System;
  readonly matchFiles?: (
    path: string,
    extensions: readonly string[] | undefined,
    excludes: readonly string[] | undefined,
    includes: readonly string[] | undefined,
    useCaseSensitiveFileNames: boolean,
    currentDirectory: string,
    depth: number | undefined,
    getFileSystemEntries: (path: string) => FileSystemEntries,
    realpath: (path: string) => string,
  ) => string[];
}

interface TypeScriptEstree {
  parse(code: string, options: Record<string, unknown>): unknown;
}

/**
 * What a path is to TypeScript: a file or a folder it may read, a folder above those (which exists, and whose
 * listing holds only the way down to them), nothing, or something refused (and why).
 */
type Look =
  | { readonly kind: "file"; readonly real: string; readonly folder: string; readonly stats: Stats }
  | { readonly kind: "folder"; readonly real: string; readonly stats: Stats; readonly above?: true }
  | { readonly kind: "missing" }
  | { readonly kind: "refused"; readonly reason: "outside" | "special" | "too large" };

/** The real paths of the folders TypeScript may read, in this thread. */
const allowed = new Set<string>();
/** The paths refused in this thread, each once, and those not yet handed to a parse. */
const refused = new Set<string>();
let pending: string[] = [];
let guarded = false;

/**
 * Gives TypeScript acp-lint's host, in this thread: `checkout` (a lint root's repository, or the root) is added to the
 * folders it may read. Idempotent; the first call wraps `sys` and creates the project service.
 */
function guardTypeScriptHost(checkout: string): void {
  const { modules, estree, libs } = typescriptOfParser();
  allowed.add(realPathOr(checkout));
  for (const lib of libs) allowed.add(lib);
  if (guarded) return;
  guarded = true;
  for (const ts of modules) guardSystem(ts);
  // Created now, for a folder with no tsconfig.json: see above.
  const [lib] = libs as [string];
  estree.parse("", { projectService: true, tsconfigRootDir: lib, filePath: join(lib, "acp-lint.ts") });
}

/** guardTypeScriptHost for the checkout of a lint root linted with type information (`--type-aware`). */
export function guardTypeScriptFor(params: { readonly cwd: string; readonly tsconfigRootDir: string | undefined }): void {
  if (params.tsconfigRootDir !== undefined) guardTypeScriptHost(repositoryRoot(params.cwd));
}

/** The paths refused since the last call, for the parse that just ended. */
export function takeRefusedPaths(): string[] {
  const taken = pending;
  pending = [];
  return taken;
}

/**
 * The TypeScript modules the parser acp-lint lints with uses: typescript-estree's `typescript`, and the
 * `typescript/lib/tsserverlibrary` its project service requires (the same module object since TypeScript 5.0, when
 * both resolve the same TypeScript); typescript-estree itself; the real path of each one's lib folder.
 */
function typescriptOfParser(): { modules: TypeScript[]; estree: TypeScriptEstree; libs: string[] } {
  const fromCli = createRequire(import.meta.url);
  const fromEstree = createRequire(createRequire(fromCli.resolve("@typescript-eslint/parser")).resolve("@typescript-eslint/typescript-estree"));
  const fromService = createRequire(fromEstree.resolve("@typescript-eslint/project-service"));
  const paths = [fromEstree.resolve("typescript"), fromService.resolve("typescript/lib/tsserverlibrary")];
  const modules = new Set(paths.map((path) => fromEstree(path) as TypeScript));
  const libs = [...new Set(paths.map((path) => realPathOr(dirname(path))))];
  return { modules: [...modules], estree: fromEstree("@typescript-eslint/typescript-estree") as TypeScriptEstree, libs };
}

/** Whether a real path is a folder above one TypeScript may read. */
function isAbove(real: string): boolean {
  for (const folder of allowed) if (isInside(folder, real)) return true;
  return false;
}

function allowedFolderOf(real: string): string | undefined {
  for (const folder of allowed) if (isInside(real, folder)) return folder;
  return undefined;
}

/** What `path` is to TypeScript (real path, then `lstat` of it: no FIFO, device, socket, nor link left). */
function look(path: string): Look {
  try {
    return lookAt(path);
  } catch {
    // No permission to look, a name too long: nothing there for TypeScript.
    return { kind: "missing" };
  }
}

function lookAt(path: string): Look {
  let real: string;
  try {
    real = realpathSync.native(path);
  } catch {
    // A dangling link or a loop is nothing; a magic link (`/dev/stdin` to a pipe) or a path with no real path is refused.
    return statSync(path, { throwIfNoEntry: false }) ? { kind: "refused", reason: "special" } : { kind: "missing" };
  }
  const folder = allowedFolderOf(real);
  if (folder === undefined) {
    // `/`, the folder a checkout is in: TypeScript walks up through them, and looks for the package.json that says
    // what kind of module a file is in each (a file's scope, not a file the code names).
    const stats = isAbove(real) ? lstatSync(real, { throwIfNoEntry: false }) : undefined;
    if (stats?.isDirectory()) return { kind: "folder", real, stats, above: true };
    if (basename(real) === "package.json" && isAbove(dirname(real))) return { kind: "missing" };
    return { kind: "refused", reason: "outside" };
  }
  const stats = lstatSync(real, { throwIfNoEntry: false });
  if (!stats) return { kind: "missing" };
  if (stats.isDirectory()) return { kind: "folder", real, stats };
  if (!stats.isFile()) return { kind: "refused", reason: "special" };
  if (stats.size > MAX_TYPESCRIPT_FILE_BYTES) return { kind: "refused", reason: "too large" };
  return { kind: "file", real, folder, stats };
}

/** What TypeScript asked for by name: a refusal is kept, to be said. */
function asked(path: string): Look {
  const found = look(path);
  if (found.kind === "refused") refuse(path);
  return found;
}

function refuse(path: string): void {
  if (refused.has(path)) return;
  refused.add(path);
  pending.push(path);
}

/** A file's text as TypeScript's own `sys.readFile` decodes it (a UTF-8 or UTF-16 byte order mark). */
function decode(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2, 2 + ((bytes.length - 2) & ~1)));
    return swapped.swap16().toString("utf16le");
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.toString("utf16le", 2);
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.toString("utf8", 3);
  return bytes.toString("utf8");
}

/**
 * The files and folders of a folder TypeScript may read: regular files and folders, and links to ones inside the
 * allowed folders (a link out is refused and said; a FIFO, a device or a socket is skipped, as TypeScript skips it).
 */
function entriesOf(path: string): FileSystemEntries {
  const folder = asked(path);
  if (folder.kind !== "folder") return { files: [], directories: [] };
  let entries: Dirent[];
  try {
    entries = readdirSync(folder.real, { withFileTypes: true });
  } catch {
    return { files: [], directories: [] };
  }
  const files: string[] = [];
  const directories: string[] = [];
  for (const entry of entries) {
    if (folder.above) {
      // Above the allowed folders only the way down to them is listed; nothing there was asked for.
      if (look(join(path, entry.name)).kind === "folder") directories.push(entry.name);
      continue;
    }
    if (entry.isFile()) files.push(entry.name);
    else if (entry.isDirectory()) directories.push(entry.name);
    else if (entry.isSymbolicLink()) {
      const target = look(join(path, entry.name));
      if (target.kind === "file") files.push(entry.name);
      else if (target.kind === "folder") directories.push(entry.name);
      else if (target.kind === "refused" && target.reason !== "special") refuse(join(path, entry.name));
    }
  }
  return { files: files.sort(), directories: directories.sort() };
}

function realpathInside(path: string): string {
  try {
    const real = realpathSync.native(path);
    return allowedFolderOf(real) === undefined ? path : real;
  } catch {
    return path;
  }
}

/** Replaces the reading functions of TypeScript's `sys` (the object the project service copies) with guarded ones. */
function guardSystem(ts: TypeScript): void {
  const sys = ts.sys as System & Record<string, unknown>;
  // Internal to TypeScript (since 2.x): its own readDirectory over a listing of our choosing. Without it the host
  // could not list through the guard, so a TypeScript lacking it is refused outright.
  const matchFiles = ts.matchFiles;
  if (typeof matchFiles !== "function") throw new Error("acp-lint --type-aware needs a TypeScript with ts.matchFiles (every release from 2.0 has it)");
  Object.assign(sys, {
    readFile(path: string): string | undefined {
      const found = asked(path);
      if (found.kind !== "file") return undefined;
      const read = readRegularBytes(found.real, { inside: found.folder, maxBytes: MAX_TYPESCRIPT_FILE_BYTES });
      if ("bytes" in read) return decode(read.bytes);
      if (read.refused !== "missing" && read.refused !== "unreadable") refuse(path);
      return undefined;
    },
    fileExists: (path: string) => asked(path).kind === "file",
    directoryExists: (path: string) => asked(path).kind === "folder",
    getDirectories: (path: string) => [...entriesOf(path).directories],
    getAccessibleFileSystemEntries: entriesOf,
    readDirectory(path: string, extensions?: readonly string[], exclude?: readonly string[], include?: readonly string[], depth?: number): string[] {
      if (asked(path).kind !== "folder") return [];
      return matchFiles(path, extensions, exclude, include, sys.useCaseSensitiveFileNames, process.cwd(), depth, entriesOf, realpathInside);
    },
    realpath: realpathInside,
    getFileSize(path: string): number {
      const found = asked(path);
      return found.kind === "file" ? found.stats.size : 0;
    },
    getModifiedTime(path: string): Date | undefined {
      const found = asked(path);
      return found.kind === "file" || found.kind === "folder" ? found.stats.mtime : undefined;
    },
  });
}
