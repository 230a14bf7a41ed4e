/**
 * Fast five-card high-hand evaluation (rules.md §2.1–§2.2) by table lookup.
 *
 * A hand is a flush candidate when its cards share a suit (the joker matches every suit); then
 * its value is `FLUSH_TABLE[rank bits]`. Otherwise it is `RANK_TABLE[sum of rank keys]`: the keys
 * are chosen so that every multiset of five ranks (at most four of a rank, at most one joker) has
 * its own sum. Both tables are filled once from the reference evaluator (`reference.ts`): the standard
 * ranking's at load, the wheel-low ranking's (ranking.ts) on first use by `highHandEvaluator`.
 */

import { JOKER, type Card } from '../cards/index.js';
import { JOKER_TYPE, forEachRankMultiset, naturalRanksOf } from './multiset.js';
import { STANDARD_RANKING, type HandRanking, type WheelRank } from './ranking.js';
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

/** The two lookup tables of one hand ranking (see the module comment). */
interface HighHandTables {
  readonly rank: Int32Array;
  readonly flush: Int32Array;
}

/** Fills the lookup tables from the reference evaluator under the wheel rank `wheel` (ranking.ts). */
function buildHighHandTables(wheel: WheelRank): HighHandTables {
  const rank = new Int32Array(4 * RANK_KEYS[12] + RANK_KEYS[JOKER_TYPE] + 1).fill(-1);
  const flush = new Int32Array(1 << 14).fill(-1);
  forEachRankMultiset(5, (counts) => {
    let sum = 0;
    for (let t = 0; t < 14; t++) sum += counts[t] * RANK_KEYS[t];
    if (rank[sum] !== -1) throw new Error('rank keys collide');
    rank[sum] = referenceHighValue(naturalRanksOf(counts), counts[JOKER_TYPE] === 1, false, wheel);
  });
  forEachRankMultiset(5, (counts) => {
    if (counts.some((n) => n > 1)) return;
    let mask = 0;
    for (let t = 0; t < 14; t++) if (counts[t]) mask |= 1 << t;
    flush[mask] = referenceHighValue(naturalRanksOf(counts), counts[JOKER_TYPE] === 1, true, wheel);
  });
  return { rank, flush };
}

/** The tables of the standard ranking (rules.md §2.1), built at load: every table and the default of every function here. */
const STANDARD_TABLES = buildHighHandTables('second');
const RANK_TABLE = STANDARD_TABLES.rank;
const FLUSH_TABLE = STANDARD_TABLES.flush;

/** The wheel-low ranking's tables, built on first use (`highHandEvaluator(WHEEL_LOW_RANKING)`). */
let wheelLowTables: HighHandTables | undefined;

/** The tables of a ranking (the wheel-low ones built on the first call). */
function tablesOf(ranking: HandRanking): HighHandTables {
  if (ranking.wheel === 'second') return STANDARD_TABLES;
  wheelLowTables ??= buildHighHandTables('low');
  return wheelLowTables;
}

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

/** A five-card high-hand evaluator of one ranking: `evaluateHighHand5` for the standard one. */
export type HighHandEvaluator = (a: Card, b: Card, c: Card, d: Card, e: Card) => HandValue;

let wheelLowEvaluator: HighHandEvaluator | undefined;

/**
 * The five-card evaluator of a hand ranking (ranking.ts): `evaluateHighHand5` itself for the standard ranking
 * (rules.md §2.1), for the wheel-low one the same lookups in its own tables, built on the first call.
 * Same contract as `evaluateHighHand5` (five distinct valid cards, nothing checked).
 */
export function highHandEvaluator(ranking: HandRanking): HighHandEvaluator {
  if (ranking.wheel === 'second') return evaluateHighHand5;
  if (wheelLowEvaluator) return wheelLowEvaluator;
  const { rank, flush } = tablesOf(ranking);
  wheelLowEvaluator = (a, b, c, d, e) => {
    if (SUIT_BIT[a] & SUIT_BIT[b] & SUIT_BIT[c] & SUIT_BIT[d] & SUIT_BIT[e]) {
      return flush[RANK_BIT[a] | RANK_BIT[b] | RANK_BIT[c] | RANK_BIT[d] | RANK_BIT[e]];
    }
    return rank[KEY[a] + KEY[b] + KEY[c] + KEY[d] + KEY[e]];
  };
  return wheelLowEvaluator;
}

/**
 * Value of a five-card high hand (rules.md §2.1–§2.2).
 * @param cards five distinct cards (validated with `parseCards(text, 5)` for untrusted input)
 * @param ranking the hand ranking (default: the standard one, rules.md §2.1; ranking.ts)
 * @throws RangeError when not given exactly five cards
 */
export function evaluateHighHand(cards: readonly Card[], ranking: HandRanking = STANDARD_RANKING): HandValue {
  if (cards.length !== 5) throw new RangeError(`a high hand has 5 cards, got ${cards.length}`);
  return highHandEvaluator(ranking)(cards[0], cards[1], cards[2], cards[3], cards[4]);
}

/** The non-flush value of the five-card rank multiset whose rank keys sum to `sum` (for the seven-card tables). */
export function nonFlushValueOfKeySum(sum: number): HandValue {
  return RANK_TABLE[sum];
}

/**
 * Every distinct high-hand value of a ranking (each five-card hand's value is one of them), unsorted. For
 * the analysis' value classes.
 */
export function allHighValues(ranking: HandRanking = STANDARD_RANKING): Set<HandValue> {
  const { rank, flush } = tablesOf(ranking);
  const values = new Set<HandValue>();
  for (const v of rank) if (v >= 0) values.add(v);
  for (const v of flush) if (v >= 0) values.add(v);
  return values;
}
