/**
 * Fast five-card high-hand evaluation (rules.md §2.1–§2.2) by table lookup.
 *
 * A hand is a flush candidate when its cards share a suit (the joker matches every suit); then
 * its value is `FLUSH_TABLE[rank bits]`. Otherwise it is `RANK_TABLE[sum of rank keys]`: the keys
 * are chosen so that every multiset of five ranks (at most four of a rank, at most one joker) has
 * its own sum. Both tables are filled once from the reference evaluator (`reference.ts`).
 */

import { JOKER, type Card } from '../cards/index.js';
import { JOKER_TYPE, forEachRankMultiset, naturalRanksOf } from './multiset.js';
import { referenceHighValue } from './reference.js';
import type { HandValue } from './value.js';

/** Per-rank keys (index 13 is the joker) whose five-card multiset sums are all distinct (greedy search). */
export const RANK_KEYS = [0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415, 130285] as const;

/** `KEY[card]`, `RANK_BIT[card]`, `SUIT_BIT[card]` for the 53 cards. */
const KEY = new Int32Array(53);
const RANK_BIT = new Int32Array(53);
const SUIT_BIT = new Int32Array(53);
for (let c = 0; c < 52; c++) {
  KEY[c] = RANK_KEYS[c >> 2];
  RANK_BIT[c] = 1 << (c >> 2);
  SUIT_BIT[c] = 1 << (c & 3);
}
KEY[JOKER] = RANK_KEYS[JOKER_TYPE];
RANK_BIT[JOKER] = 1 << JOKER_TYPE;
SUIT_BIT[JOKER] = 0b1111;

const RANK_TABLE = new Int32Array(4 * RANK_KEYS[12] + RANK_KEYS[JOKER_TYPE] + 1).fill(-1);
const FLUSH_TABLE = new Int32Array(1 << 14).fill(-1);

forEachRankMultiset(5, (counts) => {
  let sum = 0;
  for (let t = 0; t < 14; t++) sum += counts[t] * RANK_KEYS[t];
  if (RANK_TABLE[sum] !== -1) throw new Error('rank keys collide');
  RANK_TABLE[sum] = referenceHighValue(naturalRanksOf(counts), counts[JOKER_TYPE] === 1, false);
});
forEachRankMultiset(5, (counts) => {
  if (counts.some((n) => n > 1)) return;
  let mask = 0;
  for (let t = 0; t < 14; t++) if (counts[t]) mask |= 1 << t;
  FLUSH_TABLE[mask] = referenceHighValue(naturalRanksOf(counts), counts[JOKER_TYPE] === 1, true);
});

/**
 * Value of the five-card high hand `a b c d e` (rules.md §2.1–§2.2); the hot path of the engine.
 * The cards must be five distinct valid cards (as `parseCards` guarantees); nothing is checked.
 */
export function evaluateHighHand5(a: Card, b: Card, c: Card, d: Card, e: Card): HandValue {
  if (SUIT_BIT[a] & SUIT_BIT[b] & SUIT_BIT[c] & SUIT_BIT[d] & SUIT_BIT[e]) {
    return FLUSH_TABLE[RANK_BIT[a] | RANK_BIT[b] | RANK_BIT[c] | RANK_BIT[d] | RANK_BIT[e]];
  }
  return RANK_TABLE[KEY[a] + KEY[b] + KEY[c] + KEY[d] + KEY[e]];
}

/**
 * Value of a five-card high hand (rules.md §2.1–§2.2).
 * @param cards five distinct cards (validated with `parseCards(text, 5)` for untrusted input)
 * @throws RangeError when not given exactly five cards
 */
export function evaluateHighHand(cards: readonly Card[]): HandValue {
  if (cards.length !== 5) throw new RangeError(`a high hand has 5 cards, got ${cards.length}`);
  return evaluateHighHand5(cards[0], cards[1], cards[2], cards[3], cards[4]);
}

/** The non-flush value of the five-card rank multiset whose rank keys sum to `sum` (for the seven-card tables). */
export function nonFlushValueOfKeySum(sum: number): HandValue {
  return RANK_TABLE[sum];
}

/** Every distinct high-hand value (each five-card hand's value is one of them), unsorted. For the analysis' value classes. */
export function allHighValues(): Set<HandValue> {
  const values = new Set<HandValue>();
  for (const v of RANK_TABLE) if (v >= 0) values.add(v);
  for (const v of FLUSH_TABLE) if (v >= 0) values.add(v);
  return values;
}
