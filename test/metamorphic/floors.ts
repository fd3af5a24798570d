/**
 * The floors of test/metamorphic/floors.json as tests: the suites' cases (every n-th of them for the quick suite's
 * sample, all in the soak suite) linted through every rewrite, and per rewrite the survival at least its floor, the
 * reports added to valid cases at most today's, no rewrite that does not parse and no crash of the plugin.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { suiteCases } from "./cases.js";
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
  describe(`the metamorphic suite (${section}: every ${floors.every === 1 ? "" : `${floors.every}th `}case of the rule suites)`, () => {
    let run: Run;
    beforeAll(async () => {
      // Imported once vitest has collected this file: the suites' runs record their cases and run nothing.
      const cases = (await suiteCases()).filter((_, i) => i % floors.every === 0);
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
        expect(percent(f.survived, f.reports), `${f.survived}/${f.reports} survived; lost: ${f.lostExamples.join("; ")}`).toBeGreaterThanOrEqual(floor!.survival);
        expect(percent(f.changed.survived, f.changed.reports)).toBeGreaterThanOrEqual(floor!.changed);
        expect(f.added.valid, `added to valid cases: ${f.addedExamples.join("; ")}`).toBeLessThanOrEqual(floor!.addedOnValid);
      });
    }
  });
}
