/**
 * The house way's decision procedure (house-way.md, "Which rule applies" and "The rules"),
 * written for speed: it works on card positions 0‥6, allocates nothing, and answers with one
 * integer `code = lowA | lowB << 3 | rule << 6` (the positions of the two low-hand cards and the
 * index of the rule variant in `HOUSE_WAY_RULES`). `houseWay` (index.ts) turns it into a setting
 * with its explanation.
 *
 * Terms as in house-way.md: the joker counts as an ace (it pairs with aces and alone is an ace
 * singleton) except where it completes a straight, flush or straight flush in the high hand,
 * which only rules 3 and 5 look for, by evaluating the candidate settings themselves.
 */

import { ACE, JACK, KING, TEN, type Card } from '../cards/index.js';
import { evaluateHighHand5, type HighHandEvaluator } from '../evaluate/high-hand.js';
import { FLUSH, HIGH_CARD, ROYAL_FLUSH, STRAIGHT, STRAIGHT_FLUSH, makeValue } from '../evaluate/value.js';
import { codeIsLegal } from './code.js';
import { createHandGrouping } from './grouping.js';

/**
 * The rule variants, in house-way.md order. The number before the dot is the spec's rule number.
 * `'3.as-pairs'` and `'5.as-pairs'` are the two-pair exceptions of rules 3 and 5, played by rule 8 or 7.
 */
export const HOUSE_WAY_RULES = [
  '1.five-aces-kings',
  '1.five-aces-split',
  '2.quads-low-kept',
  '2.quads-mid-kept',
  '2.quads-mid-split',
  '2.quads-high-kept',
  '2.quads-high-split',
  '2.quad-aces-kept',
  '2.quad-aces-split',
  '3.as-pairs',
  '3.straight-flush',
  '3.straight-flush-freed',
  '3.royal-flush',
  '3.royal-flush-freed',
  '4.two-trips',
  '4.trips-two-pairs',
  '4.full-house-split',
  '4.full-house-deuces-kept',
  '5.as-pairs',
  '5.straight-or-flush',
  '6.trips',
  '6.trip-aces-split',
  '7.three-pairs',
  '8.kept',
  '8.split-sevens-no-ace',
  '8.split-jacks-sixes-ace',
  '8.split-aces',
  '9.one-pair',
  '10.no-pair',
] as const;

/** A house-way rule variant id, e.g. `'8.split-aces'`. */
export type HouseWayRule = (typeof HOUSE_WAY_RULES)[number];

const R = Object.fromEntries(HOUSE_WAY_RULES.map((id, i) => [id, i])) as Record<HouseWayRule, number>;

const g = createHandGrouping();
const { PAIR_A, PAIR_B, at, bestSettingWithBack, code, count, evaluateHighHands, groupHand, highestExactly, keepBestHighHand, lowOf, topSingletons, two, useEvaluator } = g;

const SIX = 4;
const SEVEN = 5;
const DEUCE = 0;

/** Low values at the thresholds of rule 3: "jack or better" and "king or better" (a pair is better than both). */
const JACK_OR_BETTER = makeValue(HIGH_CARD, [JACK]);
const KING_OR_BETTER = makeValue(HIGH_CARD, [KING]);

/**
 * "Best front from S" (house-way.md terms): the highest pair among the positions of `mask`, or its
 * two highest cards. `mask` is a bit set of positions.
 */
function bestFrontOf(mask: number): number {
  let hi = -1;
  let lo = -1;
  for (let r = 12; r >= 0; r--) {
    let first = -1;
    for (let n = 0; n < count[r]; n++) {
      const p = at(r, n);
      if (!(mask & (1 << p))) continue;
      if (first >= 0) return first | (p << 3); // the highest pair
      first = p;
      if (hi < 0) hi = p;
      else if (lo < 0) lo = p;
    }
  }
  return hi | (lo << 3);
}

