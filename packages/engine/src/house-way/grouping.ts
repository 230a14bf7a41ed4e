/**
 * What every house way's decision procedure starts from (house-way.md and house-way-foxwoods.md alike):
 * the seven cards grouped by rank, the joker counted as an ace, and — only when a straight or flush is
 * possible — the high-hand values of the 21 settings. Written for speed: each house way makes one
 * `HandGrouping` (scratch state of the hand being set: synchronous, not re-entrant), takes its fields into
 * module constants, and works on positions 0‥6 without allocating.
 *
 * Setting index k (0‥20) is the index in `FIVE_OF_SEVEN`; `PAIR_A[k]`, `PAIR_B[k]` are its low-hand positions.
 * A code is `lowA | lowB << 3 | rule << 6` (code.ts).
 */

import { ACE, JOKER, rankOf, type Card } from '../cards/index.js';
import { evaluateHighHand5, type HighHandEvaluator } from '../evaluate/high-hand.js';
import { evaluateLowHand2 } from '../evaluate/low-hand.js';
import { FIVE_OF_SEVEN, LOW_HAND_PAIRS } from '../evaluate/seven.js';
import { settingIndexOfCode } from './code.js';

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

/** Scratch state and helpers of one house way's decision procedure; see `createHandGrouping`. */
export interface HandGrouping {
  /** Ranks with exactly two cards, with three, and the rank with four or more (-1 for none); the joker counted as an ace. */
  pairs: number;
  trips: number;
  quads: number;
  /** Position of the joker, or -1. */
  jokerAt: number;
  readonly hand: Int32Array;
  readonly count: Int32Array;
  readonly group: Int32Array;
  readonly backValue: Int32Array;
  readonly PAIR_A: Int32Array;
  readonly PAIR_B: Int32Array;
  readonly two: Int32Array;
  readonly useEvaluator: (evaluate5: HighHandEvaluator) => void;
  readonly groupHand: (cards: ArrayLike<Card>) => boolean;
  readonly jokerLeavesAces: () => void;
  readonly evaluateHighHands: (categories: number) => number;
  readonly code: (a: number, b: number, rule: number) => number;
  readonly at: (r: number, n: number) => number;
  readonly lowOf: (k: number) => number;
  readonly highestExactly: (n: number, below?: number) => number;
  readonly topSingletons: (skipMask: number) => number;
  readonly bestSettingWithBack: (categories: number, frontRank?: number) => number;
  readonly keepBestHighHand: (result: number) => number;
}

/**
 * A fresh grouping for one house way's procedure (call once per module: the scratch arrays live as long as it).
 * Read the tallies (`pairs`, `trips`, `quads`, `jokerAt`) from the returned object after `groupHand`.
 */
