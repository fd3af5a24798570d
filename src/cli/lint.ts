import { resolve } from "node:path";
import { ESLint } from "eslint";
import { findSdk } from "../analysis/sdk/sdk-version.js";
import plugin from "../index.js";
import { realPathOr } from "../regular-file.js";
import type { CliOptions } from "./args/args.js";
import { UsageError } from "./args/usage-error.js";
import { onlyAcpProblems } from "./eslint/acp-problems.js";
import { cacheLocations } from "./eslint/cache-location.js";
import { createEslint } from "./eslint/engines.js";
import type { EslintParams } from "./eslint/eslint-options.js";
import { getCacheFile } from "./eslint/eslint-internals.js";
import { ImportRecord } from "./eslint/import-record.js";
import { sdkSetting } from "./eslint/lint-config.js";
import { findOptionsFile } from "./eslint/options-file.js";
import { applySuppressions, UNUSED_SUPPRESSIONS } from "./eslint/suppressions.js";
import { TypeInformationNotes } from "./eslint/type-information.js";
import { loadGitignores } from "./files/gitignore.js";
import { lintRoots, repositoryRoot } from "./files/lint-roots.js";
import { listFiles } from "./files/listing.js";
import { shown, StagedFiles } from "./files/staged-file.js";
import { ImportClosures } from "./files/import-closure.js";
import { QuietFiles } from "./files/quiet-files.js";
import { findTsconfigRoot } from "./files/tsconfig-root.js";
import { ignoredResult, unreadableResult } from "./output/file-errors.js";
import { type FormatMeta, loadFormatter } from "./output/formatters.js";
import { showProgress, type ProgressStream } from "./output/progress.js";
import { endWithNewline, writeReport } from "./output/report.js";
import { formatSummary } from "./output/summary.js";

export interface CliIo {
  cwd: string;
  stdout: { write(text: string): unknown };
  stderr: ProgressStream;
  /** Standard input's whole text, for --stdin. */
  readStdin?: () => Promise<string>;
}

/** The largest ESLint cache read back: a planted link to /dev/zero or a huge file is not one. */
const MAX_CACHE_BYTES = 256 * 1024 * 1024;

/** Lints the paths (or standard input) as the options say, prints the report and returns the exit code; throws on bad usage. */
export async function lint(options: CliOptions, io: CliIo): Promise<number> {
  const { cwd } = io;
  checkRulesExist(options.suppressions.rules);
  const roots = options.stdin ? [] : lintRoots(cwd, options.paths, options.errorOnUnmatchedPattern);
  const checkouts = checkoutsOf([cwd, ...roots.map((root) => root.dir)]);
  const staging = new StagedFiles(checkouts);
  const notes: string[] = [];
  try {
    if (options.stdin) {
      const eslint = await createEslint({ ...paramsFor(options, cwd, staging.scratch("stdin-cache"), { cwd, notes }), cache: false, concurrency: "off" });
      const linted = await lintStdin(eslint, options, io, notes);
      return await report(linted, {}, eslint, options, { io, staging, checkouts, notes });
    }
    // Said by the parser of whichever thread lints a file, in messages of the file's results (type-information.ts).
    const typeInformation = new TypeInformationNotes(options.typeAware);
    // Each root's options (its acp-lint.json read once); the cache location is set below.
    const rootParams = roots.map((root) => paramsFor(options, root.dir, "", { cwd, notes }));
    const caches = cacheLocations(cwd, options.cacheLocation, roots.map((root) => root.dir)).map((location, i) => {
      if (!options.cache) return undefined;
      const real = getCacheFile()(location, roots[i]!.dir);
      const staged = staging.stage(real, `cache-${i}`, `the cache ${shown(real, cwd)}`, MAX_CACHE_BYTES);
      if (staged.note !== undefined) notes.push(staged.note);
      // Before ESLint reads the cache: the results of files whose imported modules changed are forgotten.
      const recordReal = `${real}.acp-imports`;
      const recorded = staging.stage(recordReal, `imports-${i}`, `the cache's record ${shown(recordReal, cwd)}`, MAX_CACHE_BYTES);
      if (recorded.note !== undefined) notes.push(recorded.note);
      const facts = { closures: new ImportClosures(roots[i]!.dir), quiet: new QuietFiles(roots[i]!.dir, rootParams[i]!.optionsFile?.acp, options.typeAware) };
      return { staged, recorded, facts, record: ImportRecord.prepare(staged, recorded, plugin.meta.version, facts) };
    });
    const engines = await Promise.all(
      roots.map((_, i) => createEslint({ ...rootParams[i]!, cacheLocation: caches[i]?.staged.path ?? staging.scratch(`no-cache-${i}`) })),
    );
    const files = await listFiles(roots, {
      cwd,
      noIgnore: options.noIgnore,
      includeTests: options.includeTests,
      errorOnUnmatchedPattern: options.errorOnUnmatchedPattern,
      isIgnored: (i, path) => engines[i]!.isPathIgnored(path),
    });
    notes.push(...files.notes);

    const total = files.roots.reduce((sum, root) => sum + root.files.length, 0);
    const clearProgress = showProgress(io.stderr, `acp-lint: linting ${total} files…`);
    const results: ESLint.LintResult[] = [];
    // Only SARIF prints the rules' meta; ESLint gives it per instance, for the results that instance linted.
    const rulesMeta: ESLint.LintResultData["rulesMeta"] = {};
    try {
      for (const [i, { files: paths }] of files.roots.entries()) {
        if (paths.length === 0) continue;
        const linted = await engines[i]!.lintFiles(paths);
        caches[i]?.record.add(paths, caches[i].facts);
        typeInformation.collect(linted);
        const lintedHere = onlyAcpProblems(linted);
        if (options.format === "sarif") Object.assign(rulesMeta, engines[i]!.getRulesMetaForResults(lintedHere));
        results.push(...lintedHere);
      }
    } finally {
      clearProgress();
    }
    for (const cache of caches) {
      if (!cache) continue;
      cache.record.save();
      for (const note of [cache.staged.commit(), cache.recorded.commit()]) if (note !== undefined) notes.push(note);
    }
    results.push(...files.unreadable.map(({ path, reason, folder }) => unreadableResult(path, reason, folder)));
    // One listing in path order, files not read among the others.
    results.sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
    notes.push(...typeInformation.notes(cwd));
    // With --no-error-on-unmatched-pattern every path may have named nothing: an engine to format the empty report.
    const formatting = engines[0] ?? (await createEslint({ ...paramsFor(options, cwd, staging.scratch("none"), { cwd, notes: [] }), concurrency: "off" }));
    return await report(results, rulesMeta, formatting, options, { io, staging, checkouts, notes });
  } finally {
    staging.dispose();
  }
}

