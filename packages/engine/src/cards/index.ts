/**
 * Cards and the 53-card deck (rules.md §1).
 *
 * A `Card` is a small integer so that evaluation can index lookup tables:
 * natural cards are `rank * 4 + suit` (0‥51), the joker is 52.
 * Ranks run 0‥12 for 2‥A; suits 0‥3 for s, h, d, c (the canonical text order).
 */

/** A card as an integer 0‥52 (52 is the joker). Build one with `parseCard` or `card`. */
export type Card = number;

/** The joker (rules.md §1: one joker in the deck). */
export const JOKER: Card = 52;

/** Number of cards in the deck: 52 standard cards and the joker (rules.md §1). */
export const DECK_SIZE = 53;

/** Rank characters, lowest first (rank index 0 = deuce, 12 = ace). */
export const RANK_CHARS = '23456789TJQKA';

/** Suit characters in canonical order (suit index 0‥3). */
export const SUIT_CHARS = 'shdc';

/** Rank index of the ace. The joker counts as an ace where it completes nothing (rules.md §2.2). */
export const ACE = 12;
/** Rank index of the king. */
export const KING = 11;
/** Rank index of the queen. */
export const QUEEN = 10;
/** Rank index of the jack. */
export const JACK = 9;
/** Rank index of the ten. */
export const TEN = 8;

/** Rank index 0‥12 of a natural card; the joker reports the ace (its default reading, rules.md §2.2). */
export function rankOf(card: Card): number {
  return card === JOKER ? ACE : card >> 2;
}

/** Suit index 0‥3 of a natural card; -1 for the joker. */
export function suitOf(card: Card): number {
  return card === JOKER ? -1 : card & 3;
}

/** True for the joker. */
export function isJoker(card: Card): boolean {
  return card === JOKER;
}

/** The natural card of rank index 0‥12 and suit index 0‥3. Throws on out-of-range input. */
export function card(rank: number, suit: number): Card {
  if (!Number.isInteger(rank) || rank < 0 || rank > 12 || !Number.isInteger(suit) || suit < 0 || suit > 3) {
    throw new RangeError(`no card with rank ${rank} and suit ${suit}`);
  }
  return rank * 4 + suit;
}

/** True when `value` is a valid card integer (0‥52). */
export function isCard(value: unknown): value is Card {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < DECK_SIZE;
}

/** Cards in a hand: each player and the banker are dealt seven (rules.md §2). */
export const HAND_SIZE = 7;

declare const HAND: unique symbol;

/**
 * Seven distinct valid cards: a player's or the banker's hand (rules.md §2), checked once where they
 * enter (`toHand`, `parseHand`, a deal) and trusted from then on. The functions that set, evaluate or
 * analyse seven cards take a `Hand`, so none of them counts or checks the cards again.
 */
export type Hand = readonly Card[] & { readonly [HAND]: true };

/** A fresh, ordered 53-card deck (rules.md §1): 2s 2h 2d 2c 3s … Ac, then the joker. */
export function newDeck(): Card[] {
  return Array.from({ length: DECK_SIZE }, (_, i) => i);
}

/**
 * Display order: the higher rank first (the joker above the aces), equal ranks in suit order s h d c.
 * A comparator for `Array.prototype.sort`.
 */
export function compareForDisplay(x: Card, y: Card): number {
  const key = (c: Card): number => (c === JOKER ? 13 * 4 : (c >> 2) * 4 + 3 - (c & 3));
  return key(y) - key(x);
}
