/**
 * The walk over every seven-card hand from a set of live cards that the exact analysis (`bankerHistogram`)
 * and the house-way lab (`sweepHouseWayDiff`) share: the live cards in deck order with their rank runs, and
 * the loop over the first five cards, which hands each five-card prefix to the caller's inner loop over the
 * sixth and seventh cards (most of the work, inline there).
 */

import { DECK_SIZE, type Card } from '../cards/index.js';

/** The cards a hand can hold, sorted (the joker, card 52, last), with their ranks and rank runs. */
export interface LiveCards {
  readonly live: Int32Array;
  /** `liveRank[i]` = rank of `live[i]` (13 for the joker). */
  readonly liveRank: Int32Array;
  /** Index after the last live card of the rank of `live[i]` (each rank's live cards are consecutive; the joker ends its own run). */
  readonly rankRunEnd: Int32Array;
}

/** The live cards: the deck without `dead` (e.g. the player's seven cards; `[]` for the whole deck). */
export function liveCards(dead: readonly Card[]): LiveCards {
  const live = Int32Array.from(Array.from({ length: DECK_SIZE }, (_, c) => c).filter((c) => !dead.includes(c)));
  const liveRank = live.map((c) => c >> 2);
  const rankRunEnd = new Int32Array(live.length);
  for (let i = live.length - 1; i >= 0; i--) {
    rankRunEnd[i] = i + 1 < live.length && liveRank[i + 1] === liveRank[i] ? rankRunEnd[i + 1] : i + 1;
  }
  return { live, liveRank, rankRunEnd };
}

/** Scratch state of the hand being walked: its cards so far and, per suit, how many and which ranks (bit set). */
export interface WalkState {
  readonly hand: Int32Array;
  readonly suits: Int32Array;
  readonly masks: Int32Array;
}

/**
 * Walks the increasing five-card prefixes of the seven-card hands from `live` (cards 1‥5 into `state.hand`,
 * `state.suits` and `state.masks`), in shares that interleave on the second card: only the prefixes whose
 * second card's turn ≡ `part` (mod `parts`) are walked.
 * @param next the rank automaton (`sevenTables().next`: `next[state * 14 + rank]`), state 0 for no card
 * @param lastTwo called per five-card prefix with its automaton state and the index in `live` of the next card
 * @param afterSecondCard called after each second card of this share is walked (for progress reports)
 */
export function walkFiveCardPrefixes(
  live: Int32Array,
  next: Int32Array,
  state: WalkState,
  part: number,
  parts: number,
  lastTwo: (state5: number, from: number) => void,
  afterSecondCard?: () => void,
): void {
  const { hand, suits, masks } = state;
  const n = live.length;
  let share = 0;
  const walk = (depth: number, from: number, automaton: number): void => {
    for (let i = from; i <= n - 7 + depth; i++) {
      if (depth === 1 && share++ % parts !== part) continue;
      const c = live[i];
      hand[depth] = c;
      suits[c & 3]++;
      masks[c & 3] |= 1 << (c >> 2);
      const nextState = next[automaton * 14 + (c >> 2)];
      if (depth === 4) lastTwo(nextState, i + 1);
      else walk(depth + 1, i + 1, nextState);
      suits[c & 3]--;
      masks[c & 3] &= ~(1 << (c >> 2));
      if (depth === 1) afterSecondCard?.();
    }
  };
  walk(0, 0, 0);
}
