import type { Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";
import plugin from "../index.js";
import type { ConfigName } from "./args.js";

export const LINTED_FILES = ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"];

/** Build output, dependencies and tool folders: never ACP code of the project's own. */
export const DEFAULT_IGNORES = ["**/node_modules/", "**/dist/", "**/build/", "**/out/", "**/coverage/", "**/.git/"];

export interface LintConfigOptions {
  config: ConfigName;
  /**
   * The version of the ACP SDK installed where the lint starts, if any: part of the config, so that ESLint's cache
   * (keyed by the config, the plugin's version included) is not reused once the SDK whose factories the advice
   * names changes.
   */
  sdkVersion?: string | undefined;
  /** The .gitignore patterns as flat-config globs. */
  gitignore: readonly string[];
  /** Set: lint with type information, from the tsconfig.json in this directory. */
  tsconfigRootDir: string | undefined;
}

/** The whole flat config acp-lint lints with; nothing of the user's own ESLint config takes part. */
export function buildLintConfig({ config, gitignore, tsconfigRootDir, sdkVersion }: LintConfigOptions): Linter.Config[] {
  return [
    { name: "acp-lint/ignores", ignores: DEFAULT_IGNORES },
    ...(gitignore.length > 0 ? [{ name: "acp-lint/gitignore", ignores: [...gitignore] }] : []),
    {
      name: "acp-lint/parser",
      files: LINTED_FILES,
      languageOptions: {
        parser: tsParser,
        parserOptions: tsconfigRootDir === undefined ? {} : { projectService: true, tsconfigRootDir },
      },
      // The user's code names rules of plugins acp-lint does not load: their directives are none of its business.
      linterOptions: { reportUnusedDisableDirectives: "off" },
      // Read by no rule (a file's own SDK version is found for it): here for ESLint's cache key alone.
      settings: { "acp-lint": { sdkVersion: sdkVersion ?? null } },
    },
    plugin.configs[config],
  ];
}
