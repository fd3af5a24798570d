// The bench's workload: real JavaScript and TypeScript that `npm ci` puts in node_modules, chosen deterministically
// (the ACP SDKs' shipped code, and packages with no ACP in them), plus the generated ACP agents and clients of
// generate.mjs. Files are named by paths relative to the bench's folder (`real/<package path>`,
// `generated/<style>.ts`); writeWorkload puts them there, with every other code file of their packages' folders, so
// that the relative imports the plugin follows resolve as in the packages themselves.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { generatedFiles } from "./generate.mjs";

const NODE_MODULES = join(fileURLToPath(import.meta.url), "..", "..", "node_modules");

/** Files over this size are skipped: bundles and generated schemas, not code anyone lints by hand. */
export const HUGE = 100_000;

const CODE = /\.(?:[cm]?js|[cm]?ts)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
const TEST = /(?:^|\/)(?:tests?|__tests__)\/|\.(?:test|spec)\.[cm]?[jt]s$/;

/**
 * Where the real code comes from, and how many lines of each the full workload takes (the quick one a tenth of the
 * ACP code and a third of the rest): ACP code (`acp`), the SDK's shipped JavaScript (all of it) and the legacy SDK's
 * (its connection classes and its example agents and clients); and code with no ACP in it, typescript-eslint's
 * plugin and parser, vitest's dist, eslint's lib, and TypeScript sources (zod's src, @arethetypeswrong/core's src),
 * tests excluded.
 */
export const SOURCES = [
  { dir: "@agentclientprotocol/sdk/dist", lines: 25_000, acp: true },
  { dir: "acp-sdk-legacy/dist", lines: 6_000, acp: true },
  { dir: "@typescript-eslint/eslint-plugin/dist", lines: 6_000 },
  { dir: "@typescript-eslint/typescript-estree/dist", lines: 2_000 },
  { dir: "vitest/dist", lines: 5_000 },
  { dir: "eslint/lib", lines: 9_000 },
  { dir: "zod/src", lines: 6_000 },
  { dir: "@arethetypeswrong/core/src", lines: 1_000 },
];

export const lineCount = (text) => text.split("\n").length;

/**
 * Every code file under `dir` (paths relative to node_modules, sorted), with the files skipped: declarations,
 * tests, and huge files (listed, since the typed project copies them for the checker).
 */
export function codeFiles(dir) {
  const files = [];
  const skipped = { declarations: 0, tests: 0, huge: [] };
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = join(at, entry.name);
      const rel = relative(NODE_MODULES, path).split(sep).join("/");
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(path);
      } else if (CODE.test(entry.name)) {
        if (DECLARATION.test(entry.name)) skipped.declarations++;
        else if (TEST.test(rel)) skipped.tests++;
        else if (statSync(path).size > HUGE) skipped.huge.push(rel);
        else files.push(rel);
      }
    }
  };
  walk(join(NODE_MODULES, dir));
  return { files, skipped };
}

/** The text of `rel`, a path relative to node_modules. */
export const readModuleFile = (rel) => readFileSync(join(NODE_MODULES, rel), "utf8");

/**
 * Up to `budget` lines of the sorted `paths`, spread over the whole list: every k-th file first (k chosen so
 * one pass is about the budget), then the ones in between, until the budget is reached.
 */
function spreadPick(paths, budget) {
  const texts = paths.map(readModuleFile);
  const total = texts.reduce((sum, t) => sum + lineCount(t), 0);
  const step = Math.max(1, Math.floor(total / budget));
  const picked = [];
  let lines = 0;
  for (let offset = 0; offset < step && lines < budget; offset++) {
    for (let i = offset; i < paths.length && lines < budget; i += step) {
      picked.push({ name: `real/${paths[i]}`, text: texts[i] });
      lines += lineCount(texts[i]);
    }
  }
  return picked.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The real files of the workload, by source (with every code file of its folder), and the counts of skipped files. */
export function realFiles({ quick }) {
  const skipped = { declarations: 0, tests: 0, huge: 0 };
  const bySource = SOURCES.map(({ dir, lines, acp = false }) => {
    const code = codeFiles(dir);
    skipped.declarations += code.skipped.declarations;
    skipped.tests += code.skipped.tests;
    skipped.huge += code.skipped.huge.length;
    const scale = quick ? (acp ? 0.1 : 0.33) : 1;
    return { dir, acp, all: code.files, files: spreadPick(code.files, Math.round(lines * scale)) };
  });
  return { bySource, skipped };
}

/**
 * The whole workload: real files and generated files (3 units a style quick, 6 full); `noAcp` and `acpCode` split it
 * into what users should not pay for and the ACP code the rules analyse.
 */
export function workload({ quick }) {
  const { bySource, skipped } = realFiles({ quick });
  const generated = generatedFiles(quick ? 3 : 6);
  const files = [...bySource.flatMap((s) => s.files), ...generated];
  const noAcp = bySource.filter((s) => !s.acp).flatMap((s) => s.files);
  const acpCode = [...bySource.filter((s) => s.acp).flatMap((s) => s.files), ...generated];
  return { files, bySource, generated, noAcp, acpCode, skipped };
}

/** Writes the workload under `root`: its files, and every other code file of the real files' folders. */
export function writeWorkload(root, work) {
  const write = (name, text) => {
    const path = join(root, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  for (const source of work.bySource) for (const rel of source.all) write(`real/${rel}`, readModuleFile(rel));
  for (const file of work.generated) write(file.name, file.text);
}

/** `files` repeated `n` times under different names (`copy-1/…`, `copy-2/…`). */
export const copies = (files, n) =>
  Array.from({ length: n }, (_, i) => files.map((f) => ({ ...f, name: `copy-${i + 1}/${f.name}` }))).flat();

