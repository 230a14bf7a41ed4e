/**
 * The Foxwoods house way (house-way-foxwoods.md; our readings in docs/house-way-foxwoods.md) as a
 * `HouseWay` plug-in. Written for speed like `core.ts`: positions 0‥6, no allocation, one integer code
 * `lowA | lowB << 3 | rule << 6` (rule indexes `FOXWOODS_RULES`).
 *
 * Terms as in house-way-foxwoods.md: the joker counts as an ace (it pairs with aces and alone is an ace
 * singleton) except where it completes a straight, flush or straight flush in the high hand, which only
 * rule 7 (and the category order) looks for, by evaluating the candidate settings themselves.
 *
 * Where the text is loose and the published exact result has to decide, the reading is a switch in
 * `FoxwoodsOptions` (`foxwoodsHouseWay(options)` builds that variant); `foxwoodsHouseWay()` plays the
 * default readings, which the registry uses.
 */

import { ACE, JACK, KING, TEN, rankOf, type Card, type Hand } from '../cards/index.js';
import { highHandEvaluator, type HighHandEvaluator } from '../evaluate/high-hand.js';
import { evaluateLowHand2 } from '../evaluate/low-hand.js';
import { STANDARD_RANKING, type HandRanking } from '../evaluate/ranking.js';
import { FLUSH, ROYAL_FLUSH, STRAIGHT, STRAIGHT_FLUSH } from '../evaluate/value.js';
import { codeIsLegal, handsOfCode } from './code.js';
import { explain } from './explain.js';
import { createHandGrouping } from './grouping.js';
import { pairRanks, rankCounts } from './seeds.js';
import type { HouseWay, HouseWaySetting } from './types.js';

/**
 * The rule variants of the Foxwoods house way; the number before the dot is house-way-foxwoods.md's rule
 * number. `'7.as-pairs'` / `'7.as-three-pairs'`: a complete hand with two (three) pairs, played by rule 3 (4).
 */
export const FOXWOODS_RULES = [
  '1.no-pair',
  '2.one-pair',
  '3.split-high',
  '3.kept-ace',
  '3.split-mid',
  '3.kept-king-or-ace',
  '3.split-low',
  '4.three-pairs',
  '5.trips',
  '5.trip-aces',
  '6.two-trips',
  '7.no-pair',
  '7.one-pair',
  '7.one-pair-ace-front',
  '7.as-pairs',
  '7.as-three-pairs',
  '7.trips',
  '8.full-house',
  '8.trips-two-pairs',
  '9.quads-high-split',
  '9.quads-mid-kept',
  '9.quads-mid-split',
  '9.quads-low-kept',
  '9.quads-pair-front',
  '10.five-aces-split',
  '10.five-aces-kings',
] as const;

/** A Foxwoods rule variant id, e.g. `'3.kept-ace'`. */
export type FoxwoodsRule = (typeof FOXWOODS_RULES)[number];

