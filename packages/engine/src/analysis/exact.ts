/**
 * Exact analysis of a player's hand (issue: analysis): every setting against the banker's house way over
 * every banker hand from the 46 cards the player does not hold (C(46,7) = 53,524,680 hands).
 *
 * The banker's outcomes are first counted in a histogram over (high class, low class) (`bankerHistogram`,
 * which callers may split into parts across threads and add up); each setting is then scored with
 * two-dimensional prefix sums in constant time (`scoreSettings`).
 */

import { JOKER, type Card, type Hand } from '../cards/index.js';
import { JOKER_TYPE } from '../evaluate/multiset.js';
import { settingValues, settings as allSettings, type Setting } from '../setting/index.js';
import { seedsHouseWay } from '../house-way/seeds.js';
import type { HouseWay } from '../house-way/types.js';
import { settingIndexOfPair } from '../evaluate/seven.js';
import { bankerTables, denseOutcomeCount, flushOutcome, LOW_CLASSES, packedOutcome } from './banker.js';
import { dominance, lossesOf, winsOf } from './dominance.js';
import { valueClasses } from './classes.js';
import { liveCards, walkFiveCardPrefixes } from './hand-walk.js';

/** Number of banker hands when the player holds seven cards: C(46,7). */
export const BANKER_HANDS = 53_524_680;

/**
 * Counts the banker's house-way outcomes over the seven-card hands that avoid `dead` (the player's cards).
 * @param dead the cards the banker cannot hold (usually the player's seven)
 * @param part which share to count (0 ≤ part < parts); shares interleave on the two lowest cards
 * @param parts how many shares the caller splits the work into (1: all of it)
 * @param way the banker's house way (default: the seeds')
 * @returns counts indexed `highClass * 91 + lowClass` (a Float64Array so that shares add exactly)
 */
export function bankerHistogram(dead: readonly Card[], part = 0, parts = 1, way: HouseWay = seedsHouseWay): Float64Array {
  const tables = bankerTables(way);
  const { next, outcomeByState, outcomeAfter } = tables;
  // Counted by dense outcome id (see banker.ts): the counters in use sit together in memory.
  const counts = new Uint32Array(valueClasses().highValues.length * LOW_CLASSES);
  const { live, liveRank, rankRunEnd } = liveCards(dead);
  const n = live.length;
  const hasJoker = live[n - 1] === JOKER; // the joker, card 52, sorts last: it can only be the seventh card
  const naturals = hasJoker ? n - 1 : n;
  const hand = new Int32Array(7);
  const suits = new Int32Array(4);
  const masks = new Int32Array(4);
  // Hands are the increasing 7-subsets of `live`. Cards 1‥5 go through `walkFiveCardPrefixes`; `lastTwo` loops over the
  // sixth and seventh cards inline (most of the work: one call per five-card prefix, not per six).
  // Cards 1‥6 are always natural (the bounds leave room for a seventh), the joker only ever seventh.
  const lastTwo = (state5: number, from: number): void => {
    for (let i6 = from; i6 < n - 1; i6++) {
      const c6 = live[i6];
      const s6 = c6 & 3;
      const row = next[state5 * 14 + liveRank[i6]] * 14;
      suits[s6]++;
      masks[s6] |= 1 << (c6 >> 2);
      hand[5] = c6;
      let flushSuit = -1; // a suit with five of the six cards: it flushes whatever the seventh card is
      let fourSuit = -1; // a suit with four or more: the seventh card of that suit (or the joker) makes five
      for (let s = 0; s < 4; s++) {
        if (suits[s] >= 5) flushSuit = s;
        if (suits[s] >= 4) fourSuit = s;
      }
      if (fourSuit < 0) {
        // No flush is possible: the outcome depends on ranks alone, so each rank's remaining cards count at once.
        for (let i = i6 + 1; i < naturals; i = rankRunEnd[i]) counts[outcomeAfter[row + liveRank[i]]] += rankRunEnd[i] - i;
        if (hasJoker) counts[outcomeAfter[row + JOKER_TYPE]]++;
      } else {
        for (let i = i6 + 1; i < naturals; i++) {
          const c = live[i];
          const s = c & 3;
          const r = c >> 2;
          const state7 = next[row + r];
          if (s === fourSuit) {
            hand[6] = c;
            counts[flushOutcome(state7, masks[s] | (1 << r), hand, tables)]++;
          } else if (flushSuit >= 0) {
            hand[6] = c;
            counts[flushOutcome(state7, masks[flushSuit], hand, tables)]++;
          } else {
            counts[outcomeByState[state7]]++;
          }
        }
        if (hasJoker) {
          hand[6] = JOKER;
          counts[flushOutcome(next[row + JOKER_TYPE], masks[fourSuit] | (1 << JOKER_TYPE), hand, tables)]++;
        }
      }
      suits[s6]--;
      masks[s6] &= ~(1 << (c6 >> 2));
    }
  };
  walkFiveCardPrefixes(live, next, { hand, suits, masks }, part, parts, lastTwo);
  const histogram = new Float64Array(counts.length);
  const used = denseOutcomeCount();
  for (let id = 0; id < used; id++) if (counts[id]) histogram[packedOutcome(id)] = counts[id];
  return histogram;
}

