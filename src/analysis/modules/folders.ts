import { type Dirent, readdirSync, realpathSync, statSync } from "node:fs";
import { realPathOr } from "../../regular-file.js";
import { isSingleRun } from "../single-run.js";

/**
 * The file system as module resolution sees it: a path's modification time and size, and a folder's listing, each
 * memoised for the caller (and for the whole of a single run, whose files do not change meanwhile).
 */

/** The `statSync` results a caller memoises (one linted file asks about its imports many times). */
export type Stats = Map<string, { readonly mtimeMs: number; readonly size: number } | null>;

/** In a single run (single-run.ts), every path's stat for the rest of the process: the files do not change meanwhile. */
const snapshot: Stats = new Map();

/**
 * The modification time and size of `path`, null when it cannot be read; memoised in `stats` when given, and for the
 * whole process in a single run.
 */
export function statOf(path: string, given: Stats | undefined): { readonly mtimeMs: number; readonly size: number } | null {
  const stats = isSingleRun() ? snapshot : given;
  let stat = stats?.get(path);
  if (stat === undefined) {
    try {
      const s = statSync(path);
      stat = { mtimeMs: s.mtimeMs, size: s.size };
    } catch {
      stat = null;
    }
    stats?.set(path, stat);
  }
  return stat;
}

/** A folder's files: regular ones, and those to check (links, unknown types); its real path; its mtime when listed. */
export interface Folder {
  readonly mtimeMs: number;
  readonly real: string;
  readonly entries: ReadonlyMap<string, "file" | "check">;
}

/** Folders listed at once (least recently used forgotten first). */
const MAX_FOLDERS = 1024;
const folders = new Map<string, Folder>();

/**
 * The listing of a folder, read again when its modification time changed (a file added, removed or renamed in it);
 * null when it cannot be read. `stats` memoises the folder's `stat` for the caller.
 */
export function folderOf(dir: string, stats: Stats | undefined): Folder | null {
  const stat = statOf(dir, stats);
  if (!stat) return null;
  let folder = folders.get(dir);
  if (!folder || folder.mtimeMs !== stat.mtimeMs) {
    let listed: Dirent[];
    let real: string;
    try {
      listed = readdirSync(dir, { withFileTypes: true });
      real = realpathSync.native(dir);
    } catch {
      return null;
    }
    const entries = new Map<string, "file" | "check">();
    for (const entry of listed) {
      if (entry.isFile()) entries.set(entry.name, "file");
      else if (!entry.isDirectory() && !entry.isFIFO() && !entry.isSocket() && !entry.isCharacterDevice() && !entry.isBlockDevice()) entries.set(entry.name, "check");
    }
    folder = { mtimeMs: stat.mtimeMs, real, entries };
  }
  folders.delete(dir);
  folders.set(dir, folder);
  if (folders.size > MAX_FOLDERS) folders.delete(folders.keys().next().value!);
  return folder;
}


const realRoots = new Map<string, string>();

/** The real path of a lint root, resolved once (every module and config is checked to lie inside it). */
export function realRoot(root: string): string {
  let real = realRoots.get(root);
  if (real === undefined) {
    real = realPathOr(root);
    realRoots.set(root, real);
  }
  return real;
}

/** Forgets the real roots (tests). */
export function clearRealRoots(): void {
  realRoots.clear();
}
