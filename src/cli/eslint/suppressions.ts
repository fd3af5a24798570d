import { lstatSync } from "node:fs";
import { ESLint } from "eslint";
import type { SuppressionOptions } from "../args/args.js";
import { UsageError } from "../args/usage-error.js";
import { shown, type StagedFiles } from "../files/staged-file.js";
import { eslintExport, getCacheFile } from "./eslint-internals.js";

/** ESLint's suppressions file: file -> rule id -> how many of its errors are suppressed. */
type Suppressions = Record<string, Record<string, { count: number }>>;

interface SuppressionsService {
  suppress(results: ESLint.LintResult[], rules: string[] | undefined): Promise<void>;
  prune(results: ESLint.LintResult[]): Promise<void>;
  load(): Promise<Suppressions>;
  save(suppressions: Suppressions): Promise<void>;
  applySuppressions(results: ESLint.LintResult[], suppressions: Suppressions): { results: ESLint.LintResult[]; unused: Suppressions };
}

type SuppressionsServiceClass = new (options: { filePath: string; cwd: string }) => SuppressionsService;

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

/** The largest suppressions file read: a planted link to /dev/zero or a huge file is not one. */
const MAX_SUPPRESSIONS_BYTES = 32 * 1024 * 1024;

/**
 * ESLint's bulk suppressions, done by ESLint's own suppressions service, as its command line does them: write
 * the file for `--suppress-all` / `--suppress-rule`, prune it for `--prune-suppressions`, and apply the file
 * (given, or acp-lint-suppressions.json in `cwd` when it exists) to the results. The service works on a staged
 * copy of the file (see staged-file.ts): a link or a device in its place is not read, and is replaced, never
 * written through.
 */
export async function applySuppressions(
  results: ESLint.LintResult[],
  options: SuppressionOptions,
  cwd: string,
  staging: StagedFiles,
  notes: string[],
): Promise<Suppressed> {
  const asked = options.all || options.rules.length > 0 || options.prune || options.location !== undefined;
  const SuppressionsService = loadSuppressionsService(asked);
  if (!SuppressionsService) return { results, unusedCount: 0 };
  const real = getCacheFile()(options.location ?? DEFAULT_SUPPRESSIONS_FILE, cwd, { prefix: "suppressions_" });
  const writes = options.all || options.rules.length > 0;
  if (!writes && !options.prune && options.location === undefined && !lstatSync(real, { throwIfNoEntry: false })) return { results, unusedCount: 0 };
  const file = staging.stage(real, "suppressions.json", `the suppressions file ${shown(real, cwd)}`, MAX_SUPPRESSIONS_BYTES);
  if (file.note !== undefined) notes.push(file.note);
  if (options.location !== undefined && !writes && !file.existed) {
    // A file there but not read is said as such, not as missing.
    throw new UsageError(file.note ?? `the suppressions file ${options.location} does not exist: run with --suppress-all or --suppress-rule to create it`);
  }
  if (!writes && !options.prune && !file.existed) return { results, unusedCount: 0 };
  const service = acpView(new SuppressionsService({ filePath: file.path, cwd }));
  if (writes) await service.suppress(results, options.rules.length > 0 ? options.rules : undefined);
  if (options.prune) await service.prune(results);
  const applied = service.applySuppressions(results, await service.load());
  const note = file.commit();
  if (note !== undefined) notes.push(note);
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
function loadSuppressionsService(required: boolean): SuppressionsServiceClass | undefined {
  const found = eslintExport<SuppressionsServiceClass>("lib/services/suppressions-service.js", "SuppressionsService");
  if (typeof found === "function") return found;
  if (!required) return undefined;
  throw new UsageError(`bulk suppressions need ESLint 9.24 or later (found ${ESLint.version})`);
}
