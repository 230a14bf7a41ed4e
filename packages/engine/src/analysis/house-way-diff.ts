/**
 * The house-way lab (issue 16 point 4): where two house ways set the same seven cards differently.
 *
 * `sweepHouseWayDiff` sets every seven-card hand of the deck by both house ways through their banker tables
 * (`banker.ts`: the rank automaton when no flush is possible, the memoized flush path otherwise) and counts
 * the hands whose two settings differ in value (a different high hand or low hand value; swapping cards of
 * equal rank is no difference). The differing hands are grouped by the pair of outcomes (A's setting's
 * high and low value classes, B's): every hand of a group scores the same against the banker's outcomes
 * over all hands, which ranks the groups cheaply (`approximateCost`) before the costliest are analysed
 * exactly, per hand, with card removal (`analyzeHand` / `bankerHistogram`).
 */

import { JOKER } from '../cards/index.js';
import { JOKER_TYPE } from '../evaluate/multiset.js';
import type { HouseWay } from '../house-way/types.js';
import { bankerTables, flushOutcome, LOW_CLASSES, packedOutcome } from './banker.js';
import { lossesOf, winsOf, type Dominance } from './dominance.js';
import { liveCards, walkFiveCardPrefixes } from './hand-walk.js';

/**
 * Groups of differing hands: parallel arrays, one entry per pair of outcomes (A's, B's packed outcome
 * `highClass * 91 + lowClass`), with the number of hands and one representative hand (the first met).
 */
export interface HouseWayDiffShare {
  /** Hands set in this share. */
  total: number;
  /** Hands whose two settings differ in value. */
  differ: number;
  /** A's packed outcome per group. */
  readonly outcomeA: number[];
  /** B's packed outcome per group. */
  readonly outcomeB: number[];
  /** Hands per group. */
  readonly hands: number[];
  /** Representative hands, seven cards per group, flattened. */
  readonly cards: number[];
}

/**
 * Sets every seven-card hand whose second card's index is ≡ `part` (mod `parts`) — the shares of
 * `bankerHistogram` — by house ways `a` and `b`, and groups the hands they set differently.
 * @param a the first house way; @param b the second
 * @param part this share (0 ≤ part < parts); @param parts how many shares the caller runs (1: every hand)
 * @param onProgress called now and then with the hands set so far in this share
 * @returns the share's counts and groups (add shares with `mergeHouseWayDiffs`)
 */
