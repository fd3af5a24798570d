import { ESLint } from "eslint";
import plugin from "../index.js";
import type { CliOptions } from "./args.js";
import { countLintableFiles } from "./count-files.js";
import { withoutForeignRuleProblems } from "./foreign-rules.js";
import { loadFormatter } from "./formatters.js";
import { readGitignore } from "./gitignore.js";
import { buildLintConfig } from "./lint-config.js";
import { showProgress, type ProgressStream } from "./progress.js";
import { formatSummary } from "./summary.js";
import { findTsconfigRoot } from "./tsconfig-root.js";
import { UsageError } from "./usage-error.js";

export interface CliIo {
  cwd: string;
  stdout: { write(text: string): unknown };
  stderr: ProgressStream;
}

/** Lints the paths as the options say, prints the findings and returns the exit code (0 or 1); throws on bad usage. */
export async function lint(options: CliOptions, io: CliIo): Promise<number> {
  const { cwd } = io;
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: buildLintConfig({
      config: options.config,
      gitignore: readGitignore(cwd),
      tsconfigRootDir: options.typeAware ? typeAwareRoot(cwd) : undefined,
    }),
    // Lists of changed files (lint-staged, git diff) often name ignored or non-JS files: skip them quietly.
    warnIgnored: false,
    // As `eslint --quiet`: rules set to "warn" do not even run.
    ...(options.quiet ? { ruleFilter: ({ severity }: { severity: number }) => severity === 2 } : {}),
  });
  const format = await loadFormatter(eslint, options.format, cwd);

  const clearProgress = io.stderr.isTTY
    ? showProgress(io.stderr, `acp-lint: linting ${await countLintableFiles(eslint, cwd, options.paths)} files…`)
    : () => {};
  let results: ESLint.LintResult[];
  try {
    results = withoutForeignRuleProblems(await eslint.lintFiles(options.paths));
  } finally {
    clearProgress();
  }
  if (options.quiet) results = ESLint.getErrorResults(results);

  io.stdout.write(endWithNewline(await format(results)));
  const summary = options.format === "stylish" ? formatSummary(results, plugin.rules) : "";
  if (summary) io.stdout.write(`\n${summary}`);

  const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
  const warnings = results.reduce((sum, result) => sum + result.warningCount, 0);
  if (errors > 0) return 1;
  if (options.maxWarnings !== undefined && warnings > options.maxWarnings) {
    io.stderr.write(`acp-lint: too many warnings (${warnings}, maximum ${options.maxWarnings})\n`);
    return 1;
  }
  return 0;
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
