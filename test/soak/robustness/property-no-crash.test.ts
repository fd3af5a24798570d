/**
 * Property: no rule crashes on ACP handler code in any style, with random guards, codes, constants, nesting and
 * helpers, under protocol version 1 or 2 and the default or strict options; and every generated program parses.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { acpProgram, lintSetup } from "./handler-arbitraries.js";
import { fatalOf, lint, SEED } from "./property-lint.js";

const RUNS = 800;

describe("property: generated ACP handlers", () => {
  it(`no rule throws, every program parses (${RUNS} runs, seed ${SEED})`, { timeout: 120_000 }, () => {
    let reported = 0;
    const rules = new Set<string>();
    fc.assert(
      fc.property(acpProgram, lintSetup, (program, setup) => {
        const messages = lint(program.code, setup);
        expect(fatalOf(messages)).toBeUndefined();
        if (messages.length > 0) reported++;
        for (const m of messages) rules.add(m.ruleId ?? "");
      }),
      { seed: SEED, numRuns: RUNS },
    );
    console.log(`no-crash property: ${RUNS} programs, ${reported} with reports, rules reporting: ${[...rules].sort().join(", ")}`);
    // The generator must reach the rules: most programs have findings, and many rules report.
    expect(reported).toBeGreaterThan(RUNS / 2);
    expect(rules.size).toBeGreaterThanOrEqual(15);
  });
});
