// Statistics and number formatting for the bench: medians, quartiles and spreads over rounds.

const sorted = (xs) => [...xs].sort((a, b) => a - b);

/** The q-quantile (0..1) of `xs`, linearly interpolated between the two nearest ranks. */
export function quantile(xs, q) {
  const s = sorted(xs);
  if (s.length === 0) return Number.NaN;
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo] + (s[hi] - s[lo]) * (at - lo);
}

export const median = (xs) => quantile(xs, 0.5);

/** Median, quartiles and extremes of `xs`. */
export function summary(xs) {
  const s = sorted(xs);
  return { median: median(s), q1: quantile(s, 0.25), q3: quantile(s, 0.75), min: s[0], max: s[s.length - 1], n: s.length };
}

/** `1234567` as "1,234,567". */
export const int = (n) => Math.round(n).toLocaleString("en-US");

/** A ratio 1.0283 as "+2.8%". */
export const percent = (ratio, digits = 1) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(digits)}%`;

/** A duration in milliseconds, 4 significant characters or so: "812 ms", "3.41 s". */
export function ms(x) {
  if (!Number.isFinite(x)) return "n/a";
  if (Math.abs(x) >= 10_000) return `${(x / 1000).toFixed(1)} s`;
  if (Math.abs(x) >= 1000) return `${(x / 1000).toFixed(2)} s`;
  return `${x.toFixed(Math.abs(x) >= 100 ? 0 : 1)} ms`;
}

/** "median [min-max]" of a summary, formatted by `format`. */
export const spread = (s, format) => `${format(s.median)} [${format(s.min)} .. ${format(s.max)}]`;

/** Bytes as mebibytes: "412 MiB". */
export const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** `text` padded on the right (or, for a negative width, on the left) to `width`. */
export const pad = (text, width) => (width < 0 ? String(text).padStart(-width) : String(text).padEnd(width));
