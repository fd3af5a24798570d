import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import type { ImportClosures } from "../files/import-closure.js";
import type { QuietFiles } from "../files/quiet-files.js";
import type { StagedFile } from "../files/staged-file.js";
import { eslintModule } from "./eslint-internals.js";

/** The part of ESLint's `lib/cli-engine/lint-result-cache.js` class acp-lint uses to forget a file's results. */
interface LintResultCache {
  readonly fileEntryCache: { removeEntry(path: string): void };
  reconcile(): void;
}

interface RecordData {
  /** The plugin version that wrote it: another version's record is not trusted. */
  readonly plugin: string;
  /** The hash of the cache file acp-lint left: a cache written since by anything else is not trusted. */
  readonly cache: string;
  /** Per file with results in the cache, the fingerprint of its import closure then (null: none could be taken). */
  readonly files: Readonly<Record<string, string | null>>;
  /** The files of `files` no rule of the plugin looked into then (quiet-files.ts). */
  readonly quiet: readonly string[];
}

/** What a lint root's record is read and written with. */
export interface RootFacts {
  readonly closures: ImportClosures;
  readonly quiet: QuietFiles;
}

/**
 * acp-lint's record beside ESLint's cache (`<cache>.acp-imports`): for each file the cache holds results of, the
 * fingerprint of the project modules it imports (import-closure.ts) when it was linted. ESLint re-lints a file only
 * when its own text changed, but the plugin's reports on it may follow an edited module; before ESLint reads the
 * cache, the results of every file whose closure changed are forgotten, so ESLint lints it again; unless no rule
 * looked into the file then and none would now (quiet-files.ts): its results (no report) are still true.
 */
export class ImportRecord {
  readonly #files = new Map<string, string | null>();
  /** Whether each file of #files is quiet, where known for its recorded closure. */
  readonly #quiet = new Map<string, boolean>();

  private constructor(
    private readonly cache: StagedFile,
    private readonly record: StagedFile,
    private readonly plugin: string,
  ) {}

  /**
   * Reads the record of a staged cache and forgets, in the staged cache, the results of every file whose import
   * closure changed since. With no record of this plugin version, or one of another cache text, the whole cache is
   * forgotten: which of its results depend on what cannot be told.
   */
  static prepare(cache: StagedFile, record: StagedFile, plugin: string, { closures, quiet }: RootFacts): ImportRecord {
    const prepared = new ImportRecord(cache, record, plugin);
    if (!cache.existed) return prepared;
    const data = parseRecord(record.original);
    if (!data || data.plugin !== plugin || data.cache !== hashOf(cache.original!)) {
      rmSync(cache.path, { force: true });
      return prepared;
    }
    const stale: string[] = [];
    const wasQuiet = new Set(data.quiet);
    for (const [file, fingerprint] of Object.entries(data.files)) {
      const now = closures.fingerprint(file);
      const kept = fingerprint !== null && fingerprint === now;
      // A file no rule looked into, then or now: an edit to a module it imports changed none of its results.
      if (kept || (now !== undefined && wasQuiet.has(file) && quiet.isQuiet(file))) {
        prepared.#files.set(file, now!);
        prepared.#quiet.set(file, wasQuiet.has(file));
      } else stale.push(file);
    }
    if (stale.length > 0 && !forgetResults(cache.path, stale)) {
      rmSync(cache.path, { force: true });
      prepared.#files.clear();
    }
    return prepared;
  }

  /** Records the closures of the files ESLint linted or took from the cache in this run, and which are quiet. */
  add(files: readonly string[], { closures, quiet }: RootFacts): void {
    for (const file of files) {
      const fingerprint = closures.fingerprint(file) ?? null;
      // Known for an unchanged closure (the file's own text is part of it); asked again otherwise.
      const known = fingerprint !== null && this.#files.get(file) === fingerprint ? this.#quiet.get(file) : undefined;
      this.#files.set(file, fingerprint);
      this.#quiet.set(file, known ?? (fingerprint !== null && quiet.isQuiet(file)));
    }
  }

  /** Writes the record beside the cache ESLint left in the staged copy (commit writes both back). */
  save(): void {
    let cacheText: string;
    try {
      cacheText = readFileSync(this.cache.path, "utf8");
    } catch {
      return;
    }
    const files = [...this.#files].sort(([a], [b]) => (a < b ? -1 : 1));
    const quiet = files.filter(([file]) => this.#quiet.get(file) === true).map(([file]) => file);
    const data: RecordData = { plugin: this.plugin, cache: hashOf(cacheText), files: Object.fromEntries(files), quiet };
    writeFileSync(this.record.path, JSON.stringify(data));
  }
}

function hashOf(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The record a text holds, or undefined when it holds none of this shape. */
function parseRecord(text: string | undefined): RecordData | undefined {
  if (text === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== "object" || data === null) return undefined;
  const { plugin, cache, files, quiet } = data as Record<string, unknown>;
  if (typeof plugin !== "string" || typeof cache !== "string" || typeof files !== "object" || files === null) return undefined;
  if (!Array.isArray(quiet) || !quiet.every((file) => typeof file === "string")) return undefined;
  const entries = Object.entries(files);
  if (!entries.every(([, v]) => typeof v === "string" || v === null)) return undefined;
  return { plugin, cache, files: Object.fromEntries(entries) as Record<string, string | null>, quiet: quiet as string[] };
}

/**
 * Forgets the cached results of `files` in the cache at `path`, through ESLint's own cache class (the file's format
 * is ESLint's and changes with it); false when this ESLint has no such class.
 */
function forgetResults(path: string, files: readonly string[]): boolean {
  const LintResultCacheClass = eslintModule<new (location: string, strategy: string) => LintResultCache>("lib/cli-engine/lint-result-cache.js");
  if (typeof LintResultCacheClass !== "function") return false;
  const cache = new LintResultCacheClass(path, "metadata");
  if (typeof cache.fileEntryCache?.removeEntry !== "function") return false;
  for (const file of files) cache.fileEntryCache.removeEntry(file);
  cache.reconcile();
  return true;
}
