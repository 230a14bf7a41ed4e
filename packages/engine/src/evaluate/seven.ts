/**
 * The best five-card high hand among seven cards (rules.md §2.1–§2.2), and the exhaustive sweep
 * over all C(53,7) = 154,143,080 seven-card hands.
 *
 * `bestHighHand` tries the 21 five-card subsets (clear, and fast enough for one hand).
 * The sweep is incremental instead: a rank-multiset automaton (`NEXT[state * 14 + rank]`, joker = 13)
 * carries the non-flush part from one card to the next, and per-suit rank masks carry the flush
 * part, so the innermost loop costs two table reads and a few integer operations.
 */

import { JOKER, type Card, type Hand } from '../cards/index.js';
import { evaluateHighHand5, highHandEvaluator, nonFlushValueOfKeySum, RANK_KEYS } from './high-hand.js';
import { JOKER_TYPE, forEachRankMultiset, multisetCount, rankMultiset } from './multiset.js';
import { STANDARD_RANKING, type HandRanking } from './ranking.js';
import { CATEGORIES, type Category, type HandValue } from './value.js';

/**
 * The one index of the 21 settings of seven cards (rules.md §2), used by every module that numbers them: setting
 * k (0‥20) has its low hand at positions `LOW_HAND_PAIRS[k]` = (i, j), i < j, in the order (0,1), (0,2), …, (5,6),
 * and its high hand at `FIVE_OF_SEVEN[k]` (the other five positions, in order); `settingIndexOfPair` goes back.
 */
export const LOW_HAND_PAIRS: readonly (readonly [number, number])[] = (() => {
  const out: [number, number][] = [];
  for (let i = 0; i < 7; i++) for (let j = i + 1; j < 7; j++) out.push([i, j]);
  return out;
})();

/** The 21 ways to choose the five high-hand cards out of seven, as index lists into the seven (`LOW_HAND_PAIRS` order). */
export const FIVE_OF_SEVEN: readonly (readonly [number, number, number, number, number])[] = LOW_HAND_PAIRS.map(
  ([i, j]) => [0, 1, 2, 3, 4, 5, 6].filter((k) => k !== i && k !== j) as [number, number, number, number, number],
);

/** `SETTING_OF_PAIR[a * 8 + b]`: the setting whose low hand is at positions a, b (either order); -1 if a = b or either is 7. */
const SETTING_OF_PAIR = new Int32Array(64).fill(-1);
LOW_HAND_PAIRS.forEach(([i, j], k) => (SETTING_OF_PAIR[i * 8 + j] = SETTING_OF_PAIR[j * 8 + i] = k));

/**
 * The index (0‥20, `LOW_HAND_PAIRS` / `FIVE_OF_SEVEN` / `settings(hand)` order) of the setting whose low hand is
 * at positions `a` and `b` of the seven cards (either order), or -1 when they are equal or one is 7.
 * @param a a position 0‥7 (a three-bit field of a house way's code)
 * @param b likewise
 */
export function settingIndexOfPair(a: number, b: number): number {
  return SETTING_OF_PAIR[a * 8 + b];
}

/**
 * The best five-card high hand contained in seven cards (rules.md §2.1–§2.2).
 * @param cards a hand (seven distinct cards, checked by `toHand` or `parseHand`)
 * @param ranking the hand ranking (default: the standard one, rules.md §2.1; ranking.ts)
 * @returns its value and five cards that make it
 */
export function bestHighHand(cards: Hand, ranking: HandRanking = STANDARD_RANKING): { value: HandValue; cards: Card[] } {
  const evaluate5 = highHandEvaluator(ranking);
  let best = -1;
  let bestIndex = 0;
  for (let k = 0; k < FIVE_OF_SEVEN.length; k++) {
    const [a, b, c, d, e] = FIVE_OF_SEVEN[k];
    const v = evaluate5(cards[a], cards[b], cards[c], cards[d], cards[e]);
    if (v > best) {
      best = v;
      bestIndex = k;
    }
  }
  return { value: best, cards: FIVE_OF_SEVEN[bestIndex].map((i) => cards[i]) };
}

/**
 * The automaton and flush table behind the sweep; built on first use (a few tens of ms).
 * Exported (through `sevenTables`) for other exhaustive sweeps, e.g. the Fortune analysis.
 * State 0 is the empty multiset; `next` is -1 where a step is impossible (a fifth card of a rank,
 * a second joker, an eighth card).
 */
export interface SevenTables {
  /** `NEXT[state * 14 + type]`: the state after adding one card of a rank type (13 = joker). */
  readonly next: Int32Array;
  /** Best non-flush value of each seven-card state (other states hold -1). */
  readonly rankValue: Int32Array;
  /** Best flush, straight flush or royal among the suited ranks of a 14-bit mask (bit 13: the joker); 0 below five cards. */
  readonly flushValue: Int32Array;
}

let tables: SevenTables | undefined;

