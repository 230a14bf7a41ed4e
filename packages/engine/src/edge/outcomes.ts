/**
 * Every hand's house-way outcome, for the exact edge count: the value classes (`analysis/classes.ts`) of
 * the high and low hand the house way sets, packed as `highClass << 7 | lowClass` (high classes < 2^13,
 * low classes < 91 < 2^7), in an Int32Array indexed by the hand's colex rank (`deck.ts`). Comparing two
 * hands' classes is comparing their values, so the table is all the count needs to know of the house way.
 * Values and classes are those of the house way's hand ranking (`HouseWay.ranking`, evaluate/ranking.ts), so
 * the count compares the two hands of a deal under the ranking the house way set them under.
 */

import { highHandEvaluator } from '../evaluate/high-hand.js';
import { evaluateLowHand2 } from '../evaluate/low-hand.js';
import { FIVE_OF_SEVEN } from '../evaluate/seven.js';
import { settingIndexOfCode } from '../house-way/code.js';
import type { HouseWay } from '../house-way/types.js';
import { valueClasses } from '../analysis/classes.js';
import { HAND_SIZE } from '../cards/index.js';
import { binomial, type EdgeDeck } from './deck.js';

/** Bits of the low class in a packed outcome. */
export const LOW_BITS = 7;
/** Mask of the low class in a packed outcome. */
export const LOW_MASK = (1 << LOW_BITS) - 1;

/** The high class of a value: its index in the increasing list of every high-hand value (binary search). */
function highClassOf(highValues: Int32Array, value: number): number {
  let lo = 0;
  let hi = highValues.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (highValues[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Fills the outcomes of one share of the deck's hands: those whose two highest positions (p7, p6) have a
 * pair index ≡ `part` (mod `parts`); every share is a set of whole runs of consecutive colex ranks.
 * @param deck the deck (`FULL_DECK`, or a reduced one in tests)
 * @param way the house way that sets every hand (`HouseWay.code`), and the ranking its values are compared under
 * @param outcomes length `deck.hands`; the caller may share it between threads, each filling its own share
 * @param part this share, 0 ≤ part < parts
 * @param parts how many shares the caller splits the table into (1: all of it)
 * @param onProgress called after each run with the hands set so far in this share
 * @throws RangeError when `outcomes` has the wrong length; Error if the house way fouls (its invariant)
 */
export function fillOutcomes(
  deck: EdgeDeck,
  way: Pick<HouseWay, 'code' | 'ranking'>,
  outcomes: Int32Array,
  part = 0,
  parts = 1,
  onProgress?: (handsDone: number) => void,
): void {
  if (outcomes.length !== deck.hands) throw new RangeError(`the outcome table needs ${deck.hands} entries, got ${outcomes.length}`);
  const { highValues, lowValues } = valueClasses(way.ranking);
  const evaluate5 = highHandEvaluator(way.ranking);
  const n = deck.cards.length;
  // Low class of every pair of cards of the deck, by positions.
  const lowClass = new Int32Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) lowClass[a * n + b] = highClassOf(lowValues, evaluateLowHand2(deck.cards[a], deck.cards[b]));
  }
  const cards = deck.cards;
  const hand = new Int32Array(HAND_SIZE);
  const pos = new Int32Array(HAND_SIZE);
  let share = 0;
  let done = 0;
  for (let p7 = HAND_SIZE - 1; p7 < n; p7++) {
    for (let p6 = HAND_SIZE - 2; p6 < p7; p6++) {
      if (share++ % parts !== part) continue;
      let rank = binomial(p7, 7) + binomial(p6, 6);
      pos[6] = p7;
      pos[5] = p6;
      hand[6] = cards[p7];
      hand[5] = cards[p6];
      for (let p5 = 4; p5 < p6; p5++) {
        pos[4] = p5;
        hand[4] = cards[p5];
        for (let p4 = 3; p4 < p5; p4++) {
          pos[3] = p4;
          hand[3] = cards[p4];
          for (let p3 = 2; p3 < p4; p3++) {
            pos[2] = p3;
            hand[2] = cards[p3];
            for (let p2 = 1; p2 < p3; p2++) {
              pos[1] = p2;
              hand[1] = cards[p2];
              for (let p1 = 0; p1 < p2; p1++) {
                pos[0] = p1;
                hand[0] = cards[p1];
                const code = way.code(hand);
                const f = FIVE_OF_SEVEN[settingIndexOfCode(code)];
                const high = evaluate5(hand[f[0]], hand[f[1]], hand[f[2]], hand[f[3]], hand[f[4]]);
                outcomes[rank++] = (highClassOf(highValues, high) << LOW_BITS) | lowClass[pos[code & 7] * n + pos[(code >> 3) & 7]];
              }
            }
          }
        }
      }
      done += binomial(p6, 5);
      onProgress?.(done);
    }
  }
}
