// The configurations the bench compares, as flat configs for `new ESLint({ overrideConfigFile: true, overrideConfig })`.
// Every one parses with the TypeScript parser and ignores inline config, so that the real files' own
// `eslint-disable` comments neither add reports nor name rules a configuration does not have.
import { existsSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const FILES = ["**/*.js", "**/*.mjs", "**/*.cjs", "**/*.ts", "**/*.mts", "**/*.cts"];

/**
 * The plugin under test: `--plugin <path>` or ACP_BENCH_PLUGIN (relative to the working directory), else the
 * repository's build, ../dist/index.js from this folder.
 */
export function pluginPath(argv = process.argv) {
  const flag = argv.indexOf("--plugin");
  const given = flag === -1 ? process.env.ACP_BENCH_PLUGIN : argv[flag + 1];
  if (given) return isAbsolute(given) ? given : resolve(given);
  return join(fileURLToPath(import.meta.url), "..", "..", "dist", "index.js");
}

/** Ends the process with a message when there is no build at `plugin` (before a bench loads it). */
export function exitWithoutBuild(plugin) {
  if (existsSync(plugin)) return;
  console.error(`No plugin build at ${plugin}: run \`npm run build\` first (or pass --plugin <path to index.js>).`);
  process.exit(1);
}

export const NAMES = {
  floor: "floor: TS parser, no rules",
  floorAgain: "floor again (A/A: same config)",
  noop: "one no-op rule (any rule's cost)",
  acp: "acp/all",
  tseslint: "typescript-eslint recommended",
  typedFloor: "floor with types (projectService)",
  typedNoop: "one no-op rule with types",
  typedAcp: "acp/all with types",
  typedChecked: "typescript-eslint recommendedTypeChecked, with types",
  typedCheckedAcp: "recommendedTypeChecked and acp/all, with types",
};

/** A plugin of one rule that listens to `Program` and does nothing. */
const NOOP_PLUGIN = { rules: { noop: { meta: { type: "problem", schema: [] }, create: () => ({ Program() {} }) } } };

/**
 * The flat config of configuration `name` (a key of NAMES). Modules are imported only when needed, so a child
 * process measuring the floor's memory never loads the plugin or typescript-eslint. `typedRoot` is the folder
 * of the typed project's tsconfig.json, for the typed configurations.
 */
export async function configFor(name, { plugin, typedRoot } = {}) {
  const { default: parser } = await import("@typescript-eslint/parser");
  const typed = name.startsWith("typed");
  const base = {
    files: FILES,
    languageOptions: {
      parser,
      ...(typed ? { parserOptions: { projectService: true, tsconfigRootDir: typedRoot } } : {}),
    },
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "off" },
  };
  if (name === "floor" || name === "floorAgain" || name === "typedFloor") return [base];
  // What ESLint adds for a file as soon as one rule is on, whatever the rule does: the part of any plugin's
  // overhead over the floor that no plugin can remove.
  if (name === "noop" || name === "typedNoop") return [base, { files: FILES, plugins: { bench: NOOP_PLUGIN }, rules: { "bench/noop": "error" } }];
  // One rule of the plugin alone, as "acp/<rule>" (rule-costs.mjs): what that rule and the analysis it needs cost.
  if (name.startsWith("acp/")) {
    const { default: acp } = await import(pathToFileURL(plugin).href);
    return [base, { files: FILES, plugins: acp.configs.all.plugins, rules: { [name]: "error" } }];
  }
  if (name === "acp" || name === "typedAcp") {
    const { default: acp } = await import(pathToFileURL(plugin).href);
    return [base, { files: FILES, ...acp.configs.all }];
  }
  // A typed setup as users run one: typescript-eslint's type-checked rules already ask the checker about the
  // file, so what acp/all adds there is its own analysis, not the type inference it would otherwise pay for.
  if (name === "typedChecked" || name === "typedCheckedAcp") {
    const { default: tseslint } = await import("typescript-eslint");
    const checked = tseslint.configs.recommendedTypeChecked.map((c) => (c.files ? c : { files: FILES, ...c }));
    if (name === "typedChecked") return [base, ...checked];
    const { default: acp } = await import(pathToFileURL(plugin).href);
    return [base, ...checked, { files: FILES, ...acp.configs.all }];
  }
  if (name === "tseslint") {
    const { default: tseslint } = await import("typescript-eslint");
    return [base, ...tseslint.configs.recommended.map((c) => (c.files ? c : { files: FILES, ...c }))];
  }
  throw new Error(`no configuration named ${name}`);
}

/** The number of rules configuration `name` turns on. */
export const ruleCount = (config) =>
  new Set(config.flatMap((c) => Object.entries(c.rules ?? {}).filter(([, v]) => v !== "off" && v !== 0 && !(Array.isArray(v) && (v[0] === "off" || v[0] === 0))).map(([k]) => k))).size;
