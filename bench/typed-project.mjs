// The typed part of the bench: a temporary TypeScript project (tsconfig.json, package.json, a node_modules link
// to the repository's, so the SDK's types resolve) holding generated ACP agents and clients and copies of
// zod's TypeScript sources, since files in node_modules belong to no tsconfig.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generatedFiles } from "./generate.mjs";
import { codeFiles, readModuleFile } from "./workload.mjs";

const NODE_MODULES = join(fileURLToPath(import.meta.url), "..", "..", "node_modules");

/** What the typed configurations lint, named relative to the run's temporary folder (the project is its `typed/`). */
export function typedFiles({ quick }) {
  return typedSources({ quick }).lint.map((f) => ({ ...f, name: `typed/${f.name}` }));
}

/** zod's sources (tests excluded) are all in the project; the non-huge ones of v3 (and, full, v4/core) are linted. */
function typedSources({ quick }) {
  const { files, skipped } = codeFiles("zod/src");
  const zod = files.map((rel) => ({ name: `real/${rel}`, text: readModuleFile(rel) }));
  const huge = skipped.huge.map((rel) => ({ name: `real/${rel}`, text: readModuleFile(rel) }));
  const linted = zod.filter((f) => (quick ? /^real\/zod\/src\/v3\// : /^real\/zod\/src\/v(?:3|4\/core)\//).test(f.name));
  const generated = generatedFiles(quick ? 2 : 8);
  return { all: [...zod, ...huge, ...generated], lint: [...linted, ...generated] };
}

/** Writes the project under `root/typed` and returns its folder (the typed configurations' tsconfigRootDir). */
export function writeTypedProject(root, { quick }) {
  const dir = join(root, "typed");
  mkdirSync(dir, { recursive: true });
  symlinkSync(NODE_MODULES, join(dir, "node_modules"), "junction");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "acp-bench-typed", private: true, type: "module" }));
  const compilerOptions = { target: "es2022", module: "nodenext", strict: true, skipLibCheck: true, noEmit: true, types: ["node"] };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["**/*.ts"], exclude: ["node_modules"] }, null, 2));
  for (const file of typedSources({ quick }).all) {
    const path = join(dir, file.name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.text);
  }
  return dir;
}
