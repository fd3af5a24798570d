import { join } from "node:path";
import intersects from "semver/ranges/intersects.js";
import minVersion from "semver/ranges/min-version.js";
import validRange from "semver/ranges/valid.js";
import { readRegularFile, realPathOr } from "../../regular-file.js";
import { BUILTIN_SDK_MODULES } from "./module-names.js";
import { nearestUp } from "./nearest-up.js";

/**
 * The SDK version range a project declares (`"@agentclientprotocol/sdk": "^0.26.0"` in its package.json): what the
 * plugin knows of the SDK where nothing is installed (a fresh clone, a CI lint before `npm ci`).
 */
export interface DeclaredSdk {
  /** The package.json that declares it. */
  readonly file: string;
  /** The SDK package it names. */
  readonly pkg: string;
  /** The range as written there. */
  readonly written: string;
  /** The range, normalised (`>=0.26.0 <0.27.0-0`). */
  readonly range: string;
  /** The lowest version the range allows: what every version it allows has, advice may name. */
  readonly lowest: string;
}

/** The largest package.json read: a project's own is a few KB. */
const MAX_BYTES = 1_000_000;

const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"] as const;

/** Per directory, the nearest declaration at or above it (undefined: none). Facts of the file system only. */
const declaredByDirectory = new Map<string, DeclaredSdk | undefined>();

/**
 * The SDK range of the nearest package.json at or above `dir` that declares the SDK (the current package first, then
 * the legacy one, as Node's resolution prefers them), or undefined when none does or its range says nothing (`*`,
 * `latest`, a git or file URL). A package.json that is a link, not a regular file, or over MAX_BYTES counts as none.
 */
export function declaredSdkRange(dir: string): DeclaredSdk | undefined {
  return nearestUp(dir, declaredByDirectory, declarationIn);
}

function declarationIn(dir: string): DeclaredSdk | undefined {
  const file = join(dir, "package.json");
  const read = readRegularFile(file, { inside: realPathOr(dir), maxBytes: MAX_BYTES });
  if (!("text" in read)) return undefined;
  let manifest: unknown;
  try {
    manifest = JSON.parse(read.text);
  } catch {
    return undefined;
  }
  if (typeof manifest !== "object" || manifest === null) return undefined;
  for (const pkg of BUILTIN_SDK_MODULES) {
    for (const field of DEPENDENCY_FIELDS) {
      const deps = (manifest as Record<string, unknown>)[field];
      const written = typeof deps === "object" && deps !== null ? (deps as Record<string, unknown>)[pkg] : undefined;
      if (typeof written !== "string") continue;
      const known = knownRange(written, pkg);
      if (known) return { file, pkg, written, ...known };
    }
  }
  return undefined;
}

/**
 * The normalised range and its lowest version, when `written` bounds the version from below: `workspace:^1.2.0`
 * (pnpm) and `npm:@agentclientprotocol/sdk@^0.26.0` (an alias of the same package) are read as their ranges; a range
 * every version satisfies (`*`, `>=0.0.0`) and anything that is no range say nothing.
 */
function knownRange(written: string, pkg: string): { range: string; lowest: string } | undefined {
  const alias = `npm:${pkg}@`;
  const text = written.startsWith("workspace:") ? written.slice("workspace:".length) : written.startsWith(alias) ? written.slice(alias.length) : written;
  const range = validRange(text);
  if (range === null) return undefined;
  const lowest = minVersion(range)?.version;
  return lowest === undefined || lowest === "0.0.0" ? undefined : { range, lowest };
}

/** Whether some version of the SDK that `range` allows is also in `window` (a semver range): never throws. */
export function rangeMeets(range: string, window: string): boolean {
  try {
    return intersects(range, window);
  } catch {
    return true;
  }
}
