/** The defined stop reason a misspelt one clearly means, for suggestions: `"canceled"` -> `"cancelled"`. */

/** `endTurn`, `END-TURN`, `end turn` -> `end_turn`. */
const normalise = (value: string) =>
  value
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The one defined value `value` is clearly a spelling of: the same once case and separators are normalised, the
 * only one it is the start of (`"end"`, `"max_turn"`), or the only one within two edits (and a third of its length).
 */
export function closestStopReason(value: string, defined: readonly string[]): string | undefined {
  const wanted = normalise(value);
  if (wanted.length < 3) return undefined;
  const same = defined.find((d) => d === wanted);
  if (same) return same;
  const starts = defined.filter((d) => d.startsWith(wanted));
  if (starts.length === 1) return starts[0];
  if (starts.length > 1) return undefined;
  const scored = defined.map((d) => ({ d, n: distance(wanted, d) })).sort((x, y) => x.n - y.n);
  const [best, next] = scored;
  if (!best || best.n > 2 || best.n * 3 > wanted.length) return undefined;
  return next && next.n === best.n ? undefined : best.d;
}
