/**
 * Named cases of the high-hand ranking and the joker (rules.md §2.1–§2.2), one rule per test.
 */

import { describe, expect, it } from 'vitest';
import { cards } from '../notation/index.js';
import { allHighValues, evaluateHighHand, evaluateHighHand5, highHandEvaluator } from './high-hand.js';
import { STANDARD_RANKING, WHEEL_LOW_RANKING } from './ranking.js';
import { evaluateLowHand } from './low-hand.js';
import { jokerFlushRank, straightPlace } from './reference.js';
import { CATEGORIES, STRAIGHT, STRAIGHT_FLUSH, WHEEL_LOW_PLACE, WHEEL_PLACE, categoryOf, describeValue, valueNibbles } from './value.js';

/** Value of a five-card high hand written in card notation. */
const high = (text: string): number => evaluateHighHand(cards(text, 5));
/** Value of a two-card low hand written in card notation. */
const low = (text: string): number => evaluateLowHand(cards(text, 2));
/** A value's tie-break nibbles as ranks (2‥14), without the unused trailing zeros. */
const tieBreaks = (value: number): number[] => valueNibbles(value).filter((n) => n > 0);

describe('the joker (rules.md §2.2)', () => {
  it('joker + a pair of kings + a pair of threes is kings and threes with an ace kicker, and loses to kings and eights', () => {
    const v = high('Jk Kh Kd 3c 3s');
    expect(categoryOf(v)).toBe('two_pair');
    expect(tieBreaks(v)).toEqual([13, 3, 14]);
    expect(describeValue(v)).toBe('Kings and threes, ace kicker');
    expect(v).toBe(high('As Kh Kd 3c 3s'));
    expect(v).toBeLessThan(high('Kc Ks 8h 8d 2c'));
  });

  it('joker + three sevens + a king is three of a kind (sevens, ace and king kickers), not four of a kind', () => {
    const v = high('Jk 7s 7h 7d Kc');
    expect(categoryOf(v)).toBe('three_of_a_kind');
    expect(tieBreaks(v)).toEqual([7, 14, 13]);
    expect(v).toBe(high('7s 7h 7d Kc Ah'));
  });

  it('joker + three jacks + a five is three of a kind (jacks, ace and five kickers), not four of a kind', () => {
    const v = high('Jk Js Jh Jd 5c');
    expect(categoryOf(v)).toBe('three_of_a_kind');
    expect(tieBreaks(v)).toEqual([11, 14, 5]);
  });

  it('joker + K 7 4 2 offsuit is ace-high, no pair', () => {
    const v = high('Jk Ks 7h 4d 2c');
    expect(categoryOf(v)).toBe('high_card');
    expect(tieBreaks(v)).toEqual([14, 13, 7, 4, 2]);
    expect(v).toBe(high('Ad Ks 7h 4d 2c'));
  });

  it('joker + an ace is a pair of aces, as a low hand and inside a high hand', () => {
    const lowValue = low('Jk As');
    expect(categoryOf(lowValue)).toBe('one_pair');
    expect(tieBreaks(lowValue)).toEqual([14]);
    expect(lowValue).toBe(low('Ah As'));
    const highValue = high('Jk As 9c 6d 3h');
    expect(categoryOf(highValue)).toBe('one_pair');
    expect(tieBreaks(highValue)).toEqual([14, 9, 6, 3]);
    expect(highValue).toBe(high('Ah As 9c 6d 3h'));
  });

  it('a low hand of joker + queen is ace-queen, not a pair', () => {
    const v = low('Jk Qd');
    expect(categoryOf(v)).toBe('high_card');
    expect(tieBreaks(v)).toEqual([14, 12]);
    expect(v).toBe(low('Ah Qd'));
    expect(v).toBeLessThan(low('2c 2d'));
  });

  it('joker + 2 3 4 5 is the wheel: above the 6-high straight, below broadway', () => {
    const wheel = high('Jk 2s 3h 4d 5c');
    expect(categoryOf(wheel)).toBe('straight');
    expect(wheel).toBe(high('As 2s 3h 4d 5c'));
    expect(wheel).toBeGreaterThan(high('2s 3h 4d 5c 6s'));
    expect(wheel).toBeGreaterThan(high('9s Th Jd Qc Ks'));
    expect(wheel).toBeLessThan(high('Ts Jh Qd Kc As'));
  });

  it('joker + 3 4 5 6 is a 7-high straight', () => {
    const v = high('Jk 3s 4h 5d 6c');
    expect(categoryOf(v)).toBe('straight');
    expect(v).toBe(high('3s 4h 5d 6c 7h'));
    expect(v).toBeGreaterThan(high('2s 3h 4d 5c 6s'));
  });

  it('joker + four hearts to the king is an ace-high flush, a copy of a natural ace-high flush with the same other ranks', () => {
    const v = high('Jk Kh 9h 6h 3h');
    expect(categoryOf(v)).toBe('flush');
    expect(tieBreaks(v)).toEqual([14, 13, 9, 6, 3]);
    expect(v).toBe(high('As Ks 9s 6s 3s'));
  });

  it('joker + A 9 6 3 of hearts is the flush A-K-9-6-3 (the joker takes the highest rank the flush lacks)', () => {
    const v = high('Jk Ah 9h 6h 3h');
    expect(categoryOf(v)).toBe('flush');
    expect(tieBreaks(v)).toEqual([14, 13, 9, 6, 3]);
    expect(v).toBe(high('Ad Kd 9d 6d 3d'));
    expect(jokerFlushRank((1 << 12) | (1 << 7) | (1 << 4) | (1 << 1))).toBe(11);
  });

  it('joker + four aces is five aces, the highest hand; joker + three aces + a king is four aces', () => {
    const five = high('Jk As Ah Ad Ac');
    expect(categoryOf(five)).toBe('five_aces');
    expect(five).toBeGreaterThan(high('Ts Js Qs Ks As'));
    const four = high('Jk As Ah Ad Kc');
    expect(categoryOf(four)).toBe('four_of_a_kind');
    expect(tieBreaks(four)).toEqual([14, 13]);
  });

  it('joker + four suited cards in sequence is a straight flush, and with T J Q K (or A K Q J) a royal flush', () => {
    expect(categoryOf(high('Jk 5d 6d 7d 8d'))).toBe('straight_flush');
    expect(high('Jk 5d 6d 7d 8d')).toBe(high('5s 6s 7s 8s 9s'));
    expect(categoryOf(high('Jk Tc Jc Qc Kc'))).toBe('royal_flush');
    expect(categoryOf(high('Jk Ac Jc Qc Kc'))).toBe('royal_flush');
    expect(categoryOf(high('Jk 2h 3h 4h 5h'))).toBe('straight_flush');
    expect(high('Jk 2h 3h 4h 5h')).toBe(high('Ah 2h 3h 4h 5h'));
  });

  it('the joker fills a gap inside a straight (8 9 _ J Q is a queen-high straight)', () => {
    expect(high('Jk 8s 9h Jd Qc')).toBe(high('8s 9h Td Jc Qs'));
  });
});