export function createHandGrouping(): HandGrouping {
  /** The seven cards of the hand being set, by position. */
  const hand = new Int32Array(7);
  /** Cards per rank, the joker counted as an ace. */
  const count = new Int32Array(13);
  /** Positions per rank (5 slots per rank); in the aces' group the joker comes last, so natural aces are taken first. */
  const group = new Int32Array(13 * 5);
  /** High-hand value of each of the 21 settings; filled by `evaluateHighHands` (only when a straight or flush is possible). */
  const backValue = new Int32Array(21);
  /** Low-hand positions of each of the 21 settings (`LOW_HAND_PAIRS`, as typed arrays). */
  const PAIR_A = Int32Array.from(LOW_HAND_PAIRS, ([i]) => i);
  const PAIR_B = Int32Array.from(LOW_HAND_PAIRS, ([, j]) => j);
  /** Up to two positions written by `topSingletons`. */
  const two = new Int32Array(2);
  /** The high-hand evaluator of the ranking the hand is set under (`useEvaluator`; the standard one until set). */
  let evaluate5: HighHandEvaluator = evaluateHighHand5;

  /**
   * Sets the hand ranking (ranking.ts) the next hands are set under, as its evaluator (`highHandEvaluator`):
   * the house way that owns this grouping calls it before each hand when it has instances of several rankings.
   */
  function useEvaluator(evaluator: HighHandEvaluator): void {
    evaluate5 = evaluator;
  }

  /** Ranks with exactly two cards, with three, and the rank with four or more (-1 for none); the joker counted as an ace. */

  /**
   * Groups seven trusted cards by rank into the scratch state (`hand`, `count`, `group`, `pairs`, `trips`,
   * `quads`, `jokerAt`); the joker joins the aces' group, last.
   * @returns whether a straight or flush is possible (five suited cards, or five ranks in a window with the
   * joker filling at most one): only then can the high hand's value depend on more than ranks
   */
  function groupHand(cards: ArrayLike<Card>): boolean {
    count.fill(0);
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
      group[r * 5 + count[r]++] = p;
      rankMask |= 1 << r;
      suitCounts += 1 << ((c & 3) * 4);
    }
    const j = joker >= 0 ? 1 : 0;
    if (j) group[ACE * 5 + count[ACE]++] = joker;
    let nPairs = 0;
    let nTrips = 0;
    let quadRank = -1;
    for (let r = 0; r < 13; r++) {
      const n = count[r];
      if (n === 2) nPairs++;
      else if (n === 3) nTrips++;
      else if (n >= 4) quadRank = r;
    }
    self.pairs = nPairs;
    self.trips = nTrips;
    self.quads = quadRank;
    self.jokerAt = joker;
    for (let s = 0; s < 4; s++) if (((suitCounts >> (s * 4)) & 15) + j >= 5) return true;
    return (STRAIGHT_POSSIBLE[rankMask] & (j ? 2 : 1)) !== 0;
  }

  /**
   * Takes the joker (last in the aces' group) out of the aces and back out of the tallies, for a reading
   * where it is a straight's or flush's filler rather than an ace. Only after `groupHand` with a joker.
   */
  function jokerLeavesAces(): void {
    const n = count[ACE]--;
    if (n === 2) self.pairs--;
    else if (n === 3) {
      self.trips--;
      self.pairs++;
    } else if (n === 4) {
      self.quads = -1;
      self.trips++;
    }
  }

  /**
   * Evaluates the 21 high hands into `backValue`.
   * @param categories a bit set of high-hand categories (`1 << FLUSH | …`; -1 for all)
   * @returns the best category among the 21 high hands that is in `categories`, or -1
   */
  function evaluateHighHands(categories: number): number {
    let best = -1;
    for (let k = 0; k < 21; k++) {
      const f = FIVE_OF_SEVEN[k];
      const v = evaluate5(hand[f[0]], hand[f[1]], hand[f[2]], hand[f[3]], hand[f[4]]);
      backValue[k] = v;
      const category = v >>> 20;
      if (category > best && (categories >> category) & 1) best = category;
    }
    return best;
  }

  /** A code from two low-hand positions and a rule index. */
  function code(a: number, b: number, rule: number): number {
    return a | (b << 3) | (rule << 6);
  }

  /** Position of the n-th card of rank r (n from 0). */
  function at(r: number, n: number): number {
    return group[r * 5 + n];
  }

  /** Low-hand value of setting k. */
  function lowOf(k: number): number {
    return evaluateLowHand2(hand[PAIR_A[k]], hand[PAIR_B[k]]);
  }

  /** Highest rank with exactly `n` cards, below `below`, or -1. */
  function highestExactly(n: number, below = 13): number {
    for (let r = below - 1; r >= 0; r--) if (count[r] === n) return r;
    return -1;
  }

  /** Writes into `two` the (up to two) highest singleton positions not in the bit set `skipMask`; returns how many. */
  function topSingletons(skipMask: number): number {
    let n = 0;
    for (let r = 12; r >= 0 && n < 2; r--) {
      if (count[r] !== 1) continue;
      const p = at(r, 0);
      if (skipMask & (1 << p)) continue;
      two[n++] = p;
    }
    return n;
  }

  /**
   * The best low hand among the legal settings whose high hand's category is in the bit set `categories`
   * (and, when `frontRank` ≥ 0, whose low hand is two cards of that rank); ties go to the higher high hand
   * (house-way.md rule 5, house-way-foxwoods.md rule 7). Needs `evaluateHighHands` first.
   * @returns the setting's index 0‥20, or -1
   */
  function bestSettingWithBack(categories: number, frontRank = -1): number {
    let best = -1;
    let bestLow = -1;
    let bestHigh = -1;
    for (let k = 0; k < 21; k++) {
      const high = backValue[k];
      if (!((categories >> (high >>> 20)) & 1)) continue;
      if (frontRank >= 0 && (rankOf(hand[PAIR_A[k]]) !== frontRank || rankOf(hand[PAIR_B[k]]) !== frontRank)) continue;
      const low = lowOf(k);
      if (low > high) continue;
      if (low > bestLow || (low === bestLow && high > bestHigh)) {
        best = k;
        bestLow = low;
        bestHigh = high;
      }
    }
    return best;
  }

  /**
   * Where a rule leaves a choice between cards of equal rank (or the joker and an ace), the cards that make the
   * high hand best stay there (reading 9 of docs/house-way.md; reading F9 of docs/house-way-foxwoods.md): among
   * the settings with the same low-hand value as `result`'s (the same ranks in front, so only equal-rank cards
   * swapped), the one with the highest high hand. Needs `evaluateHighHands` first.
   * @returns `result`, or the same rule with the better setting's low-hand positions
   */
  function keepBestHighHand(result: number): number {
    const chosen = settingIndexOfCode(result);
    const low = lowOf(chosen);
    let best = chosen;
    for (let k = 0; k < 21; k++) if (backValue[k] > backValue[best] && lowOf(k) === low) best = k;
    return best === chosen ? result : code(PAIR_A[best], PAIR_B[best], result >> 6);
  }

  const self: HandGrouping = {
    pairs: 0,
    trips: 0,
    quads: -1,
    jokerAt: -1,
    hand,
    count,
    group,
    backValue,
    PAIR_A,
    PAIR_B,
    two,
    useEvaluator,
    groupHand,
    jokerLeavesAces,
    evaluateHighHands,
    code,
    at,
    lowOf,
    highestExactly,
    topSingletons,
    bestSettingWithBack,
    keepBestHighHand,
  };
  return self;
}
