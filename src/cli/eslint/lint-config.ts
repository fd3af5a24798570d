import type { Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";
import plugin from "../../index.js";
import type { ConfigName } from "../args/args.js";
import { LINTED_EXTENSIONS } from "../files/file-kinds.js";
import type { OptionsFileData } from "./options-file.js";
import { TYPE_INFORMATION_CONFIG } from "./type-information.js";
import { typedParser } from "./typed-parser.js";

export const LINTED_FILES = [`**/*.{${LINTED_EXTENSIONS.map((extension) => extension.slice(1)).join(",")}}`];

export interface LintConfigOptions {
  config: ConfigName;
  /**
   * The version of the ACP SDK installed where the lint starts, if any: part of the config, so that ESLint's cache
   * (keyed by the config, the plugin's version included) is not reused once the SDK whose factories the advice
   * names changes.
   */
  sdkVersion?: string | undefined;
  /** The .gitignore patterns and --ignore-pattern globs, as flat-config ignores. */
  ignores: readonly string[];
  /** Set: lint with type information, each file in the project of its nearest tsconfig.json. */
  tsconfigRootDir: string | undefined;
  /** `acp-lint.json`'s settings and rule entries, over the preset. */
  optionsFile?: OptionsFileData | undefined;
}

/**
 * The whole flat config acp-lint lints with; nothing of the user's own ESLint config takes part. Build folders
 * are left out by acp-lint's own walk (only below a path named), so ESLint's default ignore of node_modules is
 * lifted here: a file named inside one is linted.
 */
export function buildLintConfig({ config, ignores, tsconfigRootDir, sdkVersion, optionsFile }: LintConfigOptions): Linter.Config[] {
  return [
    { name: "acp-lint/node-modules", ignores: ["!**/node_modules/"] },
    ...(ignores.length > 0 ? [{ name: "acp-lint/ignores", ignores: [...ignores] }] : []),
    {
      name: "acp-lint/parser",
      files: LINTED_FILES,
      languageOptions:
        tsconfigRootDir === undefined
          ? { parser: tsParser, parserOptions: {} }
          : { parser: typedParser, parserOptions: { projectService: true, tsconfigRootDir } },
      // The user's code names rules of plugins acp-lint does not load: their directives are none of its business.
      linterOptions: { reportUnusedDisableDirectives: "off" },
      // Read by no rule (a file's own SDK version is found for it): here for ESLint's cache key alone.
      settings: { "acp-lint": { sdkVersion: sdkVersion ?? null } },
    },
    plugin.configs[config],
    ...(optionsFile ? [optionsFileConfig(optionsFile)] : []),
    // What stderr says of type information travels in messages of acp-lint's own, which the run takes out.
    ...(tsconfigRootDir === undefined ? [] : [{ ...TYPE_INFORMATION_CONFIG, files: LINTED_FILES }]),
  ];
}

function optionsFileConfig({ path, acp, rules }: OptionsFileData): Linter.Config {
  return {
    name: `acp-lint/${path}`,
    ...(acp === undefined ? {} : { settings: { acp } }),
    ...(rules === undefined ? {} : { rules: rules as Linter.RulesRecord }),
  };
}