describe('the wheel ranked lowest (ranking.ts, the 2013 analysis)', () => {
  const lowest = (text: string): number => evaluateHighHand(cards(text, 5), WHEEL_LOW_RANKING);
  it('A-2-3-4-5 is the lowest straight and the lowest straight flush', () => {
    const order = ['As 2h 3d 4c 5s', '2s 3h 4d 5c 6s', '9s Th Jd Qc Ks', 'Ts Jh Qd Kc As'];
    const values = order.map(lowest);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
    expect(lowest('As 2s 3s 4s 5s')).toBeLessThan(lowest('2h 3h 4h 5h 6h'));
    expect(categoryOf(lowest('As 2s 3s 4s 5s'))).toBe('straight_flush');
    expect(lowest('As 2h 3d 4c 5s')).toBeGreaterThan(lowest('Ks Kh Kd 4c 5s'));
    expect(describeValue(lowest('As 2h 3d 4c 5s'))).toBe('Straight, five-high wheel (A-2-3-4-5)');
    expect(straightPlace(0b1_0000_0000_1111, 'low')).toBe(WHEEL_LOW_PLACE);
  });
  it('the joker with 2-3-4-5 makes the six-high straight (the better reading), with A-2-3-4 still the wheel', () => {
    expect(describeValue(lowest('Jk 2h 3d 4c 5s'))).toBe('Straight, six-high');
    expect(describeValue(high('Jk 2h 3d 4c 5s'))).toBe('Straight, five-high wheel (A-2-3-4-5)');
    expect(lowest('Jk 2h 3h 4h 5h')).toBe(lowest('2s 3s 4s 5s 6s'));
    expect(lowest('Jk Ah 2d 3c 4s')).toBe(lowest('As 2h 3d 4c 5s'));
  });
  it('every five-card hand of the 53 keeps its value except straights and straight flushes that are or could be the wheel', () => {
    const evaluateLow = highHandEvaluator(WHEEL_LOW_RANKING);
    const byCategory = [new Array<number>(CATEGORIES.length).fill(0), new Array<number>(CATEGORIES.length).fill(0)];
    let moved = 0;
    for (let a = 0; a < 53; a++) {
      for (let b = a + 1; b < 53; b++) {
        for (let c = b + 1; c < 53; c++) {
          for (let d = c + 1; d < 53; d++) {
            for (let e = d + 1; e < 53; e++) {
              const standard = evaluateHighHand5(a, b, c, d, e);
              const wheelLow = evaluateLow(a, b, c, d, e);
              byCategory[0][standard >>> 20]++;
              byCategory[1][wheelLow >>> 20]++;
              if (standard === wheelLow) continue;
              moved++;
              const category = standard >>> 20;
              const wheel = valueNibbles(standard)[0] === WHEEL_PLACE || valueNibbles(wheelLow)[0] === WHEEL_LOW_PLACE;
              if ((category !== STRAIGHT && category !== STRAIGHT_FLUSH) || category !== wheelLow >>> 20 || !wheel) {
                expect.fail(`${describeValue(standard)} became ${describeValue(wheelLow)} (cards ${[a, b, c, d, e].join(' ')})`);
              }
            }
          }
        }
      }
    }
    expect(byCategory[1]).toEqual(byCategory[0]);
    // Every hand that is or can be a wheel: the natural ones (4^5), the joker with four of A-2-3-4-5 (5 × 4^4).
    expect(moved).toBe(4 ** 5 + 5 * 4 ** 4);
    expect(allHighValues(WHEEL_LOW_RANKING).size).toBe(allHighValues(STANDARD_RANKING).size);
  });
});

