import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { UsageError } from "../args/usage-error.js";

export interface Output {
  write(text: string): unknown;
}

/**
 * Writes the report to `-o`'s file, as ESLint's command line does (folders created, a folder given is an error),
 * or to stdout without one.
 */
export function writeReport(text: string, outputFile: string | undefined, cwd: string, stdout: Output): void {
  if (outputFile === undefined) {
    stdout.write(text);
    return;
  }
  const path = resolve(cwd, outputFile);
  if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`cannot write the report to ${outputFile}: it is a folder`);
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

export function endWithNewline(text: string): string {
  return text === "" || text.endsWith("\n") ? text : `${text}\n`;
}
