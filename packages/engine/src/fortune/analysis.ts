/**
 * Exact analysis of the Fortune bonus over all C(53,7) = 154,143,080 seven-card hands (rules.md §4;
 * the reference is reference/fortune.json).
 *
 * The sweep is table-independent: it counts the hands per *held mask* (the set of lines a hand holds,
 * at most 2^11 masks), reusing the seven-card sweep's rank-multiset automaton (`sevenTables().next`)
 * for the suit-free lines and per-suit rank masks for the suited ones, so the innermost loop costs a
 * few table reads; when no suit of the six-card prefix has four cards, the four cards of each rank
 * give the same lines and are counted at once. The royal match, the only line that needs two suits,
 * is checked only when a royal flush is held. Any pay table is then applied to the ≤ 2048 mask counts, so the 154 M-hand sweep
 * runs once per process (about a second) and every further table costs microseconds.
 */

import { JOKER, type Card } from '../cards/index.js';
import { forEachRankMultiset, JOKER_TYPE } from '../evaluate/multiset.js';
import { forEachSixCardPrefix, sevenTables } from '../evaluate/seven.js';
import {
  FORTUNE_LINES,
  ROYAL_BIT,
  ROYAL_MATCH_BIT,
  SUIT_JOKER_BIT,
  hasRoyalMatch,
  rankLinesOf,
  suitLinesOf,
  type FortuneLine,
} from './lines.js';
import { FORTUNE_PAY_TABLE, assertFortunePayTable, paidLineIndex, type FortunePayTable } from './pay-table.js';

/** The exact house edge: `numerator / denominator` of the stake (denominator = hands counted), and as a float. */
export interface FortuneHouseEdge {
  /** Stakes lost minus units won over all hands, in units of the stake (may be negative for a generous table). */
  readonly numerator: number;
  /** The number of hands, 154,143,080 (the fraction is not reduced, as in reference/fortune.json). */
  readonly denominator: number;
  /** `numerator / denominator`, e.g. 0.077656… for the seed's table (7.7656%). */
  readonly value: number;
}

/** The result of `analyzeFortune`. */
export interface FortuneAnalysis {
  /** Hands counted: C(53,7) = 154,143,080. */
  readonly total: number;
  /** Hands paid on each line (each hand once, on its highest-paying line). */
  readonly lines: Readonly<Record<FortuneLine, number>>;
  /** Hands holding no line: the bet loses. */
  readonly losing: number;
  readonly houseEdge: FortuneHouseEdge;
  /** The pay table analysed. */
  readonly payTable: FortunePayTable;
}

interface FortuneTables {
  readonly next: Int32Array;
  /** Held mask of the suit-free lines for each seven-card automaton state. */
  readonly rankLines: Int32Array;
  /** Held mask of the suited lines for each 14-bit suit mask (bit 13: the joker). */
  readonly suitLines: Int32Array;
}

let fortuneTables: FortuneTables | undefined;

function tables(): FortuneTables {
  if (fortuneTables) return fortuneTables;
  const { next } = sevenTables();
  const rankLines = new Int32Array(next.length / 14);
  forEachRankMultiset(7, (counts) => {
    let state = 0;
    for (let t = 0; t < 14; t++) for (let n = 0; n < counts[t]; n++) state = next[state * 14 + t];
    rankLines[state] = rankLinesOf(counts, counts[JOKER_TYPE]);
  });
  const suitLines = new Int32Array(1 << 14);
  for (let mask = 0; mask < 1 << 14; mask++) suitLines[mask] = suitLinesOf(mask);
  fortuneTables = { next, rankLines, suitLines };
  return fortuneTables;
}

let holdings: Float64Array | undefined;

