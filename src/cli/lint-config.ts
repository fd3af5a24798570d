import type { Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";
import plugin from "../index.js";
import type { ConfigName } from "./args.js";

export const LINTED_FILES = ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"];

/** Build output, dependencies and tool folders: never ACP code of the project's own. */
export const DEFAULT_IGNORES = ["**/node_modules/", "**/dist/", "**/build/", "**/out/", "**/coverage/", "**/.git/"];

export interface LintConfigOptions {
  config: ConfigName;
  /** The .gitignore patterns as flat-config globs. */
  gitignore: readonly string[];
  /** Set: lint with type information, from the tsconfig.json in this directory. */
  tsconfigRootDir: string | undefined;
}

/** The whole flat config acp-lint lints with; nothing of the user's own ESLint config takes part. */
export function buildLintConfig({ config, gitignore, tsconfigRootDir }: LintConfigOptions): Linter.Config[] {
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
    },
    plugin.configs[config],
  ];
}
