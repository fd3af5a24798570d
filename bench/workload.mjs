// The bench's workload: real JavaScript and TypeScript that `npm ci` puts in node_modules (mostly not ACP code),
// chosen deterministically, plus the generated ACP agents and clients of generate.mjs. Files are named by
// virtual paths (`real/<package path>`, `generated/<style>.ts`), linted from memory.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { generatedFiles } from "./generate.mjs";

const NODE_MODULES = join(fileURLToPath(import.meta.url), "..", "..", "node_modules");

/** Files over this size are skipped: bundles and generated schemas, not code anyone lints by hand. */
export const HUGE = 100_000;

const CODE = /\.(?:[cm]?js|[cm]?ts)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
const TEST = /(?:^|\/)(?:tests?|__tests__)\/|\.(?:test|spec)\.[cm]?[jt]s$/;

/**
 * Where the real code comes from, and how many lines of each the full workload takes (the quick one a tenth):
 * the ACP SDK's shipped JavaScript, typescript-eslint's plugin and parser, vitest's dist, eslint's lib, and
 * TypeScript sources (zod's src, @arethetypeswrong/core's src), tests excluded.
 */
export const SOURCES = [
  { dir: "@agentclientprotocol/sdk/dist", lines: 25_000 },
  { dir: "@typescript-eslint/eslint-plugin/dist", lines: 15_000 },
  { dir: "@typescript-eslint/typescript-estree/dist", lines: 5_000 },
  { dir: "vitest/dist", lines: 15_000 },
  { dir: "eslint/lib", lines: 25_000 },
  { dir: "zod/src", lines: 17_000 },
  { dir: "@arethetypeswrong/core/src", lines: 3_000 },
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

/** The real files of the workload, by source, and the counts of skipped files. */
export function realFiles(scale) {
  const skipped = { declarations: 0, tests: 0, huge: 0 };
  const bySource = SOURCES.map(({ dir, lines }) => {
    const code = codeFiles(dir);
    skipped.declarations += code.skipped.declarations;
    skipped.tests += code.skipped.tests;
    skipped.huge += code.skipped.huge.length;
    return { dir, files: spreadPick(code.files, Math.round(lines * scale)) };
  });
  return { bySource, skipped };
}

/** The whole workload: real files (`scale` of the full budgets) and generated files of `units` units a style. */
export function workload({ quick }) {
  const { bySource, skipped } = realFiles(quick ? 0.1 : 1);
  const generated = generatedFiles(quick ? 3 : 16);
  const files = [...bySource.flatMap((s) => s.files), ...generated];
  return { files, bySource, generated, skipped };
}

/** `files` repeated `n` times under different names (`copy-1/…`, `copy-2/…`). */
export const copies = (files, n) =>
  Array.from({ length: n }, (_, i) => files.map((f) => ({ ...f, name: `copy-${i + 1}/${f.name}` }))).flat();

