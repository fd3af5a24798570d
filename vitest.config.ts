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
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: "quick", include: ["test/**/*.test.ts"], exclude: [...configDefaults.exclude, SOAK] } },
      { extends: true, test: { name: "soak", include: [`${SOAK}/*.test.ts`] } },
    ],
  },
});
