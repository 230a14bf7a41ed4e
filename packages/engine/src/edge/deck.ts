/**
 * The deck the exact edge count runs over, and the colex numbering of its seven-card hands.
 *
 * The real deck is all 53 cards; the tests use decks reduced to a few ranks (all four suits of each, with
 * or without the joker), small enough for a brute force over every pair of hands. Cards are numbered by
 * their position in the deck (card ids in increasing order), and a hand of positions p1 < … < p7 has the
 * colex rank Σ C(p_i, i), which numbers the C(n, 7) hands 0 … C(n, 7) − 1 in order of their highest card.
 */

import { HAND_SIZE, JOKER, type Card } from '../cards/index.js';

/** A deck of whole ranks (four suits each), with or without the joker. */
export interface EdgeDeck {
  /** The rank indexes (0 = deuce … 12 = ace) it holds, increasing. */
  readonly ranks: readonly number[];
  readonly joker: boolean;
  /** Card ids in increasing order: `cards[position]`. */
  readonly cards: Int32Array;
  /** Position of each card id 0‥52 in `cards`, -1 when the deck lacks it. */
  readonly position: Int32Array;
  /** Seven-card hands: C(cards.length, 7). */
  readonly hands: number;
}

/** `BINOMIAL[n * 8 + k]` = C(n, k) for n ≤ 53, k ≤ 7 (exact: at most C(53, 7) = 154,143,080). */
const BINOMIAL = new Float64Array(54 * 8);
for (let n = 0; n <= 53; n++) {
  BINOMIAL[n * 8] = 1;
  for (let k = 1; k <= 7; k++) BINOMIAL[n * 8 + k] = n === 0 ? 0 : BINOMIAL[(n - 1) * 8 + k - 1] + BINOMIAL[(n - 1) * 8 + k];
}

/** C(n, k) for 0 ≤ n ≤ 53 and 0 ≤ k ≤ 7 (0 when k > n). */
export function binomial(n: number, k: number): number {
  return BINOMIAL[n * 8 + k];
}

/**
 * A deck of whole ranks.
 * @param ranks rank indexes 0‥12 (any order, no repeats)
 * @param joker whether the deck holds the joker
 * @throws RangeError for a bad rank, a repeated one, or fewer than 7 cards in all
 */
export function edgeDeck(ranks: readonly number[], joker: boolean): EdgeDeck {
  const sorted = [...ranks].sort((a, b) => a - b);
  sorted.forEach((r, i) => {
    if (!Number.isInteger(r) || r < 0 || r > 12 || (i > 0 && sorted[i - 1] === r)) throw new RangeError(`bad rank list ${ranks.join(',')}`);
  });
  const ids: Card[] = sorted.flatMap((r) => [r * 4, r * 4 + 1, r * 4 + 2, r * 4 + 3]);
  if (joker) ids.push(JOKER);
  if (ids.length < HAND_SIZE) throw new RangeError(`a deck of ${ids.length} cards holds no seven-card hand`);
  const position = new Int32Array(JOKER + 1).fill(-1);
  ids.forEach((c, p) => (position[c] = p));
  return { ranks: sorted, joker, cards: Int32Array.from(ids), position, hands: binomial(ids.length, HAND_SIZE) };
}

/** The full 53-card deck (rules.md §1). */
export const FULL_DECK: EdgeDeck = edgeDeck([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], true);

/**
 * The colex rank of a hand of deck positions.
 * @param positions seven distinct positions in increasing order
 */
export function colexRank(positions: ArrayLike<number>): number {
  let rank = 0;
  for (let i = 0; i < HAND_SIZE; i++) rank += BINOMIAL[positions[i] * 8 + i + 1];
  return rank;
}
