import { resolve } from "node:path";
import { ESLint } from "eslint";
import plugin from "../index.js";
import type { CliOptions } from "./args.js";
import { countLintableFiles } from "./count-files.js";
import { eslintOptions, type EslintParams, optionsModuleUrl } from "./eslint-options.js";
import { withoutForeignRuleProblems } from "./foreign-rules.js";
import { loadFormatter } from "./formatters.js";
import { lintRoots } from "./lint-roots.js";
import { showProgress, type ProgressStream } from "./progress.js";
import { applySuppressions, UNUSED_SUPPRESSIONS } from "./suppressions.js";
import { formatSummary } from "./summary.js";
import { findTsconfigRoot } from "./tsconfig-root.js";
import { UsageError } from "./usage-error.js";

export interface CliIo {
  cwd: string;
  stdout: { write(text: string): unknown };
  stderr: ProgressStream;
}

/** Built beside this file's chunk in dist/: ESLint's worker threads import it for their options. */
const OPTIONS_MODULE = new URL("./options-module.js", import.meta.url);

/** Lints the paths as the options say, prints the findings and returns the exit code (0, 1, or 2 for unused suppressions); throws on bad usage. */
export async function lint(options: CliOptions, io: CliIo): Promise<number> {
  const { cwd } = io;
  const tsconfigRootDir = options.typeAware ? typeAwareRoot(cwd) : undefined;
  const roots = lintRoots(cwd, options.paths);
  const engines = await Promise.all(
    roots.map((root) =>
      createEslint({
        cwd: root.dir,
        config: options.config,
        tsconfigRootDir,
        quiet: options.quiet,
        concurrency: options.concurrency,
        cache: options.cache,
        // As ESLint's own command line: relative to where it runs, whichever folder it lints.
        cacheLocation: resolve(cwd, options.cacheLocation ?? ".eslintcache"),
      }),
    ),
  );
  const format = await loadFormatter(engines[0]!, options.format, cwd);

  const clearProgress = io.stderr.isTTY ? showProgress(io.stderr, `acp-lint: linting ${await countFiles(engines, roots)} files…`) : () => {};
  let results: ESLint.LintResult[] = [];
  // Only SARIF prints the rules' meta; ESLint gives it per instance, for the results that instance linted.
  const rulesMeta: ESLint.LintResultData["rulesMeta"] = {};
  try {
    for (const [i, root] of roots.entries()) {
      const lintedHere = withoutForeignRuleProblems(await engines[i]!.lintFiles(root.paths));
      if (options.format === "sarif") Object.assign(rulesMeta, engines[i]!.getRulesMetaForResults(lintedHere));
      results.push(...lintedHere);
    }
  } finally {
    clearProgress();
  }
  const suppressed = await applySuppressions(results, options.suppressions, cwd);
  results = suppressed.results;
  const printed = options.quiet ? ESLint.getErrorResults(results) : results;

  io.stdout.write(endWithNewline(await format(printed, rulesMeta)));
  const summary = options.format === "stylish" ? formatSummary(printed, plugin.rules) : "";
  if (summary) io.stdout.write(`\n${summary}`);

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

/** ESLint for one lint root; with worker threads, through the options module they can import. */
async function createEslint(params: EslintParams): Promise<ESLint> {
  if (params.concurrency === "off") return new ESLint(eslintOptions(params));
  if (typeof ESLint.fromOptionsModule !== "function") {
    throw new UsageError(`--concurrency needs ESLint 9.34 or later (found ${ESLint.version})`);
  }
  return ESLint.fromOptionsModule(optionsModuleUrl(OPTIONS_MODULE, params));
}

async function countFiles(engines: readonly ESLint[], roots: ReturnType<typeof lintRoots>): Promise<number> {
  let total = 0;
  for (const [i, root] of roots.entries()) total += await countLintableFiles(engines[i]!, root.dir, root.paths);
  return total;
}

function typeAwareRoot(cwd: string): string {
  const root = findTsconfigRoot(cwd);
  if (root === undefined) {
    throw new UsageError(`--type-aware needs a tsconfig.json in ${cwd} or a folder above it; none was found`);
  }
  return root;
}

function endWithNewline(text: string): string {
  return text === "" || text.endsWith("\n") ? text : `${text}\n`;
}
