import { dirname } from "node:path";

/**
 * The first value `at` finds in `dir` or a folder above it, up to `/` (undefined: none). Every folder visited keeps
 * the answer in `memo`, so a later walk from below stops at the first folder already asked. Facts of the file system
 * only, as a single lint takes them.
 */
export function nearestUp<T>(dir: string, memo: Map<string, T | undefined>, at: (folder: string) => T | undefined): T | undefined {
  const visited: string[] = [];
  let found: T | undefined;
  for (let current = dir; ; current = dirname(current)) {
    if (memo.has(current)) {
      found = memo.get(current);
      break;
    }
    visited.push(current);
    found = at(current);
    if (found !== undefined || dirname(current) === current) break;
  }
  for (const folder of visited) memo.set(folder, found);
  return found;
}
