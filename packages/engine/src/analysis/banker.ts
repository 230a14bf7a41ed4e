/**
 * The banker's house-way outcome of a hand as a pair of value classes, fast, for any house way (`HouseWay`
 * plug-in; tables are built and memoized per house way, the seeds' by default).
 *
 * When no suit can make a flush (no suit holds five cards counting the joker), every card's suit is
 * irrelevant to the house way: it decides on ranks, and straights depend on ranks only. The values of
 * its setting are then a function of the rank multiset, looked up per state of the seven-card automaton
 * (`sevenTables().next`). The other hands (about one in twenty) depend on the rank multiset and on the
 * ranks of the one suit that can flush (with the joker): `flushOutcome` sets them with `houseWayCode` and
 * remembers the answer per (state, suited ranks) in an open-addressing table.
 * `analysis.test.ts` checks both paths against `houseWay` on random hands.
 */

import { JOKER, type Card } from '../cards/index.js';
import { evaluateHighHand5 } from '../evaluate/high-hand.js';
import { evaluateLowHand2 } from '../evaluate/low-hand.js';
import { JOKER_TYPE, forEachRankMultiset } from '../evaluate/multiset.js';
import { FIVE_OF_SEVEN, sevenTables, settingIndexOfPair } from '../evaluate/seven.js';
import { seedsHouseWay } from '../house-way/seeds.js';
import type { HouseWay } from '../house-way/types.js';
import { valueClasses } from './classes.js';

/** Number of low-hand classes; outcomes are packed as `highClass * LOW_CLASSES + lowClass`. */
export const LOW_CLASSES = 91;


/**
 * Outcomes also have dense ids, handed out in order of first sight: the histogram loop counts by dense
 * id, so the counters it touches sit together in memory (about 156,000 outcomes occur, out of 679,133
 * packed values). `packedOfDense` converts back.
 */
let denseOfPacked: Int32Array | undefined;
let packedOfDense = new Int32Array(0);
let denseCount = 0;

/** The dense id of a packed outcome (assigning the next id the first time). */
function denseId(packed: number): number {
  if (!denseOfPacked) {
    const { highClass } = valueClasses();
    denseOfPacked = new Int32Array(highClass.size * LOW_CLASSES).fill(-1);
  }
  let id = denseOfPacked[packed];
  if (id < 0) {
    if (denseCount === packedOfDense.length) {
      const grown = new Int32Array(Math.max(1024, denseCount * 2));
      grown.set(packedOfDense);
      packedOfDense = grown;
    }
    id = denseCount++;
    denseOfPacked[packed] = id;
    packedOfDense[id] = packed;
  }
  return id;
}

/** The packed outcome (`highClass * LOW_CLASSES + lowClass`) of a dense id. */
export function packedOutcome(dense: number): number {
  return packedOfDense[dense];
}

/** How many dense ids have been handed out so far (every dense id is below it). */
export function denseOutcomeCount(): number {
  return denseCount;
}

/** Tables for `bankerOutcome` of one house way, built on its first use (~50 ms) by `bankerTables(way)`. */
export interface BankerTables {
  /** The house way whose outcomes these are. */
  readonly way: HouseWay;
  readonly next: Int32Array;
  /** Dense outcome id of the house way for each seven-card automaton state, when no flush is possible. */
  readonly outcomeByState: Int32Array;
  /**
   * `outcomeAfter[state * 14 + type]` = `outcomeByState[next[state * 14 + type]]` for six-card states: the
   * seventh card's outcome in one read from the six-card state's row (which the sweep keeps hot).
   */
  readonly outcomeAfter: Int32Array;
  readonly highClass: ReadonlyMap<number, number>;
  readonly lowClass: ReadonlyMap<number, number>;
  /**
   * Memo of flush-possible outcomes (dense ids): key `state * 2^14 + suited mask` (< 2^31), open addressing,
   * linear probing. About 225,000 keys occur over all hands.
   */
  readonly memoKeys: Int32Array;
  readonly memoValues: Int32Array;
  memoCount: number;
}

/** Built tables per house way (each plug-in object, variants included, has its own). */
const tablesByWay = new Map<HouseWay, BankerTables>();

/** The packed outcome (`highClass * LOW_CLASSES + lowClass`) of the house way on seven cards, the slow way. */
function houseWayOutcome(hand: ArrayLike<Card>, highClass: ReadonlyMap<number, number>, lowClass: ReadonlyMap<number, number>, way: HouseWay): number {
  const code = way.code(hand);
  const a = code & 7;
  const b = (code >> 3) & 7;
  const f = FIVE_OF_SEVEN[settingIndexOfPair(a, b)];
  const high = evaluateHighHand5(hand[f[0]], hand[f[1]], hand[f[2]], hand[f[3]], hand[f[4]]);
  const low = evaluateLowHand2(hand[a], hand[b]);
  return (highClass.get(high) as number) * LOW_CLASSES + (lowClass.get(low) as number);
}

