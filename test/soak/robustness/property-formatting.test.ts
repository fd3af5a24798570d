/**
 * Property: the reports of a file do not depend on how it is printed. The same generated program, re-printed with
 * other whitespace, newlines, indentation and comments between its tokens, gets the same reports: the same rules and
 * message ids on the same code (compared without whitespace and comments, not by line and column).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { acpProgram, lintSetup } from "./handler-arbitraries.js";
import { fatalOf, lint, SEED } from "./property-lint.js";
import { reformat, reportKeys, SEPARATORS } from "./reformat.js";

const RUNS = 300;

describe("property: formatting and comments", () => {
  it(`re-printing a program changes none of its reports (${RUNS} runs, seed ${SEED})`, { timeout: 120_000 }, () => {
    let compared = 0;
    fc.assert(
      fc.property(acpProgram, lintSetup, fc.array(fc.nat(SEPARATORS.length - 1), { minLength: 1, maxLength: 40 }), (program, setup, separators) => {
        const printed = reformat(program.code, separators);
        const original = lint(program.code, setup);
        const reprinted = lint(printed, setup);
        expect(fatalOf(original)).toBeUndefined();
        expect(fatalOf(reprinted), printed).toBeUndefined();
        expect(reportKeys(printed, reprinted), printed).toEqual(reportKeys(program.code, original));
        compared += original.length;
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`formatting property: ${RUNS} programs re-printed, ${compared} reports compared`);
    expect(compared).toBeGreaterThan(RUNS);
  });
});
