import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { describeRefusal, isInside, linkOutOfCheckout, readRegularFile } from "../../regular-file.js";
import { UnsafeWriteError, writeFileReplacing } from "./safe-write.js";

/**
 * A file ESLint reads and writes itself during a run (its cache, the suppressions file), kept where ESLint cannot
 * be led astray by what the checkout holds: ESLint works on a private copy, and acp-lint vets what it copies in
 * and writes back. The real file is read only when it is a regular file (inside the checkout when it lies in one)
 * of a bounded size; otherwise it counts as absent and a note says why. What ESLint leaves in the copy is written
 * back through a temporary file and a rename, so a link at the real path is replaced, never written through.
 */
export class StagedFiles {
  #folder: string | undefined;
  readonly #checkouts: readonly string[];

  /** `checkouts`: the real paths of the checkouts of the run. */
  constructor(checkouts: readonly string[]) {
    this.#checkouts = checkouts;
  }

  /** Stages `real` (absolute) as `name`; `label` names it in notes ("the cache .eslintcache"). */
  stage(real: string, name: string, label: string, maxBytes: number): StagedFile {
    const path = this.scratch(name);
    // Not through a folder of the checkout that links out of it, and never through a link at the file itself.
    const read: ReturnType<typeof readRegularFile> =
      linkOutOfCheckout(dirname(real), this.#checkouts) === undefined
        ? readRegularFile(real, { inside: "/", maxBytes, followLink: false })
        : { refused: "outside the folder linted" };
    if ("text" in read) writeFileSync(path, read.text);
    const note = "refused" in read && read.refused !== "missing" ? `${label} is ${describeRefusal(read.refused, maxBytes)}: not read, and replaced if written` : undefined;
    return new StagedFile(path, real, label, "text" in read ? read.text : undefined, note, this.#checkouts);
  }

  /** A path in the private folder (created on first use), which only ESLint and acp-lint write. */
  scratch(name: string): string {
    this.#folder ??= mkdtempSync(join(tmpdir(), "acp-lint-"));
    return join(this.#folder, name);
  }

  /** Removes the private copies. */
  dispose(): void {
    if (this.#folder !== undefined) rmSync(this.#folder, { recursive: true, force: true });
  }
}

export class StagedFile {
  /**
   * @param path where ESLint reads and writes it during the run
   * @param real the file it stands for
   * @param label how notes name it ("the cache .eslintcache")
   * @param original what was read from the real file (undefined: absent, or not read)
   * @param note why an existing file was not read
   */
  constructor(
    readonly path: string,
    readonly real: string,
    readonly label: string,
    readonly original: string | undefined,
    readonly note: string | undefined,
    private readonly checkouts: readonly string[],
  ) {}

  /** Whether the real file was there and read. */
  get existed(): boolean {
    return this.original !== undefined;
  }

  /**
   * Writes what ESLint left in the copy back to the real file, when it changed; returns the note to print when it
   * cannot be written there safely (a folder on the way is a link out of the checkout).
   */
  commit(): string | undefined {
    let text: string;
    try {
      text = readFileSync(this.path, "utf8");
    } catch (error) {
      // ESLint wrote nothing (no cache without --cache, no suppressions written): nothing to write back.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    if (text === this.original) return undefined;
    try {
      writeFileReplacing(this.real, text, this.checkouts, this.label);
    } catch (error) {
      if (error instanceof UnsafeWriteError) return `${error.message}: not written`;
      throw error;
    }
    return undefined;
  }

}

/** `path` relative to `cwd` when it is below it, for notes. */
export function shown(path: string, cwd: string): string {
  return isInside(path, cwd) ? relative(cwd, path) || "." : path;
}