/** Rules 7 and 8 on the pairs of the hand (also the two-pair exceptions of rules 3 and 5). */
function playPairs(): number {
  const p1 = highestExactly(2);
  const p2 = highestExactly(2, p1);
  const p3 = highestExactly(2, p2);
  if (p3 >= 0) {
    // Rule 7: the highest pair goes in front.
    return code(at(p1, 0), at(p1, 1), R['7.three-pairs']);
  }
  const aceSingleton = count[ACE] === 1;
  // Rule 8 exceptions: split, the lower pair in front.
  if (p1 === ACE) return code(at(p2, 0), at(p2, 1), R['8.split-aces']);
  if (p1 >= SEVEN && !aceSingleton) return code(at(p2, 0), at(p2, 1), R['8.split-sevens-no-ace']);
  if (p1 >= JACK && p2 >= SIX && aceSingleton) return code(at(p2, 0), at(p2, 1), R['8.split-jacks-sixes-ace']);
  // Kept: both pairs and the lowest singleton in back, the two highest singletons in front.
  topSingletons(0);
  return code(two[0], two[1], R['8.kept']);
}

/**
 * The two-pair exception shared by rules 3 and 5: counting the joker as an ace, two or three pairs and
 * no three of a kind, and an ace singleton, or a pair of jacks or better with a pair of sixes or better,
 * or a pair of aces with any other pair.
 */
function pairsExceptionApplies(pairs: number, trips: number): boolean {
  if (pairs < 2 || trips > 0) return false;
  const p1 = highestExactly(2);
  const p2 = highestExactly(2, p1);
  return count[ACE] === 1 || (p1 >= JACK && p2 >= SIX) || p1 === ACE;
}

/** Category bit sets for `bestSettingWithBack`: "a straight or flush (straight flush included)" and the two kept hands of rule 3. */
const STRAIGHT_OR_FLUSH = (1 << STRAIGHT) | (1 << FLUSH) | (1 << STRAIGHT_FLUSH) | (1 << ROYAL_FLUSH);
const STRAIGHT_FLUSH_ONLY = 1 << STRAIGHT_FLUSH;
const ROYAL_FLUSH_ONLY = 1 << ROYAL_FLUSH;

/** Rule 2: four of a kind of rank `q` (the joker counting as an ace). */
function playFourOfAKind(q: number): number {
  let others = 0;
  for (let p = 0; p < 7; p++) others |= 1 << p;
  for (let n = 0; n < 4; n++) others &= ~(1 << at(q, n));
  // The pair among the other three cards X, if any (X has three cards: at most one pair or trips).
  let xPair = -1;
  let xAce = false;
  for (let r = 12; r >= 0; r--) {
    if (r === q) continue;
    if (count[r] >= 2 && xPair === -1) xPair = r;
    if (r === ACE && count[r] >= 1) xAce = true;
  }
  const split = (rule: number): number => code(at(q, 0), at(q, 1), rule);
  const keep = (rule: number): number => {
    const front = bestFrontOf(others);
    return code(front & 7, front >> 3, rule);
  };
  if (q <= SIX) return keep(R['2.quads-low-kept']);
  if (q <= TEN) return xAce || xPair >= 0 ? keep(R['2.quads-mid-kept']) : split(R['2.quads-mid-split']);
  if (q < ACE) return xPair >= TEN ? keep(R['2.quads-high-kept']) : split(R['2.quads-high-split']);
  return xPair >= SEVEN ? keep(R['2.quad-aces-kept']) : split(R['2.quad-aces-split']);
}

/** Rule 4: full houses (two trips; trips and two pairs; trips and one pair). */
function playFullHouse(t1: number): number {
  const t2 = highestExactly(3, t1);
  if (t2 >= 0) return code(at(t1, 0), at(t1, 1), R['4.two-trips']);
  const p1 = highestExactly(2);
  const p2 = highestExactly(2, p1);
  if (p2 >= 0) return code(at(p1, 0), at(p1, 1), R['4.trips-two-pairs']);
  // Trips and one pair: split, unless the pair is deuces and an ace or a king is a singleton.
  if (p1 === DEUCE && (count[ACE] === 1 || count[KING] === 1)) {
    topSingletons(0);
    return code(two[0], two[1], R['4.full-house-deuces-kept']);
  }
  return code(at(p1, 0), at(p1, 1), R['4.full-house-split']);
}

/** Rule 6: three of a kind (no pair beside it). */
function playThreeOfAKind(t: number): number {
  if (t === ACE) {
    // Three aces are split: a pair of aces in back, the third ace and the highest singleton in front.
    topSingletons(1 << at(ACE, 0) | 1 << at(ACE, 1) | 1 << at(ACE, 2));
    return code(at(ACE, 0), two[0], R['6.trip-aces-split']);
  }
  topSingletons(0);
  return code(two[0], two[1], R['6.trips']);
}

