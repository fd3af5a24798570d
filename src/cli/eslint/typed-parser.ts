import tsParser from "@typescript-eslint/parser";
import packageJson from "../../../package.json" with { type: "json" };
import { takeRefusedPaths } from "./typescript-host.js";

type ParserOptions = Parameters<typeof tsParser.parseForESLint>[1];

/** The key of a file's parser services that holds the paths TypeScript was refused while the file was parsed. */
export const REFUSED_PATHS = "acpLintRefusedPaths";

/** What the project service says of a file no tsconfig.json includes. */
const NOT_IN_PROJECT = /was not found by the project service/u;

/**
 * @typescript-eslint/parser with the project service, except for a file that no tsconfig.json includes: that one
 * is parsed without type information (its services have no program), instead of becoming a parse error. acp-lint
 * lints whole folders, where scripts and configs outside every project are common. The paths TypeScript was refused
 * while the file was parsed (typescript-host.ts) go with its parser services (type-information.ts says them).
 */
export const typedParser = {
  meta: { name: "acp-lint/typed-parser", version: packageJson.version },
  parseForESLint(code: string, options?: ParserOptions) {
    const parsed = parse(code, options);
    const refused = takeRefusedPaths();
    if (refused.length > 0) Object.assign(parsed.services, { [REFUSED_PATHS]: refused });
    return parsed;
  },
};

function parse(code: string, options?: ParserOptions) {
  try {
    return tsParser.parseForESLint(code, options);
  } catch (error) {
    if (!(error instanceof Error) || !NOT_IN_PROJECT.test(error.message)) throw error;
    return tsParser.parseForESLint(code, tsParser.withoutProjectParserOptions(options ?? {}));
  }
}
