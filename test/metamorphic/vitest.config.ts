import { defineConfig } from "vitest/config";

/**
 * The configuration `npm run metamorphic` (test/metamorphic/run.mjs) runs its one file with: the report, which lints
 * every case and rewrite and writes the figures for run.mjs to print. Not a test: no floor is asserted there.
 */
export default defineConfig({
  test: {
    include: ["test/metamorphic/report.run.ts"],
    testTimeout: 3_600_000,
    hookTimeout: 600_000,
    env: { ACP_SINGLE_RUN: "false" },
  },
});
