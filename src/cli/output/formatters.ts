import type { ESLint } from "eslint";
import type { FormatName } from "../args/args.js";
import { UsageError } from "../args/usage-error.js";
import { withFileErrorRules } from "./file-errors.js";
import { formatGithub } from "./github-format.js";
import { repositoryRoot } from "../files/lint-roots.js";
import { resolve } from "node:path";

/** What a formatter is given besides the results: the meta of the rules they name, and ESLint's results meta. */
export interface FormatMeta {
  readonly rulesMeta: ESLint.LintResultData["rulesMeta"];
  /** `--color` / `--no-color`; absent: ESLint's formatters decide from the stream and `NO_COLOR`. */
  readonly color?: boolean;
  readonly maxWarningsExceeded?: { readonly maxWarnings: number; readonly foundWarnings: number };
}

/** Turns lint results into the text acp-lint prints. */
export type Formatter = (results: ESLint.LintResult[], meta: FormatMeta) => Promise<string>;

export const SARIF_FORMATTER = "@microsoft/eslint-formatter-sarif";

type SarifFormat = (results: ESLint.LintResult[], data: ESLint.LintResultData) => string;

/**
 * ESLint's own stylish and json formatters; SARIF from the optional peer dependency, imported only when asked,
 * with parse errors and unreadable files as results; GitHub Actions annotations of acp-lint's own.
 */
export async function loadFormatter(eslint: ESLint, name: FormatName, cwd: string): Promise<Formatter> {
  if (name === "github") return async (results) => formatGithub(results, annotationRoot(cwd));
  if (name !== "sarif") {
    const formatter = await eslint.loadFormatter(name);
    return async (results, { color, maxWarningsExceeded }) =>
      formatter.format(results, { ...(color === undefined ? {} : { color }), ...(maxWarningsExceeded ? { maxWarningsExceeded } : {}) });
  }
  const format = await importSarifFormatter();
  return async (results, { rulesMeta }) => {
    const named = withFileErrorRules(results);
    return format(named.results, { cwd, rulesMeta: { ...rulesMeta, ...named.rulesMeta } });
  };
}

/**
 * The folder GitHub Actions annotations name files from: the runner's workspace (`GITHUB_WORKSPACE`, the
 * repository's checkout), else the root of the repository acp-lint runs in, so that a run from a subfolder names
 * the files the pull request's diff shows.
 */
function annotationRoot(cwd: string): string {
  const workspace = process.env["GITHUB_WORKSPACE"];
  return workspace ? resolve(cwd, workspace) : repositoryRoot(cwd);
}

async function importSarifFormatter(): Promise<SarifFormat> {
  // A variable specifier: the bundler leaves it alone and TypeScript does not look for its (absent) types.
  const specifier: string = SARIF_FORMATTER;
  try {
    const module = (await import(specifier)) as { default: SarifFormat };
    return module.default;
  } catch (error) {
    const notInstalled =
      (error as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND" && String(error).includes(SARIF_FORMATTER);
    if (notInstalled) throw new UsageError(`--format sarif needs ${SARIF_FORMATTER}: npm install --save-dev ${SARIF_FORMATTER}`);
    throw error;
  }
}