/** Win, push and loss probabilities and the EV of one setting against the banker's house way. */
export interface SettingAnalysis {
  readonly high: readonly Card[];
  readonly low: readonly Card[];
  /** False for a foul: it loses both hands (rules.md §2.4), so win = push = 0 and loss = 1. */
  readonly legal: boolean;
  readonly win: number;
  readonly push: number;
  readonly loss: number;
  /** Expected result per unit staked: win × (1 − commission) − loss. */
  readonly ev: number;
}

/**
 * Scores every setting of `hand` against a banker histogram (rules.md §3: copies go to the banker; a foul loses).
 * @param hand the player's seven cards
 * @param histogram banker outcomes from `bankerHistogram` (all shares added)
 * @param commissionBps the commission on a win, in basis points (500 = 5%)
 * @returns the 21 settings in `settings(hand)` order
 */
export function scoreSettings(hand: Hand, histogram: Float64Array, commissionBps = 500): SettingAnalysis[] {
  const { highClass, lowClass } = valueClasses();
  const table = dominance(histogram);
  const keep = 1 - commissionBps / 10000;
  return allSettings(hand).map((setting: Setting) => {
    const values = settingValues(setting);
    if (values.low > values.high) return { ...setting, legal: false, win: 0, push: 0, loss: 1, ev: -1 };
    const h = highClass.get(values.high) as number;
    const l = lowClass.get(values.low) as number;
    const win = winsOf(table, h, l) / table.total;
    const loss = lossesOf(table, h, l) / table.total;
    return { ...setting, legal: true, win, push: 1 - win - loss, loss, ev: win * keep - loss };
  });
}

/** The exact analysis of a hand: every setting, the best one, the house way's, and what the house way gives up. */
export interface HandAnalysis {
  readonly settings: SettingAnalysis[];
  readonly best: SettingAnalysis;
  readonly houseWay: SettingAnalysis;
  /** EV of the best setting minus EV of the house way's (≥ 0), per unit staked. */
  readonly houseWayGivesUp: number;
  /** Banker hands counted (C(46,7) = 53,524,680 for seven player cards). */
  readonly bankerHands: number;
}

/**
 * Picks the best setting and the house way's among scored settings.
 * @param way the house way whose setting is marked (default: the seeds')
 */
export function summarize(hand: Hand, scored: SettingAnalysis[], way: HouseWay = seedsHouseWay): HandAnalysis {
  let best = scored[0];
  for (const s of scored) if (s.ev > best.ev) best = s;
  const code = way.code(hand);
  const houseWay = scored[settingIndexOfPair(code & 7, (code >> 3) & 7)];
  return { settings: scored, best, houseWay, houseWayGivesUp: best.ev - houseWay.ev, bankerHands: 0 };
}

/**
 * Exact analysis of seven cards against the banker's house way over all 53,524,680 banker hands, on this thread.
 * (The CLI splits `bankerHistogram` over worker threads; the result is the same.)
 * @param hand the player's hand (seven distinct cards)
 * @param commissionBps commission on a win in basis points (default 500)
 * @param way the house way of the banker, and the one whose setting is marked (default: the seeds')
 */
export function analyzeHand(hand: Hand, commissionBps = 500, way: HouseWay = seedsHouseWay): HandAnalysis {
  const histogram = bankerHistogram(hand, 0, 1, way);
  const summary = summarize(hand, scoreSettings(hand, histogram, commissionBps), way);
  return { ...summary, bankerHands: histogram.reduce((x, y) => x + y, 0) };
}
