/**
 * Exact analysis of a player's hand (issue: analysis): every setting against the banker's house way over
 * every banker hand from the 46 cards the player does not hold (C(46,7) = 53,524,680 hands).
 *
 * The banker's outcomes are first counted in a histogram over (high class, low class) (`bankerHistogram`,
 * which callers may split into parts across threads and add up); each setting is then scored with
 * two-dimensional prefix sums in constant time (`scoreSettings`).
 */

import { DECK_SIZE, JOKER, type Card } from '../cards/index.js';
import { JOKER_TYPE } from '../evaluate/multiset.js';
import { settingValues, settings as allSettings, type Setting } from '../setting/index.js';
import { houseWayCode } from '../house-way/core.js';
import { bankerTables, flushOutcome, LOW_CLASSES } from './banker.js';
import { valueClasses } from './classes.js';

/** Number of banker hands when the player holds seven cards: C(46,7). */
export const BANKER_HANDS = 53_524_680;

/**
 * Counts the banker's house-way outcomes over the seven-card hands that avoid `dead` (the player's cards).
 * @param dead the cards the banker cannot hold (usually the player's seven)
 * @param part which share to count (0 ≤ part < parts); shares interleave on the two lowest cards
 * @param parts how many shares the caller splits the work into (1: all of it)
 * @returns counts indexed `highClass * 91 + lowClass` (a Float64Array so that shares add exactly)
 */
export function bankerHistogram(dead: readonly Card[], part = 0, parts = 1): Float64Array {
  const { next, outcomeByState } = bankerTables();
  const histogram = new Float64Array(valueClasses().highValues.length * LOW_CLASSES);
  const live = Int32Array.from(Array.from({ length: DECK_SIZE }, (_, c) => c).filter((c) => !dead.includes(c)));
  const n = live.length;
  const hasJoker = live[n - 1] === JOKER; // the joker, card 52, sorts last: it can only be the seventh card
  const naturals = hasJoker ? n - 1 : n;
  const hand = new Int32Array(7);
  const suits = new Int32Array(4);
  const masks = new Int32Array(4);
  // Hands are the increasing 7-subsets of `live`; cards 1‥6 go through `walk` (always natural cards: the
  // bound leaves room for a seventh), the seventh card is the inner loop.
  let share = 0;
  const inner = (state: number): void => {
    const row = state * 14;
    // A suit holding five of the six cards already flushes whatever the seventh card is.
    let flushSuit = -1;
    let fourSuit = -1;
    for (let s = 0; s < 4; s++) {
      if (suits[s] >= 5) flushSuit = s;
      if (suits[s] >= 4) fourSuit = s;
    }
    const from = position[hand[5]] + 1;
    for (let i = from; i < naturals; i++) {
      const c = live[i];
      const s = c & 3;
      const r = c >> 2;
      const state7 = next[row + r];
      if (suits[s] >= 4) {
        hand[6] = c;
        histogram[flushOutcome(state7, masks[s] | (1 << r), hand)]++;
      } else if (flushSuit >= 0) {
        hand[6] = c;
        histogram[flushOutcome(state7, masks[flushSuit], hand)]++;
      } else {
        histogram[outcomeByState[state7]]++;
      }
    }
    if (hasJoker) {
      const state7 = next[row + JOKER_TYPE];
      if (fourSuit >= 0) {
        hand[6] = JOKER;
        histogram[flushOutcome(state7, masks[fourSuit] | (1 << JOKER_TYPE), hand)]++;
      } else {
        histogram[outcomeByState[state7]]++;
      }
    }
  };
  const position = new Int32Array(DECK_SIZE);
  for (let i = 0; i < n; i++) position[live[i]] = i;
  const walk = (depth: number, from: number, state: number): void => {
    for (let i = from; i <= n - 7 + depth; i++) {
      if (depth === 1 && share++ % parts !== part) continue;
      const c = live[i];
      hand[depth] = c;
      suits[c & 3]++;
      masks[c & 3] |= 1 << (c >> 2);
      const nextState = next[state * 14 + (c >> 2)];
      if (depth === 5) inner(nextState);
      else walk(depth + 1, i + 1, nextState);
      suits[c & 3]--;
      masks[c & 3] &= ~(1 << (c >> 2));
    }
  };
  walk(0, 0, 0);
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
export function scoreSettings(hand: readonly Card[], histogram: Float64Array, commissionBps = 500): SettingAnalysis[] {
  const { highValues, highClass, lowClass } = valueClasses();
  const rows = highValues.length;
  // below[h * (L+1) + l] = banker hands with high class < h and low class < l.
  const width = LOW_CLASSES + 1;
  const below = new Float64Array((rows + 1) * width);
  for (let h = 0; h < rows; h++) {
    let rowSum = 0;
    for (let l = 0; l < LOW_CLASSES; l++) {
      rowSum += histogram[h * LOW_CLASSES + l];
      below[(h + 1) * width + l + 1] = below[h * width + l + 1] + rowSum;
    }
  }
  const total = below[rows * width + LOW_CLASSES];
  const keep = 1 - commissionBps / 10000;
  return allSettings(hand).map((setting: Setting) => {
    const values = settingValues(setting);
    if (values.low > values.high) return { ...setting, legal: false, win: 0, push: 0, loss: 1, ev: -1 };
    const h = highClass.get(values.high) as number;
    const l = lowClass.get(values.low) as number;
    const win = below[h * width + l];
    // Both player hands lose or copy: banker high ≥ player high and banker low ≥ player low.
    const loss = total - below[h * width + LOW_CLASSES] - below[rows * width + l] + win;
    const push = total - win - loss;
    return { ...setting, legal: true, win: win / total, push: push / total, loss: loss / total, ev: (win * keep - loss) / total };
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

/** Picks the best setting and the house way's among scored settings. */
export function summarize(hand: readonly Card[], scored: SettingAnalysis[]): HandAnalysis {
  let best = scored[0];
  for (const s of scored) if (s.ev > best.ev) best = s;
  const code = houseWayCode(hand);
  const a = Math.min(code & 7, (code >> 3) & 7);
  const b = Math.max(code & 7, (code >> 3) & 7);
  // settings(hand) lists low-hand pairs (i < j) in order, so the index of (a, b) is known.
  let k = 0;
  for (let i = 0; i < 7; i++) for (let j = i + 1; j < 7; j++) if (i < a || (i === a && j < b)) k++;
  const houseWay = scored[k];
  return { settings: scored, best, houseWay, houseWayGivesUp: best.ev - houseWay.ev, bankerHands: 0 };
}

/**
 * Exact analysis of seven cards against the banker's house way over all 53,524,680 banker hands, on this thread.
 * (The CLI splits `bankerHistogram` over worker threads; the result is the same.)
 * @param hand seven distinct valid cards
 * @param commissionBps commission on a win in basis points (default 500)
 * @throws RangeError when not given seven cards
 */
export function analyzeHand(hand: readonly Card[], commissionBps = 500): HandAnalysis {
  if (hand.length !== 7) throw new RangeError(`a hand has 7 cards, got ${hand.length}`);
  const histogram = bankerHistogram(hand);
  const summary = summarize(hand, scoreSettings(hand, histogram, commissionBps));
  return { ...summary, bankerHands: histogram.reduce((x, y) => x + y, 0) };
}
