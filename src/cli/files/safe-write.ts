import { closeSync, lstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { randomBytes } from "node:crypto";
import { linkOutOfCheckout } from "../../regular-file.js";

/** Why a file could not be written where it was asked: one line, naming the path as given. */
export class UnsafeWriteError extends Error {
  override name = "UnsafeWriteError";
}

/**
 * Writes `text` to `path` (absolute) the way a file in a checkout that code under lint may have written must be
 * written: into a new temporary file beside it, then renamed over it. A symbolic link at `path` is replaced, never
 * written through; a folder on the way that is a link of a checkout (`checkouts`, real paths) leading out of it is
 * refused, since it would take the write outside. Missing folders are created. A folder at `path` is an
 * error, as with ESLint's `-o`.
 */
export function writeFileReplacing(path: string, text: string, checkouts: readonly string[], named = path): void {
  const target = resolve(path);
  const parent = dirname(target);
  if (lstatSync(target, { throwIfNoEntry: false })?.isDirectory()) throw new UnsafeWriteError(`cannot write ${named}: it is a folder`);
  const link = linkOutOfCheckout(parent, checkouts);
  if (link !== undefined) throw new UnsafeWriteError(`cannot write ${named}: ${link} is a symbolic link out of the checkout`);
  mkdirSync(parent, { recursive: true });
  const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
  // "wx": a new file only; an entry of that name (a planted link) fails the write rather than being followed.
  const fd = openSync(temporary, "wx", 0o644);
  try {
    writeSync(fd, text);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