/** English explanation templates of the Foxwoods rule variants (i18n keys `houseWayFoxwoods.<rule>`). */
export const FOXWOODS_EXPLANATIONS: Readonly<Record<FoxwoodsRule, string>> = {
  '1.no-pair': 'No pair: the highest card stays in the high hand; the next two ({{low}}) go to the low hand.',
  '2.one-pair': 'One pair stays in the high hand; the two highest other cards ({{low}}) go to the low hand.',
  '3.split-high': 'Two pairs, the higher jacks or better: split, the lower pair ({{low}}) goes to the low hand.',
  '3.kept-ace': 'Two pairs, the higher sevens to tens, with an ace to play in front: both pairs stay in the high hand and {{low}} go to the low hand.',
  '3.split-mid': 'Two pairs, the higher sevens to tens, and no ace to play in front: split, the lower pair ({{low}}) goes to the low hand.',
  '3.kept-king-or-ace': 'Two pairs, the higher sixes or lower, with a king or an ace to play in front: both pairs stay in the high hand and {{low}} go to the low hand.',
  '3.split-low': 'Two pairs, the higher sixes or lower, and no king or ace to play in front: split, the lower pair ({{low}}) goes to the low hand.',
  '4.three-pairs': 'Three pairs: the highest pair ({{rank}}) goes to the low hand.',
  '5.trips': 'Three {{rank}} stay in the high hand; the two highest other cards ({{low}}) go to the low hand.',
  '5.trip-aces': 'Three aces: a pair of aces stays in the high hand; one ace and the next highest card ({{low}}) go to the low hand.',
  '6.two-trips': 'Two three-of-a-kinds: the higher ({{rank}}) is split and its pair goes to the low hand.',
  '7.no-pair': 'Straight or flush kept in the high hand, with the two highest cards that leave it there ({{low}}) in the low hand.',
  '7.one-pair': 'Straight or flush with one pair: the straight or flush stays in the high hand, with the highest low hand that leaves it there ({{low}}).',
  '7.one-pair-ace-front': 'Straight or flush with an ace and a pair of tens to kings: the ace goes in front ({{low}}) and the pair stays in the high hand, a better low hand than keeping the straight or flush.',
  '7.as-pairs': 'A straight or flush with {{pairs}}: it is played as two pairs ({{low}} in the low hand).',
  '7.as-three-pairs': 'A straight or flush with {{pairs}}: it is played as three pairs ({{low}} in the low hand).',
  '7.trips': 'Straight or flush with three of a kind: the straight or flush stays in the high hand and a pair from the three of a kind ({{low}}) goes to the low hand.',
  '8.full-house': 'Full house: split, the pair ({{rank}}) goes to the low hand and the three of a kind stays in the high hand.',
  '8.trips-two-pairs': 'Three of a kind and two pairs: the higher pair ({{rank}}) goes to the low hand, the full house stays in the high hand.',
  '9.quads-high-split': 'Four {{rank}} (jacks to aces): always split, a pair in each hand.',
  '9.quads-mid-kept': 'Four {{rank}} stay together because a king or better ({{low}}) can be played in the low hand.',
  '9.quads-mid-split': 'Four {{rank}} (sevens to tens) without a king or an ace to play in front: split, a pair in each hand.',
  '9.quads-low-kept': 'Four {{rank}} (sixes or lower) are never split; the two highest other cards ({{low}}) go to the low hand.',
  '9.quads-pair-front': 'Four {{rank}} with a pair beside them: the four stay together and the pair ({{low}}) goes to the low hand.',
  '10.five-aces-split': 'Five aces: a pair of aces ({{low}}) in the low hand and three aces in the high hand.',
  '10.five-aces-kings': 'Five aces with a pair of kings: the five aces stay together and the kings ({{low}}) go to the low hand.',
};

/**
 * The readings of house-way-foxwoods.md that the published exact result has to decide between
 * (docs/house-way-foxwoods.md lists each with the hands where it matters). Defaults are our readings.
 */
export interface FoxwoodsOptions {
  /**
   * Rule 9, last bullet ("with a pair (or a three of a kind) beside it: that pair in front"): `true` (default)
   * — it holds for every rank, so four jacks to aces with a pair beside them stay together; `false` — the
   * rank's own bullet decides first (jacks to aces are always split; sevens to tens keep together with a
   * king, an ace or a pair to play in front).
   */
  readonly quadsPairOverridesRank: boolean;
  /**
   * Rule 7, one pair, the exception "with an ace and a pair of kings to tens": whether the joker counts as
   * that ace (default `true`: the joker is an ace wherever it does not complete a straight or flush, and in
   * that setting the high hand is a pair).
   */
  readonly jokerIsExceptionAce: boolean;
  /**
   * Rule 7, one pair, the same exception: `false` (default) — it applies whenever its front (the ace and the
   * highest other singleton) is higher than the first sentence's, even when that front holds the ace already
   * (A-T kept with a straight gives way to A-J with the pair of tens in back); `true` — only when the first
   * sentence's front has no ace ("the ace goes in front" read as moving it there).
   */
  readonly exceptionOnlyWithoutAceInFront: boolean;
  /**
   * The joker's double role ("the joker is an ace unless it completes a straight, flush or straight flush"):
   * `false` (default) — a joker beside a natural ace pairs it wherever the hand is read for pairs, so A-Jk
   * with a pair and a straight the joker fills is two pairs (rule 7 → rule 3); `true` — when every complete
   * hand of the seven cards needs the joker (none is made without it), the joker is that filler, not an ace:
   * the natural aces count without it (A-Jk is an ace singleton) and rule 7 plays the complete hand.
   */
  readonly jokerFillsRatherThanPairs: boolean;
  /**
   * Which category decides when the joker could make two (a straight flush or a flush as a filler, four
   * aces or a full house as an ace): `false` (default) — four of a kind and full house before any straight
   * or flush, the text's order of rules 7–9 (the reading the published exact result decides for,
   * docs/house-way-foxwoods.md); `true` — the poker order: five aces, straight flush, four of a kind, full
   * house, flush, straight.
   */
  readonly straightFlushBeforeQuads: boolean;
}

