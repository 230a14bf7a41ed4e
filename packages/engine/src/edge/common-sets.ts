/**
 * The sets of cards two hands may share, up to a permutation of the suits, for the inclusion–exclusion of
 * the exact edge count (`count.ts`).
 *
 * A set S is its joker bit and four rank masks, one per suit. Permuting the suits permutes the masks and
 * maps the hands that contain S one to one onto the hands that contain the image of S, with the same
 * house-way outcomes (the house way reads suits only to see flushes; `edge.test.ts` checks it), so
 * every S counts as much as its images. Each class is visited once, with its masks in decreasing order,
 * and weighted by the number of distinct sets in it: 4! / Π (multiplicity of each equal mask)!.
 */

import { JOKER } from '../cards/index.js';
import type { EdgeDeck } from './deck.js';

/**
 * Calls `visit(positions, size, weight)` once per class of sets of at most `maxSize` cards of `deck` under
 * suit permutations (the empty set included). `positions` (reused between calls) holds the set's deck
 * positions in increasing order in its first `size` entries; `weight` is the number of sets in the class.
 * The order of visits is fixed (callers split the work by counting visits).
 */
export function forEachCommonSet(deck: EdgeDeck, maxSize: number, visit: (positions: Int32Array, size: number, weight: number) => void): void {
  const rankCount = deck.ranks.length;
  // Masks over the deck's rank indexes, by popcount, increasing.
  const byPopcount: number[][] = Array.from({ length: maxSize + 1 }, () => []);
  for (let m = 0; m < 1 << rankCount; m++) {
    let bits = 0;
    for (let x = m; x; x &= x - 1) bits++;
    if (bits <= maxSize) byPopcount[bits].push(m);
  }
  const masks = new Int32Array(4);
  const positions = new Int32Array(Math.max(maxSize, 1));
  const emit = (joker: boolean): void => {
    let size = 0;
    for (let s = 0; s < 4; s++) {
      for (let i = 0; i < rankCount; i++) if (masks[s] & (1 << i)) positions[size++] = deck.position[deck.ranks[i] * 4 + s];
    }
    if (joker) positions[size++] = deck.position[JOKER];
    positions.subarray(0, size).sort();
    // Masks are in decreasing order: equal ones are adjacent.
    let weight = 24;
    let run = 1;
    for (let s = 1; s < 4; s++) {
      run = masks[s] === masks[s - 1] ? run + 1 : 1;
      weight /= run;
    }
    visit(positions, size, weight);
  };
  const walk = (suit: number, most: number, budget: number, joker: boolean): void => {
    if (suit === 4) {
      emit(joker);
      return;
    }
    for (let bits = 0; bits <= budget; bits++) {
      for (const m of byPopcount[bits]) {
        if (m > most) break;
        masks[suit] = m;
        walk(suit + 1, m, budget - bits, joker);
      }
    }
  };
  walk(0, Infinity, maxSize, false);
  if (deck.joker && maxSize >= 1) walk(0, Infinity, maxSize - 1, true);
}
