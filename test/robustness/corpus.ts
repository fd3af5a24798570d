/**
 * The robustness corpus: real JavaScript and TypeScript from node_modules (the ACP SDK in every installed version,
 * typescript-eslint, vitest, eslint, zod), chosen deterministically (sorted by path), and how to lint it untyped
 * with every rule of the plugin on.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import type { Linter } from "eslint";
import plugin from "../../src/index.js";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));
export const NODE_MODULES = join(REPO, "node_modules");

/** The packages the corpus takes files from: a name, or a scope whose every package counts, or a prefix-* of names. */
const PACKAGES = ["@agentclientprotocol/sdk", "acp-sdk-*", "@typescript-eslint/*", "typescript-eslint", "vitest", "@vitest/*", "eslint", "@eslint/*", "zod"];
const EXTENSIONS = [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"];
const DECLARATION = /\.d\.[mc]?ts$/u;
export const MAX_BYTES = 300 * 1024;

function packageDirs(): string[] {
  return PACKAGES.flatMap((pattern) => {
    if (!pattern.endsWith("*")) return [join(NODE_MODULES, pattern)];
    const prefix = pattern.slice(0, -1);
    const parent = join(NODE_MODULES, dirname(`${prefix}x`));
    const start = prefix.endsWith("/") ? "" : prefix.split("/").at(-1)!;
    return readdirSync(parent)
      .filter((name) => name.startsWith(start) && !name.startsWith("."))
      .map((name) => join(parent, name));
  }).filter((dir) => existsSync(join(dir, "package.json")));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // A package's own dependencies are other packages.
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    if (!entry.isFile() || DECLARATION.test(entry.name) || !EXTENSIONS.some((ext) => entry.name.endsWith(ext))) return [];
    return statSync(path).size > MAX_BYTES ? [] : [path];
  });
}

let cached: readonly string[] | undefined;

/** Every corpus file (absolute path), sorted by its path inside node_modules. */
export function corpusFiles(): readonly string[] {
  cached ??= packageDirs()
    .flatMap(sourceFiles)
    .sort((a, b) => (relative(NODE_MODULES, a) < relative(NODE_MODULES, b) ? -1 : 1));
  return cached;
}

/** The `index`-th of `count` shares of the corpus: every count-th file, so each share mixes every package. */
export function corpusShare(index: number, count: number): readonly string[] {
  return corpusFiles().filter((_, i) => i % count === index);
}

const packageTypes = new Map<string, string | undefined>();

/** The module type of `file` as Node reads it: by extension, else the nearest package.json's `type`. */
export function sourceType(file: string): "module" | "commonjs" {
  if (/\.c[jt]s$/u.test(file)) return "commonjs";
  if (/\.m[jt]s$/u.test(file) || file.endsWith(".ts")) return "module";
  let dir = dirname(file);
  while (!existsSync(join(dir, "package.json")) && dir !== NODE_MODULES) dir = dirname(dir);
  if (!packageTypes.has(dir)) {
    const manifest = existsSync(join(dir, "package.json")) ? (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { type?: string }) : {};
    packageTypes.set(dir, manifest.type);
  }
  return packageTypes.get(dir) === "module" ? "module" : "commonjs";
}

/** Where a corpus file is linted: the same path outside node_modules, which flat config ignores by default. */
export function virtualPath(file: string): string {
  return join(REPO, "corpus", relative(NODE_MODULES, file));
}

/** Every rule as an error: acp/all, and its rules with the strict options. */
export const ALL_RULES = (plugin.configs.all.rules ?? {}) as Linter.RulesRecord;
export const STRICT_RULES_AS_ERRORS = Object.fromEntries(
  Object.entries(plugin.configs.strict.rules ?? {}).map(([id, entry]) => [id, Array.isArray(entry) ? ["error", ...entry.slice(1)] : "error"]),
) as Linter.RulesRecord;

/** Flat configs linting a corpus file untyped with `rules` (and `settings`), one for each module type. */
export function untypedConfigs(rules: Linter.RulesRecord, settings?: Record<string, unknown>): Record<"module" | "commonjs", Linter.Config[]> {
  const config = (type: "module" | "commonjs"): Linter.Config[] => [
    {
      files: ["**/*.{ts,mts,cts,js,mjs,cjs}"],
      languageOptions: { parser: tsParser as unknown as Linter.Parser, sourceType: type },
      plugins: { acp: plugin },
      rules,
      ...(settings ? { settings } : {}),
    },
  ];
  return { module: config("module"), commonjs: config("commonjs") };
}

/** A rule that threw while linting a file: ESLint rethrows it with the file and the rule named. */
export interface Crash {
  readonly file: string;
  readonly rule: string | undefined;
  readonly message: string;
}

/** The rule ESLint names in an error it rethrew from a rule, if any. */
export function crashOf(file: string, error: unknown): Crash {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  const frame = stack.split("\n").find((line) => line.includes("/src/") || line.includes("/rules/")) ?? "";
  return { file: relative(NODE_MODULES, file), rule: /Rule: "([^"]+)"/u.exec(message)?.[1], message: `${message.split("\n")[0]} ${frame.trim()}` };
}
