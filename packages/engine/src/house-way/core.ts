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

import { ACE, JACK, JOKER, KING, TEN, type Card } from '../cards/index.js';
import { evaluateHighHand5 } from '../evaluate/high-hand.js';
import { evaluateLowHand2 } from '../evaluate/low-hand.js';
import { FIVE_OF_SEVEN } from '../evaluate/seven.js';
import { FLUSH, HIGH_CARD, ROYAL_FLUSH, STRAIGHT, STRAIGHT_FLUSH, makeValue } from '../evaluate/value.js';

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

const SIX = 4;
const SEVEN = 5;
const DEUCE = 0;

/** Low values at the thresholds of rule 3: "jack or better" and "king or better" (a pair is better than both). */
const JACK_OR_BETTER = makeValue(HIGH_CARD, [JACK]);
const KING_OR_BETTER = makeValue(HIGH_CARD, [KING]);

/** For each natural-rank mask, whether five of the ranks make a straight (bit 0), or four of them do with the joker (bit 1). */
const STRAIGHT_POSSIBLE = new Uint8Array(1 << 13);
{
  const windows = [(1 << ACE) | 0b1111];
  for (let low = 0; low <= 8; low++) windows.push(0b11111 << low);
  for (let mask = 0; mask < 1 << 13; mask++) {
    for (const w of windows) {
      let n = 0;
      for (let b = w & mask; b; b &= b - 1) n++;
      if (n >= 5) STRAIGHT_POSSIBLE[mask] |= 1;
      if (n >= 4) STRAIGHT_POSSIBLE[mask] |= 2;
    }
  }
}

// Scratch state of the hand being set (the procedure is synchronous and not re-entrant).
const hand = new Int32Array(7);
/** Cards per rank, the joker counted as an ace. */
const count = new Int32Array(13);
/** Positions per rank (5 slots per rank); in the aces' group the joker comes last, so natural aces are taken first. */
const group = new Int32Array(13 * 5);
/** High-hand value of each of the 21 settings (index as in FIVE_OF_SEVEN / LOW_HAND_PAIRS), when computed. */
const backValue = new Int32Array(21);
/** Low-hand positions of each of the 21 settings. */
const PAIR_A = new Int32Array(21);
const PAIR_B = new Int32Array(21);
/** `PAIR_INDEX[a * 8 + b]`: the setting index of the low hand at positions a and b (either order). */
const PAIR_INDEX = new Int32Array(64).fill(-1);
{
  let k = 0;
  for (let i = 0; i < 7; i++) {
    for (let j = i + 1; j < 7; j++) {
      PAIR_A[k] = i;
      PAIR_B[k] = j;
      PAIR_INDEX[i * 8 + j] = PAIR_INDEX[j * 8 + i] = k;
      k++;
    }
  }
}

const code = (a: number, b: number, rule: number): number => a | (b << 3) | (rule << 6);

/** Position of the n-th card of rank r (n from 0). */
const at = (r: number, n: number): number => group[r * 5 + n];

/** Highest rank with at least `min` cards (and below `below`), or -1. */
function highestWith(min: number, below = 13): number {
  for (let r = below - 1; r >= 0; r--) if (count[r] >= min) return r;
  return -1;
}

/** Highest rank with exactly `n` cards, below `below`, or -1. */
function highestExactly(n: number, below = 13): number {
  for (let r = below - 1; r >= 0; r--) if (count[r] === n) return r;
  return -1;
}

/** The highest singleton positions other than those in `skip` (a bit set of positions); writes up to two into `out`. */
function topSingletons(out: Int32Array, skipMask: number): number {
  let n = 0;
  for (let r = 12; r >= 0 && n < 2; r--) {
    if (count[r] !== 1) continue;
    const p = at(r, 0);
    if (skipMask & (1 << p)) continue;
    out[n++] = p;
  }
  return n;
}
const two = new Int32Array(2);

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
  topSingletons(two, 0);
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

/**
 * The best low hand among the legal settings whose high hand's category is in the bit set `categories`;
 * ties go to the higher high hand (house-way.md rule 5). Returns the setting's index 0‥20, or -1.
 */
function bestSettingWithBack(categories: number): number {
  let best = -1;
  let bestLow = -1;
  let bestHigh = -1;
  for (let k = 0; k < 21; k++) {
    const high = backValue[k];
    if (!((categories >> (high >>> 20)) & 1)) continue;
    const low = evaluateLowHand2(hand[PAIR_A[k]], hand[PAIR_B[k]]);
    if (low > high) continue;
    if (low > bestLow || (low === bestLow && high > bestHigh)) {
      best = k;
      bestLow = low;
      bestHigh = high;
    }
  }
  return best;
}

function lowOf(k: number): number {
  return evaluateLowHand2(hand[PAIR_A[k]], hand[PAIR_B[k]]);
}

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
    topSingletons(two, 0);
    return code(two[0], two[1], R['4.full-house-deuces-kept']);
  }
  return code(at(p1, 0), at(p1, 1), R['4.full-house-split']);
}

/** Rule 6: three of a kind (no pair beside it). */
function playThreeOfAKind(t: number): number {
  if (t === ACE) {
    // Three aces are split: a pair of aces in back, the third ace and the highest singleton in front.
    topSingletons(two, 1 << at(ACE, 0) | 1 << at(ACE, 1) | 1 << at(ACE, 2));
    return code(at(ACE, 0), two[0], R['6.trip-aces-split']);
  }
  topSingletons(two, 0);
  return code(two[0], two[1], R['6.trips']);
}

