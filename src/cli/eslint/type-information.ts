import type { ESLint, Linter, Rule } from "eslint";
import packageJson from "../../../package.json" with { type: "json" };
import { shown } from "../files/staged-file.js";
import { keepMessages } from "./acp-problems.js";
import { REFUSED_PATHS } from "./typed-parser.js";

/**
 * What stderr says of type information under `--type-aware`: how many files were linted without it (no tsconfig.json
 * includes them), and which paths TypeScript was refused (typescript-host.ts). The parser learns both while it parses
 * a file, in whichever thread lints it; so that they reach the main thread with `--concurrency`, and survive
 * `--cache`, an internal rule of acp-lint's own config (never of the plugin) reports them on each file as messages,
 * which the run takes out of the results before anything else sees them (take) and sums up (notes).
 */

export const RULE_ID = "acp-lint/type-information";

/** How many refused paths a note names before "and N more". */
const NAMED_PATHS = 5;

const rule: Rule.RuleModule = {
  meta: {
    type: "problem",
    docs: { description: "Internal to acp-lint: says how a file was linted with type information; never shown." },
    schema: [],
    messages: { withoutTypes: "linted without type information", refused: "{{path}}" },
  },
  create(context) {
    const services = context.sourceCode.parserServices as { program?: unknown; [REFUSED_PATHS]?: readonly string[] } | undefined;
    return {
      Program(node) {
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

  /** The results without the rule's messages (and their counts without them), its notes kept. */
  take(results: ESLint.LintResult[]): ESLint.LintResult[] {
    for (const result of results) {
      for (const message of [...result.messages, ...result.suppressedMessages].filter(isNote)) {
        if (message.messageId === "withoutTypes") this.#withoutTypes.add(result.filePath);
        else this.#refused.add(message.message);
      }
    }
    return keepMessages(results, (message) => !isNote(message));
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
      const named = paths.slice(0, NAMED_PATHS).join(", ");
      const more = paths.length > NAMED_PATHS ? ` and ${paths.length - NAMED_PATHS} more` : "";
      const what = paths.length === 1 ? "1 path" : `${paths.length} paths`;
      notes.push(`TypeScript was refused ${what} outside the checkout, or not a regular file (what they declare is unknown): ${named}${more}`);
    }
    return notes;
  }
}

function isNote(message: Linter.LintMessage): boolean {
  return message.ruleId === RULE_ID;
}
