// `npm run build`: dist/ from tsdown.config.ts, through tsdown's API. The package supports Node.js 20.19 and later
// (package.json's engines, ESLint 10's own floor) and CI tests it on Node 20. tsdown's command line warns on Node
// before 22.18 that its next minor release drops Node 20: that is the build tool's own support, and tsdown is pinned
// at 0.21.10, the last release that runs on Node 20; the output targets node20 whatever tsdown's version. The API
// builds the same, without a warning that would tell a reader the package's Node 20 support is going away.
//
// Then dist/oxlint/<config>.json: each of the plugin's configs as an oxlint config, which a project's .oxlintrc.json
// `extends` by path (oxlint takes no config from a plugin's exports).
import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { build } from "tsdown";

await build({});

const { default: plugin } = await import(`${pathToFileURL("dist/index.js").href}?built=${Date.now()}`);
mkdirSync("dist/oxlint", { recursive: true });
for (const name of ["recommended", "strict", "all"]) {
  const config = { jsPlugins: ["eslint-plugin-acp"], rules: plugin.configs[name].rules };
  writeFileSync(`dist/oxlint/${name}.json`, `${JSON.stringify(config, null, 2)}\n`);
}