/** Our readings (docs/house-way-foxwoods.md): with the 2013 analysis' ranking they reproduce its published counts. */
export const FOXWOODS_DEFAULTS: FoxwoodsOptions = Object.freeze({
  quadsPairOverridesRank: true,
  jokerIsExceptionAce: true,
  exceptionOnlyWithoutAceInFront: false,
  jokerFillsRatherThanPairs: false,
  straightFlushBeforeQuads: false,
});

const R = Object.fromEntries(FOXWOODS_RULES.map((id, i) => [id, i])) as Record<FoxwoodsRule, number>;

const g = createHandGrouping();
const { PAIR_A, PAIR_B, at, backValue, bestSettingWithBack, code, count, evaluateHighHands, groupHand, hand, highestExactly, jokerLeavesAces, keepBestHighHand, lowOf, topSingletons, two } = g;

const SEVEN = 5;

/** Category bit set: a "complete hand" (house-way-foxwoods.md rule 7): straight, flush, straight flush (royal included). */
const COMPLETE = (1 << STRAIGHT) | (1 << FLUSH) | (1 << STRAIGHT_FLUSH) | (1 << ROYAL_FLUSH);

/** The readings of the hand being set (set by `foxwoodsCodeUnchecked`; synchronous, not re-entrant). */
let options: FoxwoodsOptions = FOXWOODS_DEFAULTS;

/** The two highest card positions outside the bit set `skipMask` (any multiplicity), as a code without rule. */
function topTwoOutside(skipMask: number): number {
  let a = -1;
  for (let r = 12; r >= 0; r--) {
    for (let n = 0; n < count[r]; n++) {
      const p = at(r, n);
      if (skipMask & (1 << p)) continue;
      if (a < 0) a = p;
      else return a | (p << 3);
    }
  }
  return a;
}

/** Rule 3 (two pairs, `p1` > `p2`) and rule 4 (three pairs). */
function playPairs(): number {
  const p1 = highestExactly(2);
  const p2 = highestExactly(2, p1);
  const p3 = highestExactly(2, p2);
  if (p3 >= 0) return code(at(p1, 0), at(p1, 1), R['4.three-pairs']);
  const split = (rule: number): number => code(at(p2, 0), at(p2, 1), rule);
  if (p1 >= JACK) return split(R['3.split-high']);
  topSingletons(0);
  if (p1 >= SEVEN) {
    // Kept if an ace can go in front "with the next highest card": the two highest singletons.
    return count[ACE] === 1 ? code(two[0], two[1], R['3.kept-ace']) : split(R['3.split-mid']);
  }
  return count[ACE] === 1 || count[KING] === 1 ? code(two[0], two[1], R['3.kept-king-or-ace']) : split(R['3.split-low']);
}

/** Rule 7 with no pair or one pair (`pairRank`, -1 for none). */
function playComplete(pairRank: number): number {
  const k = bestSettingWithBack(COMPLETE);
  if (pairRank < 0) return code(PAIR_A[k], PAIR_B[k], R['7.no-pair']);
  // The exception: an ace and a pair of tens to kings → the ace and the highest other card in front, the pair in back.
  const aceSingleton = count[ACE] === 1 && (options.jokerIsExceptionAce || at(ACE, 0) !== g.jokerAt);
  const aceInFront = rankOf(hand[PAIR_A[k]]) === ACE || rankOf(hand[PAIR_B[k]]) === ACE;
  if (aceSingleton && pairRank >= TEN && pairRank <= KING && !(options.exceptionOnlyWithoutAceInFront && aceInFront)) {
    const ace = at(ACE, 0);
    topSingletons(1 << ace);
    const alternative = code(ace, two[0], R['7.one-pair-ace-front']);
    if (evaluateLowHand2(hand[ace], hand[two[0]]) > lowOf(k)) return alternative;
  }
  return code(PAIR_A[k], PAIR_B[k], R['7.one-pair']);
}

