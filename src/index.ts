import type { ESLint, Linter } from "eslint";
import packageJson from "../package.json" with { type: "json" };
import { buildConfigs } from "./configs.js";
import { rules } from "./rules.js";

const plugin = {
  meta: { name: packageJson.name, version: packageJson.version, namespace: "acp" },
  rules: rules as unknown as NonNullable<ESLint.Plugin["rules"]>,
  configs: {} as Record<"recommended" | "strict" | "all", Linter.Config>,
} satisfies ESLint.Plugin;

Object.assign(plugin.configs, buildConfigs(plugin, rules));

// The default export only: tools that `require()` the package (eslint-doc-generator) then find the plugin.
export default plugin;
