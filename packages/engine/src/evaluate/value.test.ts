/** Hand values and their descriptions (value.ts; rules.md §2.1). */

import { describe, expect, it } from 'vitest';
import { cards } from '../notation/index.js';
import { evaluateHighHand } from './high-hand.js';
import { evaluateLowHand } from './low-hand.js';
import { CATEGORIES, categoryIndex, categoryOf, describeValue, makeStraightValue, makeValue, valueNibbles, STRAIGHT, TWO_PAIR } from './value.js';

const high = (text: string): number => evaluateHighHand(cards(text, 5));

describe('hand values', () => {
  it('lay out the category above five rank nibbles (deuce = 2 … ace = 14)', () => {
    const v = makeValue(TWO_PAIR, [11, 1, 12]);
    expect(categoryIndex(v)).toBe(TWO_PAIR);
    expect(categoryOf(v)).toBe('two_pair');
    expect(valueNibbles(v)).toEqual([13, 3, 14, 0, 0]);
    expect(valueNibbles(makeStraightValue(STRAIGHT, 14))).toEqual([14, 0, 0, 0, 0]);
  });

  it('use the category keys of the reference tables, lowest first', () => {
    expect(CATEGORIES).toEqual([
      'high_card', 'one_pair', 'two_pair', 'three_of_a_kind', 'straight', 'flush', 'full_house', 'four_of_a_kind', 'straight_flush', 'royal_flush', 'five_aces',
    ]);
  });

  it('are described in English for the CLI', () => {
    expect(describeValue(high('Jk As Ad Ac Ah'))).toBe('Five aces');
    expect(describeValue(high('Ts Js Qs Ks As'))).toBe('Royal flush');
    expect(describeValue(high('As 2s 3s 4s 5s'))).toBe('Straight flush, five-high wheel (A-2-3-4-5)');
    expect(describeValue(high('9s Ts Js Qs Ks'))).toBe('Straight flush, king-high');
    expect(describeValue(high('9s 9h 9d 9c Ks'))).toBe('Four nines, king kicker');
    expect(describeValue(high('9s 9h 9d Kc Ks'))).toBe('Full house, nines over kings');
    expect(describeValue(high('Jk Kh 9h 6h 3h'))).toBe('Flush, A-K-9-6-3');
    expect(describeValue(high('Ts Jh Qd Kc As'))).toBe('Straight, ace-high (A-K-Q-J-T)');
    expect(describeValue(high('Jk 2h 3d 4c 5s'))).toBe('Straight, five-high wheel (A-2-3-4-5)');
    expect(describeValue(high('3s 4h 5d 6c 7s'))).toBe('Straight, seven-high');
    expect(describeValue(high('Jk 7s 7h 7d Kc'))).toBe('Three sevens, A-K kickers');
    expect(describeValue(high('Jk Kh Kd 3c 3s'))).toBe('Kings and threes, ace kicker');
    expect(describeValue(high('Jk As 9c 6d 3h'))).toBe('Pair of aces, 9-6-3 kickers');
    expect(describeValue(high('Jk Ks 7h 4d 2c'))).toBe('Ace high, A-K-7-4-2');
    expect(describeValue(evaluateLowHand(cards('Jk As')))).toBe('Pair of aces');
    expect(describeValue(evaluateLowHand(cards('Jk Qd')))).toBe('Ace high, A-Q');
  });
});
