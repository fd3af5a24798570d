import { fileURLToPath } from "node:url";
import { type InvalidTestCase, type RunTests, RuleTester } from "@typescript-eslint/rule-tester";
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

/** What one run of a rule suite gives to check its suggestions with: the invalid cases that assert suggestions. */
export interface SuggestionSuite {
  readonly ruleName: string;
  readonly rule: Rule.RuleModule;
  /** How the suite lints its cases (type information from `tsconfigRootDir`), or undefined without. */
  readonly typing: Typing | undefined;
  readonly cases: readonly InvalidTestCase<string, readonly unknown[]>[];
}

/** Where runs record their suites instead of running, while `collectSuggestionSuites` loads suites. */
let collecting: SuggestionSuite[] | undefined;

/**
 * The suggestion cases of every rule suite `load` imports: while it runs, each tester's run records its suite
 * and runs nothing (import the suites after vitest's collection, e.g. in `beforeAll`, so that their other tests
 * are not registered again: vitest registers tests only while it collects a file).
 */
export async function collectSuggestionSuites(load: () => Promise<unknown>): Promise<SuggestionSuite[]> {
  if (collecting) throw new Error("collectSuggestionSuites is already collecting");
  const suites: SuggestionSuite[] = [];
  collecting = suites;
  try {
    await load();
  } finally {
    collecting = undefined;
  }
  return suites;
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
    const only = tests.invalid.some((c) => c.only);
    const cases = tests.invalid.filter(
      (c) => !c.skip && (!only || c.only) && c.errors.some((e) => Array.isArray(e.suggestions) && e.suggestions.length > 0),
    );
    if (collecting) {
      if (cases.length > 0) collecting.push({ ruleName, rule: rule as unknown as Rule.RuleModule, typing: this.#typing, cases });
      return;
    }
    super.run(ruleName, rule, tests);
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

/** Rule tests without type information, as most users lint. */
export function untypedTester(): RuleTester {
  return new SuggestionCheckingTester();
}

/** Rule tests with type information, through the project service. */
export function typedTester(): RuleTester {
  return new SuggestionCheckingTester({ tsconfigRootDir: typedFixtureDir });
}
