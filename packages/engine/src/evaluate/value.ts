/**
 * Hand values: one integer per hand that grows with strength and is equal exactly for copies
 * (rules.md §2.1, §2.3). High and low hands share the scale, so a foul is simply
 * `lowValue > highValue` (rules.md §2.4).
 *
 * Layout: `category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5`, where the `r` nibbles are
 * the ranks that break ties inside the category, most significant first, written as 2‥14 (deuce‥ace)
 * so that a missing nibble (0) is below every rank. Straights use one nibble for their place:
 * 6-high … K-high = 6 … 13, A-2-3-4-5 = 14, A-K-Q-J-T = 15 (rules.md §2.1: the wheel is the
 * second-highest straight); under the wheel-low ranking (ranking.ts) A-2-3-4-5 is 5 instead.
 */

import { RANK_CHARS } from '../cards/index.js';

/** Hand categories, lowest first; the keys of the reference tables and of the CLI's JSON (rules.md §2.1). */
export const CATEGORIES = [
  'high_card',
  'one_pair',
  'two_pair',
  'three_of_a_kind',
  'straight',
  'flush',
  'full_house',
  'four_of_a_kind',
  'straight_flush',
  'royal_flush',
  'five_aces',
] as const;

/** A hand category key, e.g. `'full_house'`. */
export type Category = (typeof CATEGORIES)[number];

/** A hand's value: compare with `<`/`>`; equal values are copies. See the module comment for the layout. */
export type HandValue = number;

export const HIGH_CARD = 0;
export const ONE_PAIR = 1;
export const TWO_PAIR = 2;
export const THREE_OF_A_KIND = 3;
export const STRAIGHT = 4;
export const FLUSH = 5;
export const FULL_HOUSE = 6;
export const FOUR_OF_A_KIND = 7;
export const STRAIGHT_FLUSH = 8;
export const ROYAL_FLUSH = 9;
export const FIVE_ACES = 10;

/** Straight place nibble of the wheel A-2-3-4-5 (rules.md §2.1: second-highest straight). */
export const WHEEL_PLACE = 14;
/** Straight place nibble of the wheel when it ranks lowest (ranking.ts, `wheel: 'low'`): below 6-high. */
export const WHEEL_LOW_PLACE = 5;
/** Straight place nibble of broadway A-K-Q-J-T. */
export const BROADWAY_PLACE = 15;

/** Builds a value from a category index and up to five tie-break rank indexes (0‥12), most significant first. */
export function makeValue(category: number, ranks: readonly number[]): HandValue {
  let v = category;
  for (let i = 0; i < 5; i++) v = (v << 4) | (i < ranks.length ? ranks[i] + 2 : 0);
  return v;
}

/** Builds the value of a straight or straight flush from its place nibble (5‥15, see the module comment). */
export function makeStraightValue(category: number, place: number): HandValue {
  return (category << 20) | (place << 16);
}

/** The category index 0‥10 of a value. */
export function categoryIndex(value: HandValue): number {
  return value >>> 20;
}

/** The category key of a value (`'two_pair'`, …). */
export function categoryOf(value: HandValue): Category {
  return CATEGORIES[value >>> 20];
}

/** The tie-break nibbles of a value, most significant first (0 where unused). */
export function valueNibbles(value: HandValue): number[] {
  return [16, 12, 8, 4, 0].map((shift) => (value >>> shift) & 15);
}

const RANK_NAMES = ['deuce', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king', 'ace'];
const RANK_PLURALS = ['deuces', 'threes', 'fours', 'fives', 'sixes', 'sevens', 'eights', 'nines', 'tens', 'jacks', 'queens', 'kings', 'aces'];

const name = (nibble: number): string => RANK_NAMES[nibble - 2];
const plural = (nibble: number): string => RANK_PLURALS[nibble - 2];
const capital = (s: string): string => s[0].toUpperCase() + s.slice(1);
const ranksText = (nibbles: number[]): string => nibbles.filter((n) => n > 0).map((n) => RANK_CHARS[n - 2]).join('-');

function straightName(place: number): string {
  if (place === BROADWAY_PLACE) return 'ace-high (A-K-Q-J-T)';
  if (place === WHEEL_PLACE || place === WHEEL_LOW_PLACE) return 'five-high wheel (A-2-3-4-5)';
  return `${name(place)}-high`;
}

/**
 * An English description of a value, e.g. "Kings and threes, ace kicker", "Wheel straight (A-2-3-4-5)".
 * The table translates category keys itself; this text is for the CLI and logs.
 */
export function describeValue(value: HandValue): string {
  const [a, b, c, d, e] = valueNibbles(value);
  switch (value >>> 20) {
    case FIVE_ACES:
      return 'Five aces';
    case ROYAL_FLUSH:
      return 'Royal flush';
    case STRAIGHT_FLUSH:
      return `Straight flush, ${straightName(a)}`;
    case FOUR_OF_A_KIND:
      return `Four ${plural(a)}, ${name(b)} kicker`;
    case FULL_HOUSE:
      return `Full house, ${plural(a)} over ${plural(b)}`;
    case FLUSH:
      return `Flush, ${ranksText([a, b, c, d, e])}`;
    case STRAIGHT:
      return `Straight, ${straightName(a)}`;
    case THREE_OF_A_KIND:
      return `Three ${plural(a)}, ${ranksText([b, c])} kickers`;
    case TWO_PAIR:
      return `${capital(plural(a))} and ${plural(b)}, ${name(c)} kicker`;
    case ONE_PAIR:
      return b === 0 ? `Pair of ${plural(a)}` : `Pair of ${plural(a)}, ${ranksText([b, c, d])} kickers`;
    default:
      return `${capital(name(a))} high, ${ranksText([a, b, c, d, e])}`;
  }
}
