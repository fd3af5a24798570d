// The report of `npm run metamorphic` (run.mjs runs this file through test/metamorphic/vitest.config.ts): every
// case of the rule suites, or the annotated files of METAMORPHIC_CASES, linted as they are and through each rewrite
// of METAMORPHIC_REWRITES (all when unset); the figures go to METAMORPHIC_OUT as JSON for run.mjs to print.
import { writeFileSync } from "node:fs";
import { beforeAll, expect, it } from "vitest";
import { type Case, folderCases, inSample, suiteCases } from "./cases.js";
import { runMetamorphic } from "./harness.js";
import { REWRITES } from "./rewrites/index.js";

const env = process.env;
let cases: Case[] = [];

beforeAll(async () => {
  // The suites are imported once vitest has collected this file: their runs record their cases, and run nothing.
  if (!env.METAMORPHIC_CASES || env.METAMORPHIC_SUITES === "1") cases.push(...(await suiteCases()));
  if (env.METAMORPHIC_CASES) cases.push(...folderCases(env.METAMORPHIC_CASES));
  const every = Number(env.METAMORPHIC_EVERY ?? 1);
  cases = cases.filter((c) => inSample(c, every));
});

it("lints every case and its rewrites", async () => {
  const names = env.METAMORPHIC_REWRITES?.split(",").filter(Boolean);
  const unknown = (names ?? []).filter((n) => !REWRITES.some((r) => r.name === n));
  expect(unknown, `unknown rewrites; the rewrites are ${REWRITES.map((r) => r.name).join(", ")}`).toEqual([]);
  const rewrites = names ? REWRITES.filter((r) => names.includes(r.name)) : REWRITES;
  const started = performance.now();
  const run = await runMetamorphic(cases, rewrites);
  writeFileSync(env.METAMORPHIC_OUT ?? "metamorphic.json", JSON.stringify({ ...run, seconds: (performance.now() - started) / 1000 }));
});
