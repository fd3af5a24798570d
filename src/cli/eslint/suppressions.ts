import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { ESLint } from "eslint";
import type { SuppressionOptions } from "../args/args.js";
import { UsageError } from "../args/usage-error.js";

/** ESLint's suppressions file: file -> rule id -> how many of its errors are suppressed. */
type Suppressions = Record<string, Record<string, { count: number }>>;

interface SuppressionsService {
  suppress(results: ESLint.LintResult[], rules: string[] | undefined): Promise<void>;
  prune(results: ESLint.LintResult[]): Promise<void>;
  load(): Promise<Suppressions>;
  save(suppressions: Suppressions): Promise<void>;
  applySuppressions(results: ESLint.LintResult[], suppressions: Suppressions): { results: ESLint.LintResult[]; unused: Suppressions };
}

interface EslintSuppressions {
  SuppressionsService: new (options: { filePath: string; cwd: string }) => SuppressionsService;
  getCacheFile(file: string, cwd: string, options: { prefix: string }): string;
}

/**
 * acp-lint's own default file: ESLint's eslint-suppressions.json belongs to the project's ESLint run, which
 * would call acp/ entries unused (and acp-lint, the entries of the project's other rules).
 */
export const DEFAULT_SUPPRESSIONS_FILE = "acp-lint-suppressions.json";

/** What the suppressions did to the results: the results left, and whether suppressions went unused. */
export interface Suppressed {
  readonly results: ESLint.LintResult[];
  readonly unusedCount: number;
}

export const UNUSED_SUPPRESSIONS =
  "there are suppressions left that do not occur anymore: re-run with --prune-suppressions to remove them, or pass --pass-on-unpruned-suppressions";

/**
 * ESLint's bulk suppressions, done by ESLint's own suppressions service, as its command line does them: write
 * the file for `--suppress-all` / `--suppress-rule`, prune it for `--prune-suppressions`, and apply the file
 * (given, or acp-lint-suppressions.json in `cwd` when it exists) to the results.
 */
export async function applySuppressions(results: ESLint.LintResult[], options: SuppressionOptions, cwd: string): Promise<Suppressed> {
  const asked = options.all || options.rules.length > 0 || options.prune || options.location !== undefined;
  const eslint = loadEslintSuppressions(asked);
  if (!eslint) return { results, unusedCount: 0 };
  const { SuppressionsService, getCacheFile } = eslint;
  const filePath = getCacheFile(options.location ?? DEFAULT_SUPPRESSIONS_FILE, cwd, { prefix: "suppressions_" });
  const writes = options.all || options.rules.length > 0;
  if (options.location !== undefined && !writes && !existsSync(filePath)) {
    throw new UsageError(`the suppressions file ${options.location} does not exist: run with --suppress-all or --suppress-rule to create it`);
  }
  if (!writes && !options.prune && !existsSync(filePath)) return { results, unusedCount: 0 };
  const service = acpView(new SuppressionsService({ filePath, cwd }));
  if (writes) await service.suppress(results, options.rules.length > 0 ? options.rules : undefined);
  if (options.prune) await service.prune(results);
  const applied = service.applySuppressions(results, await service.load());
  return { results: applied.results, unusedCount: Object.keys(applied.unused).length };
}

/**
 * The service seeing only the acp/ entries of its file, and saving the others back untouched: a file shared with
 * the project's own ESLint run holds entries of rules acp-lint does not run, which ESLint's service would count
 * as unused and prune.
 */
function acpView(service: SuppressionsService): SuppressionsService {
  const load = service.load.bind(service);
  const save = service.save.bind(service);
  let others: Suppressions = {};
  service.load = async () => {
    const [acp, rest] = splitByRule(await load(), (ruleId) => ruleId.startsWith("acp/"));
    others = rest;
    return acp;
  };
  service.save = (acp) => save(merged(acp, others));
  return service;
}

function splitByRule(all: Suppressions, keep: (ruleId: string) => boolean): [Suppressions, Suppressions] {
  const kept: Suppressions = {};
  const rest: Suppressions = {};
  for (const [file, rules] of Object.entries(all)) {
    for (const [ruleId, entry] of Object.entries(rules)) ((keep(ruleId) ? kept : rest)[file] ??= {})[ruleId] = entry;
  }
  return [kept, rest];
}

function merged(a: Suppressions, b: Suppressions): Suppressions {
  const out: Suppressions = structuredClone(a);
  for (const [file, rules] of Object.entries(b)) Object.assign((out[file] ??= {}), rules);
  return out;
}

/**
 * ESLint's suppressions service, from the ESLint acp-lint lints with (9.24 and later have it); when an option
 * asks for it and this ESLint has none, a usage error.
 */
function loadEslintSuppressions(required: boolean): EslintSuppressions | undefined {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve("eslint/package.json"));
  try {
    const { SuppressionsService } = require(join(root, "lib/services/suppressions-service.js")) as Pick<EslintSuppressions, "SuppressionsService">;
    const { getCacheFile } = require(join(root, "lib/eslint/eslint-helpers.js")) as Pick<EslintSuppressions, "getCacheFile">;
    if (typeof SuppressionsService === "function" && typeof getCacheFile === "function") return { SuppressionsService, getCacheFile };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "MODULE_NOT_FOUND") throw error;
  }
  if (!required) return undefined;
  const { version } = require("eslint/package.json") as { version: string };
  throw new UsageError(`bulk suppressions need ESLint 9.24 or later (found ${version})`);
}
