import type { ESLint } from "eslint";
import type { FormatName } from "./args.js";
import { UsageError } from "./usage-error.js";

/** Turns lint results, with the meta of the rules they name, into the text acp-lint prints. */
export type Formatter = (results: ESLint.LintResult[], rulesMeta: ESLint.LintResultData["rulesMeta"]) => Promise<string>;

export const SARIF_FORMATTER = "@microsoft/eslint-formatter-sarif";

type SarifFormat = (results: ESLint.LintResult[], data: ESLint.LintResultData) => string;

/** ESLint's own stylish and json formatters; SARIF from the optional peer dependency, imported only when asked. */
export async function loadFormatter(eslint: ESLint, name: FormatName, cwd: string): Promise<Formatter> {
  if (name !== "sarif") {
    const formatter = await eslint.loadFormatter(name);
    return async (results) => formatter.format(results);
  }
  const format = await importSarifFormatter();
  return async (results, rulesMeta) => format(results, { cwd, rulesMeta });
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
