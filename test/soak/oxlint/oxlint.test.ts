// The plugin under oxlint (a JS plugin, no type information) reports what it reports under ESLint: the same rule,
// file, line, column and message, on the repository's file trees (the examples; the rule, module-form, cross-file and
// clean fixtures) and on every untyped case of the rule suites (grouped by rule, options and settings, one oxlint run
// each); and `oxlint --fix-suggestions` leaves the same files as ESLint's first suggestions applied. The one
// difference, written in the README: oxc's parser refuses a program that declares a name twice in one scope (as
// TypeScript does), where typescript-eslint's parses it.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import plugin from "../../../src/index.js";
import { REPO, suiteCases } from "../../metamorphic/cases.js";
import { ALL_RULES, applyEslintSuggestions, applyOxlintSuggestions, eslintFindings, type LintSetup, oxlintFindings } from "./engines.js";

const scratch = mkdtempSync(join(tmpdir(), "acp-oxlint-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const TREES = ["examples", "test/fixtures/resolution", "test/fixtures/module-forms", "test/fixtures/clean", "test/fixtures/ci-project", "test/fixtures/editor-project"];

/** Every file under `dir`, relative to it. */
const filesOf = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesOf(join(dir, name)).map((f) => join(name, f)) : [name]));

/** The text of every file under `dir`, by relative path (oxlint's config left out). */
const textsOf = (dir: string) => Object.fromEntries(filesOf(dir).filter((f) => f !== ".oxlintrc.json").map((f) => [f, readFileSync(join(dir, f), "utf8")]));

/** The files oxc refused to parse for declaring a name twice in one scope, from oxlint's findings. */
const refusedFiles = (oxlint: readonly string[]) => oxlint.filter((f) => f.includes(" (parse) ") && /has already been declared/u.test(f)).map((f) => f.split(":")[0]!);

/** A copy of `source` in the scratch folder. */
function copyOf(source: string, label: string): string {
  const dir = join(scratch, label);
  cpSync(source, dir, { recursive: true });
  return dir;
}

/** Runs both engines' suggestions on two copies of `dir`; returns the files each left. */
async function suggestionsApplied(dir: string, setup: LintSetup, label: string) {
  const byOxlint = copyOf(dir, `${label}-oxlint`);
  const byEslint = copyOf(dir, `${label}-eslint`);
  applyOxlintSuggestions(byOxlint, setup);
  await applyEslintSuggestions(byEslint, setup);
  return { oxlint: textsOf(byOxlint), eslint: textsOf(byEslint), original: textsOf(dir) };
}

describe("oxlint and ESLint on the repository's file trees, every rule on", () => {
  const dir = join(scratch, "trees");
  for (const tree of TREES) cpSync(join(REPO, tree), join(dir, tree), { recursive: true });
  const setup: LintSetup = { rules: ALL_RULES };

  it("report the same findings, each at the same line and column with the same message", async () => {
    const eslint = await eslintFindings(dir, setup);
    expect(eslint.length).toBeGreaterThan(100);
    expect(oxlintFindings(dir, setup)).toEqual(eslint);
  }, 240_000);

  // The plugin's caches (imported modules' models, read once per run) must not depend on how oxlint spreads files.
  it("report the same findings on one thread as on four", () => {
    const one = oxlintFindings(dir, setup, ["--threads", "1"]);
    expect(one.length).toBeGreaterThan(100);
    expect(oxlintFindings(dir, setup, ["--threads", "4"])).toEqual(one);
  }, 240_000);

  it("leave the same files once every finding's first suggestion is applied", async () => {
    const { oxlint, eslint, original } = await suggestionsApplied(dir, setup, "trees-fixed");
    expect(Object.keys(eslint).filter((f) => eslint[f] !== original[f]).length).toBeGreaterThan(10);
    expect(oxlint).toEqual(eslint);
  }, 240_000);
});

// Cases RuleTester lints as `file.ts` / `react.tsx` without type information (oxlint gives JS plugins none); a case
// written for another file name reads that file's folder, which a copy would not have.
const cases = (await suiteCases(Object.keys(plugin.rules))).filter(
  (c) => !c.typing && !c.languageOptions && (c.filename === resolve(REPO, "file.ts") || c.filename === resolve(REPO, "react.tsx")),
);
const groups = new Map<string, typeof cases>();
for (const c of cases) {
  const key = JSON.stringify([c.rules[0], c.options, c.settings ?? null]);
  groups.set(key, [...(groups.get(key) ?? []), c]);
}

describe("oxlint and ESLint on every untyped case of the rule suites", () => {
  const root = join(scratch, "cases");
  const dirs = [...groups].map(([key, list], index) => {
    const [rule, options, settings] = JSON.parse(key) as [string, unknown[], Record<string, unknown> | null];
    const dir = join(root, `group-${index}`);
    mkdirSync(dir, { recursive: true });
    list.forEach((c, i) => writeFileSync(join(dir, `case-${i}.${c.filename.endsWith(".tsx") ? "tsx" : "ts"}`), c.code));
    return { dir, setup: { rules: { [`acp/${rule}`]: ["error", ...options] }, settings: settings ?? undefined } satisfies LintSetup };
  });

  it("report the same findings, but where oxc refuses a name declared twice in one scope", async () => {
    expect(cases.length).toBeGreaterThan(1500);
    const differences: string[] = [];
    const refused = new Set<string>();
    let findings = 0;
    for (const { dir, setup } of dirs) {
      const eslint = await eslintFindings(dir, setup);
      const oxlint = oxlintFindings(dir, setup);
      findings += eslint.length;
      const name = relative(root, dir);
      // A file oxc does not parse gets only that error; ESLint's findings there are not comparable.
      for (const file of refusedFiles(oxlint)) refused.add(`${name}/${file}`);
      const kept = (f: string) => !refused.has(`${name}/${f.split(":")[0]}`);
      for (const f of eslint.filter(kept)) if (!oxlint.includes(f)) differences.push(`ESLint only: ${name}/${f}`);
      for (const f of oxlint.filter(kept)) if (!eslint.includes(f)) differences.push(`oxlint only: ${name}/${f}`);
    }
    expect(findings).toBeGreaterThan(1000);
    expect(differences).toEqual([]);
    // The cases that declare a name twice (a `declare const` beside a `let` of the same name): few, and known.
    expect(refused.size).toBeLessThanOrEqual(5);
  }, 900_000);

  it("leave the same files once every finding's first suggestion is applied", async () => {
    let changed = 0;
    for (const [index, { dir, setup }] of dirs.entries()) {
      const { oxlint, eslint, original } = await suggestionsApplied(dir, setup, `cases-fixed-${index}`);
      // oxc does not parse a program that declares a name twice: oxlint leaves it as it is.
      for (const file of refusedFiles(oxlintFindings(dir, setup))) {
        delete oxlint[file];
        delete eslint[file];
      }
      changed += Object.keys(eslint).filter((f) => eslint[f] !== original[f]).length;
      expect({ group: index, files: oxlint }).toEqual({ group: index, files: eslint });
    }
    expect(changed).toBeGreaterThan(100);
  }, 900_000);
});
