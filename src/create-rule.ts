import { ESLintUtils } from "@typescript-eslint/utils";
import { checkSettings } from "./analysis/settings.js";

export const REPOSITORY_URL = "https://github.com/eslint-plugin-acp/eslint-plugin-acp";

/** What every rule's `meta.docs` says; the configs are derived from it. */
export interface AcpRuleDocs {
  description: string;
  /** The spec sentence the rule enforces, and where it is written; acp-lint's summary groups findings by it. */
  spec: { readonly requirement: string; readonly url: string };
  /** Severity in `acp/recommended`; absent: only in `strict` and `all`. */
  recommended?: "error" | "warn";
  /** Options the rule takes in `acp/strict`, when stricter than its defaults. */
  strictOptions?: readonly unknown[];
  /** The rule gains precision with type information but does not need it. */
  requiresTypeChecking?: false;
}

const ruleCreator = ESLintUtils.RuleCreator<AcpRuleDocs>((name) => `${REPOSITORY_URL}/blob/main/docs/rules/${name}.md`);

/**
 * RuleCreator, with `settings.acp` checked before a rule looks at a file: a rule that reads the settings only
 * when the file holds something for it would otherwise accept a bad value on every other file.
 */
export const createRule: typeof ruleCreator = (rule) => {
  const module = ruleCreator(rule);
  const create = module.create;
  return {
    ...module,
    create(context) {
      const listener = create(context);
      const program = listener.Program;
      return {
        ...listener,
        Program(node) {
          checkSettings(context.settings);
          program?.(node);
        },
      };
    },
  };
};
