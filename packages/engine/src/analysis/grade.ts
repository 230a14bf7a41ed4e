/**
 * The coach's grade of a setting (issue 17): the exact EV of the setting a player made beside the best
 * setting's and the house way's, and the EV it gave up, from the exact analysis of `exact.ts` (every banker
 * hand from the 46 other cards, set by the table's house way; rules.md §3, §3.1).
 *
 * The analysis of a hand depends on its suits only up to a renaming of the four suits (the banker hands are
 * renamed with it, and no rule ranks suits): `canonicalHand` names each class of hands by one key, so a
 * cache computes each class once, and `scoresForHand` reads the class's scores back for any member.
 */

import { JOKER, type Card, type Hand } from '../cards/index.js';
import { seedsHouseWay } from '../house-way/seeds.js';
import type { HouseWay } from '../house-way/types.js';
import { LOW_HAND_PAIRS, settingIndexOfPair } from '../evaluate/seven.js';
import { analyzeHand, summarize, type SettingAnalysis } from './exact.js';

/** The 24 renamings of the four suits, each as `suit → suit`. */
const SUIT_PERMUTATIONS: readonly (readonly number[])[] = (() => {
  const out: number[][] = [];
  const walk = (prefix: number[]): void => {
    if (prefix.length === 4) out.push(prefix);
    else for (let s = 0; s < 4; s++) if (!prefix.includes(s)) walk([...prefix, s]);
  };
  walk([]);
  return out;
})();

/** A hand's class up to suit renaming: its representative, the class key, and where each card went. */
export interface CanonicalHand {
  /** The representative: the hand with its suits renamed, in increasing card order (the least such array). */
  readonly cards: Hand;
  /** The representative's card numbers joined by `.`: equal for two hands exactly when one is a suit renaming of the other. */
  readonly key: string;
  /** `positions[k]`: the index in `cards` of the given hand's card `k` (renamed). */
  readonly positions: readonly number[];
}

const rename = (card: Card, permutation: readonly number[]): Card => (card === JOKER ? JOKER : (card & ~3) | permutation[card & 3]);

function lessThan(a: readonly Card[], b: readonly Card[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/**
 * The class of `hand` up to suit renaming (see the module comment).
 * @param hand seven distinct valid cards (trusted)
 */
export function canonicalHand(hand: readonly Card[]): CanonicalHand {
  let best: Card[] | null = null;
  let bestPermutation = SUIT_PERMUTATIONS[0];
  for (const permutation of SUIT_PERMUTATIONS) {
    const renamed = hand.map((card) => rename(card, permutation)).sort((x, y) => x - y);
    if (best === null || lessThan(renamed, best)) {
      best = renamed;
      bestPermutation = permutation;
    }
  }
  // Seven distinct valid cards renamed one to one are seven distinct valid cards: a hand.
  const cards = Object.freeze(best as Card[]) as Hand;
  const positions = hand.map((card) => cards.indexOf(rename(card, bestPermutation)));
  return { cards, key: cards.join('.'), positions };
}

/** A setting's scores without its cards (what a cache of a class keeps). */
export type SettingScore = Omit<SettingAnalysis, 'high' | 'low'>;


/**
 * The scores of every setting of `hand`, in `settings(hand)` order and with `hand`'s own cards, read from the
 * scores of its class's representative (`analyzeHand(canonical.cards).settings` or `scoreSettings` of it):
 * number for number what the analysis of `hand` itself gives.
 * @param hand seven distinct valid cards
 * @param canonical `canonicalHand(hand)`
 * @param representativeScores the 21 scored settings of `canonical.cards`, in `settings(canonical.cards)` order
 */
export function scoresForHand(hand: readonly Card[], canonical: CanonicalHand, representativeScores: readonly SettingScore[]): SettingAnalysis[] {
  return LOW_HAND_PAIRS.map(([i, j]) => {
    const s = representativeScores[settingIndexOfPair(canonical.positions[i], canonical.positions[j])];
    return { high: hand.filter((_, k) => k !== i && k !== j), low: [hand[i], hand[j]], legal: s.legal, win: s.win, push: s.push, loss: s.loss, ev: s.ev };
  });
}

/**
 * A setting's grade (issue 17; `GET /api/history`'s `grade`): EVs per unit of the main bet, as fractions,
 * with the commission the analysis was run with (rules.md §3.1).
 */
export interface SettingGrade {
  /** EV of the setting played. */
  readonly playedEv: number;
  /** EV of the best of the 21 settings. */
  readonly bestEv: number;
  /** EV of the table's house way's setting. */
  readonly houseWayEv: number;
  /** `bestEv − playedEv` (≥ 0): what the setting gave up. */
  readonly evLost: number;
}

/** One setting in a review: its cards and exact win / push / loss probabilities and EV (`analyzeHand`'s shape). */
export type ReviewedSetting = SettingAnalysis;

/** A grade with the three settings behind it, and the house way's rule (its id, e.g. `'8.split-sevens'`). */
export interface SettingReview extends SettingGrade {
  readonly played: ReviewedSetting;
  readonly best: ReviewedSetting;
  readonly houseWay: ReviewedSetting & { readonly rule: string };
}

const reviewed = (s: SettingAnalysis): ReviewedSetting => ({ high: s.high, low: s.low, legal: s.legal, win: s.win, push: s.push, loss: s.loss, ev: s.ev });

/**
 * Grades the setting of `hand` whose low hand is `playedLow`, against `scored` (the 21 settings of `hand` in
 * `settings(hand)` order, as `analyzeHand`, `scoreSettings` or `scoresForHand` give them). The best setting and
 * the house way's are `summarize`'s, as `paigow analyze` marks them.
 * @param hand the player's seven cards
 * @param playedLow the two cards of the low hand played (any order)
 * @param way the table's house way (the banker's, and the one compared with; default: the seeds')
 * @throws RangeError when `playedLow` is not two cards of `hand`
 */
export function gradeSetting(hand: Hand, playedLow: readonly Card[], scored: readonly SettingAnalysis[], way: HouseWay = seedsHouseWay): SettingReview {
  const a = hand.indexOf(playedLow[0]);
  const b = hand.indexOf(playedLow[1]);
  if (playedLow.length !== 2 || a < 0 || b < 0 || a === b) throw new RangeError('the low hand played is not two cards of the hand');
  const played = scored[settingIndexOfPair(a, b)];
  const summary = summarize(hand, [...scored], way);
  const rule = way.rules[way.code(hand) >> 6];
  return {
    playedEv: played.ev,
    bestEv: summary.best.ev,
    houseWayEv: summary.houseWay.ev,
    evLost: summary.best.ev - played.ev,
    played: reviewed(played),
    best: reviewed(summary.best),
    houseWay: { ...reviewed(summary.houseWay), rule },
  };
}

/**
 * The grade of one setting, computed here and now (`analyzeHand` on this thread: a fraction of a second).
 * Servers grade in worker threads with a cache instead (`canonicalHand`, `scoresForHand`).
 * @param commissionBps commission on a win in basis points (500 = 5%)
 * @throws RangeError when `playedLow` is not two cards of `hand`
 */
export function gradeHand(hand: Hand, playedLow: readonly Card[], commissionBps = 500, way: HouseWay = seedsHouseWay): SettingReview {
  return gradeSetting(hand, playedLow, analyzeHand(hand, commissionBps, way).settings, way);
}
