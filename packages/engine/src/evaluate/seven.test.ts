/**
 * Seven cards (seven.ts): `bestHighHand` against the 21 five-card subsets, and the full sweep's
 * tables against `bestHighHand` hand by hand. The 154,143,080-hand sweep itself is checked against
 * `reference/seven-card.json` by `.ci/run` through `paigow enumerate seven`.
 */

import { describe, expect, it } from 'vitest';
import { JOKER, type Card } from '../cards/index.js';
import { unwrap } from '../errors/index.js';
import { handOf, toHand } from '../notation/index.js';
import { createSeededRng, shuffledDeck } from '../rng/index.js';
import { evaluateHighHand } from './high-hand.js';
import { FIVE_OF_SEVEN, bestHighHand, bestHighValueBySweepTables } from './seven.js';
import { categoryOf } from './value.js';

describe('bestHighHand (rules.md §2.1–§2.2 on seven cards)', () => {
  it('lists the 21 ways to choose five of seven, each once', () => {
    expect(FIVE_OF_SEVEN).toHaveLength(21);
    expect(new Set(FIVE_OF_SEVEN.map((s) => s.join(''))).size).toBe(21);
    for (const s of FIVE_OF_SEVEN) expect(new Set(s).size).toBe(5);
  });

  it('finds the best five cards and returns five of the seven that make it', () => {
    const hand = handOf('Jk Kh 9h 6h 3h 3s 3d');
    const best = bestHighHand(hand);
    expect(categoryOf(best.value)).toBe('flush');
    expect(evaluateHighHand(best.cards)).toBe(best.value);
    expect(best.cards.every((c) => hand.includes(c))).toBe(true);
    expect(categoryOf(bestHighHand(handOf('Jk As Ah Ad Ac 2s 3s')).value)).toBe('five_aces');
    expect(categoryOf(bestHighHand(handOf('2s 3h 4d 5c 9s 9h 9d')).value)).toBe('three_of_a_kind');
    expect(categoryOf(bestHighHand(handOf('Jk 2s 3h 4d 9s 9h 9d')).value)).toBe('three_of_a_kind');
    expect(categoryOf(bestHighHand(handOf('Jk 2s 3h 4d 5c 9h 9d')).value)).toBe('straight');
  });

  it('is the maximum over the 21 five-card hands, on 20,000 random hands', () => {
    const rng = createSeededRng(7);
    for (let n = 0; n < 20_000; n++) {
      const hand = unwrap(toHand(shuffledDeck(rng).slice(0, 7)));
      const max = Math.max(...FIVE_OF_SEVEN.map((idx) => evaluateHighHand(idx.map((i) => hand[i]))));
      expect(bestHighHand(hand).value).toBe(max);
    }
  });
});

describe("the seven-card sweep's tables", () => {
  it('agree with bestHighHand on 250,000 random hands, the joker in about half of them', () => {
    const rng = createSeededRng(154_143_080);
    let withJoker = 0;
    for (let n = 0; n < 250_000; n++) {
      const deck = shuffledDeck(rng);
      const hand: Card[] = deck.slice(0, 7);
      // Every other hand is forced to hold the joker (a random one of its seven cards becomes it).
      if (n % 2 === 0 && !hand.includes(JOKER)) hand[rng.nextInt(7)] = JOKER;
      if (hand.includes(JOKER)) withJoker++;
      const expected = bestHighHand(unwrap(toHand(hand))).value;
      const actual = bestHighValueBySweepTables(hand);
      if (actual !== expected) expect.fail(`hand ${hand.join(',')}: sweep tables ${actual}, bestHighHand ${expected}`);
    }
    expect(withJoker).toBeGreaterThan(125_000);
  });

  it('agree on hands chosen to stress flushes and straights with the joker', () => {
    for (const text of [
      'Jk Kh Qh Jh Th 9h 8h',
      'Jk 2h 3h 4h 5h 6h 7h',
      'Jk As Ah Ad Ac Ks Kh',
      'Jk 2s 3s 4s 5s 9d 9c',
      'Jk Ah Kh 9h 6h 3s 3d',
      'As 2s 3s 4s 5s Ks Qs',
      'Jk Ts Js Qs Ks 2d 2c',
    ]) {
      const hand = handOf(text);
      expect(bestHighValueBySweepTables(hand)).toBe(bestHighHand(hand).value);
    }
  });
});
