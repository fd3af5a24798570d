import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { checkRegularFile, isInside, readRegularFile } from "../../regular-file.js";
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
    this.#folder ??= mkdtempSync(join(tmpdir(), "acp-lint-"));
    const path = join(this.#folder, name);
    const checkout = this.#checkouts.find((dir) => isInside(real, dir));
    const read = readRegularFile(real, { inside: checkout ?? "/", maxBytes, followLink: false });
    if ("text" in read) writeFileSync(path, read.text);
    const note = "refused" in read && read.refused !== "missing" ? `${label} is ${describe(read.refused)}: not read, and replaced if written` : undefined;
    return new StagedFile(path, real, label, "text" in read ? read.text : undefined, note, this.#checkouts);
  }

  /** A path in the private folder that nothing is written to (for ESLint's cache location when there is no cache). */
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
    const vetted = checkRegularFile(this.path, { inside: "/", maxBytes: Number.MAX_SAFE_INTEGER });
    if ("refused" in vetted) return undefined;
    const text = readFileSync(this.path, "utf8");
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

function describe(refusal: string): string {
  return refusal === "outside the folder linted" ? "a link out of the checkout" : refusal === "too large" ? "too large" : refusal;
}

/** `path` relative to `cwd` when it is below it, for notes. */
export function shown(path: string, cwd: string): string {
  return isInside(path, cwd) ? relative(cwd, path) || "." : path;
}
