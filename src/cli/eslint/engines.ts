import { ESLint } from "eslint";
import { UsageError } from "../args/usage-error.js";
import { eslintOptions, type EslintParams, optionsModuleUrl } from "./eslint-options.js";
import { guardTypeScriptFor } from "./typescript-host.js";

/** Built beside the CLI's chunk in dist/: ESLint's worker threads import it for their options. */
const OPTIONS_MODULE = new URL("./options-module.js", import.meta.url);

/** ESLint for one lint root; with worker threads, through the options module they can import. */
export async function createEslint(params: EslintParams): Promise<ESLint> {
  guardTypeScriptFor(params);
  if (params.concurrency === "off") return new ESLint(eslintOptions(params));
  if (typeof ESLint.fromOptionsModule !== "function") {
    throw new UsageError(`--concurrency needs ESLint 9.34 or later (found ${ESLint.version})`);
  }
  return ESLint.fromOptionsModule(optionsModuleUrl(OPTIONS_MODULE, params));
}
