import { dirname, join } from "node:path";
import { describeRefusal, readRegularFile, realPathOr } from "../../regular-file.js";
import { shown } from "../files/staged-file.js";
import { UsageError } from "../args/usage-error.js";

/** The file acp-lint takes `settings.acp` and acp/ rule options from: data, never code. */
const OPTIONS_FILE = "acp-lint.json";

/** A settings file is small; a larger one is refused rather than read. */
const MAX_OPTIONS_BYTES = 1024 * 1024;

/** What `acp-lint.json` holds: plain data, so worker threads can take it. */
export interface OptionsFileData {
  /** The file it was read from, for messages. */
  readonly path: string;
  /** `settings.acp`, validated by the plugin as under `eslint`. */
  readonly acp?: unknown;
  /** acp/ rule entries, over the preset's (ESLint validates each against the rule's schema). */
  readonly rules?: Readonly<Record<string, unknown>>;
}

const KEYS = new Set(["settings", "rules"]);

/** The options file found for a folder, and what stderr says of one that was there but not read. */
interface FoundOptionsFile {
  readonly data?: OptionsFileData;
  /** What stderr says of each acp-lint.json that was there but not read. */
  readonly notes: readonly string[];
}

/**
 * The nearest `acp-lint.json` at or above `dir`, up to `checkout` (the repository's root). It holds what a project's
 * `eslint.config.*` gives the plugin under `eslint` (`settings.acp`, acp/ rule options) as JSON, which acp-lint can
 * read from code it does not trust: a config file of ESLint's is a program, and acp-lint never runs one. Read only
 * as a regular file inside the checkout; one that is not (a link to a device or out of the checkout) counts as
 * absent, and the note says so.
 */
export function findOptionsFile(dir: string, checkout: string, cwd: string): FoundOptionsFile {
  const inside = realPathOr(checkout);
  const notes: string[] = [];
  for (let current = dir; ; current = dirname(current)) {
    const path = join(current, OPTIONS_FILE);
    const read = readRegularFile(path, { inside, maxBytes: MAX_OPTIONS_BYTES, followLink: true });
    const named = shown(path, cwd);
    if ("text" in read) return { data: parseOptionsFile(read.text, named), notes };
    // Absent, as docs/acp-lint.md says: the search goes on above it.
    if (read.refused !== "missing") notes.push(`${named} is ${describeRefusal(read.refused, MAX_OPTIONS_BYTES)}: not read`);
    if (current === checkout || dirname(current) === current) return { notes };
  }
}

/** `text` as the options file named `shown`; a usage error naming what is wrong. */
function parseOptionsFile(text: string, shown: string): OptionsFileData {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/u, ""));
  } catch (error) {
    throw new UsageError(`${shown} is not JSON: ${(error as Error).message}`);
  }
  if (!isRecord(json)) throw new UsageError(`${shown} must hold an object with "settings" and "rules"`);
  const unknown = Object.keys(json).find((key) => !KEYS.has(key));
  if (unknown !== undefined) throw new UsageError(`${shown}: unknown key "${unknown}"; it may hold "settings" ({ "acp": … }) and "rules"`);
  const { settings, rules } = json;
  if (settings !== undefined && !isRecord(settings)) throw new UsageError(`${shown}: "settings" must be an object such as { "acp": { "errorClasses": ["AgentError"] } }`);
  const otherSetting = settings === undefined ? undefined : Object.keys(settings).find((key) => key !== "acp");
  if (otherSetting !== undefined) throw new UsageError(`${shown}: unknown setting "${otherSetting}"; acp-lint reads only "settings.acp"`);
  if (rules !== undefined && !isRecord(rules)) throw new UsageError(`${shown}: "rules" must be an object of acp/ rule entries`);
  const otherRule = rules === undefined ? undefined : Object.keys(rules).find((id) => !/^acp\/[a-z-]+$/u.test(id));
  if (otherRule !== undefined) throw new UsageError(`${shown}: "${otherRule}" is no acp/ rule; acp-lint runs only eslint-plugin-acp's rules`);
  return {
    path: shown,
    ...(settings?.["acp"] === undefined ? {} : { acp: settings["acp"] }),
    ...(rules === undefined ? {} : { rules }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
