import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError } from "./usage-error.js";

const GLOB_CHARACTERS = /[*?[\]{}()!]/u;

/** Throws for the first path that does not exist; glob patterns are left to ESLint. */
export function checkPathsExist(cwd: string, paths: readonly string[]): void {
  const missing = paths.find((path) => !GLOB_CHARACTERS.test(path) && !existsSync(resolve(cwd, path)));
  if (missing !== undefined) throw new UsageError(`no such file or directory: ${missing}`);
}
