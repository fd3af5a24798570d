import type { ProtocolVersion } from "../protocol/codes.js";
import { isReleaseVersion } from "./sdk/sdk-version.js";

/** `settings.acp`, validated. */
export interface AcpSettings {
  readonly protocolVersion: ProtocolVersion;
  /** Extra constructor names taking `(code, message, data)`. */
  readonly errorClasses: readonly string[];
  /** Extra module names treated as the ACP SDK. */
  readonly sdkModules: readonly string[];
  /** The SDK version to give advice for; undefined: the one installed for the linted file. */
  readonly sdkVersion?: string | undefined;
}

const KEYS = ["protocolVersion", "errorClasses", "sdkModules", "sdkVersion"] as const;

export class AcpSettingsError extends Error {
  override name = "AcpSettingsError";
}

function stringList(value: unknown, key: string): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string" && v.length > 0)) {
    throw new AcpSettingsError(
      `eslint-plugin-acp: settings.acp.${key} must be an array of non-empty strings, got ${JSON.stringify(value)}.`,
    );
  }
  return value as string[];
}

/** What an absent `settings.acp` means; frozen, since every file shares it. */
const DEFAULTS: AcpSettings = Object.freeze({ protocolVersion: 1, errorClasses: Object.freeze([]), sdkModules: Object.freeze([]) });

/** Reads `settings.acp`; a bad value throws an error naming the setting and what it accepts. */
export function readSettings(settings: Readonly<Record<string, unknown>> | undefined): AcpSettings {
  const raw = settings?.["acp"];
  if (raw === undefined) return DEFAULTS;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new AcpSettingsError(`eslint-plugin-acp: settings.acp must be an object, got ${JSON.stringify(raw)}.`);
  }
  const record = raw as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(KEYS as readonly string[]).includes(key)) {
      throw new AcpSettingsError(
        `eslint-plugin-acp: unknown setting settings.acp.${key}; the accepted settings are ${KEYS.join(", ")}.`,
      );
    }
  }
  const version = record["protocolVersion"] ?? 1;
  if (version !== 1 && version !== 2) {
    throw new AcpSettingsError(
      `eslint-plugin-acp: settings.acp.protocolVersion must be 1 or 2, got ${JSON.stringify(version)}.`,
    );
  }
  const sdkVersion = record["sdkVersion"];
  if (sdkVersion !== undefined && !isReleaseVersion(sdkVersion)) {
    throw new AcpSettingsError(
      `eslint-plugin-acp: settings.acp.sdkVersion must be a major.minor.patch version string such as "1.9.0", got ${JSON.stringify(sdkVersion)}.`,
    );
  }
  return {
    protocolVersion: version,
    errorClasses: stringList(record["errorClasses"], "errorClasses"),
    sdkModules: stringList(record["sdkModules"], "sdkModules"),
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
