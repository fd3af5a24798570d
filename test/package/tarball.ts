// The package as npm would publish it: `npm pack` of the repository (after `npm run build`).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runOrThrow } from "./run.js";

export const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** A temporary directory outside the repository, so nothing in it resolves to the repo's node_modules. */
export async function makeScratchDir(label: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `eslint-plugin-acp-${label}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Packs the repository into `destination` and returns the tarball's path. Without prepack's build: the test run
 * has built dist/ already, and a build now would delete it under the tests running beside this one.
 */
export async function packTarball(destination: string): Promise<string> {
  const { stdout } = await runOrThrow("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", destination], { cwd: repoRoot });
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  if (!packed) throw new Error(`npm pack printed no tarball: ${stdout}`);
  return join(destination, packed.filename);
}
