import { join } from "node:path";
import type { ESLint } from "eslint";
import { findSdk } from "../../analysis/sdk/sdk-version.js";
import type { Concurrency, ConfigName } from "../args/args.js";
import { buildLintConfig } from "./lint-config.js";
import type { OptionsFileData } from "./options-file.js";

/** Everything the ESLint of one lint root is built from: plain data, so worker threads can rebuild it. */
export interface EslintParams {
  readonly cwd: string;
  readonly config: ConfigName;
  /** Set: lint with type information (the folder relative tsconfig paths start from). */
  readonly tsconfigRootDir: string | undefined;
  /** `--ignore-pattern` globs. */
  readonly ignorePatterns: readonly string[];
  /**
   * `--no-ignore`: no .gitignore nor --ignore-pattern in the config. Not ESLint's `ignore: false`, which keeps its
   * default ignore of node_modules while dropping the config's lifting of it.
   */
  readonly noIgnore: boolean;
  /** Rules set to "warn" do not run: `--quiet` without `--max-warnings`, as ESLint's command line decides. */
  readonly onlyErrorRules: boolean;
  /** `--no-inline-config` makes this false: no `/* eslint … *\/` nor `eslint-disable` comment is read. */
  readonly inlineConfig: boolean;
  /** What `acp-lint.json` says (`settings.acp`, acp/ rule entries), if there is one. */
  readonly optionsFile: OptionsFileData | undefined;
  readonly concurrency: Concurrency;
  readonly cache: boolean;
  /**
   * The file ESLint keeps its cache in: a private copy (files/staged-file.ts), also without `--cache`, where ESLint
   * deletes the file at its cache location (which would be the project's own `.eslintcache`).
   */
  readonly cacheLocation: string;
}

/** The options of ESLint for one lint root. */
export function eslintOptions(params: EslintParams): ESLint.Options {
  return {
    cwd: params.cwd,
    overrideConfigFile: true,
    overrideConfig: buildLintConfig({
      config: params.config,
      // .gitignore is acp-lint's walk's to read, as git reads it (files/gitignore.ts); ESLint gets --ignore-pattern.
      ignores: params.noIgnore ? [] : [...params.ignorePatterns],
      tsconfigRootDir: params.tsconfigRootDir,
      sdk: findSdk(join(params.cwd, "index.ts"), params.cwd),
      cwd: params.cwd,
      optionsFile: params.optionsFile,
    }),
    // acp-lint hands ESLint the files its own walk vetted: a file named `[id].ts` or `*.ts` must stay that file,
    // never become a pattern ESLint expands past those checks.
    globInputPaths: false,
    // Lists of changed files (lint-staged, git diff) often name ignored or non-JS files: skip them quietly.
    warnIgnored: false,
    // As `eslint --quiet` (without --max-warnings, which counts the warnings): rules set to "warn" do not even run.
    ...(params.onlyErrorRules ? { ruleFilter: ({ severity }: { severity: number }) => severity === 2 } : {}),
    ...(params.inlineConfig ? {} : { allowInlineConfig: false }),
    cache: params.cache,
    cacheLocation: params.cacheLocation,
    // Left out when off: ESLint before 9.34 knows no such option.
    ...(params.concurrency === "off" ? {} : { concurrency: params.concurrency }),
  };
}

const PARAMS_KEY = "params";

/**
 * The URL of the options module with these parameters in its query: ESLint's worker threads import it to get
 * options that hold functions (the plugin, the parser), which cannot be sent to a thread.
 */
export function optionsModuleUrl(moduleUrl: URL, params: EslintParams): URL {
  const url = new URL(moduleUrl);
  url.searchParams.set(PARAMS_KEY, JSON.stringify(params));
  return url;
}

/** The parameters `optionsModuleUrl` put into a module URL. */
export function paramsOfModuleUrl(moduleUrl: string): EslintParams {
  const text = new URL(moduleUrl).searchParams.get(PARAMS_KEY);
  if (text === null) throw new Error(`acp-lint's options module was imported without its parameters: ${moduleUrl}`);
  return JSON.parse(text) as EslintParams;
}
