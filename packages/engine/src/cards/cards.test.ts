/** Cards and the 53-card deck (rules.md §1). */

import { describe, expect, it } from 'vitest';
import { ACE, DECK_SIZE, JOKER, KING, RANK_CHARS, SUIT_CHARS, TEN, card, isCard, isJoker, newDeck, rankOf, suitOf } from './index.js';

describe('cards', () => {
  it('a deck holds 52 standard cards and one joker, each once', () => {
    const deck = newDeck();
    expect(DECK_SIZE).toBe(53);
    expect(deck).toHaveLength(53);
    expect(new Set(deck).size).toBe(53);
    expect(deck.filter(isJoker)).toEqual([JOKER]);
    expect(deck.every(isCard)).toBe(true);
  });

  it('a natural card is rank * 4 + suit, ranks 2‥A and suits s h d c', () => {
    expect(RANK_CHARS).toBe('23456789TJQKA');
    expect(SUIT_CHARS).toBe('shdc');
    for (let rank = 0; rank < 13; rank++) {
      for (let suit = 0; suit < 4; suit++) {
        const c = card(rank, suit);
        expect(c).toBe(rank * 4 + suit);
        expect(rankOf(c)).toBe(rank);
        expect(suitOf(c)).toBe(suit);
        expect(isJoker(c)).toBe(false);
      }
    }
    expect(card(ACE, 0)).toBe(48);
    expect(rankOf(card(KING, 3))).toBe(KING);
    expect(rankOf(card(TEN, 2))).toBe(8);
  });

  it('the joker reads as an ace and has no suit', () => {
    expect(rankOf(JOKER)).toBe(ACE);
    expect(suitOf(JOKER)).toBe(-1);
    expect(isJoker(JOKER)).toBe(true);
  });

  it('card() refuses ranks and suits out of range; isCard() refuses non-cards', () => {
    expect(() => card(13, 0)).toThrow(RangeError);
    expect(() => card(0, 4)).toThrow(RangeError);
    expect(() => card(-1, 0)).toThrow(RangeError);
    expect(() => card(1.5, 0)).toThrow(RangeError);
    for (const v of [-1, 53, 1.5, '1', null, undefined, Number.NaN]) expect(isCard(v)).toBe(false);
  });
});
