/**
 * The house way (house-way.md): the dealer's fixed setting procedure, which also sets a player's hand
 * on the House Way button (rules.md §5) and the banker's hand always.
 */

import { ACE, compareForDisplay, rankOf, type Card } from '../cards/index.js';
import { HOUSE_WAY_RULES, houseWayCode, type HouseWayRule } from './core.js';
import { explain } from './explain.js';
import type { HouseWaySetting } from './types.js';

export { HOUSE_WAY_RULES, houseWayCode, type HouseWayRule } from './core.js';
export { sweepHouseWay, type HouseWaySweep } from './sweep.js';
export { EXPLANATIONS } from './explain.js';
export type { Explanation, HouseWaySetting } from './types.js';

/** The rule variant encoded in a `houseWayCode` result. */
export function ruleOfCode(code: number): HouseWayRule {
  return HOUSE_WAY_RULES[code >> 6];
}

/**
 * Sets seven cards by the house way (house-way.md rules 1–10, in the spec's order).
 * @param hand seven distinct valid cards (validate untrusted input with `parseCards(text, 7)`)
 * @returns the setting (high hand in the hand's order, low hand), the rule variant id, and its explanation
 * @throws RangeError when not given seven cards; Error if the setting would foul (an invariant)
 */
export function houseWay(hand: readonly Card[]): HouseWaySetting {
  if (hand.length !== 7) throw new RangeError(`a hand has 7 cards, got ${hand.length}`);
  const code = houseWayCode(hand);
  const a = code & 7;
  const b = (code >> 3) & 7;
  const rule = ruleOfCode(code);
  const low = [hand[a], hand[b]].sort(compareForDisplay);
  const high = hand.filter((_, k) => k !== a && k !== b).sort(compareForDisplay);
  const counts = rankCounts(hand);
  return { high, low, rule, explanation: explain(rule, high, low, namedRank(rule, counts, low), pairRanks(counts)) };
}

/** Rank counts of a hand, the joker counted as an ace (house-way.md terms). */
function rankCounts(hand: readonly Card[]): number[] {
  const counts = new Array<number>(13).fill(0);
  for (const c of hand) counts[rankOf(c)]++;
  return counts;
}

/** The ranks with exactly two cards, highest first. */
function pairRanks(counts: readonly number[]): number[] {
  const out: number[] = [];
  for (let r = ACE; r >= 0; r--) if (counts[r] === 2) out.push(r);
  return out;
}

/** The rank a rule's explanation names: the four or three of a kind, or the pair sent to the low hand. */
function namedRank(rule: HouseWayRule, counts: readonly number[], low: readonly Card[]): number {
  if (rule.startsWith('2.')) return counts.findIndex((n) => n >= 4);
  if (rule.startsWith('6.')) return counts.findIndex((n) => n === 3);
  if (rule === '4.two-trips' || rule === '4.trips-two-pairs' || rule === '4.full-house-split' || rule === '7.three-pairs') {
    return rankOf(low[0]);
  }
  return -1;
}
