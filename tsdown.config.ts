import { defineConfig } from "tsdown";

export default defineConfig({
  // index: the package entry; cli: the acp-lint bin, which imports the plugin from index.
  entry: { index: "src/index.ts", cli: "src/cli/main.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  dts: true,
  sourcemap: false,
  clean: true,
  fixedExtension: false,
});
