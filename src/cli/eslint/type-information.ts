import type { ESLint, Linter, Rule } from "eslint";
import packageJson from "../../../package.json" with { type: "json" };
import { shown } from "../files/staged-file.js";
import { someOf } from "../files/file-kinds.js";
import { REFUSED_PATHS } from "./typed-parser.js";

/**
 * What stderr says of type information under `--type-aware`: how many files were linted without it (no tsconfig.json
 * includes them), and which paths TypeScript was refused (typescript-host.ts). The parser learns both while it parses
 * a file, in whichever thread lints it; so that they reach the main thread with `--concurrency`, and survive
 * `--cache`, an internal rule of acp-lint's own config (never of the plugin) reports them on each file as messages,
 * which the run collects (collect) and sums up (notes); being no acp/ rule's, they are taken out of the results with
 * the other problems acp-lint does not report (acp-problems.ts). The code under lint can turn the rule off with a
 * comment: the rule marks every file it ran on, so that a file without the mark is said too, never passed over.
 */

const RULE_ID = "acp-lint/type-information";

const rule: Rule.RuleModule = {
  meta: {
    type: "problem",
    docs: { description: "Internal to acp-lint: says how a file was linted with type information; never shown." },
    schema: [],
    messages: { linted: "linted", withoutTypes: "linted without type information", refused: "{{path}}" },
  },
  create(context) {
    const services = context.sourceCode.parserServices as { program?: unknown; [REFUSED_PATHS]?: readonly string[] } | undefined;
    return {
      Program(node) {
        context.report({ node, messageId: "linted" });
        if (!services?.program) context.report({ node, messageId: "withoutTypes" });
        for (const path of services?.[REFUSED_PATHS] ?? []) context.report({ node, messageId: "refused", data: { path } });
      },
    };
  },
};

/** The config that turns the rule on; only with `--type-aware`. An error, so that `--quiet` runs it too. */
export const TYPE_INFORMATION_CONFIG: Linter.Config = {
  name: RULE_ID,
  plugins: { "acp-lint": { meta: { name: "acp-lint", version: packageJson.version }, rules: { "type-information": rule } } },
  rules: { [RULE_ID]: "error" },
};

/** The notes of one run, gathered from its results. */
export class TypeInformationNotes {
  readonly #withoutTypes = new Set<string>();
  readonly #refused = new Set<string>();
  readonly #unmarked = new Set<string>();
  /** Whether the run has the rule on (`--type-aware`): without it no file is marked. */
  readonly #typed: boolean;

  constructor(typed: boolean) {
    this.#typed = typed;
  }

  /** Reads the rule's messages of the results (only those of its own messageIds: a comment can write others). */
  collect(results: readonly ESLint.LintResult[]): void {
    if (!this.#typed) return;
    for (const result of results) {
      const notes = [...result.messages, ...result.suppressedMessages].filter((message) => message.ruleId === RULE_ID);
      if (!notes.some((message) => message.messageId === "linted")) {
        // A file that could not be parsed ran no rule; any other went without the rule's mark.
        if (!result.messages.some((message) => message.fatal)) this.#unmarked.add(result.filePath);
        continue;
      }
      if (notes.some((message) => message.messageId === "withoutTypes")) this.#withoutTypes.add(result.filePath);
      for (const message of notes) if (message.messageId === "refused") this.#refused.add(message.message);
    }
  }

  /** One line each (without `acp-lint: `): files linted without type information, paths TypeScript was refused. */
  notes(cwd: string): string[] {
    const notes: string[] = [];
    const count = this.#withoutTypes.size;
    if (count > 0) {
      const files = count === 1 ? "1 file is" : `${count} files are`;
      notes.push(`${files} in no TypeScript project (no tsconfig.json includes them): linted without type information`);
    }
    if (this.#refused.size > 0) {
      const paths = [...this.#refused].map((path) => shown(path, cwd)).sort();
      const what = paths.length === 1 ? "1 path" : `${paths.length} paths`;
      notes.push(`TypeScript was refused ${what} outside the checkout, or not a regular file (what they declare is unknown): ${someOf(paths, 5)}`);
    }
    if (this.#unmarked.size > 0) {
      const files = this.#unmarked.size === 1 ? "1 file turns" : `${this.#unmarked.size} files turn`;
      notes.push(`${files} acp-lint's notes of type information off with a comment (${someOf([...this.#unmarked].map((file) => shown(file, cwd)).sort())}): what TypeScript was refused for them is not said`);
    }
    return notes;
  }
}
