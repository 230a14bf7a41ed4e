/**
 * The exact edge of the main wager (issue 16): over every deal — an ordered pair (player P, banker B) of
 * disjoint seven-card hands, C(53,7) × C(46,7) = 8,250,459,031,214,400 of them — both hands set by the
 * house way, the player's wins, pushes and losses (rules.md §3: a hand wins when it beats the banker's;
 * copies go to the banker; both hands win → win, both lose or copy → loss, else push).
 *
 * Inclusion–exclusion over the cards the two hands share: a pair of hands whose common cards are I is
 * counted Σ over S ⊆ I of (−1)^|S|, which is 1 when I is empty and 0 otherwise. So the disjoint pairs
 * with an outcome are Σ over card sets S (|S| ≤ 7) of (−1)^|S| × (pairs of hands that both contain S with
 * that outcome), and for each S that is a two-dimensional dominance count over the house-way outcomes
 * of the C(n − |S|, 7 − |S|) hands containing S (`dominance-pairs.ts`). Sets S are taken up to suit
 * permutations with their weights (`common-sets.ts`); |S| = 7 (a hand paired with itself: one loss)
 * is added in closed form. The work splits into interleaved shares of the sets.
 */

import { valueClasses } from '../analysis/classes.js';
import { HAND_SIZE } from '../cards/index.js';
import { forEachCommonSet } from './common-sets.js';
import { binomial, type EdgeDeck } from './deck.js';
import { emptyPairSums, PairCounter } from './dominance-pairs.js';

/** One share's sums (exact integers; add shares with `mergeEdgeShares`). */
export interface EdgeShare {
  /** Σ ± pairs where the player's high and low hands both beat the banker's. */
  readonly win: bigint;
  /** Σ ± pairs whose high hands have equal values (a copy of the high hands). */
  readonly sameHigh: bigint;
  /** Σ ± pairs whose low hands have equal values. */
  readonly sameLow: bigint;
  /** Σ ± pairs of any outcome. */
  readonly total: bigint;
}

/** The exact counts over every deal of a deck. */
export interface EdgeCounts {
  /** Deals counted: C(n, 7) × C(n − 7, 7). */
  readonly deals: bigint;
  readonly win: bigint;
  readonly push: bigint;
  readonly loss: bigint;
  /** Deals whose high hands are a copy (equal values). */
  readonly highCopies: bigint;
  /** Deals whose low hands are a copy. */
  readonly lowCopies: bigint;
}

/** Progress is reported after about this many hands visited. */
const PROGRESS_STEP = 1 << 22;

/**
 * The work of the whole count, in hands visited (the unit of `countEdgeShare`'s progress): the sum over
 * the classes of common sets S (|S| ≤ 6) of C(n − |S|, 7 − |S|).
 */
export function edgeWork(deck: EdgeDeck): number {
  const n = deck.cards.length;
  let work = 0;
  forEachCommonSet(deck, HAND_SIZE - 1, (_, size) => (work += binomial(n - size, HAND_SIZE - size)));
  return work;
}

/**
 * Counts one share of the inclusion–exclusion.
 * @param deck the deck
 * @param outcomes every hand's packed outcome by colex rank (`fillOutcomes`, complete)
 * @param part this share, 0 ≤ part < parts; @param parts how many shares (classes of sets interleave)
 * @param onProgress called now and then with the hands visited so far in this share (see `edgeWork`)
 */
