/**
 * The seeds' house way (house-way.md, the default everywhere) as a `HouseWay` plug-in: `core.ts` decides,
 * this module turns a code into the setting with its explanation.
 */

import { ACE, rankOf, type Card, type Hand } from '../cards/index.js';
import { highHandEvaluator } from '../evaluate/high-hand.js';
import { STANDARD_RANKING, type HandRanking } from '../evaluate/ranking.js';
import { codeIsLegal, handsOfCode } from './code.js';
import { HOUSE_WAY_RULES, houseWayCode, houseWayCodeUnchecked, type HouseWayRule } from './core.js';
import { EXPLANATIONS, explain } from './explain.js';
import type { HouseWay, HouseWaySetting } from './types.js';

/**
 * Sets seven cards by the seeds' house way (house-way.md rules 1–10, in the spec's order).
 * @param hand a hand (seven distinct cards: check untrusted input with `parseHand` or `toHand`)
 * @returns the setting (high and low hand in display order), the rule variant id, and its explanation
 * @throws Error if the setting would foul (an invariant)
 */
export function houseWay(hand: Hand): HouseWaySetting {
  return settingOfCode(hand, houseWayCode(hand));
}

/** The setting, rule and explanation a seeds' house-way code names for `hand`. */
function settingOfCode(hand: readonly Card[], code: number): HouseWaySetting {
  const rule = HOUSE_WAY_RULES[code >> 6];
  const { high, low } = handsOfCode(hand, code);
  const counts = rankCounts(hand);
  return { high, low, rule, explanation: explain(rule, high, low, namedRank(rule, counts, low), pairRanks(counts)) };
}

/**
 * Rank counts of a hand, the joker counted as an ace (house-way.md terms).
 * @returns 13 counts indexed by rank (0 = deuce … 12 = ace)
 */
export function rankCounts(hand: readonly Card[]): number[] {
  const counts = new Array<number>(13).fill(0);
  for (const c of hand) counts[rankOf(c)]++;
  return counts;
}

/** The ranks with exactly two cards (the joker counted as an ace), highest first. */
export function pairRanks(counts: readonly number[]): number[] {
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

/** The seeds' house way (house-way.md; readings in docs/house-way.md): the default of every table and command. */
export const seedsHouseWay: HouseWay = Object.freeze({
  id: 'seeds',
  name: 'Standard house way',
  spec: 'house-way.md',
  variant: '',
  ranking: STANDARD_RANKING,
  rules: HOUSE_WAY_RULES,
  explanations: EXPLANATIONS,
  keyPrefix: 'houseWay.',
  code: houseWayCode,
  codeUnchecked: houseWayCodeUnchecked,
  set: houseWay,
});

let seedsWheelLow: HouseWay | undefined;

/**
 * The seeds' house way setting hands under a hand ranking (ranking.ts): `seedsHouseWay` itself for the
 * standard one; for the wheel-low ranking an instance (`variant` `'wheel=low'`) whose choices compare values
 * of that ranking (for the exact count under it, `paigow edge --exact --wheel low`).
 */
export function seedsHouseWayWith(ranking: HandRanking): HouseWay {
  if (ranking.wheel === 'second') return seedsHouseWay;
  if (seedsWheelLow) return seedsWheelLow;
  const evaluate5 = highHandEvaluator(ranking);
  const codeUnchecked = (cards: ArrayLike<Card>): number => houseWayCodeUnchecked(cards, evaluate5);
  const code = (cards: ArrayLike<Card>): number => {
    const result = codeUnchecked(cards);
    if (!codeIsLegal(cards, result)) throw new Error(`house way fouled (rule ${HOUSE_WAY_RULES[result >> 6]})`);
    return result;
  };
  seedsWheelLow = Object.freeze({
    ...seedsHouseWay,
    variant: `wheel=${ranking.wheel}`,
    ranking,
    code,
    codeUnchecked,
    set: (hand: Hand): HouseWaySetting => settingOfCode(hand, code(hand)),
  });
  return seedsWheelLow;
}
