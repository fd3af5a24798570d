// The files of a fixture project that installs the tarball: agent code, and one ESLint config per module style.

/** Three mistakes in the file itself, and one (TOO_BUSY) that reading the module it imports shows. */
export const agentWithMistakes = `import { RequestError } from "@agentclientprotocol/sdk";
import { TOO_BUSY } from "./limits.js";

export function resume(sessionId: string): never {
  throw new RequestError(-32001, "Session expired", { sessionId });
}

export function setMode(modeId: string): never {
  throw new RequestError(-32602, "Unknown mode", { modeId });
}

export function reply(id: number) {
  return { jsonrpc: "2.0", id, error: { code: 32602.5, message: "Invalid params" } };
}

export function busy(): never {
  throw new RequestError(TOO_BUSY, "Try again later");
}
`;

export const conformingAgent = `import { RequestError } from "@agentclientprotocol/sdk";

export function resume(sessionId: string): never {
  throw RequestError.sessionNotFound(sessionId);
}

export function setMode(modeId: string): never {
  throw RequestError.invalidParams({ modeId }, "Unknown mode");
}
`;

const parserConfig = `{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } }`;

/** The README's usage, as an ES module. */
const esmConfig = `import acp from "eslint-plugin-acp";
import tseslint from "typescript-eslint";

export default [
  ${parserConfig},
  acp.configs.recommended,
];
`;

/** The same in CommonJS: require() must give the plugin object itself. */
const commonJsConfig = `const acp = require("eslint-plugin-acp");
const tseslint = require("typescript-eslint");

module.exports = [
  ${parserConfig},
  acp.configs.recommended,
];
`;

/** Typed as Linter.Config[] (tsc checks it), with typed linting on. */
const typeScriptConfig = `import type { Linter } from "eslint";
import acp from "eslint-plugin-acp";
import tseslint from "typescript-eslint";

const config: Linter.Config[] = [
  {
    files: ["**/*.ts"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  acp.configs.recommended,
];

export default config;
`;

export const misspelledSeverity = `"errr"`;

/** Must not type-check: proves the tsc check can fail. */
export const wronglyTypedConfig = `import type { Linter } from "eslint";
import acp from "eslint-plugin-acp";

const config: Linter.Config[] = [
  acp.configs.recommended,
  { rules: { "acp/no-reserved-error-code": ${misspelledSeverity} } },
];

export default config;
`;

/** CommonJS TypeScript: \`import x = require()\` of the package is typed as the plugin, not its namespace. */
const commonJsTypeScript = `import acp = require("eslint-plugin-acp");
import type { Linter } from "eslint";

const configs: Linter.Config[] = [acp.configs.recommended, acp.configs.strict, acp.configs.all];
const name: string = acp.meta.name;

export = { configs, name };
`;

const tsconfig = {
  compilerOptions: {
    target: "es2022",
    module: "nodenext",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ["node"],
  },
  include: ["eslint.config.ts", "require-types.cts", "src", "clean"],
};

/** Prints what require() gives, and whether it is the very object import gives (one plugin instance). */
const requireCheck = `const acp = require("eslint-plugin-acp");

import("eslint-plugin-acp").then(({ default: imported }) => {
  console.log(JSON.stringify({
    keys: Object.keys(acp),
    toStringTag: acp[Symbol.toStringTag] ?? null,
    name: acp.meta.name,
    rules: Object.keys(acp.rules),
    configs: Object.keys(acp.configs),
    sameAsImport: acp === imported,
    configsRegisterIt: Object.values(acp.configs).every((config) => config.plugins.acp === acp),
  }));
});
`;

/** Prints each config's declared rules, the acp rules ESLint resolves from it for a .ts file, and rule docs. */
const resolvedConfigs = `import { ESLint } from "eslint";
import acp from "eslint-plugin-acp";
import tseslint from "typescript-eslint";

const resolved = {};
for (const [name, config] of Object.entries(acp.configs)) {
  const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [${parserConfig}, config] });
  const { rules } = await eslint.calculateConfigForFile("src/agent.ts");
  resolved[name] = Object.fromEntries(Object.entries(rules).filter(([id]) => id.startsWith("acp/")));
}
console.log(JSON.stringify({
  resolved,
  declared: Object.fromEntries(Object.entries(acp.configs).map(([name, config]) => [name, config.rules])),
  recommended: Object.fromEntries(Object.entries(acp.rules).map(([id, rule]) => [id, rule.meta.docs.recommended ?? null])),
}));
`;

export function consumerFiles(name: string): Record<string, string> {
  return {
    "package.json": `${JSON.stringify({ name, private: true, type: "module" }, null, 2)}\n`,
    "src/agent.ts": agentWithMistakes,
    "src/limits.ts": "export const TOO_BUSY = -32042;\n",
    "clean/agent.ts": conformingAgent,
    "eslint.config.js": esmConfig,
    "eslint.config.cjs": commonJsConfig,
    "eslint.config.ts": typeScriptConfig,
    "eslint.config.wrong.ts": wronglyTypedConfig,
    "require-types.cts": commonJsTypeScript,
    "tsconfig.json": `${JSON.stringify(tsconfig, null, 2)}\n`,
    "tsconfig.wrong.json": `${JSON.stringify({ extends: "./tsconfig.json", include: ["eslint.config.wrong.ts"] }, null, 2)}\n`,
    "require-check.cjs": requireCheck,
    "resolved-configs.mjs": resolvedConfigs,
  };
}