export function countEdgeShare(deck: EdgeDeck, outcomes: Int32Array, part = 0, parts = 1, onProgress?: (handsDone: number) => void): EdgeShare {
  if (outcomes.length !== deck.hands) throw new RangeError(`the outcome table needs ${deck.hands} entries, got ${outcomes.length}`);
  const n = deck.cards.length;
  // Every hand ranking has as many high classes (analysis/classes.ts), so the outcomes' ranking does not matter here.
  const counter = new PairCounter(valueClasses().highValues.length);
  const sums = emptyPairSums();
  const points = new Int32Array(binomial(n - 1, HAND_SIZE - 1));
  const inSet = new Uint8Array(n);
  const complement = new Int32Array(n);
  const chosen = new Int32Array(HAND_SIZE);
  const union = new Int32Array(HAND_SIZE - 1);
  // Partial colex sums (C(53, 7) < 2^31).
  const below = new Int32Array(HAND_SIZE);
  const above = new Int32Array(HAND_SIZE);
  let done = 0;
  let reported = 0;
  let index = 0;

  // The hands S ∪ T for every T of `free` cards of the complement, in colex order (so the reads of
  // `outcomes` only move forward): T's largest free − 1 cards are chosen by `choose`; the smallest, x, runs
  // over the complement below them, and the hand's rank is below[j] + C(x, j + 1) + above[j], j being the
  // number of the other six cards below x.
  const collect = (set: Int32Array, size: number): number => {
    const free = HAND_SIZE - size;
    let m = 0;
    let c = 0;
    for (let p = 0; p < n; p++) if (!inSet[p]) complement[c++] = p;
    const inner = (limit: number): void => {
      // union = S ∪ chosen, increasing.
      let i = 0;
      let k = free - 2;
      for (let u = 0; u < HAND_SIZE - 1; u++) {
        if (k < 0 || (i < size && set[i] < complement[chosen[k]])) union[u] = set[i++];
        else union[u] = complement[chosen[k--]];
      }
      below[0] = 0;
      for (let u = 0; u < HAND_SIZE - 1; u++) below[u + 1] = below[u] + binomial(union[u], u + 1);
      above[HAND_SIZE - 1] = 0;
      for (let u = HAND_SIZE - 2; u >= 0; u--) above[u] = above[u + 1] + binomial(union[u], u + 2);
      let j = 0;
      for (let xi = 0; xi < limit; xi++) {
        const x = complement[xi];
        while (j < HAND_SIZE - 1 && union[j] < x) j++;
        points[m++] = outcomes[below[j] + binomial(x, j + 1) + above[j]];
      }
    };
    // chosen[0] is T's largest card's index in the complement, chosen[free − 2] its second smallest.
    const choose = (level: number, limit: number): void => {
      if (level === free - 1) {
        inner(limit);
        return;
      }
      for (let ci = free - 1 - level; ci < limit; ci++) {
        chosen[level] = ci;
        choose(level + 1, ci);
      }
    };
    choose(0, c);
    return m;
  };

  forEachCommonSet(deck, HAND_SIZE - 1, (set, size, weight) => {
    if (index++ % parts !== part) return;
    const scale = size % 2 === 0 ? weight : -weight;
    if (size === 0) {
      counter.add(outcomes, outcomes.length, scale, sums);
      done += outcomes.length;
    } else {
      for (let i = 0; i < size; i++) inSet[set[i]] = 1;
      const m = collect(set, size);
      for (let i = 0; i < size; i++) inSet[set[i]] = 0;
      counter.add(points, m, scale, sums);
      done += m;
    }
    if (done - reported >= PROGRESS_STEP) {
      reported = done;
      onProgress?.(done);
    }
  });
  if (part === 0) {
    // |S| = 7: each hand paired with itself, a copy of both hands (a loss), with sign −1.
    sums.total.add(-deck.hands);
    sums.sameHigh.add(-deck.hands);
    sums.sameLow.add(-deck.hands);
  }
  onProgress?.(done);
  return { win: sums.win.value(), sameHigh: sums.sameHigh.value(), sameLow: sums.sameLow.value(), total: sums.total.value() };
}

/**
 * Adds the shares of a count (all `parts` of them) into the counts of the deals.
 * @throws Error when the shares do not add up to every deal exactly (a share missing or counted twice)
 */
export function mergeEdgeShares(deck: EdgeDeck, shares: readonly EdgeShare[]): EdgeCounts {
  const sum = (key: keyof EdgeShare): bigint => shares.reduce((s, x) => s + x[key], 0n);
  const n = deck.cards.length;
  const deals = BigInt(deck.hands) * BigInt(binomial(n - HAND_SIZE, HAND_SIZE));
  const total = sum('total');
  if (total !== deals) throw new Error(`the shares count ${total} deals, not ${deals}`);
  const win = sum('win');
  const highCopies = sum('sameHigh');
  const lowCopies = sum('sameLow');
  // A loss is P at or below B in both hands: by the cases of the two comparisons, the wins read the other
  // way round plus half the pairs with a copy in the high hands and half those with one in the low.
  const loss = win + (highCopies + lowCopies) / 2n;
  return { deals, win, push: deals - win - loss, loss, highCopies, lowCopies };
}
