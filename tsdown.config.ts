import { defineConfig } from "tsdown";

export default defineConfig({
  // index: the package entry; cli: the acp-lint bin, which imports the plugin from index; options-module: what
  // ESLint's worker threads import for acp-lint's options under --concurrency (lint.ts finds it beside its chunk).
  entry: { index: "src/index.ts", cli: "src/cli/main.ts", "options-module": "src/cli/options-module.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  dts: true,
  sourcemap: false,
  clean: true,
  fixedExtension: false,
});
