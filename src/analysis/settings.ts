import type { ProtocolVersion } from "../protocol/codes.js";
import { AcpSettingsError, keyPath, shownValue } from "../config-errors.js";
import { isReleaseVersion, NEWEST_SDK_MAJOR } from "./sdk/sdk-version.js";

/** `settings.acp`, validated. */
export interface AcpSettings {
  readonly protocolVersion: ProtocolVersion;
  /** Extra constructor names taking `(code, message, data)`. */
  readonly errorClasses: readonly string[];
  /** Extra module names treated as the ACP SDK. */
  readonly sdkModules: readonly string[];
  /** The SDK version to give advice for; undefined: the one installed for the linted file (else declared). */
  readonly sdkVersion?: string | undefined;
}

const KEYS = ["protocolVersion", "errorClasses", "sdkModules", "sdkVersion"] as const;

/** A JavaScript identifier: what `new X(code, message, data)` can name. */
const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;
/** Longer names are no real class; the cap keeps the patterns built from them within V8's limits. */
const MAX_CLASS_NAME = 255;
/** npm's limit for a package name. */
const MAX_MODULE_NAME = 214;
/** What no module specifier holds: whitespace, control characters, quotes, backslashes. */
const NOT_IN_MODULE_NAME = /[\s\p{Cc}"'`\\]/u;

/** A kind of name a list setting holds: what each must be, and the test. */
interface NameKind {
  readonly plural: string;
  readonly one: string;
  readonly valid: (name: string) => boolean;
}

const CLASS_NAMES: NameKind = {
  plural: "class names",
  one: `a class name: a JavaScript identifier such as "AgentError", at most ${MAX_CLASS_NAME} characters`,
  valid: (name) => name.length <= MAX_CLASS_NAME && IDENTIFIER.test(name),
};

const MODULE_NAMES: NameKind = {
  plural: "module names",
  one: `a module name such as "@acme/acp-sdk": 1 to ${MAX_MODULE_NAME} characters (npm's limit for a package name), without whitespace, quotes or backslashes`,
  valid: (name) => name.length > 0 && name.length <= MAX_MODULE_NAME && !NOT_IN_MODULE_NAME.test(name),
};

function fail(setting: string, allowed: string, value: unknown): never {
  throw new AcpSettingsError(`eslint-plugin-acp: settings.acp.${setting} must be ${allowed}, got ${shownValue(value)}.`);
}

/** `settings.acp[key]`, an array of names of `kind`; absent: none. */
function nameList(record: Record<string, unknown>, key: string, kind: NameKind): readonly string[] {
  const value = record[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(key, `an array of ${kind.plural}`, value);
  for (let i = 0; i < value.length; i++) {
    const name: unknown = value[i];
    if (typeof name !== "string" || !kind.valid(name)) fail(`${key}[${i}]`, kind.one, name);
  }
  return value as string[];
}

/** `settings.acp.sdkVersion`: a release of a major the plugin knows (advice for SDK 99 would be a guess). */
function sdkVersionOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!isReleaseVersion(value)) fail("sdkVersion", 'a major.minor.patch version string such as "1.9.0"', value);
  if (Number(value.split(".")[0]) > NEWEST_SDK_MAJOR) {
    fail("sdkVersion", `an SDK version from 0.0.0 to ${NEWEST_SDK_MAJOR}.x.x (${NEWEST_SDK_MAJOR} is the newest major this plugin knows)`, value);
  }
  return value;
}

/** What an absent `settings.acp` means; frozen, since every file shares it. */
const DEFAULTS: AcpSettings = Object.freeze({ protocolVersion: 1, errorClasses: Object.freeze([]), sdkModules: Object.freeze([]) });

/** Reads `settings.acp`; a bad value throws an error naming the setting, the value and what it accepts. */
export function readSettings(settings: Readonly<Record<string, unknown>> | undefined): AcpSettings {
  const raw = settings?.["acp"];
  if (raw === undefined) return DEFAULTS;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new AcpSettingsError(`eslint-plugin-acp: settings.acp must be an object, got ${shownValue(raw)}.`);
  }
  const record = raw as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(KEYS as readonly string[]).includes(key)) {
      throw new AcpSettingsError(`eslint-plugin-acp: unknown setting settings.acp${keyPath(key)}; the accepted settings are ${KEYS.join(", ")}.`);
    }
  }
  // Only an absent value means the default: `null` is a mistake to report.
  const version = record["protocolVersion"] === undefined ? 1 : record["protocolVersion"];
  if (version !== 1 && version !== 2) fail("protocolVersion", "1 or 2", version);
  const sdkVersion = sdkVersionOf(record["sdkVersion"]);
  return {
    protocolVersion: version,
    errorClasses: nameList(record, "errorClasses", CLASS_NAMES),
    sdkModules: nameList(record, "sdkModules", MODULE_NAMES),
    ...(sdkVersion === undefined ? {} : { sdkVersion }),
  };
}

const read = new WeakMap<object, AcpSettings>();

/**
 * `readSettings`, once per settings object: ESLint hands every rule of a file, and every file of a configuration,
 * the same object.
 */
export function acpSettings(settings: Readonly<Record<string, unknown>> | undefined): AcpSettings {
  if (!settings) return readSettings(settings);
  let found = read.get(settings);
  if (!found) {
    found = readSettings(settings);
    read.set(settings, found);
  }
  return found;
}
