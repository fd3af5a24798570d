// Statistics and number formatting for the bench: medians, quartiles and spreads over rounds, and bootstrap
// intervals that resample whole rounds (a round's passes ran at the same machine speed: keep them together).

const sorted = (xs) => [...xs].sort((a, b) => a - b);

/** The q-quantile (0..1) of `xs`, linearly interpolated between the two nearest ranks. */
export function quantile(xs, q) {
  const s = sorted(xs);
  if (s.length === 0) return Number.NaN;
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  if (lo === hi || s[lo] === s[hi]) return s[lo];
  // Between a number and Infinity (a growth factor with no bound) lies Infinity.
  if (!Number.isFinite(s[hi] - s[lo])) return s[hi];
  return s[lo] + (s[hi] - s[lo]) * (at - lo);
}

export const median = (xs) => quantile(xs, 0.5);

/** Median, quartiles and extremes of `xs`. */
export function summary(xs) {
  const s = sorted(xs);
  return { median: median(s), q1: quantile(s, 0.25), q3: quantile(s, 0.75), min: s[0], max: s[s.length - 1], n: s.length };
}

/** A small seeded generator (mulberry32): the same rounds give the same interval, run after run. */
function random(seed) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let x = Math.imul(t ^ (t >>> 15), 1 | t);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The bootstrap's confidence level: a 90% interval, 5% on either side. */
export const LEVEL = 0.9;

/**
 * Percentile bootstrap interval of `statistic(indices)` over `n` rounds: rounds are drawn with replacement
 * `resamples` times. With few rounds it is no narrower than their spread; it says how far the median could move.
 */
export function bootstrap(n, statistic, { resamples = 4000, seed = 11 } = {}) {
  const next = random(seed);
  const values = [];
  for (let r = 0; r < resamples; r++) {
    const pick = Array.from({ length: n }, () => Math.floor(next() * n));
    values.push(statistic(pick));
  }
  return { lo: quantile(values, (1 - LEVEL) / 2), hi: quantile(values, 1 - (1 - LEVEL) / 2) };
}

/**
 * Per-round ratios a[i] / b[i]: their summary, the bootstrap interval of their median, and the ratio of the
 * fastest passes (noise only slows a pass).
 */
export function ratioStats(a, b) {
  const r = a.map((x, i) => x / b[i]);
  return { ...summary(r), ...bootstrap(r.length, (pick) => median(pick.map((i) => r[i]))), best: Math.min(...a) / Math.min(...b) };
}

/** a / b, or Infinity when b is not positive: a part at N lost in the noise bounds no growth factor. */
const grown = (a, b) => (b > 0 ? a / b : Number.POSITIVE_INFINITY);

/**
 * Growth of a part: median(a) / median(b) (per-round ratios of two small differences swing too much to take
 * their median), with the bootstrap interval of that ratio and the per-round ratios' extremes.
 */
export function growthStats(a, b) {
  const r = a.map((x, i) => grown(x, b[i]));
  const ofMedians = (pick) => grown(median(pick.map((i) => a[i])), median(pick.map((i) => b[i])));
  return { ...summary(r), median: ofMedians(a.map((_, i) => i)), ...bootstrap(a.length, ofMedians) };
}

/** Per-round differences a[i] - b[i]. */
export const diffs = (a, b) => a.map((x, i) => x - b[i]);

/** `1234567` as "1,234,567". */
export const int = (n) => Math.round(n).toLocaleString("en-US");

/** A ratio 1.0283 as "+2.8%". */
export const percent = (ratio, digits = 1) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(digits)}%`;

/** A growth factor 10.734 as "10.73x". */
export const times = (x) => (Number.isFinite(x) ? `${x.toFixed(2)}x` : x === Number.POSITIVE_INFINITY ? "inf" : "n/a");

/** A duration in milliseconds, 4 significant characters or so: "812 ms", "3.41 s". */
export function ms(x) {
  if (!Number.isFinite(x)) return "n/a";
  if (Math.abs(x) >= 10_000) return `${(x / 1000).toFixed(1)} s`;
  if (Math.abs(x) >= 1000) return `${(x / 1000).toFixed(2)} s`;
  return `${x.toFixed(Math.abs(x) >= 100 ? 0 : 1)} ms`;
}

/** "median [min-max]" of a summary, formatted by `format`. */
export const spread = (s, format) => `${format(s.median)} [${format(s.min)} .. ${format(s.max)}]`;

/** "lo .. hi" of an interval, formatted by `format`. */
export const range = (lo, hi, format) => `${format(lo)} .. ${format(hi)}`;

/** Bytes as mebibytes: "412 MiB". */
export const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** Bytes as megabytes (10^6, as V8's trace counts them): "151.2 MB". */
export const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** `text` padded on the right (or, for a negative width, on the left) to `width`. */
export const pad = (text, width) => (width < 0 ? String(text).padStart(-width) : String(text).padEnd(width));