describe('high hand ranking (rules.md §2.1)', () => {
  it('A-2-3-4-5 suited is a straight flush above the king-high straight flush and below the royal flush', () => {
    const wheelFlush = high('As 2s 3s 4s 5s');
    expect(categoryOf(wheelFlush)).toBe('straight_flush');
    expect(wheelFlush).toBeGreaterThan(high('9h Th Jh Qh Kh'));
    expect(wheelFlush).toBeLessThan(high('Td Jd Qd Kd Ad'));
    expect(categoryOf(high('Td Jd Qd Kd Ad'))).toBe('royal_flush');
  });

  it('straights rank A-K-Q-J-T, then A-2-3-4-5, then K-high down to 6-high', () => {
    const order = ['2s 3h 4d 5c 6s', '3s 4h 5d 6c 7s', '4s 5h 6d 7c 8s', '5s 6h 7d 8c 9s', '6s 7h 8d 9c Ts', '7s 8h 9d Tc Js', '8s 9h Td Jc Qs', '9s Th Jd Qc Ks', 'As 2h 3d 4c 5s', 'Ts Jh Qd Kc As'];
    const values = order.map(high);
    for (const v of values) expect(categoryOf(v)).toBe('straight');
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
    expect(straightPlace(0b1_0000_0000_1111)).toBe(14);
    expect(straightPlace(0b1_1111_0000_0000)).toBe(15);
    expect(straightPlace(0b0_0000_0001_1111)).toBe(6);
    expect(straightPlace(0b0_0000_0011_0111)).toBe(0);
  });

  it('flushes compare card by card down to the fifth card', () => {
    expect(high('Ah Kh 9h 6h 4h')).toBeGreaterThan(high('As Ks 9s 6s 3s'));
    expect(high('Ah Kh 9h 7h 2h')).toBeGreaterThan(high('As Ks 9s 6s 5s'));
    expect(high('Ah Qh 9h 7h 2h')).toBeLessThan(high('As Ks 3s 4s 6s'));
    expect(high('Ah Kh 9h 6h 4h')).toBe(high('Ad Kd 9d 6d 4d'));
  });

  it('two pair compares the higher pair first: sevens and twos beat sixes and threes', () => {
    expect(high('7s 7h 2d 2c 3s')).toBeGreaterThan(high('6s 6h 3d 3c As'));
    expect(high('7s 7h 3d 3c 2s')).toBeGreaterThan(high('7d 7c 2h 2s As'));
    expect(high('7s 7h 3d 3c 5s')).toBeGreaterThan(high('7d 7c 3h 3s 4s'));
  });

  it('the categories rank as in the table, five aces highest and high card lowest', () => {
    const ladder = [
      'As Kd 9c 6h 3s', // high card
      '2s 2d 9c 6h 3s', // one pair
      '2s 2d 3c 3h 4s', // two pair
      '2s 2d 2c 3h 4s', // three of a kind
      '2s 3d 4c 5h 6s', // straight
      '2s 3s 4s 5s 7s', // flush
      '2s 2d 2c 3h 3s', // full house
      '2s 2d 2c 2h 3s', // four of a kind
      '2s 3s 4s 5s 6s', // straight flush
      'Ts Js Qs Ks As', // royal flush
      'Jk As Ad Ac Ah', // five aces
    ].map(high);
    expect(ladder.map(categoryOf)).toEqual([
      'high_card', 'one_pair', 'two_pair', 'three_of_a_kind', 'straight', 'flush', 'full_house', 'four_of_a_kind', 'straight_flush', 'royal_flush', 'five_aces',
    ]);
    for (let i = 1; i < ladder.length; i++) expect(ladder[i]).toBeGreaterThan(ladder[i - 1]);
  });

  it('suits never break ties: the same ranks in other suits are a copy', () => {
    expect(high('Ks Kh 8d 8c 2s')).toBe(high('Kd Kc 8h 8s 2c'));
    expect(high('Ks Qh 8d 5c 2s')).toBe(high('Kh Qd 8s 5s 2c'));
  });

  it('the order of the cards does not matter, for the joker either', () => {
    const hand = cards('Jk Kh 9h 6h 3h');
    const v = evaluateHighHand(hand);
    expect(evaluateHighHand5(hand[4], hand[2], hand[0], hand[3], hand[1])).toBe(v);
    expect(evaluateHighHand5(hand[1], hand[3], hand[4], hand[2], hand[0])).toBe(v);
  });

  it('evaluateHighHand refuses anything but five cards', () => {
    expect(() => evaluateHighHand(cards('As Kd 9c 6h'))).toThrow(RangeError);
    expect(() => evaluateLowHand(cards('As Kd 9c'))).toThrow(RangeError);
  });
});