/** `--print-config <file>`: the configuration ESLint computes for the file, as JSON, as ESLint's option prints it. */
export async function printConfig(options: CliOptions, file: string, io: CliIo): Promise<number> {
  const [root] = lintRoots(io.cwd, [file]);
  const staging = new StagedFiles([]);
  const notes: string[] = [];
  try {
    const eslint = await createEslint({ ...paramsFor(options, root!.dir, staging.scratch("no-cache"), { cwd: io.cwd, notes }), cache: false, concurrency: "off" });
    const start = root!.targets[0]!.start;
    const config: unknown = isGitignored(start, root!.dir, options, notes) ? undefined : await eslint.calculateConfigForFile(start);
    for (const note of notes) io.stderr.write(`acp-lint: ${note}\n`);
    if (config === undefined) throw new UsageError(`${file} is not linted by acp-lint (ignored, or not TypeScript or JavaScript)`);
    // As ESLint prints it (its config's toJSON names each plugin and parser), then the file's own SDK.
    const printed = JSON.parse(JSON.stringify(config)) as PrintedConfig;
    io.stdout.write(`${JSON.stringify(withFileSdk(printed, start, io.cwd), null, 2)}\n`);
    return 0;
  } finally {
    staging.dispose();
  }
}

type PrintedConfig = { settings?: Record<string, unknown> };

/** The config with the SDK version advice is for in this very file, and where it comes from (see sdkSetting). */
function withFileSdk(config: PrintedConfig, file: string, cwd: string): PrintedConfig {
  const acp = config.settings?.["acp"] as { sdkVersion?: unknown } | undefined;
  return { ...config, settings: { ...config.settings, "acp-lint": sdkSetting(findSdk(file, cwd), cwd, acp?.sdkVersion) } };
}

async function lintStdin(eslint: ESLint, options: CliOptions, io: CliIo, notes: string[]): Promise<ESLint.LintResult[]> {
  if (!io.readStdin) throw new UsageError("--stdin: standard input cannot be read here");
  const filePath = resolve(io.cwd, options.stdinFilename ?? "stdin.ts");
  const text = await io.readStdin();
  // As ESLint's: a name that is ignored, outside the folder or not JavaScript is a warning saying so, not silence.
  if (isGitignored(filePath, io.cwd, options, notes)) return [ignoredResult(filePath)];
  const linted = await eslint.lintText(text, { filePath, warnIgnored: true });
  const typeInformation = new TypeInformationNotes(options.typeAware);
  typeInformation.collect(linted);
  notes.push(...typeInformation.notes(io.cwd));
  return onlyAcpProblems(linted);
}

/** Whether the .gitignore files of the repository `dir` is in leave `path` out (never with --no-ignore); their notes. */
function isGitignored(path: string, dir: string, options: CliOptions, notes: string[]): boolean {
  if (options.noIgnore) return false;
  const gitignores = loadGitignores(repositoryRoot(dir));
  const ignored = gitignores.isIgnored(path, false);
  notes.push(...gitignores.notes);
  return ignored;
}