/** Rule 9: four of a kind of rank `q` (the joker counting as an ace). */
function playFourOfAKind(q: number): number {
  const quadMask = (1 << at(q, 0)) | (1 << at(q, 1)) | (1 << at(q, 2)) | (1 << at(q, 3));
  let besidePair = -1; // the pair (or three of a kind) beside the four
  for (let r = 12; r >= 0 && besidePair < 0; r--) if (r !== q && count[r] >= 2) besidePair = r;
  const split = (rule: number): number => code(at(q, 0), at(q, 1), rule);
  const keep = (rule: number): number => (topTwoOutside(quadMask) & 63) | (rule << 6);
  const pairFront = (): number => code(at(besidePair, 0), at(besidePair, 1), R['9.quads-pair-front']);
  if (besidePair >= 0 && options.quadsPairOverridesRank) return pairFront();
  if (q >= JACK) return split(R['9.quads-high-split']);
  if (q >= SEVEN) {
    if (besidePair >= 0) return pairFront();
    return count[ACE] === 1 || count[KING] === 1 ? keep(R['9.quads-mid-kept']) : split(R['9.quads-mid-split']);
  }
  return besidePair >= 0 ? pairFront() : keep(R['9.quads-low-kept']);
}

/**
 * Sets seven trusted cards by the Foxwoods house way with the readings `opts`, without the foul check.
 * @param evaluate5 the high-hand evaluator of the ranking the hand is set under (`highHandEvaluator`)
 * @returns the code `lowA | lowB << 3 | rule << 6` (rule indexes `FOXWOODS_RULES`)
 */
function foxwoodsCodeUnchecked(cards: ArrayLike<Card>, opts: FoxwoodsOptions, evaluate5: HighHandEvaluator): number {
  options = opts;
  g.useEvaluator(evaluate5);
  if (!groupHand(cards)) return byRule(-1, g.pairs, g.trips, g.quads);
  const bestCategory = evaluateHighHands(COMPLETE);
  if (opts.jokerFillsRatherThanPairs && g.jokerAt >= 0 && bestCategory >= 0 && count[ACE] >= 2 && !completeWithoutJoker()) {
    // The joker is the filler, not an ace: the aces' group loses it (it was last there).
    jokerLeavesAces();
  }
  return keepBestHighHand(byRule(bestCategory, g.pairs, g.trips, g.quads));
}

/** Whether some setting keeps a complete hand in back without the joker (the joker in front). */
function completeWithoutJoker(): boolean {
  for (let k = 0; k < 21; k++) {
    if ((PAIR_A[k] === g.jokerAt || PAIR_B[k] === g.jokerAt) && (COMPLETE >> (backValue[k] >>> 20)) & 1) return true;
  }
  return false;
}

/**
 * Applies the first matching rule, by the best hand the seven cards hold.
 * @param complete the best complete-hand category (straight, flush, straight flush, royal) among the 21 high hands, else -1
 */
function byRule(complete: number, pairs: number, trips: number, quads: number): number {
  // Rule 10: five aces.
  if (count[ACE] === 5) {
    if (count[KING] === 2) return code(at(KING, 0), at(KING, 1), R['10.five-aces-kings']);
    return code(at(ACE, 0), at(ACE, 1), R['10.five-aces-split']);
  }
  const straightFlush = complete >= STRAIGHT_FLUSH && options.straightFlushBeforeQuads;
  // Rule 9: four of a kind.
  if (quads >= 0 && !straightFlush) return playFourOfAKind(quads);
  // Rule 8: full house (trips and a pair, trips and two pairs; two trips are rule 6).
  if (trips === 1 && pairs > 0 && !straightFlush) {
    const p1 = highestExactly(2);
    return code(at(p1, 0), at(p1, 1), pairs > 1 ? R['8.trips-two-pairs'] : R['8.full-house']);
  }
  if (trips === 2 && !straightFlush) {
    const t1 = highestExactly(3);
    return code(at(t1, 0), at(t1, 1), R['6.two-trips']);
  }
  // Rule 7: a complete hand.
  if (complete >= 0) {
    if (pairs >= 2) {
      const played = playPairs();
      return (played & 63) | ((pairs > 2 ? R['7.as-three-pairs'] : R['7.as-pairs']) << 6);
    }
    if (trips > 0 || quads >= 0) {
      // A pair from the three (or four) of a kind in front, the complete hand in back.
      const t = quads >= 0 ? quads : highestExactly(3);
      const k = bestSettingWithBack(COMPLETE, t);
      if (k >= 0) return code(PAIR_A[k], PAIR_B[k], R['7.trips']);
      const any = bestSettingWithBack(COMPLETE);
      return code(PAIR_A[any], PAIR_B[any], R['7.trips']);
    }
    return playComplete(pairs === 1 ? highestExactly(2) : -1);
  }
  // Rule 5: three of a kind.
  if (trips === 1) {
    const t = highestExactly(3);
    if (t === ACE) {
      topSingletons((1 << at(ACE, 0)) | (1 << at(ACE, 1)) | (1 << at(ACE, 2)));
      return code(at(ACE, 0), two[0], R['5.trip-aces']);
    }
    topSingletons(0);
    return code(two[0], two[1], R['5.trips']);
  }
  if (pairs >= 2) return playPairs();
  if (pairs === 1) {
    topSingletons(0);
    return code(two[0], two[1], R['2.one-pair']);
  }
  // Rule 1: the highest card in back, the next two in front.
  const top = highestExactly(1);
  topSingletons(1 << at(top, 0));
  return code(two[0], two[1], R['1.no-pair']);
}

