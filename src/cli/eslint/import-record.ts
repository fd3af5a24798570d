import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import type { ImportClosures } from "../files/import-closure.js";
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
}

/**
 * acp-lint's record beside ESLint's cache (`<cache>.acp-imports`): for each file the cache holds results of, the
 * fingerprint of the project modules it imports (import-closure.ts) when it was linted. ESLint re-lints a file only
 * when its own text changed, but the plugin's reports on it may follow an edited module; before ESLint reads the
 * cache, the results of every file whose closure changed are forgotten, so ESLint lints it again.
 */
export class ImportRecord {
  readonly #files = new Map<string, string | null>();

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
  static prepare(cache: StagedFile, record: StagedFile, plugin: string, closures: ImportClosures): ImportRecord {
    const prepared = new ImportRecord(cache, record, plugin);
    if (!cache.existed) return prepared;
    const data = parseRecord(record.original);
    if (!data || data.plugin !== plugin || data.cache !== hashOf(cache.original!)) {
      rmSync(cache.path, { force: true });
      return prepared;
    }
    const stale: string[] = [];
    for (const [file, fingerprint] of Object.entries(data.files)) {
      if (fingerprint !== null && fingerprint === closures.fingerprint(file)) prepared.#files.set(file, fingerprint);
      else stale.push(file);
    }
    if (stale.length > 0 && !forgetResults(cache.path, stale)) {
      rmSync(cache.path, { force: true });
      prepared.#files.clear();
    }
    return prepared;
  }

  /** Records the closures of the files ESLint linted or took from the cache in this run. */
  add(files: readonly string[], closures: ImportClosures): void {
    for (const file of files) this.#files.set(file, closures.fingerprint(file) ?? null);
  }

  /** Writes the record beside the cache ESLint left in the staged copy (commit writes both back). */
  save(): void {
    let cacheText: string;
    try {
      cacheText = readFileSync(this.cache.path, "utf8");
    } catch {
      return;
    }
    const data: RecordData = { plugin: this.plugin, cache: hashOf(cacheText), files: Object.fromEntries([...this.#files].sort(([a], [b]) => (a < b ? -1 : 1))) };
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
  const { plugin, cache, files } = data as Record<string, unknown>;
  if (typeof plugin !== "string" || typeof cache !== "string" || typeof files !== "object" || files === null) return undefined;
  const entries = Object.entries(files);
  if (!entries.every(([, v]) => typeof v === "string" || v === null)) return undefined;
  return { plugin, cache, files: Object.fromEntries(entries) as Record<string, string | null> };
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