/** What a report needs of the run beyond its results. */
interface RunContext {
  readonly io: CliIo;
  readonly staging: StagedFiles;
  /** The real paths of the checkouts of the run, which `-o` writes no link of. */
  readonly checkouts: readonly string[];
  /** What stderr says before the report: files left out, files not read. */
  readonly notes: string[];
}

/** Applies the suppressions, prints the notes, the report (and the spec summary) and returns the exit code, as ESLint's. */
async function report(
  linted: ESLint.LintResult[],
  rulesMeta: ESLint.LintResultData["rulesMeta"],
  eslint: ESLint,
  options: CliOptions,
  { io, staging, checkouts, notes }: RunContext,
): Promise<number> {
  const { cwd } = io;
  const suppressed = await applySuppressions(linted, options.suppressions, cwd, staging, notes);
  for (const note of notes) io.stderr.write(`acp-lint: ${note}\n`);
  const results = suppressed.results;
  const printed = options.quiet ? ESLint.getErrorResults(results) : results;
  // As ESLint's command line: the exit code counts every result, also those --quiet does not print.
  const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
  const warnings = results.reduce((sum, result) => sum + result.warningCount, 0);
  const tooManyWarnings = options.maxWarnings !== undefined && warnings > options.maxWarnings;
  const meta: FormatMeta = {
    rulesMeta,
    ...(options.color === undefined ? {} : { color: options.color }),
    ...(tooManyWarnings ? { maxWarningsExceeded: { maxWarnings: options.maxWarnings!, foundWarnings: warnings } } : {}),
  };

  const text = endWithNewline(await (await loadFormatter(eslint, options.format, cwd))(printed, meta));
  const summary = options.format === "stylish" ? formatSummary(printed, plugin.rules) : "";
  writeReport(summary ? `${text}\n${summary}` : text, options.outputFile, cwd, io.stdout, checkouts);
  // With -o, the console still shows what a person reads.
  if (options.outputFile !== undefined && options.format !== "stylish") {
    const stylish = endWithNewline(await (await loadFormatter(eslint, "stylish", cwd))(printed, meta));
    const stylishSummary = formatSummary(printed, plugin.rules);
    io.stdout.write(stylishSummary ? `${stylish}\n${stylishSummary}` : stylish);
  }

  if (suppressed.unusedCount > 0 && !options.suppressions.passOnUnpruned) {
    io.stderr.write(`acp-lint: ${UNUSED_SUPPRESSIONS}\n`);
    return 2;
  }
  if (errors > 0) return 1;
  if (tooManyWarnings) {
    io.stderr.write(`acp-lint: too many warnings (${warnings}, maximum ${options.maxWarnings})\n`);
    return 1;
  }
  return 0;
}

/** Where acp-lint runs, and the notes it will print: files it found but did not read. */
interface Said {
  readonly cwd: string;
  readonly notes: string[];
}

function paramsFor(options: CliOptions, dir: string, cacheLocation: string, said: Said): EslintParams {
  const { data: optionsFile, notes } = findOptionsFile(dir, repositoryRoot(dir), said.cwd);
  said.notes.push(...notes);
  checkRulesExist(Object.keys(optionsFile?.rules ?? {}), optionsFile?.path);
  return {
    cwd: dir,
    config: options.config,
    optionsFile,
    // The project service looks for each file's tsconfig.json in the folders above it up to this one.
    tsconfigRootDir: options.typeAware ? (findTsconfigRoot(dir, repositoryRoot(dir)) ?? dir) : undefined,
    ignorePatterns: options.ignorePatterns,
    noIgnore: options.noIgnore,
    onlyErrorRules: options.quiet && options.maxWarnings === undefined,
    inlineConfig: options.inlineConfig,
    concurrency: options.concurrency,
    cache: options.cache,
    cacheLocation,
  };
}

/**
 * `--suppress-rule acp/nope` would write an empty suppressions file, and ESLint's word for a rule of acp-lint.json
 * it does not know is long: say instead that no such rule exists, and where it was named.
 */
function checkRulesExist(ruleIds: readonly string[], where = "--suppress-rule"): void {
  const unknown = ruleIds.find((id) => !id.startsWith("acp/") || !Object.hasOwn(plugin.rules, id.slice("acp/".length)));
  if (unknown !== undefined) throw new UsageError(`${where}: no rule ${unknown}; acp-lint --list-rules lists the rules`);
}

/** The real paths of the checkouts the folders are in (each folder's repository, or the folder). */
function checkoutsOf(dirs: readonly string[]): string[] {
  return [...new Set(dirs.map((dir) => realPathOr(repositoryRoot(dir))))];
}
