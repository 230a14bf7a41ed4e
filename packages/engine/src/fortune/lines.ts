/**
 * The Fortune bonus lines (rules.md §4) and which of them seven cards hold.
 *
 * A hand *holds* a line when some of its seven cards meet that line's definition, the joker read as
 * rules.md §2.2 allows (an ace, or any card completing a straight, a flush or a straight flush).
 * Holding is monotone, as poker hands contain lower ones: a royal flush also holds a straight flush,
 * a flush and a straight; four of a kind also holds three of a kind. The line a hand is paid on is
 * the highest-PAYING line it holds under a given pay table (`pay-table.ts`), so seven cards holding
 * three of a kind and a straight are paid as three of a kind with the seed's table (rules.md §4).
 *
 * The definitions (joker = `Jk`):
 * - `seven_card_straight_flush_natural`: seven natural cards of one suit in sequence, A-K-Q-J-T-9-8
 *   highest, 7-6-5-4-3-2-A lowest (8 sequences × 4 suits = 32 hands).
 * - `royal_flush_plus_royal_match`: a royal flush (the joker may fill it) and, among the two other
 *   cards, a natural king and queen suited with each other (necessarily of another suit than the
 *   royal). The joker never counts in the match: 4 natural royals × 3 matches + 4 × 5 joker royals ×
 *   3 matches = 72 hands, the count of rules.md §4 and reference/fortune.json.
 * - `seven_card_straight_flush_with_joker`: six natural cards of one suit and the joker making seven
 *   in sequence (196 hands).
 * - `five_aces`: four aces and the joker.
 * - `royal_flush`, `straight_flush`: five suited cards in sequence (A-K-Q-J-T; any, A-2-3-4-5
 *   included), the joker filling any one of them.
 * - `four_of_a_kind`, `three_of_a_kind`: four / three cards of a rank, the joker counting as an ace.
 * - `full_house`: three cards of a rank and two of another, the joker counting as an ace.
 * - `flush`: five cards of one suit, the joker filling any one of them.
 * - `straight`: five cards of consecutive ranks (A high or low), the joker filling any one of them.
 */

import { ACE, JOKER, KING, QUEEN, type Card, type Hand } from '../cards/index.js';

/** The Fortune lines, highest first as in seed 003's pay table and reference/fortune.json (rules.md §4). */
export const FORTUNE_LINES = [
  'seven_card_straight_flush_natural',
  'royal_flush_plus_royal_match',
  'seven_card_straight_flush_with_joker',
  'five_aces',
  'royal_flush',
  'straight_flush',
  'four_of_a_kind',
  'full_house',
  'flush',
  'three_of_a_kind',
  'straight',
] as const;

/** A Fortune line key, e.g. `'royal_flush_plus_royal_match'` (the keys of reference/fortune.json). */
export type FortuneLine = (typeof FORTUNE_LINES)[number];

// Bit i of a "held mask" is FORTUNE_LINES[i].
export const SEVEN_NATURAL_BIT = 1 << 0;
export const ROYAL_MATCH_BIT = 1 << 1;
export const SEVEN_JOKER_BIT = 1 << 2;
export const FIVE_ACES_BIT = 1 << 3;
export const ROYAL_BIT = 1 << 4;
export const STRAIGHT_FLUSH_BIT = 1 << 5;
export const QUADS_BIT = 1 << 6;
export const FULL_HOUSE_BIT = 1 << 7;
export const FLUSH_BIT = 1 << 8;
export const TRIPS_BIT = 1 << 9;
export const STRAIGHT_BIT = 1 << 10;

/** Bit 13 of a suit mask: the joker, available to that suit. */
export const SUIT_JOKER_BIT = 1 << 13;

const NATURAL_RANKS = (1 << 13) - 1;
const BROADWAY = 0b11111 << 8;
const KING_QUEEN = (1 << KING) | (1 << QUEEN);
/** The ten five-rank sequences as 13-bit masks: A-2-3-4-5, 2-…-6, …, T-J-Q-K-A. */
const FIVE_SEQUENCES: readonly number[] = [(1 << ACE) | 0b1111, ...Array.from({ length: 9 }, (_, low) => 0b11111 << low)];
/** The eight seven-rank sequences: 7-6-5-4-3-2-A, 8-…-2, …, A-K-Q-J-T-9-8 (rules.md §4). */
const SEVEN_SEQUENCES: readonly number[] = [(1 << ACE) | 0b111111, ...Array.from({ length: 7 }, (_, low) => 0b1111111 << low)];

function bitCount(x: number): number {
  let n = 0;
  for (let v = x; v; v &= v - 1) n++;
  return n;
}

