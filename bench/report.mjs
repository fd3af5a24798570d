// The report's shared pieces: the table of ratios (median of the per-round ratios with its bootstrap interval,
// quartiles and extremes) and the target lines (PASS or FAIL on the median, and a word when the interval
// contains the limit: the rounds cannot tell which side the plugin is on).
import { LEVEL, pad, percent, range, times } from "./stats.mjs";

export const out = (text = "") => console.log(text);

const interval = `${Math.round(LEVEL * 100)}% interval`;

/** Rows `[label, ratioStats]`: ratios as percentages over 1. */
export function ratioTable(rows, width = 48) {
  out(`  ${pad("CPU time ratio, per round", width)} ${pad("median", -7)}  ${pad(interval, -17)}  ${pad("IQR", -17)}  ${pad("rounds (min .. max)", -19)}  ${pad("best passes", -11)}`);
  for (const [label, s] of rows) {
    out(
      `  ${pad(label, width)} ${pad(percent(s.median), -7)}  ${pad(range(s.lo, s.hi, percent), -17)}  ${pad(range(s.q1, s.q3, percent), -17)}  ${pad(range(s.min, s.max, percent), -19)}  ${pad(percent(s.best), -11)}`,
    );
  }
}

/** A growth factor with its interval and the rounds' extremes: "10.73x [90% interval 9.8x .. 12.1x; rounds ...]". */
export const growthText = (g) => `${times(g.median)} [${interval} ${range(g.lo, g.hi, times)}; rounds ${range(g.min, g.max, times)}]`;

/**
 * One target: PASS when `value` is at most `limit`. With an interval (`lo`, `hi`), says whether it contains the
 * limit; `format` prints values ("percent" for ratios, "times" for growth factors); `bound` words the limit.
 */
export function target({ text, value, lo, hi, limit, format, bound = "at most" }) {
  const show = format === "times" ? times : (x) => percent(x);
  const limitText = `${bound} ${format === "times" ? `${limit}x` : percent(limit, 0)}`;
  // One round or run gives no interval (the bootstrap returns the value itself).
  const within = lo === undefined || lo === hi ? "" : ` [${interval} ${range(lo, hi, show)}${lo <= limit && limit <= hi ? ", contains the limit: these rounds cannot decide" : ""}]`;
  out(`  ${value <= limit ? "PASS" : "FAIL"}  ${text}: ${show(value)}${within} (${limitText})`);
}
