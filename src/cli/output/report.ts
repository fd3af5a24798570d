import { resolve } from "node:path";
import { UsageError } from "../args/usage-error.js";
import { UnsafeWriteError, writeFileReplacing } from "../files/safe-write.js";

export interface Output {
  write(text: string): unknown;
}

/**
 * Writes the report to `-o`'s file, as ESLint's command line does (folders created, a folder given is an error),
 * or to stdout without one. The file is replaced through a temporary file, never written through a link a
 * checkout holds (`checkouts`: their real paths).
 */
export function writeReport(text: string, outputFile: string | undefined, cwd: string, stdout: Output, checkouts: readonly string[]): void {
  if (outputFile === undefined) {
    stdout.write(text);
    return;
  }
  try {
    writeFileReplacing(resolve(cwd, outputFile), text, checkouts, `the report to ${outputFile}`);
  } catch (error) {
    if (error instanceof UnsafeWriteError) throw new UsageError(error.message);
    throw error;
  }
}

export function endWithNewline(text: string): string {
  return text === "" || text.endsWith("\n") ? text : `${text}\n`;
}
