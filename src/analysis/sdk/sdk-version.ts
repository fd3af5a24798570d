import { LEGACY_NAME_RELEASES } from "../../protocol/methods.js";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { FACTORY_BY_NAME } from "../../protocol/codes.js";
import { readRegularFile, realPathOr } from "../../regular-file.js";
import satisfies from "semver/functions/satisfies.js";
import subset from "semver/ranges/subset.js";
import { type DeclaredSdk, declaredSdkRange, rangeMeets } from "./declared-range.js";
import { BUILTIN_SDK_MODULES } from "./module-names.js";
import { nearestUp } from "./nearest-up.js";

/** `major.minor.patch`, each a number without leading zeros. */
const RELEASE = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
/** An installed package's version: a release, or a prerelease / build of one (`2.1.0-rc.1`). */
const INSTALLED = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/**
 * The newest SDK major the protocol tables describe (they follow SDK 2.4.0, the version the package's tests
 * install): `settings.acp.sdkVersion` may name no later one, since what a future major has is unknown.
 */
export const NEWEST_SDK_MAJOR = 2;

/** Whether `value` is a `major.minor.patch` version string, as `settings.acp.sdkVersion` must be. */
export function isReleaseVersion(value: unknown): value is string {
  return typeof value === "string" && RELEASE.test(value);
}

/** `[major, minor, patch, isPrerelease]` of a version string, or undefined when it is none. */
function parts(version: string): [number, number, number, boolean] | undefined {
  const match = INSTALLED.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3]), match[4] !== undefined] : undefined;
}

/** The `since` of what every SDK version has: advice for an unknown version may name only that. */
const EVERY_VERSION = "0.1.0";

/**
 * Whether `version` is `since` or later. A prerelease counts as before its release (`2.1.0-rc.1` may lack
 * what 2.1.0 added), and an unknown version has only what every version has.
 */
export function isAtLeast(version: string | undefined, since: string): boolean {
  const have = parts(version ?? EVERY_VERSION);
  const need = parts(since);
  if (!have || !need) throw new Error(`not a version: ${have ? since : version}`);
  for (let i = 0; i < 3; i++) {
    if (have[i] !== need[i]) return (have[i] as number) > (need[i] as number);
  }
  return !have[3];
}

/** Whether an SDK of `version` (undefined: unknown, so any) declares the `RequestError` factory `name`. */
export function sdkHasFactory(version: string | undefined, name: string): boolean {
  const factory = FACTORY_BY_NAME.get(name);
  return factory !== undefined && isAtLeast(version, factory.since);
}

/** Per directory, the SDK version installed for files in it (undefined: none found). Facts of the file system only. */
const versionByDirectory = new Map<string, string | undefined>();

/** The largest SDK `package.json` read: the SDK's own is about 3 KB. */
export const MAX_PACKAGE_JSON_BYTES = 1_000_000;

/**
 * The `version` of `<dir>/node_modules/<pkg>/package.json`, or undefined when there is none. The file is read only when
 * it is a regular file whose real path lies inside that `node_modules` folder (pnpm's links into its own `.pnpm` store
 * are followed; a workspace package linked from outside it is not), of at most MAX_PACKAGE_JSON_BYTES: the plugin runs
 * in every folder up to `/`, and a `package.json` that is a link to `/dev/zero`, `/dev/stdin`, a FIFO or a file
 * elsewhere counts as no package.
 */
function installedVersion(dir: string, pkg: string): string | undefined {
  const modules = join(dir, "node_modules");
  const inside = realPathOr(modules);
  const read = readRegularFile(join(modules, pkg, "package.json"), { inside, maxBytes: MAX_PACKAGE_JSON_BYTES, followLink: true });
  if (!("text" in read)) return undefined;
  const text = read.text;
  try {
    const version = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === "string" && parts(version) ? version : undefined;
  } catch {
    return undefined;
  }
}

/** The SDK version Node would resolve from `dir`: the nearest node_modules with the current SDK, else the legacy one. */
function versionFrom(dir: string): string | undefined {
  return nearestUp(dir, versionByDirectory, (folder) => BUILTIN_SDK_MODULES.map((pkg) => installedVersion(folder, pkg)).find((v) => v !== undefined));
}

/** The SDK a file is linted for: the copy installed for it, else the range its nearest package.json declares. */
export type FoundSdk =
  | { readonly source: "installed"; readonly version: string }
  | { readonly source: "declared"; readonly version: string; readonly declared: DeclaredSdk };

/**
 * The ACP SDK of the linted file: the version installed for it, else the lowest version the nearest package.json's
 * range for the SDK allows (a fresh clone, a CI lint before `npm ci`); undefined when neither is found or the code
 * is not a file (`<input>`, `<text>`).
 */
export function findSdk(filename: string, cwd: string): FoundSdk | undefined {
  if (filename === "<input>" || filename === "<text>") return undefined;
  const dir = dirname(isAbsolute(filename) ? filename : resolve(cwd, filename));
  const installed = versionFrom(dir);
  if (installed !== undefined) return { source: "installed", version: installed };
  const declared = declaredSdkRange(dir);
  return declared && { source: "declared", version: declared.lowest, declared };
}

/** The version advice is for (findSdk's): the installed one, else the lowest the declared range allows. */
export function detectSdkVersion(filename: string, cwd: string): string | undefined {
  return findSdk(filename, cwd)?.version;
}

/** The versions the file may run with, as a range: the installed (or set) version itself, or the declared range. */
export function sdkVersionsOf(found: FoundSdk | undefined): string | undefined {
  return found?.source === "declared" ? found.declared.range : found?.version;
}

/**
 * Whether every SDK version of `versions` (an exact version or a declared range, see sdkVersionsOf) lies in `window`
 * (a semver range); false for an unknown version.
 */
export function sdkVersionsWithin(versions: string | undefined, window: string): boolean {
  if (versions === undefined) return false;
  try {
    return parts(versions) === undefined ? subset(versions, window) : satisfies(versions, window);
  } catch {
    return false;
  }
}

/**
 * Whether the legacy `AgentSideConnection` of the SDK calls an `Agent` member named `name`, for `versions`: an exact
 * version or a declared range (see sdkVersionsOf). Always for an unknown version, and for 2.x (which has no such
 * connection: the class is judged as the legacy API defines it); for a range, when some version it allows calls it,
 * so that a range is never judged by a version it may not install.
 */
export function legacyNameDispatched(versions: string | undefined, name: string): boolean {
  const releases = LEGACY_NAME_RELEASES[name];
  if (!releases || versions === undefined) return true;
  if (parts(versions) === undefined) {
    const window = [releases.since && `>=${releases.since}`, releases.until && `<${releases.until}`].filter(Boolean).join(" ");
    return rangeMeets(versions, ">=2.0.0") || rangeMeets(versions, window || "*");
  }
  if (!isReleaseVersion(versions) || isAtLeast(versions, "2.0.0")) return true;
  return (releases.since === undefined || isAtLeast(versions, releases.since)) && (releases.until === undefined || !isAtLeast(versions, releases.until));
}
