/**
 * Projects for the concurrency and cache tests (besides the CI fixture project as it is): temporary copies of the
 * repository's ACP files (fixtures, examples, handlers in every style) as an untyped and a typed project, each with
 * an eslint.config.js loading the built plugin. And the comparison of two JSON outputs, without what may differ
 * between runs.
 */
import { readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { ESLint } from "eslint";
import { makeProject } from "../../cli/run-cli.js";
import { HANDLER_STYLES } from "../../rules/handler-styles.js";
import { NODE_MODULES, REPO } from "../../robustness/corpus.js";

const BODIES = [
  'const s = sessions.get(params.sessionId);\nif (!s) throw new RequestError(-32001, "gone");\nreturn { stopReason: "end_turn" };',
  'if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);\nreturn {};',
  'throw { code: "-32602", message: "Invalid params" };',
];

/** The repository's ACP files: fixtures, examples, one handler per style and body. Path -> text. */
function acpFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const dir of ["test/fixtures/ci-project/src", "test/fixtures/clean", "test/fixtures/typed", "examples"]) {
    for (const name of readdirSync(join(REPO, dir)).filter((n) => n.endsWith(".ts"))) {
      files[`${dir.split("/").at(-1)}/${name}`] = readFileSync(join(REPO, dir, name), "utf8");
    }
  }
  for (const [s, style] of HANDLER_STYLES.entries()) {
    for (const [b, body] of BODIES.entries()) files[`styles/style${s}-body${b}.ts`] = style.program(b === 0 ? "session/prompt" : "session/load", body);
  }
  return files;
}

const PLUGIN = pathToFileURL(join(REPO, "dist/index.js")).href;

/**
 * A temporary project of the repository's ACP files linted with acp/all (untyped, or typed with the project
 * service); node_modules is the repository's, so the SDK and the parser resolve.
 */
export async function acpProject(typed: boolean): Promise<string> {
  const parserOptions = typed ? "{ projectService: true, tsconfigRootDir: import.meta.dirname }" : "{}";
  const dir = await makeProject({
    ...acpFiles(),
    "package.json": JSON.stringify({ name: "acp-project", private: true, type: "module" }),
    "tsconfig.json": JSON.stringify({
      // eslint.config.js too: acp-lint --type-aware lints it, and says so on stderr for a file in no project.
      compilerOptions: { target: "es2022", module: "nodenext", moduleResolution: "nodenext", lib: ["es2023"], types: ["node"], strict: true, skipLibCheck: true, noEmit: true, allowJs: true },
      include: ["**/*.ts", "eslint.config.js"],
    }),
    "eslint.config.js": `import tsParser from "@typescript-eslint/parser";
import acp from ${JSON.stringify(PLUGIN)};
export default [
  { files: ["**/*.ts"], languageOptions: { parser: tsParser, parserOptions: ${parserOptions} } },
  acp.configs.all,
];
`,
  });
  symlinkSync(NODE_MODULES, join(dir, "node_modules"), "dir");
  return dir;
}

/** What a JSON run found, per file sorted by path: every message with its place, text and suggestions. */
export function findings(stdout: string): unknown[] {
  return (JSON.parse(stdout) as ESLint.LintResult[])
    .map((result) => ({
      file: result.filePath,
      messages: result.messages.map(({ ruleId, messageId, severity, message, line, column, endLine, endColumn, fatal, suggestions }) => ({
        ruleId,
        messageId,
        severity,
        message,
        line,
        column,
        endLine,
        endColumn,
        fatal,
        suggestions,
      })),
    }))
    .sort((a, b) => (a.file < b.file ? -1 : 1));
}

/** How many messages the findings hold: the comparisons must compare something. */
export function messageCount(found: unknown[]): number {
  return (found as { messages: unknown[] }[]).reduce((n, f) => n + f.messages.length, 0);
}

/** stderr without ESLint's ESLintPoorConcurrencyWarning (and Node's hint on tracing warnings). */
export function withoutConcurrencyNote(stderr: string): string {
  return stderr
    .split("\n")
    .filter((line) => !/ESLintPoorConcurrencyWarning|--trace-warnings/u.test(line))
    .join("\n")
    .trim();
}