/**
 * The lines held by the rank multiset of seven cards (the suit-free lines: five aces, four of a
 * kind, full house, three of a kind, straight).
 * @param counts natural cards per rank index 0‥12 (2‥A)
 * @param joker 1 when the hand holds the joker, else 0
 * @returns a held mask (bit i = `FORTUNE_LINES[i]`)
 */
export function rankLinesOf(counts: ArrayLike<number>, joker: number): number {
  let held = 0;
  // The joker counts as an ace for groups (rules.md §2.2).
  let groups3 = 0;
  let groups2 = 0;
  let present = 0;
  for (let r = 0; r < 13; r++) {
    const n = counts[r] + (r === ACE ? joker : 0);
    if (n >= 5) held |= FIVE_ACES_BIT;
    if (n >= 4) held |= QUADS_BIT;
    if (n >= 3) groups3++;
    if (n >= 2) groups2++;
    if (counts[r] > 0) present |= 1 << r;
  }
  if (groups3 > 0) held |= TRIPS_BIT;
  // Three of one rank and two of another (a second group of three also gives its pair).
  if (groups3 > 0 && groups2 >= 2) held |= FULL_HOUSE_BIT;
  for (const seq of FIVE_SEQUENCES) {
    if (bitCount(seq & ~present) <= joker) {
      held |= STRAIGHT_BIT;
      break;
    }
  }
  return held;
}

/**
 * The lines held by the cards of one suit (flush, straight flush, royal flush, the two 7-card
 * straight flushes). The royal match needs two suits: see `hasRoyalMatch`.
 * @param mask bits 0‥12: the suit's natural ranks; bit 13 (`SUIT_JOKER_BIT`): the joker is in the hand
 * @returns a held mask (bit i = `FORTUNE_LINES[i]`)
 */
export function suitLinesOf(mask: number): number {
  const joker = mask & SUIT_JOKER_BIT ? 1 : 0;
  const naturals = mask & NATURAL_RANKS;
  const n = bitCount(naturals);
  if (n + joker < 5) return 0;
  let held = FLUSH_BIT;
  for (const seq of FIVE_SEQUENCES) {
    if (bitCount(seq & ~naturals) <= joker) {
      held |= STRAIGHT_FLUSH_BIT;
      if (seq === BROADWAY) held |= ROYAL_BIT;
    }
  }
  for (const seq of SEVEN_SEQUENCES) {
    if (!joker && naturals === seq) held |= SEVEN_NATURAL_BIT;
    if (joker && n === 6 && (naturals & ~seq) === 0) held |= SEVEN_JOKER_BIT;
  }
  return held;
}

/**
 * Whether seven cards hold a royal flush plus royal match: a royal flush in one suit (the joker may
 * fill it) and a natural king and queen of another suit (rules.md §4; see the module comment).
 * @param suitMasks the four suits' natural rank masks (13 bits each)
 * @param joker 1 when the hand holds the joker, else 0
 */
export function hasRoyalMatch(suitMasks: ArrayLike<number>, joker: number): boolean {
  for (let s = 0; s < 4; s++) {
    if (bitCount(BROADWAY & ~suitMasks[s]) > joker) continue;
    for (let t = 0; t < 4; t++) if (t !== s && (suitMasks[t] & KING_QUEEN) === KING_QUEEN) return true;
  }
  return false;
}

/** The held mask of seven distinct cards (bit i = `FORTUNE_LINES[i]`); nothing is checked. */
export function heldMaskOf(cards: readonly Card[]): number {
  const counts = new Array<number>(13).fill(0);
  const suitMasks = [0, 0, 0, 0];
  let joker = 0;
  for (const c of cards) {
    if (c === JOKER) {
      joker = 1;
      continue;
    }
    counts[c >> 2]++;
    suitMasks[c & 3] |= 1 << (c >> 2);
  }
  let held = rankLinesOf(counts, joker);
  for (const m of suitMasks) held |= suitLinesOf(m | (joker ? SUIT_JOKER_BIT : 0));
  if (held & ROYAL_BIT && hasRoyalMatch(suitMasks, joker)) held |= ROYAL_MATCH_BIT;
  return held;
}

/**
 * Every Fortune line that seven cards hold (rules.md §4; "holds" as in the module comment), highest
 * first in the seed's order. A royal flush, for instance, also holds `straight_flush`, `flush` and
 * `straight`. Empty when the hand holds nothing (the Fortune bet loses).
 * @param cards a hand (seven distinct cards); the setting does not matter
 */
export function fortuneLinesHeld(cards: Hand): FortuneLine[] {
  const held = heldMaskOf(cards);
  return FORTUNE_LINES.filter((_, i) => held & (1 << i));
}