function buildSevenTables(): SevenTables {
  // A state's id is its size's offset plus its index among the multisets of that size (`rankMultiset`).
  const offset = [0];
  for (let size = 0; size <= 7; size++) offset.push(offset[size] + multisetCount(size));
  const stateCount = offset[8];
  const next = new Int32Array(stateCount * 14).fill(-1);
  const rankValue = new Int32Array(stateCount).fill(-1);
  for (let size = 0; size <= 7; size++) {
    forEachRankMultiset(size, (multiset) => {
      const counts = multiset as number[];
      const id = offset[size] + rankMultiset(counts, size);
      if (size < 7) {
        for (let t = 0; t < 14; t++) {
          if (counts[t] === (t === JOKER_TYPE ? 1 : 4)) continue;
          counts[t]++;
          next[id * 14 + t] = offset[size + 1] + rankMultiset(counts, size + 1);
          counts[t]--;
        }
        return;
      }
      // Best of the five-card sub-multisets: drop two cards, look the rest up by key sum.
      let sum = 0;
      for (let t = 0; t < 14; t++) sum += counts[t] * RANK_KEYS[t];
      let best = -1;
      for (let i = 0; i < 14; i++) {
        if (!counts[i]) continue;
        counts[i]--;
        for (let j = i; j < 14; j++) {
          if (!counts[j]) continue;
          const v = nonFlushValueOfKeySum(sum - RANK_KEYS[i] - RANK_KEYS[j]);
          if (v > best) best = v;
        }
        counts[i]++;
      }
      rankValue[id] = best;
    });
  }
  const flushValue = new Int32Array(1 << 14);
  for (let mask = 0; mask < 1 << 14; mask++) {
    const bits: number[] = [];
    for (let t = 0; t < 14; t++) if (mask & (1 << t)) bits.push(t);
    if (bits.length < 5 || bits.length > 7) continue;
    // A card per bit, all hearts (the joker as itself): every 5-subset is a flush candidate.
    const suited = bits.map((t) => (t === JOKER_TYPE ? JOKER : t * 4 + 1));
    let best = 0;
    forEachSubset(suited.length, 5, (idx) => {
      best = Math.max(best, evaluateHighHand5(suited[idx[0]], suited[idx[1]], suited[idx[2]], suited[idx[3]], suited[idx[4]]));
    });
    flushValue[mask] = best;
  }
  return { next, rankValue, flushValue };
}

function forEachSubset(n: number, k: number, visit: (idx: readonly number[]) => void): void {
  const idx: number[] = [];
  const walk = (start: number): void => {
    if (idx.length === k) {
      visit(idx);
      return;
    }
    for (let i = start; i < n; i++) {
      idx.push(i);
      walk(i + 1);
      idx.pop();
    }
  };
  walk(0);
}

/** The sweep's shared tables (see `SevenTables`), built once on first use. Callers must not modify them. */
export function sevenTables(): SevenTables {
  tables ??= buildSevenTables();
  return tables;
}

/**
 * Walks every increasing six-card prefix of the exhaustive seven-card sweeps: six natural cards in
 * increasing order that leave room for a seventh (a higher natural card, or the joker, which is card 52
 * and so can only come seventh). Keeps `masks` (the rank bits per suit) and `suitCounts` up to date and
 * calls `visit(state, from)` with the prefix's automaton state and the first card the seventh may be.
 * Callers loop over the seventh card themselves: that inner loop is where the sweeps spend their time.
 */
export function forEachSixCardPrefix(masks: Int32Array, suitCounts: Int32Array, visit: (state: number, from: number) => void): void {
  const { next } = sevenTables();
  const walk = (depth: number, from: number, state: number): void => {
    for (let c = from; c < 52 - (5 - depth); c++) {
      const r = c >> 2;
      const s = c & 3;
      masks[s] |= 1 << r;
      suitCounts[s]++;
      const nextState = next[state * 14 + r];
      if (depth === 5) visit(nextState, c + 1);
      else walk(depth + 1, c + 1, nextState);
      masks[s] &= ~(1 << r);
      suitCounts[s]--;
    }
  };
  walk(0, 0, 0);
}

/**
 * Counts, over all 154,143,080 seven-card hands of the 53-card deck, the category of the best
 * five-card hand each contains (rules.md §2.1; the reference is `seven-card.json`).
 * @returns the count per category key
 */
export function countBestHandCategories(): Record<Category, number> {
  const { next, rankValue, flushValue } = sevenTables();
  const counts = new Float64Array(CATEGORIES.length);
  const masks = new Int32Array(4);
  const suitCounts = new Int32Array(4);
  forEachSixCardPrefix(masks, suitCounts, (state, from) => {
    let flush6 = 0;
    for (let s = 0; s < 4; s++) if (suitCounts[s] >= 5) flush6 = flushValue[masks[s]];
    const row = state * 14;
    for (let c = from; c < 52; c++) {
      const r = c >> 2;
      const s = c & 3;
      let v = rankValue[next[row + r]];
      const fv = suitCounts[s] >= 4 ? flushValue[masks[s] | (1 << r)] : flush6;
      if (fv > v) v = fv;
      counts[v >>> 20]++;
    }
    // The joker as the seventh card.
    let v = rankValue[next[row + JOKER_TYPE]];
    for (let s = 0; s < 4; s++) {
      if (suitCounts[s] >= 4) {
        const fv = flushValue[masks[s] | (1 << JOKER_TYPE)];
        if (fv > v) v = fv;
      }
    }
    counts[v >>> 20]++;
  });
  return Object.fromEntries(CATEGORIES.map((key, i) => [key, counts[i]])) as Record<Category, number>;
}

/**
 * The value of the best five-card hand of seven cards, read through the sweep's tables.
 * Agrees with `bestHighHand(cards).value`; lets the tests check the sweep's tables hand by hand.
 */
export function bestHighValueBySweepTables(cards: readonly Card[]): HandValue {
  const { next, rankValue, flushValue } = sevenTables();
  let state = 0;
  const masks = [0, 0, 0, 0];
  let joker = false;
  for (const c of cards) {
    if (c === JOKER) {
      joker = true;
      state = next[state * 14 + JOKER_TYPE];
    } else {
      state = next[state * 14 + (c >> 2)];
      masks[c & 3] |= 1 << (c >> 2);
    }
  }
  let v = rankValue[state];
  for (const m of masks) v = Math.max(v, flushValue[m | (joker ? 1 << JOKER_TYPE : 0)]);
  return v;
}
