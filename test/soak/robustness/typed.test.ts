/**
 * Real TypeScript and JavaScript linted with type information: zod's TypeScript sources and the ACP SDK's shipped
 * JavaScript (allowJs), copied into a temporary tsconfig project linted through the project service. Every rule on,
 * files alternating between acp/all and the strict options with protocol version 2: no rule may throw, no file may
 * fail to parse, and every file must be linted with type information.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import plugin from "../../../src/index.js";
import { ALL_RULES, type Crash, crashOf, NODE_MODULES, STRICT_RULES_AS_ERRORS } from "../../robustness/corpus.js";

const SOURCES = [
  ["zod/src", "zod"],
  ["@agentclientprotocol/sdk/dist", "sdk"],
] as const;

const project = mkdtempSync(join(tmpdir(), "acp-robust-typed-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** Copies the sources into the project; its files to lint, sorted. */
function setUp(): string[] {
  for (const [from, to] of SOURCES) cpSync(join(NODE_MODULES, from), join(project, to), { recursive: true });
  symlinkSync(NODE_MODULES, join(project, "node_modules"), "dir");
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "typed-corpus", private: true, type: "module" }));
  const compilerOptions = { target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, allowJs: true, checkJs: false, noEmit: true, skipLibCheck: true, lib: ["es2023", "dom"] };
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["zod/**/*.ts", "sdk/**/*.js"] }));
  return SOURCES.flatMap(([, to]) => readdirSync(join(project, to), { recursive: true, encoding: "utf8" }).map((name) => join(project, to, name)))
    .filter((file) => /\.(ts|js)$/u.test(file) && !/\.d\.ts$/u.test(file))
    .sort();
}

/** Whether the file was linted with type information: a rule asks the parser services for the checker. */
const typeProbe: Linter.Config = {
  plugins: {
    probe: {
      rules: {
        typed: {
          create(context) {
            return {
              Program(node) {
                const services = (context.sourceCode as unknown as { parserServices?: { program?: unknown } }).parserServices;
                if (!services?.program) context.report({ node, message: "no type information" });
              },
            };
          },
        },
      },
    },
  },
  rules: { "probe/typed": "error" },
};

describe("real files from node_modules, typed (projectService)", () => {
  it("lints zod's sources and the SDK's JavaScript with every rule and type information, without a crash", { timeout: 240_000 }, () => {
    const files = setUp();
    const linter = new Linter({ configType: "flat", cwd: project });
    const config = (rules: Linter.RulesRecord, settings?: Record<string, unknown>): Linter.Config[] => [
      {
        files: ["**/*.{ts,js}"],
        languageOptions: { parser: tsParser as unknown as Linter.Parser, parserOptions: { projectService: true, tsconfigRootDir: project } },
        plugins: { acp: plugin },
        rules,
        ...(settings ? { settings } : {}),
      },
      { files: ["**/*.{ts,js}"], ...typeProbe },
    ];
    const configs = [config(ALL_RULES), config(STRICT_RULES_AS_ERRORS, { acp: { protocolVersion: 2 } })];
    const crashes: Crash[] = [];
    const problems: string[] = [];
    const started = performance.now();
    for (const [i, file] of files.entries()) {
      let messages: Linter.LintMessage[];
      try {
        messages = linter.verify(readFileSync(file, "utf8"), configs[i % 2]!, { filename: file, allowInlineConfig: false });
      } catch (error) {
        crashes.push(crashOf(file, error));
        continue;
      }
      for (const m of messages) {
        if (m.fatal || m.ruleId === null || m.ruleId.startsWith("probe/")) problems.push(`${relative(project, file)}: ${m.message}`);
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`typed corpus: ${files.length} files linted with type information in ${seconds} s`);
    expect(files.length).toBeGreaterThanOrEqual(300);
    expect(crashes).toEqual([]);
    expect(problems).toEqual([]);
  });
});
