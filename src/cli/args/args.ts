import { parseArgs } from "node:util";
import { UsageError } from "./usage-error.js";

export const CONFIG_NAMES = ["recommended", "strict", "all"] as const;
export const FORMAT_NAMES = ["stylish", "json", "sarif", "github"] as const;

export type ConfigName = (typeof CONFIG_NAMES)[number];
export type FormatName = (typeof FORMAT_NAMES)[number];

export interface CliOptions {
  paths: string[];
  config: ConfigName;
  typeAware: boolean;
  format: FormatName;
  /** `-o`: the file the report goes to; undefined: stdout. */
  outputFile: string | undefined;
  /** Undefined (or `--max-warnings -1`, ESLint's default): no limit. */
  maxWarnings: number | undefined;
  quiet: boolean;
  /** `--color` / `--no-color`; undefined: ESLint's formatters decide from the stream (a terminal, `NO_COLOR`). */
  color: boolean | undefined;
  /** `--no-inline-config`: `/* eslint … *\/` and `eslint-disable` comments are not read. */
  inlineConfig: boolean;
  /** `--no-error-on-unmatched-pattern`: a path or glob that gives nothing to lint is skipped, not a usage error. */
  errorOnUnmatchedPattern: boolean;
  /** ESLint's `--concurrency`: a number of worker threads, `auto` or `off` (the default). */
  concurrency: Concurrency;
  /** ESLint's `--cache` and `--cache-location`. */
  cache: boolean;
  cacheLocation: string | undefined;
  /** ESLint's bulk suppressions, passed to its own suppressions service. */
  suppressions: SuppressionOptions;
  /** `--ignore-pattern`, repeatable: flat-config ignore globs, relative to the folder a path is linted from. */
  ignorePatterns: string[];
  /** `--no-ignore`: neither .gitignore, --ignore-pattern nor the build folders leave anything out. */
  noIgnore: boolean;
  /** `--include-tests`: lint test files too. */
  includeTests: boolean;
  /** `--stdin`: lint the text of standard input, as `stdinFilename` (default `stdin.ts`). */
  stdin: boolean;
  stdinFilename: string | undefined;
  /** What to do instead of linting, if anything. */
  task: Task;
}

/** The commands that print something other than findings. */
export type Task =
  | { kind: "lint" }
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "list-rules" }
  | { kind: "explain"; rule: string }
  | { kind: "print-config"; file: string };

export type Concurrency = number | "auto" | "off";

export interface SuppressionOptions {
  all: boolean;
  /** `--suppress-rule`, repeatable; empty when not given. */
  rules: string[];
  prune: boolean;
  /** `--suppressions-location`; undefined: ESLint's default file, eslint-suppressions.json. */
  location: string | undefined;
  passOnUnpruned: boolean;
}

const OPTIONS = {
  config: { type: "string" },
  "type-aware": { type: "boolean" },
  format: { type: "string", short: "f" },
  "output-file": { type: "string", short: "o" },
  "max-warnings": { type: "string" },
  quiet: { type: "boolean" },
  color: { type: "boolean" },
  "no-color": { type: "boolean" },
  "no-inline-config": { type: "boolean" },
  "no-error-on-unmatched-pattern": { type: "boolean" },
  fix: { type: "boolean" },
  "fix-dry-run": { type: "boolean" },
  "fix-type": { type: "string" },
  concurrency: { type: "string" },
  cache: { type: "boolean" },
  "cache-location": { type: "string" },
  "suppress-all": { type: "boolean" },
  "suppress-rule": { type: "string", multiple: true },
  "prune-suppressions": { type: "boolean" },
  "suppressions-location": { type: "string" },
  "pass-on-unpruned-suppressions": { type: "boolean" },
  "ignore-pattern": { type: "string", multiple: true },
  "no-ignore": { type: "boolean" },
  "include-tests": { type: "boolean" },
  stdin: { type: "boolean" },
  "stdin-filename": { type: "string" },
  "list-rules": { type: "boolean" },
  explain: { type: "string" },
  "print-config": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

/** Reads the command line; throws a UsageError naming the first mistake. */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const { values, positionals } = parseStrict(withNegativeValues(argv));
  refuseFix(values);
  return {
    paths: positionals.length > 0 ? positionals : ["."],
    config: oneOf("--config", values.config ?? "recommended", CONFIG_NAMES),
    typeAware: values["type-aware"] ?? false,
    format: oneOf("--format", values.format ?? "stylish", FORMAT_NAMES),
    outputFile: nonEmpty("--output-file", values["output-file"]),
    maxWarnings: values["max-warnings"] === undefined ? undefined : warningLimit(values["max-warnings"]),
    quiet: values.quiet ?? false,
    color: colorOption(values),
    inlineConfig: !(values["no-inline-config"] ?? false),
    errorOnUnmatchedPattern: !(values["no-error-on-unmatched-pattern"] ?? false),
    concurrency: values.concurrency === undefined ? "off" : concurrency(values.concurrency),
    cache: values.cache ?? false,
    cacheLocation: values["cache-location"],
    suppressions: suppressionOptions(values),
    ignorePatterns: (values["ignore-pattern"] ?? []).map((pattern) => nonEmpty("--ignore-pattern", pattern)!),
    noIgnore: values["no-ignore"] ?? false,
    includeTests: values["include-tests"] ?? false,
    stdin: stdinOption(values, positionals),
    stdinFilename: nonEmpty("--stdin-filename", values["stdin-filename"]),
    task: taskOf(values),
  };
}

