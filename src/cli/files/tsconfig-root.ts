import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/** The directory of the nearest tsconfig.json at or above `from`, or undefined. */
export function findTsconfigRoot(from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "tsconfig.json"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
