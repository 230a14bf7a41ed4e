/**
 * What every house way's code means (`HouseWay.code`: `lowA | lowB << 3 | ruleIndex << 6`), independent
 * of which house way made it: the setting it names and whether that setting is legal (rules.md §2.4).
 */

import { compareForDisplay, type Card } from '../cards/index.js';
import { evaluateHighHand5 } from '../evaluate/high-hand.js';
import { evaluateLowHand2 } from '../evaluate/low-hand.js';
import { FIVE_OF_SEVEN, settingIndexOfPair } from '../evaluate/seven.js';

/**
 * The index (0‥20, in `FIVE_OF_SEVEN` / `settings(hand)` order) of the setting a code names, or -1 when
 * its two low-hand positions are equal or outside 0‥6.
 */
export function settingIndexOfCode(code: number): number {
  return settingIndexOfPair(code & 7, (code >> 3) & 7);
}

/**
 * Whether `code` names a setting of `hand` that is five plus two of its seven cards and legal: the low
 * hand does not beat the high hand (rules.md §2.4).
 * @param hand the seven cards the code was computed for, in the same order
 */
export function codeIsLegal(hand: ArrayLike<Card>, code: number): boolean {
  const k = settingIndexOfCode(code);
  if (k < 0) return false;
  const f = FIVE_OF_SEVEN[k];
  const high = evaluateHighHand5(hand[f[0]], hand[f[1]], hand[f[2]], hand[f[3]], hand[f[4]]);
  return evaluateLowHand2(hand[code & 7], hand[(code >> 3) & 7]) <= high;
}

/** The high and low hands (each in display order) a code names for `hand`. */
export function handsOfCode(hand: readonly Card[], code: number): { high: Card[]; low: Card[] } {
  const a = code & 7;
  const b = (code >> 3) & 7;
  const low = [hand[a], hand[b]];
  const high: Card[] = [];
  for (let k = 0; k < hand.length; k++) if (k !== a && k !== b) high.push(hand[k]);
  return { high: inDisplayOrder(high), low: inDisplayOrder(low) };
}

/**
 * Sorts a few cards in place into display order (`compareForDisplay`) by insertion: for five cards several times
 * faster than `Array.prototype.sort` with a comparator, and setting hands is what bulk mode and the exhaustive
 * sweeps do millions of times.
 */
function inDisplayOrder(cards: Card[]): Card[] {
  for (let i = 1; i < cards.length; i++) {
    const card = cards[i];
    let j = i - 1;
    for (; j >= 0 && compareForDisplay(cards[j], card) > 0; j--) cards[j + 1] = cards[j];
    cards[j + 1] = card;
  }
  return cards;
}
