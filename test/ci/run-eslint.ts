import { spawn } from "node:child_process";
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

/** Runs `node <script> ...args` in `cwd` with piped output and colours off. */
export function runNode(script: string, args: readonly string[], cwd: string, stdin?: string): Promise<Run> {
  return runProgram(process.execPath, [script, ...args], cwd, stdin);
}

/** Runs a program in `cwd` with piped output and colours off; `stdin`, when given, is its standard input. */
export function runProgram(command: string, args: readonly string[], cwd: string, stdin?: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete env["FORCE_COLOR"];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
    if (stdin !== undefined) child.stdin!.end(stdin);
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

export const runEslint = (args: readonly string[]) => runNode(ESLINT_BIN, args, CI_PROJECT);
