/**
 * Range edits of a source text that remember where each piece of the original went, so that a report of the
 * original can be looked for at the rewritten place of its node.
 *
 * A rewritten text is a list of pieces: literal text, or a slice of the original. A slice keeps the original's
 * offsets (the same node text, at a new place), and says which kind of place it is: `same` (the text stays where it
 * was in its function), `moved` (hoisted within its function), `helper` (copied into a helper, a method or a
 * closure). A replaced range may carry an `anchor` label (`call`: the statement that now calls the helper): a node of
 * the original inside that range may also be reported at the replacement as a whole.
 */

/** Where the text of an original node is in a rewrite. */
export type Place = "same" | "moved" | "helper" | "call";

export interface Slice {
  readonly from: number;
  readonly to: number;
  readonly place: Place;
}

export type Piece = string | Slice;

export const slice = (from: number, to: number, place: Place = "same"): Slice => ({ from, to, place });

/** A range of the original replaced by pieces (an insertion when `from === to`). */
interface Edit {
  readonly from: number;
  readonly to: number;
  readonly pieces: readonly Piece[];
  readonly anchor: Place | undefined;
}

/** A segment of the output that is a slice of the original: `group` is the same for the slices of one `sliceWith`. */
interface Segment {
  readonly out: number;
  readonly from: number;
  readonly to: number;
  readonly place: Place;
  readonly group: number;
}

/** A place in the rewritten text where an original range is: its kind and its output range. */
export interface Located {
  readonly place: Place;
  readonly range: readonly [number, number];
}

export interface Rewritten {
  readonly text: string;
  /** Where the original range `[from, to]` is in `text`: each copy of its text, and each anchor that replaced it. */
  locate(from: number, to: number): Located[];
}

/** A substitution inside a slice: the original's `[from, to)` written as `pieces`. */
export interface Substitution {
  readonly from: number;
  readonly to: number;
  readonly pieces: readonly Piece[];
}

let groups = 0;

/** A group of pieces that is the original's `[from, to)` with `subs` (disjoint, inside it) replaced. */
export function sliceWith(from: number, to: number, subs: readonly Substitution[], place: Place): Piece[] {
  const pieces: Piece[] = [];
  let at = from;
  for (const sub of [...subs].sort((a, b) => a.from - b.from || a.to - b.to)) {
    if (sub.from < at || sub.to > to) throw new Error(`substitution ${sub.from}-${sub.to} overlaps or leaves ${from}-${to}`);
    if (sub.from > at) pieces.push(slice(at, sub.from, place));
    // An empty slice marks where the substitution's text begins: a node starting there (`this.x` written as
    // `self.x`) is located from it (locate).
    else pieces.push(slice(sub.from, sub.from, place));
    pieces.push(...sub.pieces);
    at = sub.to;
  }
  if (at < to) pieces.push(slice(at, to, place));
  return pieces;
}

/** Edits of one original text; `apply` renders them. Edits may not overlap (insertions at one offset keep their order). */
export class Edits {
  readonly #edits: Edit[] = [];

  constructor(readonly original: string) {}

  get size(): number {
    return this.#edits.length;
  }

  replace(from: number, to: number, pieces: readonly Piece[], anchor?: Place): this {
    if (from > to || from < 0 || to > this.original.length) throw new Error(`bad range ${from}-${to}`);
    for (const e of this.#edits) {
      const overlaps = from < e.to && e.from < to;
      const inside = from === to ? e.from < from && from < e.to : e.from === e.to && from < e.from && e.from < to;
      if (overlaps || inside) throw new Error(`edit ${from}-${to} overlaps ${e.from}-${e.to}`);
    }
    this.#edits.push({ from, to, pieces, anchor });
    return this;
  }

  insert(at: number, pieces: readonly Piece[]): this {
    return this.replace(at, at, pieces);
  }

  apply(): Rewritten {
    const original = this.original;
    const segments: Segment[] = [];
    const anchors: { from: number; to: number; place: Place; out: readonly [number, number] }[] = [];
    let text = "";
    const emit = (pieces: readonly Piece[], group: number) => {
      for (const piece of pieces) {
        if (typeof piece === "string") text += piece;
        else {
          segments.push({ out: text.length, from: piece.from, to: piece.to, place: piece.place, group });
          text += original.slice(piece.from, piece.to);
        }
      }
    };
    // Stable: insertions at one offset keep the order they were made in, before a replacement starting there.
    const edits = this.#edits.map((e, i) => ({ e, i })).sort((a, b) => a.e.from - b.e.from || a.e.to - b.e.to || a.i - b.i);
    let at = 0;
    const top = ++groups;
    for (const { e } of edits) {
      if (e.from > at) emit([slice(at, e.from)], top);
      const start = text.length;
      // Each edit's pieces are a group of their own unless they continue the original around them.
      emit(e.pieces, ++groups);
      if (e.anchor) anchors.push({ from: e.from, to: e.to, place: e.anchor, out: [start, text.length] });
      at = Math.max(at, e.to);
    }
    if (at < original.length) emit([slice(at, original.length)], top);
    return { text, locate: (from, to) => locate(segments, anchors, from, to) };
  }
}

function locate(
  segments: readonly Segment[],
  anchors: readonly { from: number; to: number; place: Place; out: readonly [number, number] }[],
  from: number,
  to: number,
): Located[] {
  const found: Located[] = [];
  segments.forEach((s, i) => {
    // A start inside a substitution of a copy (`this` written as `self`): where the substitution's text begins.
    const before = segments[i - 1];
    const substituted = before !== undefined && before.group === s.group && before.to <= from && from < s.from && s.from < to;
    if (!substituted && (from < s.from || from > s.to || (from === s.to && to > from))) return;
    const start = substituted ? before.out + before.to - before.from : s.out + from - s.from;
    // The end: in this segment, or in a later segment of the same group (a node whose inside was substituted).
    for (let j = i; j < segments.length; j++) {
      const t = segments[j]!;
      if (t.group !== s.group && j !== i) continue;
      if (to >= t.from && to <= t.to && (j === i || to > t.from)) {
        found.push({ place: s.place, range: [start, t.out + to - t.from] });
        return;
      }
    }
  });
  for (const a of anchors) {
    if (a.from < a.to && a.from <= from && to <= a.to) found.push({ place: a.place, range: a.out });
  }
  // The same place once: a range found in the group that continues the original and again through an anchor.
  return found.filter((f, i) => found.findIndex((g) => g.place === f.place && g.range[0] === f.range[0] && g.range[1] === f.range[1]) === i);
}