/**
 * Sets seven cards by the house way.
 * @param cards seven distinct valid cards (trusted: validate untrusted input with `parseCards(text, 7)`)
 * @returns `lowA | lowB << 3 | rule << 6`: positions of the low-hand cards and the index of the rule in `HOUSE_WAY_RULES`
 * @throws Error if the chosen setting fouls (an invariant: house-way.md requires every setting to be legal)
 */
export function houseWayCode(cards: ArrayLike<Card>): number {
  const result = houseWayCodeUnchecked(cards);
  if (!isLegalCode(result)) throw new Error(`house way fouled (rule ${HOUSE_WAY_RULES[result >> 6]})`);
  return result;
}

/**
 * `houseWayCode` without the legality assertion, for the exhaustive sweep, which counts fouls itself
 * with `codeIsLegal` (code.ts) (so that a foul is reported, not thrown).
 */
export function houseWayCodeUnchecked(cards: ArrayLike<Card>): number {
  count.fill(0);
  let pairs = 0;
  let trips = 0;
  let quads = -1;
  let joker = -1;
  let rankMask = 0;
  let suitCounts = 0; // four 4-bit counters
  for (let p = 0; p < 7; p++) {
    const c = cards[p];
    hand[p] = c;
    if (c === JOKER) {
      joker = p;
      continue;
    }
    const r = c >> 2;
    const n = count[r]++;
    group[r * 5 + n] = p;
    rankMask |= 1 << r;
    suitCounts += 1 << ((c & 3) * 4);
    if (n === 1) pairs++;
    else if (n === 2) {
      pairs--;
      trips++;
    } else if (n === 3) {
      trips--;
      quads = r;
    }
  }
  if (joker >= 0) {
    // The joker joins the aces' group (last, so natural aces are taken first).
    const n = count[ACE]++;
    group[ACE * 5 + n] = joker;
    if (n === 1) pairs++;
    else if (n === 2) {
      pairs--;
      trips++;
    } else if (n === 3) {
      trips--;
      quads = ACE;
    }
  }
  return decide(joker >= 0, rankMask, suitCounts, pairs, trips, quads);
}

function decide(hasJoker: boolean, rankMask: number, suitCounts: number, pairs: number, trips: number, quads: number): number {
  // A straight or flush is possible only with five suited cards or five ranks in a window (joker filling one).
  // Only then can the high hand's value depend on more than ranks, so only then are the 21 settings evaluated.
  const j = hasJoker ? 1 : 0;
  let flushPossible = false;
  for (let s = 0; s < 4; s++) if (((suitCounts >> (s * 4)) & 15) + j >= 5) flushPossible = true;
  const straightPossible = (STRAIGHT_POSSIBLE[rankMask] & (hasJoker ? 2 : 1)) !== 0;
  if (!flushPossible && !straightPossible) return byRule(-1, pairs, trips, quads);
  let bestCategory = -1;
  for (let k = 0; k < 21; k++) {
    const f = FIVE_OF_SEVEN[k];
    const v = evaluateHighHand5(hand[f[0]], hand[f[1]], hand[f[2]], hand[f[3]], hand[f[4]]);
    backValue[k] = v;
    const category = v >>> 20;
    if (category > bestCategory) bestCategory = category;
  }
  return keepBestHighHand(byRule(bestCategory, pairs, trips, quads));
}

/**
 * Reading 9 (docs/house-way.md, the project's copy of the rules): where a rule leaves a choice between cards of
 * equal rank (or the joker and an ace), the cards that make the high hand best stay there. Among the settings
 * with the same low hand value (the same ranks in front, so only equal-rank cards swapped), takes the one with
 * the highest high hand.
 */
function keepBestHighHand(result: number): number {
  const chosen = PAIR_INDEX[(result & 7) * 8 + ((result >> 3) & 7)];
  const low = lowOf(chosen);
  let best = chosen;
  for (let k = 0; k < 21; k++) if (backValue[k] > backValue[best] && lowOf(k) === low) best = k;
  return best === chosen ? result : code(PAIR_A[best], PAIR_B[best], result >> 6);
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
    topSingletons(two, 0);
    return code(two[0], two[1], R['9.one-pair']);
  }
  // Rule 10: the highest card in back, the next two in front.
  const top = highestWith(1);
  topSingletons(two, 1 << at(top, 0));
  return code(two[0], two[1], R['10.no-pair']);
}

function withRule(playCode: number, rule: number): number {
  return (playCode & 63) | (rule << 6);
}

/**
 * Whether a code from `houseWayCodeUnchecked` names two distinct positions 0‥6 for the low hand (so the
 * setting is five plus two of the same seven cards) and is legal (rules.md §2.4), for the hand last set.
 */
function isLegalCode(result: number): boolean {
  const k = PAIR_INDEX[(result & 7) * 8 + ((result >> 3) & 7)];
  if (k < 0) return false;
  const f = FIVE_OF_SEVEN[k];
  const high = evaluateHighHand5(hand[f[0]], hand[f[1]], hand[f[2]], hand[f[3]], hand[f[4]]);
  return evaluateLowHand2(hand[PAIR_A[k]], hand[PAIR_B[k]]) <= high;
}