export function sweepHouseWayDiff(a: HouseWay, b: HouseWay, part = 0, parts = 1, onProgress?: (handsDone: number) => void): HouseWayDiffShare {
  const ta = bankerTables(a);
  const tb = bankerTables(b);
  const { next } = ta;
  const afterA = ta.outcomeAfter;
  const afterB = tb.outcomeAfter;
  const share: HouseWayDiffShare = { total: 0, differ: 0, outcomeA: [], outcomeB: [], hands: [], cards: [] };
  const groups = new Map<number, number>();
  const { live, liveRank, rankRunEnd } = liveCards([]);
  const n = live.length;
  const naturals = n - 1; // the joker, card 52, sorts last: only ever the seventh card
  const hand = new Int32Array(7);
  const suits = new Int32Array(4);
  const masks = new Int32Array(4);
  const record = (denseA: number, denseB: number, hands: number, seventh: number): void => {
    share.total += hands;
    if (denseA === denseB) return;
    const pa = packedOutcome(denseA);
    const pb = packedOutcome(denseB);
    share.differ += hands;
    const key = pa * 1_000_000 + pb;
    const g = groups.get(key);
    if (g !== undefined) {
      share.hands[g] += hands;
      return;
    }
    groups.set(key, share.hands.length);
    share.outcomeA.push(pa);
    share.outcomeB.push(pb);
    share.hands.push(hands);
    for (let k = 0; k < 6; k++) share.cards.push(hand[k]);
    share.cards.push(seventh);
  };
  const flushBoth = (state7: number, mask: number, seventh: number): void => {
    hand[6] = seventh;
    // Both ids first: `flushOutcome` may hand out new dense ids.
    const da = flushOutcome(state7, mask, hand, ta);
    const db = flushOutcome(state7, mask, hand, tb);
    record(da, db, 1, seventh);
  };
  const lastTwo = (state5: number, from: number): void => {
    for (let i6 = from; i6 < n - 1; i6++) {
      const c6 = live[i6];
      const s6 = c6 & 3;
      const row = next[state5 * 14 + liveRank[i6]] * 14;
      suits[s6]++;
      masks[s6] |= 1 << (c6 >> 2);
      hand[5] = c6;
      let flushSuit = -1;
      let fourSuit = -1;
      for (let s = 0; s < 4; s++) {
        if (suits[s] >= 5) flushSuit = s;
        if (suits[s] >= 4) fourSuit = s;
      }
      if (fourSuit < 0) {
        for (let i = i6 + 1; i < naturals; i = rankRunEnd[i]) record(afterA[row + liveRank[i]], afterB[row + liveRank[i]], rankRunEnd[i] - i, live[i]);
        record(afterA[row + JOKER_TYPE], afterB[row + JOKER_TYPE], 1, JOKER);
      } else {
        for (let i = i6 + 1; i < naturals; i++) {
          const c = live[i];
          const s = c & 3;
          const r = c >> 2;
          const state7 = next[row + r];
          if (s === fourSuit) flushBoth(state7, masks[s] | (1 << r), c);
          else if (flushSuit >= 0) flushBoth(state7, masks[flushSuit], c);
          else record(ta.outcomeByState[state7], tb.outcomeByState[state7], 1, c);
        }
        flushBoth(next[row + JOKER_TYPE], masks[fourSuit] | (1 << JOKER_TYPE), JOKER);
      }
      suits[s6]--;
      masks[s6] &= ~(1 << (c6 >> 2));
    }
  };
  walkFiveCardPrefixes(live, next, { hand, suits, masks }, part, parts, lastTwo, onProgress && (() => onProgress(share.total)));
  return share;
}

/** Adds shares of `sweepHouseWayDiff` (the first representative of a group wins, in share order). */
export function mergeHouseWayDiffs(shares: readonly HouseWayDiffShare[]): HouseWayDiffShare {
  const merged: HouseWayDiffShare = { total: 0, differ: 0, outcomeA: [], outcomeB: [], hands: [], cards: [] };
  const groups = new Map<number, number>();
  for (const s of shares) {
    merged.total += s.total;
    merged.differ += s.differ;
    for (let g = 0; g < s.hands.length; g++) {
      const key = s.outcomeA[g] * 1_000_000 + s.outcomeB[g];
      const at = groups.get(key);
      if (at !== undefined) {
        merged.hands[at] += s.hands[g];
        continue;
      }
      groups.set(key, merged.hands.length);
      merged.outcomeA.push(s.outcomeA[g]);
      merged.outcomeB.push(s.outcomeB[g]);
      merged.hands.push(s.hands[g]);
      for (let k = 0; k < 7; k++) merged.cards.push(s.cards[g * 7 + k]);
    }
  }
  return merged;
}

/**
 * The EV (per unit staked, a win paying `keep` = 1 − commission) of a setting with packed outcome `packed`
 * against the banker outcomes of `table` (usually the banker's house way over all hands: no card removal).
 */
export function outcomeEv(table: Dominance, packed: number, keep: number): number {
  const h = Math.floor(packed / LOW_CLASSES);
  const l = packed - h * LOW_CLASSES;
  return (winsOf(table, h, l) * keep - lossesOf(table, h, l)) / table.total;
}

/**
 * The approximate cost of setting a group's hands by one house way rather than the other: |EV(A) − EV(B)|
 * against the banker's outcomes over all hands, without removing the player's cards (the exact figure,
 * with card removal, comes from `analyzeHand` on the group's representative).
 */
export function approximateCost(table: Dominance, outcomeA: number, outcomeB: number, keep: number): number {
  return Math.abs(outcomeEv(table, outcomeA, keep) - outcomeEv(table, outcomeB, keep));
}
