import { fileURLToPath } from "node:url";
import { type InvalidTestCase, type RunTests, RuleTester, type ValidTestCase } from "@typescript-eslint/rule-tester";
import type { RuleModule } from "@typescript-eslint/utils/ts-eslint";
import type { Rule } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import { suggestionProblems, type Typing } from "./suggestion-check.js";

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** The fixture project for typed tests: its files exist on disk so the project service can load them. */
export const typedFixtureDir = fileURLToPath(new URL("fixtures/typed", import.meta.url));
/** The file typed test cases are linted as (it imports its neighbours in `fixtures/typed`). */
export const typedFile = `${typedFixtureDir}/file.ts`;

/** One run of a rule suite, as recorded while `collectSuites` loads suites: its rule, typing and cases. */
export interface CollectedSuite {
  /** The name the run was given (`"require-session-check (typed)"`). */
  readonly suiteName: string;
  readonly rule: Rule.RuleModule;
  /** How the suite lints its cases (type information from `tsconfigRootDir`), or undefined without. */
  readonly typing: Typing | undefined;
  /** The cases the run would run (`skip` left out, only the `only` ones when there are some); a string case as `{ code }`. */
  readonly valid: readonly ValidTestCase<readonly unknown[]>[];
  readonly invalid: readonly InvalidTestCase<string, readonly unknown[]>[];
}

/** What one run of a rule suite gives to check its suggestions with: the invalid cases that assert suggestions. */
export interface SuggestionSuite {
  readonly ruleName: string;
  readonly rule: Rule.RuleModule;
  /** How the suite lints its cases (type information from `tsconfigRootDir`), or undefined without. */
  readonly typing: Typing | undefined;
  readonly cases: readonly InvalidTestCase<string, readonly unknown[]>[];
}

/** Where runs record their suites instead of running, while `collectSuites` loads suites. */
let collecting: CollectedSuite[] | undefined;

/**
 * Every rule suite `load` imports, with all its cases: while it runs, each tester's run records its suite and runs
 * nothing (import the suites after vitest's collection, e.g. in `beforeAll`, so that their other tests are not
 * registered again: vitest registers tests only while it collects a file). One mechanism for every check that reads
 * the suites' cases: the compiling of suggestions (`suggestionSuites`), the metamorphic suite (test/metamorphic).
 */
export async function collectSuites(load: () => Promise<unknown>): Promise<CollectedSuite[]> {
  if (collecting) throw new Error("collectSuites is already collecting");
  const suites: CollectedSuite[] = [];
  collecting = suites;
  try {
    await load();
  } finally {
    collecting = undefined;
  }
  return suites;
}

/** The invalid cases with suggestions of each collected suite that has some, as test/suggestions-compile.test.ts checks them. */
export function suggestionSuites(suites: readonly CollectedSuite[]): SuggestionSuite[] {
  return suites.flatMap(({ suiteName, rule, typing, invalid }) => {
    const cases = invalid.filter(hasSuggestions);
    return cases.length > 0 ? [{ ruleName: suiteName, rule, typing, cases }] : [];
  });
}

const hasSuggestions = (c: InvalidTestCase<string, readonly unknown[]>) => c.errors.some((e) => Array.isArray(e.suggestions) && e.suggestions.length > 0);

/** The cases a run runs: `skip` ones left out, and only the `only` ones when some case says `only`. */
function runnable<T extends { readonly skip?: boolean; readonly only?: boolean }>(cases: readonly T[]): T[] {
  const only = cases.some((c) => c.only);
  return cases.filter((c) => !c.skip && (!only || c.only));
}

/**
 * A RuleTester whose every run also checks the invalid cases' suggestions: applied, each must leave code that
 * acp/all does not report for what the suggestion fixed, nor for anything the original did not have. Their
 * compiling is checked by test/suggestions-compile.test.ts, over every suite at once.
 */
class SuggestionCheckingTester extends RuleTester {
  readonly #typing: Typing | undefined;

  constructor(typing?: Typing) {
    super(typing ? { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: typing.tsconfigRootDir } } } : undefined);
    this.#typing = typing;
  }

  override run<MessageIds extends string, Options extends readonly unknown[]>(
    ruleName: string,
    rule: RuleModule<MessageIds, Options>,
    tests: RunTests<MessageIds, Options>,
  ): void {
    if (collecting) {
      collecting.push({
        suiteName: ruleName,
        rule: rule as unknown as Rule.RuleModule,
        typing: this.#typing,
        valid: runnable(tests.valid.map((c) => (typeof c === "string" ? { code: c } : c))),
        invalid: runnable(tests.invalid),
      });
      return;
    }
    const cases = runnable(tests.invalid).filter(hasSuggestions);
    super.run(ruleName, rule, { ...tests, invalid: tests.invalid.map((c) => withWhere(c, rule.meta.messages)) });
    if (cases.length === 0) return;
    describe(`${ruleName}: suggestions lint clean with acp/all`, () => {
      for (const testCase of cases) {
        it(testCase.name ?? testCase.code, () => {
          expect(suggestionProblems(rule as unknown as Rule.RuleModule, testCase, this.#typing)).toEqual([]);
        });
      }
    });
  }
}

/**
 * The case with `where: "here"` in the data of each error whose message says where the mistake is (`{{where}}`,
 * create-rule.ts) and whose data names no `where`: such an error asserts the mistake is where it is reported. A report
 * at a call that reaches another module's helper names it (`where: "in \`Store.get\` (store.ts), which this call
 * reaches,"`).
 */
function withWhere<MessageIds extends string, Options extends readonly unknown[]>(
  testCase: InvalidTestCase<MessageIds, Options>,
  messages: Readonly<Record<string, string>>,
): InvalidTestCase<MessageIds, Options> {
  const errors = testCase.errors.map((error) =>
    error.data && !("where" in error.data) && messages[error.messageId]?.includes("{{where}}") ? { ...error, data: { where: "here", ...error.data } } : error,
  );
  return { ...testCase, errors };
}

/** Rule tests without type information, as most users lint. */
export function untypedTester(): RuleTester {
  return new SuggestionCheckingTester();
}

/** Rule tests with type information, through the project service. */
export function typedTester(): RuleTester {
  return new SuggestionCheckingTester({ tsconfigRootDir: typedFixtureDir });
}
