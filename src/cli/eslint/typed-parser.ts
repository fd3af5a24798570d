import tsParser from "@typescript-eslint/parser";
import packageJson from "../../../package.json" with { type: "json" };

type ParserOptions = Parameters<typeof tsParser.parseForESLint>[1];

/** What the project service says of a file no tsconfig.json includes. */
const NOT_IN_PROJECT = /was not found by the project service/u;

/** The files of this thread linted without type information because no TypeScript project holds them. */
export const filesOutsideProjects = new Set<string>();

/**
 * @typescript-eslint/parser with the project service, except for a file that no tsconfig.json includes: that one
 * is parsed without type information (and counted), instead of becoming a parse error. acp-lint lints whole
 * folders, where scripts and configs outside every project are common.
 */
export const typedParser = {
  meta: { name: "acp-lint/typed-parser", version: packageJson.version },
  parseForESLint(code: string, options?: ParserOptions) {
    try {
      return tsParser.parseForESLint(code, options);
    } catch (error) {
      if (!(error instanceof Error) || !NOT_IN_PROJECT.test(error.message)) throw error;
      if (options?.filePath !== undefined) filesOutsideProjects.add(options.filePath);
      return tsParser.parseForESLint(code, tsParser.withoutProjectParserOptions(options ?? {}));
    }
  },
};
