import { sep } from "node:path";

/**
 * Whether this process is one lint run, whose files do not change while it lints: a CI job, or the `eslint` or
 * `acp-lint` command. There the resolution layer takes the file system as a snapshot (each path stat'ed once), as
 * typescript-eslint's parser does in its "single run" (the same inference: `CI=true`, or the eslint command). An
 * editor's language server and other API users are no single run: a module may change between two lints, and each
 * use checks it again. `ACP_SINGLE_RUN=true` or `false` decides instead (acp-lint sets it to true unless it is set).
 */
export function isSingleRun(): boolean {
  single ??= inferSingleRun(process.env, process.argv);
  return single;
}

let single: boolean | undefined;

/** The commands whose process is one run: ESLint's bin, or its shim in node_modules/.bin (acp-lint sets ACP_SINGLE_RUN). */
const RUN_COMMANDS = [`${sep}eslint${sep}bin${sep}eslint.js`, `${sep}.bin${sep}eslint`];

export function inferSingleRun(env: NodeJS.ProcessEnv, argv: readonly string[]): boolean {
  if (env["ACP_SINGLE_RUN"] === "true") return true;
  if (env["ACP_SINGLE_RUN"] === "false") return false;
  if (env["CI"] === "true") return true;
  const script = argv[1] ?? "";
  return RUN_COMMANDS.some((command) => script.endsWith(command));
}

/** Forgets the inference (tests). */
export function resetSingleRun(): void {
  single = undefined;
}
