// The options module ESLint loads with `fromOptionsModule` (in the main thread and in each worker) when acp-lint
// runs with --concurrency: its own URL carries the parameters.
import { eslintOptions, paramsOfModuleUrl } from "./eslint/eslint-options.js";

export default eslintOptions(paramsOfModuleUrl(import.meta.url));
