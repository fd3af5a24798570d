import { ESLint } from "eslint";
import plugin from "../index.js";
import type { CliOptions } from "./args/args.js";
import { UsageError } from "./args/usage-error.js";
import { cacheLocations } from "./eslint/cache-location.js";
import { createEslint } from "./eslint/engines.js";
import type { EslintParams } from "./eslint/eslint-options.js";
import { withoutForeignRuleProblems } from "./eslint/foreign-rules.js";
import { applySuppressions, UNUSED_SUPPRESSIONS } from "./eslint/suppressions.js";
import { filesOutsideProjects } from "./eslint/typed-parser.js";
import { listFiles } from "./files/listing.js";
import { lintRoots } from "./files/lint-roots.js";
import { findTsconfigRoot } from "./files/tsconfig-root.js";
import { unreadableResult } from "./output/file-errors.js";
import { loadFormatter } from "./output/formatters.js";
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

/** Lints the paths (or standard input) as the options say, prints the report and returns the exit code; throws on bad usage. */
export async function lint(options: CliOptions, io: CliIo): Promise<number> {
  const { cwd } = io;
  checkRulesExist(options.suppressions.rules);
  if (options.stdin) {
    const eslint = await createEslint({ ...paramsFor(options, cwd, ""), cache: false, concurrency: "off" });
    return report(await lintStdin(eslint, options, io), {}, eslint, options, io);
  }

  const roots = lintRoots(cwd, options.paths);
  // Counted by the parser of this thread, for this run only.
  filesOutsideProjects.clear();
  const caches = cacheLocations(cwd, options.cacheLocation, roots.map((root) => root.dir));
  const engines = await Promise.all(roots.map((root, i) => createEslint(paramsFor(options, root.dir, caches[i]!))));
  const files = await listFiles(roots, {
    cwd,
    noIgnore: options.noIgnore,
    includeTests: options.includeTests,
    isIgnored: (i, path) => engines[i]!.isPathIgnored(path),
  });
  for (const note of files.notes) io.stderr.write(`acp-lint: ${note}\n`);

  const total = files.roots.reduce((sum, root) => sum + root.files.length, 0);
  const clearProgress = showProgress(io.stderr, `acp-lint: linting ${total} files…`);
  const results: ESLint.LintResult[] = [];
  // Only SARIF prints the rules' meta; ESLint gives it per instance, for the results that instance linted.
  const rulesMeta: ESLint.LintResultData["rulesMeta"] = {};
  try {
    for (const [i, { files: paths }] of files.roots.entries()) {
      if (paths.length === 0) continue;
      const lintedHere = withoutForeignRuleProblems(await engines[i]!.lintFiles(paths));
      if (options.format === "sarif") Object.assign(rulesMeta, engines[i]!.getRulesMetaForResults(lintedHere));
      results.push(...lintedHere);
    }
  } finally {
    clearProgress();
  }
  results.push(...files.unreadable.map(({ path, reason }) => unreadableResult(path, reason)));
  // One listing in path order, files not read among the others.
  results.sort((a, b) => (a.filePath < b.filePath ? -1 : a.filePath > b.filePath ? 1 : 0));
  if (filesOutsideProjects.size > 0) io.stderr.write(`acp-lint: ${outsideProjectsNote(filesOutsideProjects.size)}\n`);
  return report(results, rulesMeta, engines[0]!, options, io);
}

/** `--print-config <file>`: the configuration ESLint computes for the file, as JSON, as ESLint's option prints it. */
export async function printConfig(options: CliOptions, file: string, io: CliIo): Promise<number> {
  const [root] = lintRoots(io.cwd, [file]);
  const eslint = await createEslint({ ...paramsFor(options, root!.dir, ""), cache: false, concurrency: "off" });
  const config: unknown = await eslint.calculateConfigForFile(root!.targets[0]!.start);
  if (config === undefined) throw new UsageError(`${file} is not linted by acp-lint (ignored, or not TypeScript or JavaScript)`);
  io.stdout.write(`${JSON.stringify(config, null, 2)}\n`);
  return 0;
}

async function lintStdin(eslint: ESLint, options: CliOptions, io: CliIo): Promise<ESLint.LintResult[]> {
  if (!io.readStdin) throw new UsageError("--stdin: standard input cannot be read here");
  const filePath = options.stdinFilename ?? "stdin.ts";
  return withoutForeignRuleProblems(await eslint.lintText(await io.readStdin(), { filePath }));
}

/** Applies the suppressions, prints the report (and the spec summary) and returns the exit code. */
async function report(
  linted: ESLint.LintResult[],
  rulesMeta: ESLint.LintResultData["rulesMeta"],
  eslint: ESLint,
  options: CliOptions,
  io: CliIo,
): Promise<number> {
  const { cwd } = io;
  const suppressed = await applySuppressions(linted, options.suppressions, cwd);
  const results = suppressed.results;
  const printed = options.quiet ? ESLint.getErrorResults(results) : results;

  const text = endWithNewline(await (await loadFormatter(eslint, options.format, cwd))(printed, rulesMeta));
  const summary = options.format === "stylish" ? formatSummary(printed, plugin.rules) : "";
  writeReport(summary ? `${text}\n${summary}` : text, options.outputFile, cwd, io.stdout);
  // With -o, the console still shows what a person reads.
  if (options.outputFile !== undefined && options.format !== "stylish") {
    const stylish = endWithNewline(await (await loadFormatter(eslint, "stylish", cwd))(printed, rulesMeta));
    const stylishSummary = formatSummary(printed, plugin.rules);
    io.stdout.write(stylishSummary ? `${stylish}\n${stylishSummary}` : stylish);
  }

  if (suppressed.unusedCount > 0 && !options.suppressions.passOnUnpruned) {
    io.stderr.write(`acp-lint: ${UNUSED_SUPPRESSIONS}\n`);
    return 2;
  }
  const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
  const warnings = results.reduce((sum, result) => sum + result.warningCount, 0);
  if (errors > 0) return 1;
  if (options.maxWarnings !== undefined && warnings > options.maxWarnings) {
    io.stderr.write(`acp-lint: too many warnings (${warnings}, maximum ${options.maxWarnings})\n`);
    return 1;
  }
  return 0;
}

function paramsFor(options: CliOptions, dir: string, cacheLocation: string): EslintParams {
  return {
    cwd: dir,
    config: options.config,
    // The project service looks for each file's tsconfig.json in the folders above it up to this one.
    tsconfigRootDir: options.typeAware ? (findTsconfigRoot(dir) ?? dir) : undefined,
    ignorePatterns: options.ignorePatterns,
    noIgnore: options.noIgnore,
    quiet: options.quiet,
    concurrency: options.concurrency,
    cache: options.cache,
    cacheLocation,
  };
}

/** `--suppress-rule acp/nope` would write an empty suppressions file; say instead that no such rule exists. */
function checkRulesExist(ruleIds: readonly string[]): void {
  const unknown = ruleIds.find((id) => !plugin.rules[id.slice("acp/".length)]);
  if (unknown !== undefined) throw new UsageError(`--suppress-rule: no rule ${unknown}; acp-lint --list-rules lists the rules`);
}

function outsideProjectsNote(count: number): string {
  const files = count === 1 ? "1 file is" : `${count} files are`;
  return `${files} in no TypeScript project (no tsconfig.json includes them): linted without type information`;
}
