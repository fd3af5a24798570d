/**
 * The floors of test/metamorphic/floors.json as tests: the suites' cases (one in n of them for the quick suite's
 * sample, chosen by a hash of each case, all in the soak suite) linted through every rewrite, and per rewrite the
 * survival at least its floor, the reports added to valid cases at most today's, no rewrite that does not parse and
 * no crash of the plugin. A floor is today's figure rounded down: a change that lowers one is a regression, or a new
 * case that the rewrites show the analysis loses (then say so, and write the floors anew).
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { inSample, suiteCases } from "./cases.js";
import { type Run, runMetamorphic, type RewriteFigures } from "./harness.js";
import { REWRITES } from "./rewrites/index.js";

export interface Floor {
  /** % of the reports in the cases the rewrite applies to that survive it, rounded down. */
  readonly survival: number;
  /** The same, of the reports inside the code it changes. */
  readonly changed: number;
  /** Reports its rewrites of valid cases add: today's count (the goal is 0). */
  readonly addedOnValid: number;
}

interface Section {
  readonly every: number;
  readonly rewrites: Readonly<Record<string, Floor>>;
}

const percent = (kept: number, total: number) => (total === 0 ? 100 : (100 * kept) / total);

export function readFloors(section: "sample" | "full"): Section {
  const all = JSON.parse(readFileSync(new URL("floors.json", import.meta.url), "utf8")) as Record<string, Section>;
  return all[section]!;
}

/** Registers the floor tests of `section`. */
export function floorTests(section: "sample" | "full", timeout: number): void {
  const floors = readFloors(section);
  describe(`the metamorphic suite (${section}: ${floors.every === 1 ? "every case" : `one case in ${floors.every}`} of the rule suites)`, () => {
    let run: Run;
    beforeAll(async () => {
      // Imported once vitest has collected this file: the suites' runs record their cases and run nothing.
      const cases = (await suiteCases()).filter((c) => inSample(c, floors.every));
      run = await runMetamorphic(cases);
    }, timeout);

    it("lints each case as its suite does", () => {
      expect(run.originals.skipped).toEqual([]);
      expect(run.originals.mismatched).toEqual([]);
      expect(run.originals.reports).toBeGreaterThan(0);
    });

    for (const rewrite of REWRITES) {
      const floor = floors.rewrites[rewrite.name];
      it(`${rewrite.name}: keeps at least ${floor?.survival}% of the reports (${floor?.changed}% in the code it changes), adds at most ${floor?.addedOnValid} to valid cases`, () => {
        expect(floor, `no floor for ${rewrite.name}: npm run metamorphic -- --floors ${section}`).toBeDefined();
        const f = run.figures.find((x) => x.rewrite === rewrite.name) as RewriteFigures;
        expect(f.broken, "rewrites that do not parse").toEqual([]);
        expect(f.crashes, "plugin crashes").toEqual([]);
        // A rewrite that stopped applying would keep "100%" of nothing.
        expect(f.reports, "reports in the cases the rewrite applies to").toBeGreaterThan(0);
        expect(f.changed.reports, "reports inside the code it changes").toBeGreaterThan(0);
        const why = `${f.survived}/${f.reports} survived (npm run metamorphic -- --details <file> lists each lost report); lost: ${f.lostExamples.join("; ")}`;
        expect(percent(f.survived, f.reports), why).toBeGreaterThanOrEqual(floor!.survival);
        expect(percent(f.changed.survived, f.changed.reports), why).toBeGreaterThanOrEqual(floor!.changed);
        expect(f.added.valid, `added to valid cases: ${f.addedExamples.join("; ")}`).toBeLessThanOrEqual(floor!.addedOnValid);
      });
    }
  });
}
