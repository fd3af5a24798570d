import { accessSync, constants, type Dirent, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { isInside, realPathOr } from "../../regular-file.js";
import { BUILD_FOLDERS, isLintedExtension, isTestFileName, isTestFolder, NEVER_WALKED } from "./file-kinds.js";

/** One path of the command line, inside one lint root. */
export interface WalkTarget {
  /** As typed: named in messages. */
  readonly named: string;
  /** Absolute: the file or folder named, or a glob's base. */
  readonly start: string;
  /** A glob's test of the files found under `start`. */
  readonly matches?: ((path: string) => boolean) | undefined;
}

export interface WalkSettings {
  /** The real path of the lint root: a file whose real path is outside it is not linted. */
  readonly rootReal: string;
  /** Whether .gitignore or --ignore-pattern leaves a file out (always false with --no-ignore). */
  readonly isIgnored: (path: string) => Promise<boolean>;
  /** Whether .gitignore leaves a folder out, and so everything in it, as git does (always false with --no-ignore). */
  readonly isFolderIgnored: (path: string) => boolean;
  readonly noIgnore: boolean;
  readonly includeTests: boolean;
}

/** What a target held besides the files to lint: why it may have given none. */
export interface TargetCounts {
  ignored: number;
  tests: number;
  buildFolders: number;
}

export interface Unreadable {
  readonly path: string;
  readonly reason: string;
  /** A folder that could not be listed, rather than a file. */
  readonly folder?: boolean;
}

export interface Listing {
  /** Whether the target was a folder (or a glob's base folder) walked, rather than one file. */
  isFolder: boolean;
  readonly files: string[];
  readonly unreadable: Unreadable[];
  /** Symbolic links to files outside the lint root, left out. */
  readonly linksOutside: string[];
  readonly counts: TargetCounts;
}

/**
 * The files of one target that acp-lint lints: regular files with a linted extension, read through no symbolic
 * link that leaves the lint root, not ignored, readable. Never blocks: a FIFO, socket or device is not opened.
 * Build folders and test files are left out only below the path named; a file named is linted whatever its
 * folders are called. A folder git ignores is not walked: git re-includes nothing inside an ignored folder.
 */
export async function walkTarget(target: WalkTarget, settings: WalkSettings): Promise<Listing> {
  const listing: Listing = { isFolder: false, files: [], unreadable: [], linksOutside: [], counts: { ignored: 0, tests: 0, buildFolders: 0 } };
  const start = entryOf(target.start);
  if (start.kind === "missing" || start.kind === "loop") {
    listing.unreadable.push({ path: target.start, reason: BROKEN_LINK[start.kind] });
  } else if (!isInside(realPathOr(target.start), settings.rootReal)) {
    listing.linksOutside.push(target.start);
  } else if (start.kind === "folder") {
    listing.isFolder = true;
    await walkFolder(target.start, false, target, settings, listing);
  } else if (start.kind === "file") {
    await takeFile(target.start, target.matches === undefined, false, settings, listing);
  } else {
    listing.unreadable.push({ path: target.start, reason: "not a regular file" });
  }
  return listing;
}

type EntryKind = "file" | "folder" | "other" | "missing" | "loop";

/** Why a path that `stat` cannot follow is not read. */
const BROKEN_LINK = { missing: "a symbolic link to a missing file", loop: "a loop of symbolic links" } as const;

/** What a path is once symbolic links are followed. */
function entryOf(path: string): { kind: EntryKind } {
  try {
    const stats = statSync(path);
    return { kind: stats.isFile() ? "file" : stats.isDirectory() ? "folder" : "other" };
  } catch (error) {
    return { kind: (error as NodeJS.ErrnoException).code === "ELOOP" ? "loop" : "missing" };
  }
}

async function walkFolder(dir: string, inTests: boolean, target: WalkTarget, settings: WalkSettings, listing: Listing): Promise<void> {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    listing.unreadable.push({ path: dir, reason: reasonOf(error), folder: true });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === NEVER_WALKED) continue;
      if (!settings.noIgnore && BUILD_FOLDERS.includes(entry.name)) {
        listing.counts.buildFolders++;
        continue;
      }
      if (settings.isFolderIgnored(path)) {
        listing.counts.ignored++;
        continue;
      }
      await walkFolder(path, inTests || isTestFolder(entry.name), target, settings, listing);
    } else if (entry.isFile() || entry.isSymbolicLink()) {
      if (target.matches && !target.matches(path)) continue;
      if (!isLintedExtension(entry.name)) continue;
      if (entry.isSymbolicLink() && !linkedFileInside(path, settings, listing)) continue;
      await takeFile(path, false, inTests, settings, listing);
    }
    // FIFOs, sockets and devices: never opened.
  }
}

/** A symbolic link found in a folder: followed only to a regular file inside the lint root (folders never). */
function linkedFileInside(path: string, settings: WalkSettings, listing: Listing): boolean {
  const target = entryOf(path);
  if (target.kind === "missing" || target.kind === "loop") {
    listing.unreadable.push({ path, reason: BROKEN_LINK[target.kind] });
    return false;
  }
  if (target.kind !== "file") return false;
  if (isInside(realPathOr(path), settings.rootReal)) return true;
  listing.linksOutside.push(path);
  return false;
}

async function takeFile(path: string, named: boolean, inTests: boolean, settings: WalkSettings, listing: Listing): Promise<void> {
  if (!isLintedExtension(path)) return;
  if (await settings.isIgnored(path)) {
    listing.counts.ignored++;
    return;
  }
  if (!named && !settings.includeTests && (inTests || isTestFileName(basename(path)))) {
    listing.counts.tests++;
    return;
  }
  try {
    accessSync(path, constants.R_OK);
  } catch (error) {
    listing.unreadable.push({ path, reason: reasonOf(error) });
    return;
  }
  listing.files.push(path);
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOENT") return "no such file";
  if (code === "ENAMETOOLONG") return "its path is longer than the system allows";
  return error instanceof Error ? error.message : String(error);
}

