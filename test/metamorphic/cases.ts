/**
 * The cases the metamorphic suite rewrites: every valid and invalid case of the rule suites of the rules it covers,
 * collected through test/rule-tester.ts's `collectSuites` while the suites are imported (none is copied), and the
 * annotated files of a folder in ../shared/cases' format, read by hand through `npm run metamorphic -- --cases`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import type { Linter } from "eslint";
import plugin from "../../src/index.js";
import { collectSuites } from "../rule-tester.js";
import type { Typing } from "../suggestion-check.js";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));
const SUITES = join(REPO, "test/rules");

/** The session, resource, params, prompt, lost-code and initialization rules (issue 36's acceptance). */
export const METAMORPHIC_RULES = [
  "require-session-check",
  "session-not-found-data",
  "idempotent-session-delete",
  "resource-not-found-error",
  "invalid-params-error",
  "prompt-cancel-stop-reason",
  "valid-stop-reason",
  "no-lost-error-code",
  "require-initialize-gate",
  "negotiate-protocol-version",
] as const;

/** One program to lint, with how: a rule suite's case, or an annotated file of a cases folder. */
export interface Case {
  /** `<rule>: <suite> > <case name or first line>`, or the cases file's path. */
  readonly label: string;
  /** `valid` and `invalid` cases of a suite; `annotated` files of a cases folder (both at once). */
  readonly kind: "valid" | "invalid" | "annotated";
  /** The rules whose reports count: the suite's rule, or every rule of the list for an annotated file. */
  readonly rules: readonly string[];
  readonly code: string;
  /** Where the case is linted, absolute (RuleTester's default `file.ts` in the working directory). */
  readonly filename: string;
  /** Options of the suite's rule (acp/all's defaults for the others). */
  readonly options: readonly unknown[];
  readonly settings: Record<string, unknown> | undefined;
  readonly languageOptions: Linter.LanguageOptions | undefined;
  /** Type information from `tsconfigRootDir`, or undefined without. */
  readonly typing: Typing | undefined;
  /** For a file of a cases folder: the folder, whose other files the case's imports may read. */
  readonly folder?: string;
  /** For an invalid case of a suite: how many reports the suite expects (the harness's own lint is checked against it). */
  readonly expectedReports?: number;
  /** For a file of a cases folder: its `// expect:` lines by rule (1-based). */
  readonly expected?: ReadonlyMap<string, readonly number[]>;
}

const ruleNameOf = (rule: unknown) => Object.entries(plugin.rules).find(([, r]) => r === rule)?.[0];

type AnyCase = ValidTestCase<readonly unknown[]> | InvalidTestCase<string, readonly unknown[]>;

/** The file name RuleTester lints a case as, absolute. */
function filenameOf(c: AnyCase, typing: Typing | undefined): string {
  const jsx = (c.languageOptions?.parserOptions as { ecmaFeatures?: { jsx?: boolean } } | undefined)?.ecmaFeatures?.jsx;
  const name = c.filename ?? (jsx ? "react.tsx" : "file.ts");
  return isAbsolute(name) ? name : resolve(typing?.tsconfigRootDir ?? REPO, name);
}

/** Every case of the named rules' suites (the same code, file, options and settings once, its first suite's). */
export async function suiteCases(rules: readonly string[] = METAMORPHIC_RULES): Promise<Case[]> {
  const suites = await collectSuites(async () => {
    for (const entry of readdirSync(SUITES).filter((f) => f.endsWith(".test.ts")).sort()) {
      const path = join(SUITES, entry);
      if (readFileSync(path, "utf8").includes("../rule-tester.js")) await import(path);
    }
  });
  const seen = new Set<string>();
  const cases: Case[] = [];
  for (const suite of suites) {
    const rule = ruleNameOf(suite.rule);
    if (!rule || !rules.includes(rule)) continue;
    for (const [kind, list] of [["valid", suite.valid], ["invalid", suite.invalid]] as const) {
      for (const c of list) {
        const filename = filenameOf(c, suite.typing);
        const key = JSON.stringify([rule, kind, c.code, filename, c.options ?? [], c.settings ?? null, c.languageOptions ?? null, Boolean(suite.typing)]);
        if (seen.has(key)) continue;
        seen.add(key);
        cases.push({
          label: `${rule}: ${suite.suiteName} > ${c.name ?? c.code.split("\n").find((l) => !l.startsWith("import"))?.slice(0, 80) ?? ""}`,
          kind,
          rules: [rule],
          code: c.code,
          filename,
          options: c.options ?? [],
          settings: c.settings as Record<string, unknown> | undefined,
          languageOptions: c.languageOptions as Linter.LanguageOptions | undefined,
          typing: suite.typing,
          ...(kind === "invalid" ? { expectedReports: (c as InvalidTestCase<string, readonly unknown[]>).errors.length } : {}),
        });
      }
    }
  }
  return cases;
}

/**
 * Whether `c` is in the sample of one case in `every`: by a hash of its label and code, so that a case added to a
 * suite does not move the others in or out of the sample.
 */
export function inSample(c: Case, every: number): boolean {
  let hash = 0x811c9dc5;
  for (const ch of `${c.label}\n${c.code}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return hash % every === 0;
}

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/u;
const EXPECT = /\/\/\s*expect:\s*([\w\s-]+?)\s*$/u;

/**
 * The annotated files of a folder in ../shared/cases' format (a line's `// expect: rule-a rule-b` says it must be
 * reported by those rules), each linted in place with acp/all; `// expect-typed:` and `// allow:` lines are not
 * required untyped, and a report elsewhere counts as the original's like any other.
 */
export function folderCases(folder: string, rules: readonly string[] = METAMORPHIC_RULES): Case[] {
  const root = resolve(folder);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new Error(`--cases: ${folder} is not a folder`);
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) => {
        const path = join(dir, name);
        if (name === "node_modules" || name.startsWith(".")) return [];
        return statSync(path).isDirectory() ? walk(path) : SOURCE.test(name) && !name.endsWith(".d.ts") ? [path] : [];
      });
  return walk(root).map((filename) => {
    const code = readFileSync(filename, "utf8");
    const expected = new Map<string, number[]>();
    code.split("\n").forEach((line, i) => {
      for (const rule of EXPECT.exec(line)?.[1]?.split(/\s+/u) ?? []) expected.set(rule, [...(expected.get(rule) ?? []), i + 1]);
    });
    return {
      label: relative(root, filename),
      kind: "annotated",
      rules,
      code,
      filename,
      options: [],
      settings: undefined,
      languageOptions: undefined,
      typing: undefined,
      folder: root,
      expected,
    } satisfies Case;
  });
}
