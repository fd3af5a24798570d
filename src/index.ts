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

export default plugin;
// Node's require() of this ES module returns the "module.exports" export instead of the namespace, so
// `require("eslint-plugin-acp")` (eslint.config.cjs, eslint-doc-generator) is the plugin itself.
export { plugin as "module.exports" };