/** The rank a Foxwoods explanation names: the four or three of a kind, or the pair sent to the low hand. */
function namedRank(rule: FoxwoodsRule, counts: readonly number[], low: readonly Card[]): number {
  if (rule.startsWith('9.')) return counts.findIndex((n) => n >= 4);
  if (rule === '5.trips') return counts.findIndex((n) => n === 3);
  if (rule === '6.two-trips' || rule === '8.full-house' || rule === '8.trips-two-pairs' || rule === '4.three-pairs') return rankOf(low[0]);
  return -1;
}

/**
 * A short, stable name of a set of readings and a ranking: `''` for the defaults under the standard ranking,
 * else the switches that differ and the wheel's rank when it is not the standard one
 * (`quadsPairOverridesRank=false,wheel=low`).
 */
function variantName(opts: FoxwoodsOptions, ranking: HandRanking): string {
  const names = (Object.keys(FOXWOODS_DEFAULTS) as (keyof FoxwoodsOptions)[])
    .filter((key) => opts[key] !== FOXWOODS_DEFAULTS[key])
    .map((key) => `${key}=${String(opts[key])}`);
  if (ranking.wheel !== STANDARD_RANKING.wheel) names.push(`wheel=${ranking.wheel}`);
  return names.join(',');
}

/**
 * The Foxwoods house way (house-way-foxwoods.md) with the given readings (default: ours, `FOXWOODS_DEFAULTS`)
 * under a hand ranking (default the standard one, rules.md §2.1, which every table plays; the 2013 analysis
 * used `WHEEL_LOW_RANKING`, ranking.ts).
 * @param overrides readings to switch (see `FoxwoodsOptions`); the result's `variant` names them
 * @param ranking the ranking its choices compare values under (`HouseWay.ranking`)
 * @returns a `HouseWay` with id `'foxwoods'`; i18n keys `houseWayFoxwoods.<rule>`
 */
export function foxwoodsHouseWay(overrides: Partial<FoxwoodsOptions> = {}, ranking: HandRanking = STANDARD_RANKING): HouseWay {
  const opts: FoxwoodsOptions = Object.freeze({ ...FOXWOODS_DEFAULTS, ...overrides });
  const evaluate5 = highHandEvaluator(ranking);
  const codeUnchecked = (cards: ArrayLike<Card>): number => foxwoodsCodeUnchecked(cards, opts, evaluate5);
  const fastCode = (cards: ArrayLike<Card>): number => {
    const result = foxwoodsCodeUnchecked(cards, opts, evaluate5);
    if (!codeIsLegal(cards, result)) throw new Error(`Foxwoods house way fouled (rule ${FOXWOODS_RULES[result >> 6]})`);
    return result;
  };
  const set = (cards: Hand): HouseWaySetting => {
    const result = fastCode(cards);
    const rule = FOXWOODS_RULES[result >> 6];
    const { high, low } = handsOfCode(cards, result);
    const counts = rankCounts(cards);
    return {
      high,
      low,
      rule,
      explanation: explain(rule, high, low, namedRank(rule, counts, low), pairRanks(counts), FOXWOODS_EXPLANATIONS, 'houseWayFoxwoods.'),
    };
  };
  return Object.freeze({
    id: 'foxwoods',
    name: 'Foxwoods house way',
    spec: 'house-way-foxwoods.md',
    variant: variantName(opts, ranking),
    ranking,
    rules: FOXWOODS_RULES,
    explanations: FOXWOODS_EXPLANATIONS,
    keyPrefix: 'houseWayFoxwoods.',
    code: fastCode,
    codeUnchecked,
    set,
  });
}
