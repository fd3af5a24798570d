// A project outside the repository that installs the packed tarball with one ESLint version, as a user would.
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { consumerFiles } from "./consumer-files.js";
import { run, runOrThrow, type RunResult } from "../../package/run.js";
import { makeScratchDir, packTarball } from "../../package/tarball.js";
import { consumerTooling } from "./versions.js";

export interface ConsumerProject {
  readonly dir: string;
  /** Runs a binary of the project's node_modules/.bin (eslint, tsc) in the project. */
  readonly bin: (name: string, args: readonly string[]) => Promise<RunResult>;
  readonly node: (args: readonly string[]) => Promise<RunResult>;
  readonly remove: () => Promise<void>;
}

export const installTimeoutMs = 240_000;

export async function createConsumerProject(label: string, eslint: string): Promise<ConsumerProject> {
  const scratch = await makeScratchDir(label);
  const tarball = await packTarball(scratch.dir);
  const dir = join(scratch.dir, "project");
  for (const [path, content] of Object.entries(consumerFiles(`acp-consumer-${label}`))) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  await runOrThrow(
    "npm",
    ["install", "--save-dev", "--no-audit", "--no-fund", "--prefer-offline", tarball, eslint, ...consumerTooling],
    { cwd: dir, timeoutMs: installTimeoutMs },
  );
  return {
    dir,
    bin: (name, args) => run(join(dir, "node_modules", ".bin", name), args, { cwd: dir }),
    node: (args) => run(process.execPath, args, { cwd: dir }),
    remove: scratch.remove,
  };
}
