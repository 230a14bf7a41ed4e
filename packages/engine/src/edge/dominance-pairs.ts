/**
 * Two-dimensional dominance counts over a list of hands' outcomes (packed `highClass << 7 | lowClass`,
 * `outcomes.ts`), the step of the exact edge count done once per common set S (`count.ts`).
 *
 * Over the ordered pairs (P, B) of the list (P = B included), with rules.md §3 (copies go to the banker):
 * - wins: both of P's classes above B's;
 * - same high / same low: equal high classes / equal low classes;
 * - losses follow: both of P's classes at or below B's is, by the cases of the two comparisons,
 *   wins (the pairs read the other way round) + (same high + same low) / 2.
 *
 * Two methods give the same counts: a Fenwick tree over high classes after a counting sort by low class
 * (cost ∝ m log H, for short lists), and a dense histogram of high × low classes with running prefix sums
 * (cost ∝ m + H × 91, for long ones).
 */

import { ExactSum } from './exact-sum.js';
import { LOW_BITS, LOW_MASK } from './outcomes.js';

/** Low classes (`analysis/banker.ts` LOW_CLASSES). */
const LOWS = 91;

/** The sums one share of the count adds to: each term weighted by ± the size of its class of sets. */
export interface PairSums {
  readonly win: ExactSum;
  readonly sameHigh: ExactSum;
  readonly sameLow: ExactSum;
  /** Pairs of any outcome (m² per list). */
  readonly total: ExactSum;
}

/** Fresh zero sums. */
export function emptyPairSums(): PairSums {
  return { win: new ExactSum(), sameHigh: new ExactSum(), sameLow: new ExactSum(), total: new ExactSum() };
}

/** Scratch space for `addPairCounts`, sized for lists of up to `maxPoints` outcomes over `highClasses` classes. */
export class PairCounter {
  private readonly size: number;
  private readonly tree: Int32Array;
  private readonly highCount: Int32Array;
  private readonly lowStart = new Int32Array(LOWS + 1);
  private readonly byLow: Int32Array;
  private readonly histogram: Int32Array;
  private readonly rowCount: Int32Array;
  private readonly columnBelow = new Float64Array(LOWS);

  /** @param highClasses how many high classes outcomes use (`valueClasses().highValues.length`) */
  constructor(private readonly highClasses: number) {
    this.size = 1 << Math.ceil(Math.log2(highClasses + 1));
    this.tree = new Int32Array(this.size + 1);
    this.highCount = new Int32Array(highClasses);
    // Longer lists go to the dense method, whose cost per list is about H × 91 × 4 steps.
    this.byLow = new Int32Array((highClasses * LOWS) >> 2);
    this.histogram = new Int32Array(highClasses << LOW_BITS);
    this.rowCount = new Int32Array(highClasses);
  }

  /**
   * Adds `scale` × the counts over the ordered pairs of `outcomes[0‥m)` to `sums`.
   * @param scale the sign and weight of this list's common set (an integer, |scale| ≤ 24)
   */
  add(outcomes: Int32Array, m: number, scale: number, sums: PairSums): void {
    sums.total.addProduct(scale * m, m);
    if (m > this.byLow.length) this.addDense(outcomes, m, scale, sums);
    else this.addSparse(outcomes, m, scale, sums);
  }

  private addSparse(outcomes: Int32Array, m: number, scale: number, sums: PairSums): void {
    const { tree, highCount, lowStart, byLow, size } = this;
    lowStart.fill(0);
    for (let i = 0; i < m; i++) lowStart[(outcomes[i] & LOW_MASK) + 1]++;
    let sameLow = 0;
    for (let l = 1; l <= LOWS; l++) {
      sameLow += lowStart[l] * lowStart[l];
      lowStart[l] += lowStart[l - 1];
    }
    // Counting sort of the high classes by low class; lowStart[l] becomes the end of class l's run.
    for (let i = 0; i < m; i++) {
      const o = outcomes[i];
      byLow[lowStart[o & LOW_MASK]++] = o >>> LOW_BITS;
    }
    let win = 0;
    let sameHigh = 0;
    let from = 0;
    for (let l = 0; l < LOWS; l++) {
      const to = lowStart[l];
      // Hands of lower low classes are in the tree: count those of lower high classes.
      for (let i = from; i < to; i++) {
        let s = 0;
        for (let j = byLow[i]; j > 0; j -= j & -j) s += tree[j];
        win += s;
      }
      for (let i = from; i < to; i++) {
        const h = byLow[i];
        sameHigh += 2 * highCount[h] + 1;
        highCount[h]++;
        for (let j = h + 1; j <= size; j += j & -j) tree[j]++;
      }
      from = to;
    }
    for (let i = 0; i < m; i++) {
      const h = byLow[i];
      highCount[h] = 0;
      for (let j = h + 1; j <= size && tree[j] !== 0; j += j & -j) tree[j] = 0;
    }
    sums.win.addProduct(scale, win);
    sums.sameHigh.addProduct(scale, sameHigh);
    sums.sameLow.addProduct(scale, sameLow);
  }

  private addDense(outcomes: Int32Array, m: number, scale: number, sums: PairSums): void {
    const { histogram, rowCount, columnBelow } = this;
    for (let i = 0; i < m; i++) {
      const o = outcomes[i];
      histogram[o]++;
      rowCount[o >>> LOW_BITS]++;
    }
    columnBelow.fill(0);
    for (let h = 0; h < this.highClasses; h++) {
      const count = rowCount[h];
      if (count === 0) continue;
      rowCount[h] = 0;
      sums.sameHigh.addProduct(scale * count, count);
      const row = h << LOW_BITS;
      // below = hands of lower high class and lower low class than (h, l).
      let below = 0;
      for (let l = 0; l < LOWS; l++) {
        const n = histogram[row + l];
        if (n !== 0) sums.win.addProduct(scale * n, below);
        below += columnBelow[l];
      }
      for (let l = 0; l < LOWS; l++) {
        columnBelow[l] += histogram[row + l];
        histogram[row + l] = 0;
      }
    }
    for (let l = 0; l < LOWS; l++) sums.sameLow.addProduct(scale * columnBelow[l], columnBelow[l]);
  }
}
