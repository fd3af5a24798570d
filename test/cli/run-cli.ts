import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";
import { type Run, runNode, type RunOptions, runProgramWith, type TimedRun } from "../ci/run-eslint.js";

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


/** Runs the built acp-lint as runCli does, with the environment, standard input and output or time limit given. */
export function runCliWith(args: readonly string[], cwd: string, options: RunOptions, cli = CLI): Promise<TimedRun> {
  return runProgramWith(process.execPath, [cli, ...args], cwd, options);
}
