/**
 * The exhaustive count of five-card high hands: all C(53,5) = 2,869,685 hands of the 53-card deck
 * by category (rules.md §2.1–§2.2; the reference is `reference/five-card.json`).
 */

import { DECK_SIZE, JOKER } from '../cards/index.js';
import { evaluateHighHand5 } from './high-hand.js';
import { CATEGORIES, type Category } from './value.js';

/** The category counts of every five-card hand, overall and among the hands holding the joker. */
export interface HighHandCounts {
  /** Number of hands counted: C(53,5) = 2,869,685. */
  readonly total: number;
  /** Hands per category key (`'five_aces'`, …). */
  readonly counts: Record<Category, number>;
  /** Hands per category among the C(52,4) = 270,725 that hold the joker (the reference's `with_joker`). */
  readonly withJoker: Record<Category, number>;
}

/**
 * Evaluates every five-card hand of the 53-card deck with `evaluateHighHand5` and counts the
 * categories (rules.md §2.1–§2.2). About 15 ms.
 */
export function countHighHandCategories(): HighHandCounts {
  const counts = new Float64Array(CATEGORIES.length);
  const withJoker = new Float64Array(CATEGORIES.length);
  let total = 0;
  for (let a = 0; a < DECK_SIZE; a++) {
    for (let b = a + 1; b < DECK_SIZE; b++) {
      for (let c = b + 1; c < DECK_SIZE; c++) {
        for (let d = c + 1; d < DECK_SIZE; d++) {
          for (let e = d + 1; e < DECK_SIZE; e++) {
            const category = evaluateHighHand5(a, b, c, d, e) >>> 20;
            counts[category]++;
            // Cards are increasing and the joker is the highest card, so only `e` can be it.
            if (e === JOKER) withJoker[category]++;
            total++;
          }
        }
      }
    }
  }
  const byKey = (table: Float64Array): Record<Category, number> =>
    Object.fromEntries(CATEGORIES.map((key, i) => [key, table[i]])) as Record<Category, number>;
  return { total, counts: byKey(counts), withJoker: byKey(withJoker) };
}
