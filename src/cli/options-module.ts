// The options module ESLint loads with `fromOptionsModule` (in the main thread and in each worker) when acp-lint
// runs with --concurrency: its own URL carries the parameters.
import { eslintOptions, paramsOfModuleUrl } from "./eslint/eslint-options.js";
import { guardTypeScriptFor } from "./eslint/typescript-host.js";

const params = paramsOfModuleUrl(import.meta.url);
// Each worker thread has its own TypeScript: it gets acp-lint's host before it parses a file.
guardTypeScriptFor(params);

export default eslintOptions(params);
