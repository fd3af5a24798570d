import packageJson from "../../package.json" with { type: "json" };
import { parseCliArgs } from "./args/args.js";
import { HELP } from "./args/help.js";
import { UsageError } from "./args/usage-error.js";
import type { CliIo } from "./lint.js";

export type { CliIo };

/** Runs acp-lint and returns its exit code: 0 clean, 1 errors or too many warnings, 2 bad usage or a crash. */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const options = parseCliArgs(argv);
    const { task } = options;
    if (task.kind === "help") return print(io.stdout, HELP, 0);
    if (task.kind === "version") return print(io.stdout, `${packageJson.version}\n`, 0);
    // The plugin, ESLint and the parser load only now: usage errors, --help and --version answer at once.
    if (task.kind === "list-rules" || task.kind === "explain") {
      const [{ default: plugin }, { explainRule, listRules }] = await Promise.all([import("../index.js"), import("./output/rule-docs.js")]);
      return print(io.stdout, task.kind === "list-rules" ? listRules(plugin) : explainRule(plugin, task.rule), 0);
    }
    const { lint, printConfig } = await import("./lint.js");
    if (task.kind === "print-config") return await printConfig(options, task.file, io);
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
