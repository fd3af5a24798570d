import { fileURLToPath } from "node:url";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { afterAll, describe, it } from "vitest";

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** The fixture project for typed tests: its files exist on disk so the project service can load them. */
export const typedFixtureDir = fileURLToPath(new URL("fixtures/typed", import.meta.url));
/** The file typed test cases are linted as (it imports its neighbours in `fixtures/typed`). */
export const typedFile = `${typedFixtureDir}/file.ts`;

/** Rule tests without type information, as most users lint. */
export function untypedTester(): RuleTester {
  return new RuleTester();
}

/** Rule tests with type information, through the project service. */
export function typedTester(): RuleTester {
  return new RuleTester({
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: typedFixtureDir },
    },
  });
}
