// `npm run build`: dist/ from tsdown.config.ts, through tsdown's API. The package supports Node.js 20.19 and later
// (package.json's engines, ESLint 10's own floor) and CI tests it on Node 20. tsdown's command line warns on Node
// before 22.18 that its next minor release drops Node 20: that is the build tool's own support, and tsdown is pinned
// at 0.21.10, the last release that runs on Node 20; the output targets node20 whatever tsdown's version. The API
// builds the same, without a warning that would tell a reader the package's Node 20 support is going away.
import { build } from "tsdown";

await build({});
