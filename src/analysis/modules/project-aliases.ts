import { dirname, join } from "node:path";
import { isInside, readRegularFile } from "../../regular-file.js";
import { folderOf, realRoot, statOf, type Stats } from "./folders.js";
import { aliasesOf, type ConfigOptions, configOptions, NO_ALIASES, type PathAliases } from "./tsconfig-paths.js";

/**
 * The path aliases in force for a file of the project: those of the nearest tsconfig.json (else jsconfig.json) at or
 * above its folder and inside the lint root, with the configs it extends by a relative path. A config is read as any
 * file the code under lint may have planted (regular-file.ts): a regular file inside the root, of bounded size.
 */

/** A config larger than this is not read (a real one is a few kB). */
const MAX_CONFIG_BYTES = 256 * 1024;
/** `extends` followed at most this deep (TypeScript has no bound; a chain this long is no project's). */
const MAX_EXTENDS = 8;
const CONFIG_NAMES = ["tsconfig.json", "jsconfig.json"] as const;

interface Read {
  readonly mtimeMs: number;
  readonly size: number;
  readonly options: ConfigOptions | undefined;
}

/** Config files read, by path (checked against their modification time and size on each use). */
const configs = new Map<string, Read>();
/** The aliases of a nearest config, by its path, with the files of its chain as they were when read. */
const chains = new Map<string, { readonly files: readonly (readonly [string, Read])[]; readonly aliases: PathAliases }>();

/** The aliases for a file at `fromFile` under the lint root `root`; none when no config applies. */
export function projectAliases(fromFile: string, root: string, stats: Stats | undefined): PathAliases {
  const inside = realRoot(root);
  for (let dir = dirname(fromFile); isInside(dir, root); dir = dirname(dir)) {
    const entries = folderOf(dir, stats)?.entries;
    const name = entries && CONFIG_NAMES.find((n) => entries.has(n));
    if (name) return chainAliases(join(dir, name), inside, stats);
    if (dir === root || dirname(dir) === dir) break;
  }
  return NO_ALIASES;
}

function chainAliases(path: string, inside: string, stats: Stats | undefined): PathAliases {
  const known = chains.get(path);
  if (known && known.files.every(([file, read]) => readConfig(file, inside, stats) === read)) return known.aliases;
  const files: (readonly [string, Read])[] = [];
  const chain: ConfigOptions[] = [];
  const seen = new Set<string>();
  let next: string[] = [path];
  for (let depth = 0; depth <= MAX_EXTENDS && next.length > 0; depth++) {
    const level: string[] = [];
    for (const file of next) {
      if (seen.has(file)) continue;
      seen.add(file);
      const read = readConfig(file, inside, stats);
      files.push([file, read]);
      if (!read.options) continue;
      chain.push(read.options);
      // What a file extends comes after it, the last of several `extends` nearest.
      level.push(...[...read.options.extends].reverse());
    }
    next = level;
  }
  const aliases = aliasesOf(chain);
  chains.set(path, { files, aliases });
  return aliases;
}

const UNREAD: Read = { mtimeMs: -1, size: -1, options: undefined };

/** A config file's options, the same object while the file is unchanged. */
function readConfig(path: string, inside: string, stats: Stats | undefined): Read {
  const stat = statOf(path, stats);
  if (!stat || stat.size > MAX_CONFIG_BYTES) return UNREAD;
  const known = configs.get(path);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known;
  const text = readRegularFile(path, { inside, maxBytes: MAX_CONFIG_BYTES, followLink: true });
  const read: Read = { mtimeMs: stat.mtimeMs, size: stat.size, options: "text" in text ? configOptions(path, text.text) : undefined };
  configs.set(path, read);
  return read;
}

/** Forgets every config read (tests). */
export function clearProjectAliases(): void {
  configs.clear();
  chains.clear();
}
