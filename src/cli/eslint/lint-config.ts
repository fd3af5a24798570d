import { relative } from "node:path";
import type { Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";
import plugin from "../../index.js";
import type { FoundSdk } from "../../analysis/sdk/sdk-version.js";
import type { ConfigName } from "../args/args.js";
import { LINTED_EXTENSIONS } from "../files/file-kinds.js";
import type { OptionsFileData } from "./options-file.js";
import { TYPE_INFORMATION_CONFIG } from "./type-information.js";
import { typedParser } from "./typed-parser.js";

export const LINTED_FILES = [`**/*.{${LINTED_EXTENSIONS.map((extension) => extension.slice(1)).join(",")}}`];

export interface LintConfigOptions {
  config: ConfigName;
  /**
   * The ACP SDK found where the lint starts, if any (installed, or the range package.json declares): part of the
   * config, so that ESLint's cache (keyed by the config, the plugin's version included) is not reused once the SDK
   * whose factories the advice names changes.
   */
  sdk?: FoundSdk | undefined;
  /** The folder the lint starts in (paths in the config are said relative to it). */
  cwd: string;
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
export function buildLintConfig({ config, ignores, tsconfigRootDir, sdk, cwd, optionsFile }: LintConfigOptions): Linter.Config[] {
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
      settings: { "acp-lint": sdkSetting(sdk, cwd) },
    },
    plugin.configs[config],
    ...(optionsFile ? [optionsFileConfig(optionsFile)] : []),
    // What stderr says of type information travels in messages of acp-lint's own, which the run takes out.
    ...(tsconfigRootDir === undefined ? [] : [{ ...TYPE_INFORMATION_CONFIG, files: LINTED_FILES }]),
  ];
}

/**
 * The SDK version advice is for and where it comes from, as `--print-config` shows it: `settings.acp.sdkVersion`
 * (`setting`), the copy installed, or the range of the package.json that declares it.
 */
export function sdkSetting(sdk: FoundSdk | undefined, cwd: string, setting?: unknown): { sdkVersion: string | null; sdkVersionFrom: string | null } {
  if (typeof setting === "string") return { sdkVersion: setting, sdkVersionFrom: "settings.acp.sdkVersion" };
  if (sdk === undefined) return { sdkVersion: null, sdkVersionFrom: null };
  if (sdk.source === "installed") return { sdkVersion: sdk.version, sdkVersionFrom: "installed in node_modules" };
  const { file, pkg, written } = sdk.declared;
  return { sdkVersion: sdk.version, sdkVersionFrom: `the lowest version ${JSON.stringify(written)} allows (${pkg} in ${relative(cwd, file)}): none installed` };
}

function optionsFileConfig({ path, acp, rules }: OptionsFileData): Linter.Config {
  return {
    name: `acp-lint/${path}`,
    ...(acp === undefined ? {} : { settings: { acp } }),
    ...(rules === undefined ? {} : { rules: rules as Linter.RulesRecord }),
  };
}
