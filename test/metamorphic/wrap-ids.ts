/** The edits both "wrap the id" rewrites make: each read of a requested id that `keep` accepts, wrapped in `name(…)`. */
import { type Edits, slice } from "./edit.js";
import { type IdRead, idReads } from "./id-reads.js";
import type { Source } from "./syntax.js";

/** Wraps the reads; the ranges of the functions they are in. */
export function wrapIds(source: Source, edits: Edits, name: string, keep: (read: IdRead) => boolean): (readonly [number, number])[] {
  const touched = new Map<string, readonly [number, number]>();
  for (const read of idReads(source).filter(keep)) {
    const [from, to] = read.node.range;
    const wrapped = [`${name}(`, slice(from, to), ")"];
    edits.replace(from, to, read.shorthand ? [source.code.slice(from, to), ": ", ...wrapped] : wrapped);
    touched.set(String(read.fn), read.fn);
  }
  return [...touched.values()];
}
