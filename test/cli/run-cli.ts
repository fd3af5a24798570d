import { execFileSync, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { runNode, type Run } from "../ci/run-eslint.js";

/** The built bin, as `npx acp-lint` runs it: tests need `npm run build` first. */
export const CLI = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

export type CliRun = Run;

/** Runs `node dist/cli.js ...args` in `cwd`, stdout and stderr piped (so not a terminal), colours off. */
export function runCli(args: readonly string[], cwd: string, cli = CLI, stdin?: string): Promise<CliRun> {
  return runNode(cli, args, cwd, stdin);
}

const projects: string[] = [];
afterAll(async () => {
  await Promise.all(projects.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh folder under the OS temp dir holding `files` (path -> text); removed after the test file. */
export async function makeProject(files: Readonly<Record<string, string>>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "acp-lint-"));
  projects.push(dir);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}


export interface RunOptions {
  /** Added to (or, with undefined, removed from) the environment runCli gives. */
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

export interface TimedRun extends CliRun {
  readonly timedOut: boolean;
}

/** Runs the built acp-lint as runCli does, with the environment, standard input and output or time limit given. */
export function runCliWith(args: readonly string[], cwd: string, options: RunOptions, cli = CLI): Promise<TimedRun> {
  return runNodeWith(cli, args, cwd, options);
}

/** Runs `node <script> ...args` in `cwd` with piped output, colours off, and the options given. */
export async function runNodeWith(script: string, args: readonly string[], cwd: string, options: RunOptions): Promise<TimedRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env["FORCE_COLOR"];
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const openStdin = options.stdin === "open" ? await heldOpenFifo() : undefined;
  const stdin = openStdin ?? (options.stdin === undefined ? "ignore" : "pipe");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { cwd, env, stdio: [stdin, options.stdoutFd ?? "pipe", "pipe"] });
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

/**
 * A FIFO opened for reading and writing, as a child's standard input that stays open and empty: opening does not wait
 * for the other end, and it never ends while held. The caller closes the descriptor.
 */
export async function heldOpenFifo(): Promise<number> {
  const fifo = join(await makeProject({}), "stdin");
  execFileSync("mkfifo", [fifo]);
  return openSync(fifo, "r+");
}
