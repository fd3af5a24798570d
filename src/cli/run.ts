import packageJson from "../../package.json" with { type: "json" };
import { parseCliArgs } from "./args.js";
import { HELP } from "./help.js";
import type { CliIo } from "./lint.js";
import { checkPathsExist } from "./paths.js";
import { UsageError } from "./usage-error.js";

export type { CliIo };

/** Runs acp-lint and returns its exit code: 0 clean, 1 errors or too many warnings, 2 bad usage or a crash. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const options = parseCliArgs(argv);
    if (options.help) return print(io.stdout, HELP, 0);
    if (options.version) return print(io.stdout, `${packageJson.version}\n`, 0);
    checkPathsExist(io.cwd, options.paths);
    // ESLint and the parser load only now: usage errors, --help and --version answer at once.
    const { lint } = await import("./lint.js");
    return await lint(options, io);
  } catch (error) {
    return print(io.stderr, `acp-lint: ${describeFailure(error)}\n`, 2);
  }
}

function print(stream: { write(text: string): unknown }, text: string, code: number): number {
  stream.write(text);
  return code;
}

// One line on stderr: the problem, not a stack trace.
function describeFailure(error: unknown): string {
  if (error instanceof UsageError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return message
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join(" ");
}