function nonEmpty(option: string, value: string | undefined): string | undefined {
  if (value === "") throw new UsageError(`${option} needs a non-empty value`);
  return value;
}

function stdinOption(values: Values, positionals: readonly string[]): boolean {
  const stdin = values.stdin ?? false;
  if (stdin && positionals.length > 0) throw new UsageError(`--stdin lints standard input: give no paths (got '${positionals[0]}')`);
  if (!stdin && values["stdin-filename"] !== undefined) throw new UsageError("--stdin-filename needs --stdin");
  return stdin;
}

// One task per run; --help wins over every other, then --version.
function taskOf(values: Values): Task {
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  if (values["list-rules"]) return { kind: "list-rules" };
  if (values.explain !== undefined) return { kind: "explain", rule: nonEmpty("--explain", values.explain)! };
  if (values["print-config"] !== undefined) return { kind: "print-config", file: nonEmpty("--print-config", values["print-config"])! };
  return { kind: "lint" };
}

function parseStrict(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(describeParseError(error));
  }
}

// node:util's messages are long and suggest `--` tricks; say only what is wrong.
function describeParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? "";
  const option = /--[\w-]+/.exec(quoted)?.[0] ?? /^-\w/.exec(quoted)?.[0];
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option) return `unknown option '${option}'`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option) {
    if (message.includes("does not take an argument")) return `option '${option}' takes no value`;
    // "ambiguous": the next word starts with a dash, as in `--max-warnings -1`.
    return message.includes("ambiguous")
      ? `option '${option}' needs a value; write ${option}=<value> for one that starts with '-'`
      : `option '${option}' needs a value`;
  }
  return message.split("\n")[0] ?? message;
}

function oneOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${option} must be one of ${allowed.join(", ")} (got '${value}')`);
}

/** ESLint's `--max-warnings`: a count, or a negative number (its default is -1) for no limit. */
function warningLimit(value: string): number | undefined {
  if (/^-\d+$/.test(value)) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  throw new UsageError(`--max-warnings must be an integer: a count, or -1 for no limit (got '${value}')`);
}

/** The options whose value may be negative, as ESLint's `--max-warnings -1`. */
const NEGATIVE_VALUED = new Set(["--max-warnings"]);

/**
 * `--max-warnings -1` as `--max-warnings=-1`: node:util's parser takes a value starting with a dash for an option
 * and refuses it as ambiguous, while ESLint's command line takes it.
 */
function withNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    if (NEGATIVE_VALUED.has(arg) && next !== undefined && /^-\d+$/u.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else if (arg === "--") {
      out.push(...argv.slice(i));
      break;
    } else out.push(arg);
  }
  return out;
}

function colorOption(values: Values): boolean | undefined {
  if (values.color && values["no-color"]) throw new UsageError("--color and --no-color cannot be used together");
  return values.color ? true : values["no-color"] ? false : undefined;
}

/**
 * ESLint's `--fix` options, which acp-lint does not take: its rules change nothing on their own (a change of an
 * error's code or of what a handler answers changes what goes on the wire), they offer suggestions.
 */
function refuseFix(values: Values): void {
  const given = (["fix", "fix-dry-run", "fix-type"] as const).find((option) => values[option] !== undefined);
  if (given === undefined) return;
  throw new UsageError(
    `--${given}: acp-lint changes no file; its rules offer suggestions instead, which your editor applies as quick fixes (ESLint's extension or language server)`,
  );
}

function concurrency(value: string): Concurrency {
  if (value === "auto" || value === "off") return value;
  if (/^[1-9]\d*$/.test(value)) return Number(value);
  throw new UsageError(`--concurrency must be a positive integer, auto or off (got '${value}')`);
}

type Values = ReturnType<typeof parseStrict>["values"];

// The combinations ESLint's own command line refuses, with its words.
const EXCLUSIVE: readonly (readonly [keyof Values, keyof Values])[] = [
  ["suppress-all", "suppress-rule"],
  ["suppress-all", "prune-suppressions"],
  ["suppress-rule", "prune-suppressions"],
];

function suppressionOptions(values: Values): SuppressionOptions {
  for (const [a, b] of EXCLUSIVE) {
    if (values[a] !== undefined && values[b] !== undefined) throw new UsageError(`--${a} and --${b} cannot be used together`);
  }
  const rules = values["suppress-rule"] ?? [];
  const unknown = rules.find((rule) => !/^acp\/[a-z-]+$/.test(rule));
  if (unknown !== undefined) throw new UsageError(`--suppress-rule takes an acp/ rule, such as acp/no-reserved-error-code (got '${unknown}')`);
  // Whether the rule exists is checked once the plugin is loaded (lint.ts): the parse stays quick for --help.
  return {
    all: values["suppress-all"] ?? false,
    rules,
    prune: values["prune-suppressions"] ?? false,
    location: values["suppressions-location"],
    passOnUnpruned: values["pass-on-unpruned-suppressions"] ?? false,
  };
}
