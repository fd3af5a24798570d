/**
 * Real TypeScript and JavaScript linted with type information: zod's TypeScript sources and the ACP SDK's shipped
 * JavaScript (allowJs), copied into a temporary tsconfig project linted through the project service, with the
 * repository's typed fixtures and a module reached only through a path alias. Every rule on, files alternating between
 * acp/all and the strict options with protocol version 2: no rule may throw, no file may fail to parse, and every file
 * must be linted with type information. And the relevance shortcut (relevance.ts, typed-relevance.ts: a typed file
 * whose text and program imports show nothing of ACP is skipped) must change no message: each file is linted again
 * with a copy of the plugin whose relevance check always says yes.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import plugin from "../../../src/index.js";
import { ALL_RULES, type Crash, crashOf, NODE_MODULES, REPO, STRICT_RULES_AS_ERRORS } from "../../robustness/corpus.js";
import { unfilteredPlugin } from "./shortcut-share.js";

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
  cpSync(join(REPO, "test/fixtures/typed"), join(project, "fixtures"), { recursive: true, filter: (from) => !from.endsWith("tsconfig.json") });
  writeAliased();
  const compilerOptions = {
    target: "es2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    strict: true,
    allowJs: true,
    checkJs: false,
    noEmit: true,
    skipLibCheck: true,
    lib: ["es2023", "dom"],
    paths: { "#proto/*": ["./proto/*"] },
  };
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["zod/**/*.ts", "sdk/**/*.js", "fixtures/*.ts", "proto/*.ts", "aliased/*.ts"] }));
  return [...SOURCES.map(([, to]) => to), "fixtures", "proto", "aliased"]
    .flatMap((to) => readdirSync(join(project, to), { recursive: true, encoding: "utf8" }).map((name) => join(project, to, name)))
    .filter((file) => /\.(ts|js)$/u.test(file) && !/\.d\.ts$/u.test(file))
    .sort();
}

/**
 * A module of method names and codes reached only through a path alias (`#proto/*`), and files whose only sign of ACP
 * is what they import from it: the shortcut must see through the program's resolution, not only relative paths.
 */
function writeAliased(): void {
  mkdirSync(join(project, "proto"));
  mkdirSync(join(project, "aliased"));
  writeFileSync(join(project, "proto", "methods.ts"), 'export const PROMPT = "session/prompt";\nexport const CANCEL = "session/cancel";\nexport const BUSY = -32001;\nexport const RATIO = 1.5;\n');
  writeFileSync(join(project, "proto", "index.ts"), 'export * from "./methods.js";\n');
  writeFileSync(
    join(project, "aliased", "dispatch.ts"),
    [
      'import { PROMPT, CANCEL, BUSY, RATIO } from "#proto/index.js";',
      "export function handle(method: string, params: { sessionId?: string }) {",
      "  if (method === PROMPT) throw { code: RATIO, message: 1 };",
      '  if (method === CANCEL) throw { code: BUSY, message: "Method not found" };',
      "  return { code: BUSY };",
      "}",
      "",
    ].join("\n"),
  );
}

/** A message as compared: everything a user sees of it, suggestions included. */
const shown = (m: Linter.LintMessage) => JSON.stringify([m.ruleId, m.line, m.column, m.endLine, m.endColumn, m.messageId, m.message, m.suggestions ?? []]);

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
  it("lints zod's sources and the SDK's JavaScript with every rule and type information, without a crash, and the same with and without the shortcut", { timeout: 300_000 }, async () => {
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
    const { plugin: unfiltered, asked } = await unfilteredPlugin();
    const withoutShortcut = configs.map((list) => list.map((c) => (c.plugins?.["acp"] ? { ...c, plugins: { acp: unfiltered } } : c)));
    const crashes: Crash[] = [];
    const problems: string[] = [];
    const differences: string[] = [];
    let messages = 0;
    let aliased = 0;
    const started = performance.now();
    for (const [i, file] of files.entries()) {
      const text = readFileSync(file, "utf8");
      let found: Linter.LintMessage[];
      try {
        found = linter.verify(text, configs[i % 2]!, { filename: file, allowInlineConfig: false });
      } catch (error) {
        crashes.push(crashOf(file, error));
        continue;
      }
      for (const m of found) {
        if (m.fatal || m.ruleId === null || m.ruleId.startsWith("probe/")) problems.push(`${relative(project, file)}: ${m.message}`);
      }
      const a = found.filter((m) => m.ruleId?.startsWith("acp/")).map(shown);
      const b = linter.verify(text, withoutShortcut[i % 2]!, { filename: file, allowInlineConfig: false }).filter((m) => m.ruleId?.startsWith("acp/")).map(shown);
      messages += b.length;
      if (relative(project, file).startsWith("aliased")) aliased += a.length;
      if (a.join("\n") !== b.join("\n")) differences.push(`${relative(project, file)}: with the shortcut ${a.length}, without ${b.length}: ${[...b.filter((x) => !a.includes(x)), ...a.filter((x) => !b.includes(x))].slice(0, 3).join(" | ")}`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`typed corpus: ${files.length} files linted with type information, with and without the shortcut, in ${seconds} s; ${messages} messages`);
    expect(files.length).toBeGreaterThanOrEqual(300);
    expect(crashes).toEqual([]);
    expect(problems).toEqual([]);
    expect(differences).toEqual([]);
    // The files reach the rules, the aliased dispatcher (whose only sign is behind the alias) too; the copy had no shortcut.
    expect(messages).toBeGreaterThan(20);
    expect(aliased).toBeGreaterThan(0);
    expect(asked()).toBeGreaterThanOrEqual(files.length);
  });
});
