import { cp, mkdir, readdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeProject } from "./run-cli.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));

/**
 * A copy of the built package whose node_modules links every package of the repository's except `missing`
 * ("@scope/name"): how acp-lint runs for a user who did not install that optional peer dependency.
 * Returns the path of the copy's dist/cli.js.
 */
export async function installWithout(missing: string): Promise<string> {
  const root = await makeProject({ "package.json": JSON.stringify({ name: "eslint-plugin-acp", type: "module" }) });
  await cp(join(REPO, "dist"), join(root, "dist"), { recursive: true });
  await linkPackages(join(REPO, "node_modules"), join(root, "node_modules"), missing);
  return join(root, "dist", "cli.js");
}

async function linkPackages(from: string, to: string, missing: string, scope = ""): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const name of await readdir(from)) {
    const id = scope ? `${scope}/${name}` : name;
    if (id === missing || name === ".bin") continue;
    if (!scope && name.startsWith("@")) await linkPackages(join(from, name), join(to, name), missing, name);
    else await symlink(join(from, name), join(to, name));
  }
}

