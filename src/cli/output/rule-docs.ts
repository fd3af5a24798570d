import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ESLint } from "eslint";
import { UsageError } from "../args/usage-error.js";

type Plugin = Pick<ESLint.Plugin, "rules" | "configs">;

interface RuleDocs {
  description?: string;
  recommended?: unknown;
}

/** `--list-rules`: each rule with the configs that set it (recommended, strict) and what it checks. */
export function listRules(plugin: Plugin): string {
  const names = Object.keys(plugin.rules ?? {}).sort();
  const width = Math.max(...names.map((name) => `acp/${name}`.length));
  const lines = names.map((name) => {
    const id = `acp/${name}`;
    const configs = ["recommended", "strict"].filter((config) => id in (configRules(plugin, config) ?? {}));
    const docs = plugin.rules?.[name]?.meta?.docs as RuleDocs | undefined;
    return `${id.padEnd(width)}  ${configs.join(", ").padEnd(19)}  ${docs?.description ?? ""}`;
  });
  return `${["rule".padEnd(width), "configs".padEnd(19), "checks"].join("  ").trimEnd()}\n${lines.join("\n")}\n`;
}

function configRules(plugin: Plugin, name: string): Record<string, unknown> | undefined {
  const config = (plugin.configs as Record<string, { rules?: Record<string, unknown> }> | undefined)?.[name];
  return config?.rules;
}

/** `--explain <rule>`: the rule's page (docs/rules/<rule>.md, shipped in the package) without its HTML comments. */
export function explainRule(plugin: Plugin, asked: string): string {
  const name = asked.replace(/^acp\//u, "");
  if (!plugin.rules?.[name]) throw new UsageError(`unknown rule '${asked}'; acp-lint --list-rules lists the rules`);
  const page = join(docsFolder(), `${name}.md`);
  return readFileSync(page, "utf8").replaceAll(/<!--[\s\S]*?-->\n?/gu, "");
}

/** docs/rules of the package, whose root is the first folder above this module holding a package.json. */
function docsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  const docs = join(dir, "docs", "rules");
  if (!existsSync(docs)) throw new Error(`the rules' documentation is missing from this installation of eslint-plugin-acp (${docs})`);
  return docs;
}
