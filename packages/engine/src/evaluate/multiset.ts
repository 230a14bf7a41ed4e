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
