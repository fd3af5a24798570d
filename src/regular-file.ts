import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, sep } from "node:path";

/**
 * Reading a file that code under lint may have planted (a committed `.gitignore`, `package.json`, tsconfig, cache or
 * suppressions file): only a regular file, inside the folder it must be in, of a bounded size. A symbolic link to
 * `/dev/zero`, `/dev/stdin`, a FIFO or a file outside the checkout is treated as absent, never opened: opening a
 * device or a FIFO can block or never end, and the content of a file outside must not reach a report.
 */

interface RegularFileRules {
  /** The real path of the folder the file must be in (after resolving links). */
  readonly inside: string;
  /** The largest size read; a larger file is refused. */
  readonly maxBytes: number;
  /**
   * Whether the path itself may be a symbolic link (to a regular file inside `inside`). Git does not follow a
   * symbolic link for `.gitignore`; a linked package folder (pnpm, workspaces) holds a real `package.json`.
   */
  readonly followLink?: boolean;
}

/** The text of the file, or why it was not read (for a one-line note); `missing` when there is no such file. */
type RegularFileText = { readonly text: string } | { readonly refused: Refusal };

export type Refusal = "missing" | "a symbolic link" | "not a regular file" | "outside the folder linted" | "too large" | "unreadable";

export function readRegularFile(path: string, rules: RegularFileRules): RegularFileText {
  const read = readRegularBytes(path, rules);
  return "bytes" in read ? { text: read.bytes.toString("utf8") } : read;
}

/** The bytes of the file, or why it was not read (readRegularFile, for a reader that decodes them itself). */
export function readRegularBytes(path: string, rules: RegularFileRules): { readonly bytes: Buffer } | { readonly refused: Refusal } {
  const checked = checkRegularFile(path, rules);
  if ("refused" in checked) return checked;
  let fd: number;
  try {
    // O_NONBLOCK: should the file have become a FIFO since the checks, opening it does not wait for a writer.
    fd = openSync(checked.real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    return { refused: (error as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : "unreadable" };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { refused: "not a regular file" };
    if (stats.size > rules.maxBytes) return { refused: "too large" };
    const buffer = Buffer.alloc(stats.size + 1);
    let length = 0;
    // Read one byte past the size seen: a file that grew meanwhile is refused rather than read without end.
    for (let n = 1; n > 0 && length < buffer.length; length += n) n = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > rules.maxBytes) return { refused: "too large" };
    // Grown since fstat, yet within the bound: what was read is no whole file.
    if (length > stats.size) return { refused: "unreadable" };
    return { bytes: buffer.subarray(0, length) };
  } catch {
    return { refused: "unreadable" };
  } finally {
    closeSync(fd);
  }
}

/** Whether `path` is a regular file the rules accept, and its real path; nothing is opened. */
export function checkRegularFile(path: string, rules: RegularFileRules): { readonly real: string } | { readonly refused: Refusal } {
  let stats;
  try {
    stats = lstatSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { refused: code === "ENOENT" || code === "ENOTDIR" ? "missing" : "unreadable" };
  }
  if (stats.isSymbolicLink() && !rules.followLink) return { refused: "a symbolic link" };
  let real: string;
  try {
    real = realpathSync.native(path);
  } catch (error) {
    return { refused: (error as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : "unreadable" };
  }
  if (!isInside(real, rules.inside)) return { refused: "outside the folder linted" };
  const target = stats.isSymbolicLink() ? lstatSync(real, { throwIfNoEntry: false }) : stats;
  if (!target?.isFile()) return { refused: "not a regular file" };
  if (target.size > rules.maxBytes) return { refused: "too large" };
  return { real };
}

/** Whether `path` is `dir` or below it (both absolute, compared as written). */
export function isInside(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** The real path of `path`, or undefined when it cannot be resolved (missing, a dangling link, a loop). */
export function realPathOf(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

/** The real path of `path`, or `path` itself when it cannot be resolved. */
export function realPathOr(path: string): string {
  return realPathOf(path) ?? path;
}

/** A refusal as a note says it: "<file> is <this>: not read". */
export function describeRefusal(refusal: Exclude<Refusal, "missing">, maxBytes: number): string {
  switch (refusal) {
    case "outside the folder linted":
      return "a link out of the checkout";
    case "too large":
      return `larger than ${maxBytes >= 1024 * 1024 ? `${maxBytes / 1024 / 1024} MB` : `${maxBytes} bytes`}`;
    case "unreadable":
      return "unreadable";
    default:
      return refusal;
  }
}

/**
 * The first symbolic link on the way to `path` (absolute; `path` itself included) that lies in one of `checkouts`
 * (real paths) and leads out of it, or undefined. Such a link is what code under lint can plant to take a read or a
 * write out of the checkout; a link outside every checkout (`/tmp` on macOS) is the machine's own, and a path that
 * reaches a checkout through a link of the machine's is judged by the real folders it passes.
 */
export function linkOutOfCheckout(path: string, checkouts: readonly string[]): string | undefined {
  const parts = path.split(sep);
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join(sep) || sep;
    const stats = lstatSync(prefix, { throwIfNoEntry: false });
    if (!stats) return undefined;
    if (!stats.isSymbolicLink()) continue;
    const parent = realPathOf(dirname(prefix));
    const checkout = parent === undefined ? undefined : checkouts.find((dir) => isInside(parent, dir));
    if (checkout === undefined) continue;
    const target = realPathOf(prefix);
    if (target === undefined || !isInside(target, checkout)) return prefix;
  }
  return undefined;
}