/**
 * The tables behind the fast banker outcome of a house way (built once per house way, then memoized).
 * @param way the banker's house way (default: the seeds', house-way.md)
 */
export function bankerTables(way: HouseWay = seedsHouseWay): BankerTables {
  const built = tablesByWay.get(way);
  if (built) return built;
  const { next } = sevenTables();
  const { highClass, lowClass } = valueClasses();
  if (lowClass.size !== LOW_CLASSES) throw new Error(`expected ${LOW_CLASSES} low classes, got ${lowClass.size}`);
  const outcomeByState = new Int32Array(next.length / 14).fill(-1);
  const hand = new Int32Array(7);
  forEachRankMultiset(7, (counts) => {
    // A representative hand: suits dealt in rotation, so no suit holds more than two cards.
    let state = 0;
    let n = 0;
    for (let t = 0; t < 14; t++) {
      for (let k = 0; k < counts[t]; k++) {
        state = next[state * 14 + t];
        hand[n] = t === JOKER_TYPE ? JOKER : t * 4 + (n % 4);
        n++;
      }
    }
    outcomeByState[state] = denseId(houseWayOutcome(hand, highClass, lowClass, way));
  });
  const outcomeAfter = new Int32Array(next.length).fill(-1);
  for (let k = 0; k < next.length; k++) if (next[k] >= 0 && outcomeByState[next[k]] >= 0) outcomeAfter[k] = outcomeByState[next[k]];
  const tables: BankerTables = {
    way,
    next,
    outcomeByState,
    outcomeAfter,
    highClass,
    lowClass,
    memoKeys: new Int32Array(MEMO_SIZE).fill(-1),
    memoValues: new Int32Array(MEMO_SIZE),
    memoCount: 0,
  };
  tablesByWay.set(way, tables);
  return tables;
}

const MEMO_SIZE = 1 << 19;
const MEMO_LIMIT = (MEMO_SIZE * 3) >> 2;

/**
 * The dense outcome id of a hand in which one suit can flush: `state` is the hand's seven-card automaton
 * state, `suitedMask` the 13-bit rank mask of that suit's natural cards with bit 13 set when the hand holds
 * the joker, `hand` the seven cards (used only the first time a key is seen), and `t` the banker's tables
 * (`bankerTables(way)`).
 */
export function flushOutcome(state: number, suitedMask: number, hand: ArrayLike<Card>, t: BankerTables): number {
  const { memoKeys, memoValues } = t;
  const key = state * 16384 + suitedMask;
  let slot = Math.imul(key, 0x9e3779b1) >>> 13;
  for (;;) {
    const k = memoKeys[slot];
    if (k === key) return memoValues[slot];
    if (k === -1) break;
    slot = (slot + 1) & (MEMO_SIZE - 1);
  }
  const outcome = denseId(houseWayOutcome(hand, t.highClass, t.lowClass, t.way));
  if (t.memoCount < MEMO_LIMIT) {
    memoKeys[slot] = key;
    memoValues[slot] = outcome;
    t.memoCount++;
  }
  return outcome;
}

const suitCount = new Int32Array(4);
const suitMask = new Int32Array(4);

/**
 * The packed house-way outcome of seven cards (see `LOW_CLASSES`), through the rank table when no flush
 * is possible. Cards are trusted (seven distinct valid cards).
 * @param t the banker's tables (`bankerTables(way)`; default: the seeds' house way)
 */
export function bankerOutcome(hand: ArrayLike<Card>, t: BankerTables = bankerTables()): number {
  let state = 0;
  let joker = 0;
  suitCount.fill(0);
  suitMask.fill(0);
  for (let i = 0; i < 7; i++) {
    const c = hand[i];
    if (c === JOKER) {
      joker = 1;
      state = t.next[state * 14 + JOKER_TYPE];
    } else {
      state = t.next[state * 14 + (c >> 2)];
      suitCount[c & 3]++;
      suitMask[c & 3] |= 1 << (c >> 2);
    }
  }
  for (let s = 0; s < 4; s++) {
    if (suitCount[s] + joker >= 5) {
      // The id first: `flushOutcome` may grow (replace) `packedOfDense`.
      const id = flushOutcome(state, suitMask[s] | (joker << JOKER_TYPE), hand, t);
      return packedOfDense[id];
    }
  }
  return packedOfDense[t.outcomeByState[state]];
}
