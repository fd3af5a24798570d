/** How the property tests lint a generated program: untyped, every rule on, with the generated setup. */
import { join } from "node:path";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import plugin from "../../../src/index.js";
import { ALL_RULES, REPO, STRICT_RULES_AS_ERRORS } from "../../robustness/corpus.js";

/** The seed of every property: a failure is reproduced by running the test again. */
export const SEED = 20_261_203;

export interface LintSetup {
  readonly protocolVersion: 1 | 2;
  readonly strict: boolean;
}

const FILE = join(REPO, "generated", "agent.ts");
const linter = new Linter({ configType: "flat", cwd: REPO });
const configs = new Map<string, Linter.Config[]>();

function configFor(setup: LintSetup): Linter.Config[] {
  const key = `${setup.protocolVersion} ${setup.strict}`;
  let config = configs.get(key);
  if (!config) {
    config = [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tsParser as unknown as Linter.Parser },
        plugins: { acp: plugin },
        rules: setup.strict ? STRICT_RULES_AS_ERRORS : ALL_RULES,
        settings: { acp: { protocolVersion: setup.protocolVersion } },
      },
    ];
    configs.set(key, config);
  }
  return config;
}

/** The messages of `code`; a rule that throws makes this throw, with ESLint naming the rule. */
export function lint(code: string, setup: LintSetup): Linter.LintMessage[] {
  return linter.verify(code, configFor(setup), FILE);
}

/** The first fatal message's text (the code does not parse), if any. */
export function fatalOf(messages: readonly Linter.LintMessage[]): string | undefined {
  const fatal = messages.find((m) => m.fatal);
  return fatal && `${fatal.line}:${fatal.column} ${fatal.message}`;
}
