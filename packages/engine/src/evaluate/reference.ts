/**
 * The reference evaluator: rules.md §2.1–§2.3 written for clarity, not speed.
 *
 * It works on rank multisets (natural ranks 0‥12, the joker apart) and builds the lookup tables
 * of the fast evaluators (`high-hand.ts`, `seven.ts`). The exhaustive tests check the tables it
 * builds against the published counts, and an independent brute-force evaluator in the tests
 * checks it on random hands.
 */

import { ACE } from '../cards/index.js';
import {
  BROADWAY_PLACE,
  FIVE_ACES,
  FLUSH,
  FOUR_OF_A_KIND,
  FULL_HOUSE,
  HIGH_CARD,
  ONE_PAIR,
  ROYAL_FLUSH,
  STRAIGHT,
  STRAIGHT_FLUSH,
  THREE_OF_A_KIND,
  TWO_PAIR,
  WHEEL_LOW_PLACE,
  WHEEL_PLACE,
  makeStraightValue,
  makeValue,
  type HandValue,
} from './value.js';
import type { WheelRank } from './ranking.js';

/** Bit mask of the wheel A-2-3-4-5 (rank bits 12, 0, 1, 2, 3). */
const WHEEL_MASK = (1 << ACE) | 0b1111;
/** Bit mask of broadway T-J-Q-K-A. */
const BROADWAY_MASK = 0b11111 << 8;

/**
 * The straight place (5‥15) of a 13-bit mask of five distinct ranks, or 0 when they are not a straight.
 * rules.md §2.1: A-K-Q-J-T highest, A-2-3-4-5 second, then K-Q-J-T-9 down to 6-5-4-3-2; with `wheel`
 * `'low'` (ranking.ts) A-2-3-4-5 is the lowest, below 6-5-4-3-2.
 */
export function straightPlace(mask: number, wheel: WheelRank = 'second'): number {
  if (mask === BROADWAY_MASK) return BROADWAY_PLACE;
  if (mask === WHEEL_MASK) return wheel === 'low' ? WHEEL_LOW_PLACE : WHEEL_PLACE;
  for (let low = 0; low <= 7; low++) if (mask === 0b11111 << low) return low + 6;
  return 0;
}

/**
 * The rank the joker takes in a flush: the highest rank not already in the flush, so the ace
 * when the flush has none (rules.md §2.2, "the common casino reading"; kept as this one named
 * rule so that it can be changed).
 * @param mask the 13-bit mask of the flush's natural ranks
 */
export function jokerFlushRank(mask: number): number {
  for (let r = ACE; r >= 0; r--) if ((mask & (1 << r)) === 0) return r;
  throw new Error('a flush with every rank has no room for the joker');
}

/** Value of five natural ranks (rules.md §2.1) under the wheel rank `wheel`; `suited` when all five share a suit. */
export function naturalHighValue(ranks: readonly number[], suited: boolean, wheel: WheelRank = 'second'): HandValue {
  const counts = new Array<number>(13).fill(0);
  let mask = 0;
  for (const r of ranks) {
    counts[r]++;
    mask |= 1 << r;
  }
  // Groups ordered by size, then rank: the tie-break order of every category. The shape is the group
  // sizes as decimal digits, largest first (a full house is 32, two pair 221).
  const groups: number[] = [];
  let shape = 0;
  for (let size = 5; size >= 1; size--) {
    for (let r = 12; r >= 0; r--) {
      if (counts[r] !== size) continue;
      groups.push(r);
      shape = shape * 10 + size;
    }
  }
  if (shape === 11111) {
    const place = straightPlace(mask, wheel);
    if (suited && place === BROADWAY_PLACE) return makeValue(ROYAL_FLUSH, []);
    if (suited && place) return makeStraightValue(STRAIGHT_FLUSH, place);
    if (suited) return makeValue(FLUSH, groups);
    if (place) return makeStraightValue(STRAIGHT, place);
    return makeValue(HIGH_CARD, groups);
  }
  switch (shape) {
    case 5:
      // Only four aces and the joker reach five of a rank (rules.md §2.1, five aces).
      if (groups[0] !== ACE) throw new Error('five of a kind other than aces');
      return makeValue(FIVE_ACES, []);
    case 41:
      return makeValue(FOUR_OF_A_KIND, groups);
    case 32:
      return makeValue(FULL_HOUSE, groups);
    case 311:
      return makeValue(THREE_OF_A_KIND, groups);
    case 221:
      return makeValue(TWO_PAIR, groups);
    case 2111:
      return makeValue(ONE_PAIR, groups);
    default:
      throw new Error(`impossible five-card shape ${shape}`);
  }
}

/**
 * Value of a five-card high hand given as natural ranks plus an optional joker (rules.md §2.1–§2.2).
 * The joker takes the highest of its allowed readings: an ace; any rank that completes a straight
 * (or straight flush); in a flush, `jokerFlushRank`. "Highest" is under the wheel rank `wheel` (ranking.ts).
 * @param naturalRanks the ranks (0‥12) of the natural cards: 5 without the joker, 4 with it
 * @param hasJoker whether the fifth card is the joker
 * @param suited whether all natural cards share one suit
 * @param wheel where A-2-3-4-5 ranks (default `'second'`, rules.md §2.1)
 */
export function referenceHighValue(naturalRanks: readonly number[], hasJoker: boolean, suited: boolean, wheel: WheelRank = 'second'): HandValue {
  if (!hasJoker) return naturalHighValue(naturalRanks, suited, wheel);
  let best = naturalHighValue([...naturalRanks, ACE], false, wheel);
  let mask = 0;
  for (const r of naturalRanks) mask |= 1 << r;
  const distinct = new Set(naturalRanks).size === naturalRanks.length;
  if (distinct) {
    for (let r = 0; r <= ACE; r++) {
      if (mask & (1 << r) || !straightPlace(mask | (1 << r))) continue;
      best = Math.max(best, naturalHighValue([...naturalRanks, r], suited, wheel));
    }
    if (suited) best = Math.max(best, naturalHighValue([...naturalRanks, jokerFlushRank(mask)], true, wheel));
  }
  return best;
}

/** Value of a two-card low hand from two ranks, the joker already read as an ace (rules.md §2.3). */
export function lowValueOfRanks(a: number, b: number): HandValue {
  return a === b ? makeValue(ONE_PAIR, [a]) : makeValue(HIGH_CARD, a > b ? [a, b] : [b, a]);
}