/** Hands per held mask over all 154,143,080 hands; swept once, then memoized. */
function countHoldings(): Float64Array {
  if (holdings) return holdings;
  const { next, rankLines, suitLines } = tables();
  const counts = new Float64Array(1 << FORTUNE_LINES.length);
  const masks = new Int32Array(4);
  const suitCounts = new Int32Array(4);
  // Cards in increasing order; the joker (52) can only be the seventh card.
  const royalBit = ROYAL_BIT;
  const matchBit = ROYAL_MATCH_BIT;
  const jokerBit = SUIT_JOKER_BIT;
  forEachSixCardPrefix(masks, suitCounts, (state, from) => {
    const suited6 = suitLines[masks[0]] | suitLines[masks[1]] | suitLines[masks[2]] | suitLines[masks[3]];
    const row = state * 14;
    if (suitCounts[0] < 4 && suitCounts[1] < 4 && suitCounts[2] < 4 && suitCounts[3] < 4) {
      // No suit can reach five with a natural seventh card: every card of a rank gives the same
      // lines (suited6 is 0 too), so count each rank's remaining cards at once.
      const first = from >> 2;
      if (from < 52) counts[rankLines[next[row + first]]] += 4 - (from & 3);
      for (let r = first + 1; r < 13; r++) counts[rankLines[next[row + r]]] += 4;
    } else {
      for (let c = from; c < 52; ) {
        // The seventh card, natural: the rank lines are shared by the four suits of a rank.
        const r = c >> 2;
        const bit = 1 << r;
        const base = rankLines[next[row + r]] | suited6;
        for (const end = (r + 1) << 2; c < end; c++) {
          const s = c & 3;
          let held = base;
          if (suitCounts[s] >= 4) held |= suitLines[masks[s] | bit];
          if (held & royalBit) {
            masks[s] |= bit;
            if (hasRoyalMatch(masks, 0)) held |= matchBit;
            masks[s] &= ~bit;
          }
          counts[held]++;
        }
      }
    }
    // The seventh card is the joker: it is available to every suit.
    let held = rankLines[next[row + JOKER_TYPE]] | suited6;
    for (let s = 0; s < 4; s++) if (suitCounts[s] >= 4) held |= suitLines[masks[s] | jokerBit];
    if (held & royalBit && hasRoyalMatch(masks, 1)) held |= matchBit;
    counts[held]++;
  });
  holdings = counts;
  return counts;
}

/**
 * The held mask of seven cards read through the sweep's tables (bit i = `FORTUNE_LINES[i]`).
 * Agrees with `fortuneLinesHeld`; lets the tests check the sweep's tables hand by hand.
 * @internal
 */
export function heldMaskBySweepTables(cards: readonly Card[]): number {
  const { next, rankLines, suitLines } = tables();
  let state = 0;
  const masks = [0, 0, 0, 0];
  let joker = 0;
  for (const c of cards) {
    if (c === JOKER) {
      joker = 1;
      state = next[state * 14 + JOKER_TYPE];
    } else {
      state = next[state * 14 + (c >> 2)];
      masks[c & 3] |= 1 << (c >> 2);
    }
  }
  let held = rankLines[state];
  for (const m of masks) held |= suitLines[m | (joker ? SUIT_JOKER_BIT : 0)];
  if (held & ROYAL_BIT && hasRoyalMatch(masks, joker)) held |= ROYAL_MATCH_BIT;
  return held;
}

/**
 * Exact analysis of the Fortune bet under a pay table (rules.md §4): enumerates all 154,143,080
 * seven-card hands, pays each on its highest-paying line under `payTable`, and returns the counts and
 * the exact house edge. With the seed's table it reproduces reference/fortune.json (losing
 * 124,556,196; house edge 11,970,096 / 154,143,080 = 7.7656%). The first call sweeps (about a
 * second on one thread); later calls reuse the memoized counts per held mask.
 * @param payTable what each line pays "to 1" (default: seed 003's `FORTUNE_PAY_TABLE`)
 * @returns `{ total, lines, losing, houseEdge: { numerator, denominator, value }, payTable }`; a line
 *   paying 0 counts in `lines` and neither wins nor loses
 * @throws PaiGowError `config/invalid` for a malformed pay table
 */
export function analyzeFortune(payTable: FortunePayTable = FORTUNE_PAY_TABLE): FortuneAnalysis {
  assertFortunePayTable(payTable);
  const counts = countHoldings();
  const lineCounts = new Array<number>(FORTUNE_LINES.length).fill(0);
  let total = 0;
  let losing = 0;
  for (let held = 0; held < counts.length; held++) {
    const n = counts[held];
    if (n === 0) continue;
    total += n;
    const index = paidLineIndex(held, payTable);
    if (index < 0) losing += n;
    else lineCounts[index] += n;
  }
  // Pays ≤ MAX_FORTUNE_PAYS keeps every product below 2^53: the sum is exact.
  let won = 0;
  FORTUNE_LINES.forEach((line, i) => {
    won += lineCounts[i] * payTable[line];
  });
  const numerator = losing - won;
  return {
    total,
    lines: Object.fromEntries(FORTUNE_LINES.map((line, i) => [line, lineCounts[i]])) as Record<FortuneLine, number>,
    losing,
    houseEdge: { numerator, denominator: total, value: numerator / total },
    payTable,
  };
}
