import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * The soak suite, `npm run test:soak`: the long runs (the corpus of real files, the relevance shortcut's
 * equivalence, the concurrency and cache identity, fast-check properties, the tarball installed into consumer
 * projects). Every other test under test/ is the quick suite `npm test` runs. CI runs both.
 */
const SOAK = "test/soak/**";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // Tests edit modules between lints: never a single run (src/analysis/single-run.ts), even under CI=true.
    env: { ACP_SINGLE_RUN: "false" },
    hookTimeout: 120_000,
    // vitest's default leaves a core to its main process, which only waits here: one worker on CI's 2 cores.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "quick",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, SOAK],
          // A worker runs many files and keeps the packages of node_modules (TypeScript, ESLint, the parser: most
          // of a file's import time) loaded and compiled; the repository's own modules are evaluated afresh for
          // each file (fresh-modules.ts), so no state of the plugin or of a test helper passes between files.
          isolate: false,
          setupFiles: ["test/fresh-modules.ts"],
        },
      },
      { extends: true, test: { name: "soak", include: [`${SOAK}/*.test.ts`] } },
    ],
  },
});