/**
 * Sets seven cards by the house way.
 * @param cards seven distinct valid cards (trusted: check untrusted input with `parseHand` or `toHand`)
 * @returns `lowA | lowB << 3 | rule << 6`: positions of the low-hand cards and the index of the rule in `HOUSE_WAY_RULES`
 * @throws Error if the chosen setting fouls (an invariant: house-way.md requires every setting to be legal)
 */
export function houseWayCode(cards: ArrayLike<Card>): number {
  const result = houseWayCodeUnchecked(cards);
  if (!codeIsLegal(cards, result)) throw new Error(`house way fouled (rule ${HOUSE_WAY_RULES[result >> 6]})`);
  return result;
}

/**
 * `houseWayCode` without the legality assertion, for the exhaustive sweep, which counts fouls itself
 * with `codeIsLegal` (code.ts) (so that a foul is reported, not thrown).
 * @param evaluate5 the high-hand evaluator of the ranking to set under (`highHandEvaluator`; default the
 * standard ranking, rules.md §2.1)
 */
export function houseWayCodeUnchecked(cards: ArrayLike<Card>, evaluate5: HighHandEvaluator = evaluateHighHand5): number {
  useEvaluator(evaluate5);
  if (!groupHand(cards)) return byRule(-1, g.pairs, g.trips, g.quads);
  return keepBestHighHand(byRule(evaluateHighHands(-1), g.pairs, g.trips, g.quads));
}

/**
 * Applies the first matching rule (house-way.md, "Which rule applies").
 * @param bestCategory the best high-hand category among the 21 settings when a straight or flush is possible, else -1
 */
function byRule(bestCategory: number, pairs: number, trips: number, quads: number): number {
  // Rule 1: five aces.
  if (count[ACE] === 5) {
    if (count[KING] === 2) return code(at(KING, 0), at(KING, 1), R['1.five-aces-kings']);
    return code(at(ACE, 0), at(ACE, 1), R['1.five-aces-split']);
  }
  // Rule 2: four of a kind.
  if (quads >= 0) return playFourOfAKind(quads);

  // Rule 3: straight flush and royal flush.
  if (bestCategory === STRAIGHT_FLUSH || bestCategory === ROYAL_FLUSH) {
    if (pairsExceptionApplies(pairs, trips)) return withRule(playPairs(), R['3.as-pairs']);
    const royal = bestCategory === ROYAL_FLUSH;
    const keep = bestSettingWithBack(royal ? ROYAL_FLUSH_ONLY : STRAIGHT_FLUSH_ONLY);
    const any = bestSettingWithBack(STRAIGHT_OR_FLUSH);
    const threshold = royal ? KING_OR_BETTER : JACK_OR_BETTER;
    if (lowOf(any) >= threshold && lowOf(keep) < threshold) {
      return code(PAIR_A[any], PAIR_B[any], royal ? R['3.royal-flush-freed'] : R['3.straight-flush-freed']);
    }
    return code(PAIR_A[keep], PAIR_B[keep], royal ? R['3.royal-flush'] : R['3.straight-flush']);
  }

  // Rule 4: full houses (the joker counting as an ace).
  if (trips > 0 && (pairs > 0 || trips > 1)) return playFullHouse(highestExactly(3));

  // Rule 5: flush or straight.
  if (bestCategory >= STRAIGHT) {
    if (pairsExceptionApplies(pairs, trips)) return withRule(playPairs(), R['5.as-pairs']);
    const k = bestSettingWithBack(STRAIGHT_OR_FLUSH);
    return code(PAIR_A[k], PAIR_B[k], R['5.straight-or-flush']);
  }

  // Rules 6–10 by pattern.
  if (trips > 0) return playThreeOfAKind(highestExactly(3));
  if (pairs >= 2) return playPairs();
  if (pairs === 1) {
    topSingletons(0);
    return code(two[0], two[1], R['9.one-pair']);
  }
  // Rule 10: the highest card in back, the next two in front.
  const top = highestExactly(1); // no rank has two cards here
  topSingletons(1 << at(top, 0));
  return code(two[0], two[1], R['10.no-pair']);
}

function withRule(playCode: number, rule: number): number {
  return (playCode & 63) | (rule << 6);
}
