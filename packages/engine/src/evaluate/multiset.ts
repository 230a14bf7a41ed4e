/**
 * Rank multisets: the shapes the lookup tables are built over. Types 0‥12 are the natural ranks
 * (at most four cards each), type 13 is the joker (at most one).
 */

/** The joker's type index in a rank multiset. */
export const JOKER_TYPE = 13;

/** Calls `visit(counts)` for every multiset of `size` cards over the 13 ranks and the joker. `counts` is reused. */
export function forEachRankMultiset(size: number, visit: (counts: readonly number[]) => void): void {
  const counts = new Array<number>(14).fill(0);
  const walk = (type: number, left: number): void => {
    if (type === 14) {
      if (left === 0) visit(counts);
      return;
    }
    const most = Math.min(left, type === JOKER_TYPE ? 1 : 4);
    for (let n = 0; n <= most; n++) {
      counts[type] = n;
      walk(type + 1, left - n);
    }
    counts[type] = 0;
  };
  walk(0, size);
}

/** The natural ranks of a multiset, lowest first (the joker left out). */
export function naturalRanksOf(counts: readonly number[]): number[] {
  const ranks: number[] = [];
  for (let r = 0; r < 13; r++) for (let n = 0; n < counts[r]; n++) ranks.push(r);
  return ranks;
}

/** `WAYS[t * 8 + k]`: multisets of k cards (k ≤ 7) over the types t‥13 (ranks at most four, the joker at most one). */
const WAYS = new Float64Array(15 * 8);
WAYS[14 * 8] = 1;
for (let t = 13; t >= 0; t--) {
  const cap = t === JOKER_TYPE ? 1 : 4;
  for (let k = 0; k < 8; k++) {
    let ways = 0;
    for (let c = 0; c <= Math.min(cap, k); c++) ways += WAYS[(t + 1) * 8 + k - c];
    WAYS[t * 8 + k] = ways;
  }
}

/** The number of multisets of `size` cards (0 ≤ size ≤ 7). */
export function multisetCount(size: number): number {
  return WAYS[size];
}

/**
 * The index of a multiset of `size` cards among all multisets of that size, in the lexicographic order of
 * their counts (type 0 first): a bijection onto 0 ‥ multisetCount(size) − 1, so tables can be indexed by it.
 */
export function rankMultiset(counts: ArrayLike<number>, size: number): number {
  let index = 0;
  let left = size;
  for (let t = 0; t < 14 && left > 0; t++) {
    for (let c = 0; c < counts[t]; c++) index += WAYS[(t + 1) * 8 + left - c];
    left -= counts[t];
  }
  return index;
}
