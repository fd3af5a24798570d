import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The fixture project with its own eslint.config.js, importing the plugin as users do. */
export const CI_PROJECT = fileURLToPath(new URL("../fixtures/ci-project", import.meta.url));

/** The real ESLint command line, as `npx eslint` runs it in CI. */
export const ESLINT_BIN = fileURLToPath(new URL("../../node_modules/eslint/bin/eslint.js", import.meta.url));

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Added to (or, with undefined, removed from) the environment: colours are off, as in a pipe. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Standard input: a text written and closed, or `open`, a pipe that stays open and empty for the whole run (a FIFO
   * this process holds open for writing, so reading /dev/stdin waits for ever, as in a CI step whose input never
   * ends; a spawned child's "pipe" is a socket, which /dev/stdin cannot open). Default: none.
   */
  readonly stdin?: string | "open";
  /** A file descriptor for standard output instead of a pipe (`/dev/full`, say); stdout is then "". */
  readonly stdoutFd?: number;
  /** Killed after this many milliseconds (code null, `timedOut`): a run that hangs fails the test instead of the suite. */
  readonly timeoutMs?: number;
}

export interface TimedRun extends Run {
  readonly timedOut: boolean;
}

/** Runs `node <script> ...args` in `cwd` with piped output and colours off; `stdin`, when given, is its standard input. */
export function runNode(script: string, args: readonly string[], cwd: string, stdin?: string): Promise<Run> {
  return runProgram(process.execPath, [script, ...args], cwd, stdin);
}

/** Runs a program in `cwd` with piped output and colours off; `stdin`, when given, is its standard input. */
export async function runProgram(command: string, args: readonly string[], cwd: string, stdin?: string): Promise<Run> {
  const { code, stdout, stderr } = await runProgramWith(command, args, cwd, stdin === undefined ? {} : { stdin });
  return { code, stdout, stderr };
}

/** Runs a program in `cwd` with piped output, colours off, and the environment, input, output and time limit given. */
export async function runProgramWith(command: string, args: readonly string[], cwd: string, options: RunOptions): Promise<TimedRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env["FORCE_COLOR"];
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const openStdin = options.stdin === "open" ? heldOpenFifo() : undefined;
  const stdin = openStdin ?? (options.stdin === undefined ? "ignore" : "pipe");
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: [stdin, options.stdoutFd ?? "pipe", "pipe"] });
    if (typeof options.stdin === "string" && options.stdin !== "open") child.stdin!.end(options.stdin);
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill("SIGKILL");
          }, options.timeoutMs);
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (openStdin !== undefined) closeSync(openStdin);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

let fifos: string | undefined;
process.on("exit", () => {
  if (fifos !== undefined) rmSync(fifos, { recursive: true, force: true });
});

/**
 * A FIFO opened for reading and writing, as a child's standard input that stays open and empty: opening does not wait
 * for the other end, and it never ends while held. The caller closes the descriptor.
 */
export function heldOpenFifo(): number {
  fifos ??= mkdtempSync(join(tmpdir(), "acp-stdin-"));
  const fifo = join(fifos, `stdin-${randomBytes(6).toString("hex")}`);
  execFileSync("mkfifo", [fifo]);
  return openSync(fifo, "r+");
}

export const runEslint = (args: readonly string[]) => runNode(ESLINT_BIN, args, CI_PROJECT);
