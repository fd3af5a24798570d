import { createHash } from "node:crypto";
import { isInside } from "../../regular-file.js";
import type { Stats } from "../../analysis/modules/folders.js";
import { resolveModulePath } from "../../analysis/modules/module-files.js";
import { importSpecifiers, textFact } from "../../analysis/modules/module-texts.js";

/** A file whose imports reach more modules than this gets no fingerprint: its cached results are never trusted. */
const MAX_CLOSURE = 4096;

/** The text of a module the plugin does not read either (too large, not a regular file). */
const UNREAD = "unread";

/** What of a module a linted file's reports may depend on: its text, and which module each of its specifiers names. */
interface ModuleSignature {
  readonly text: string;
  readonly imports: readonly (readonly [specifier: string, path: string | undefined])[];
}

/**
 * The project modules each linted file imports, directly or through others, as the plugin resolves them (relative
 * specifiers and tsconfig path aliases, inside the lint root): what a file's reports may depend on besides its own
 * text. ESLint's cache knows only the file's own text, so acp-lint keeps a fingerprint of this closure beside it, and
 * a file whose closure changed (a module edited, added where a specifier now resolves, or removed) is linted again.
 * Each module is read and resolved once per instance; one instance serves one lint root of one run.
 */
export class ImportClosures {
  readonly #stats: Stats = new Map();
  readonly #signatures = new Map<string, ModuleSignature>();
  readonly #fingerprints = new Map<string, string | undefined>();

  constructor(private readonly root: string) {}

  /**
   * The fingerprint of `file`'s import closure; undefined when the file is outside the root (a record read from the
   * checkout names any path) or cannot be read here (too large, say), or when it reaches more than MAX_CLOSURE modules.
   */
  fingerprint(file: string): string | undefined {
    if (!this.#fingerprints.has(file)) this.#fingerprints.set(file, this.#closureHash(file));
    return this.#fingerprints.get(file);
  }

  #closureHash(file: string): string | undefined {
    if (!isInside(file, this.root) || this.#signatureOf(file).text === UNREAD) return undefined;
    const hash = createHash("sha256");
    const seen = new Set<string>([file]);
    const queue = [file];
    for (let at = 0; at < queue.length; at++) {
      const next = queue[at]!;
      const signature = this.#signatureOf(next);
      hash.update(`${next}\0${signature.text}\0`);
      for (const [specifier, path] of signature.imports) {
        hash.update(`${specifier}\0${path ?? ""}\0`);
        if (path === undefined || seen.has(path)) continue;
        if (seen.size >= MAX_CLOSURE) return undefined;
        seen.add(path);
        queue.push(path);
      }
    }
    return hash.digest("hex");
  }

  #signatureOf(path: string): ModuleSignature {
    let signature = this.#signatures.get(path);
    if (signature === undefined) {
      // One read of the text for both facts (textFact keys them by path and modification time).
      const read = textFact(path, "\0import-closure", (text) => ({ text: createHash("sha256").update(text).digest("hex"), specifiers: importSpecifiers(text) }), this.#stats);
      const imports = (read?.specifiers ?? []).map((specifier) => [specifier, resolveModulePath(path, specifier, this.root, this.#stats)] as const);
      signature = { text: read?.text ?? UNREAD, imports };
      this.#signatures.set(path, signature);
    }
    return signature;
  }
}
