/**
 * Two-card low-hand evaluation (rules.md §2.3): a pair beats two unpaired cards; pairs compare by
 * rank; unpaired hands by the higher card, then the lower. The joker is an ace (rules.md §2.2).
 */

import { DECK_SIZE, rankOf, type Card } from '../cards/index.js';
import { lowValueOfRanks } from './reference.js';
import type { HandValue } from './value.js';

const LOW_TABLE = new Int32Array(DECK_SIZE * DECK_SIZE);
for (let a = 0; a < DECK_SIZE; a++) {
  for (let b = 0; b < DECK_SIZE; b++) LOW_TABLE[a * DECK_SIZE + b] = lowValueOfRanks(rankOf(a), rankOf(b));
}

/** Value of the low hand `a b` on the high hands' scale (rules.md §2.3). Cards are trusted valid and distinct. */
export function evaluateLowHand2(a: Card, b: Card): HandValue {
  return LOW_TABLE[a * DECK_SIZE + b];
}

/**
 * Value of a two-card low hand (rules.md §2.3), comparable with other low hands and, for fouls,
 * with high hands (rules.md §2.4).
 * @throws RangeError when not given exactly two cards
 */
export function evaluateLowHand(cards: readonly Card[]): HandValue {
  if (cards.length !== 2) throw new RangeError(`a low hand has 2 cards, got ${cards.length}`);
  return evaluateLowHand2(cards[0], cards[1]);
}
