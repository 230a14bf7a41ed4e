/**
 * The low hand (rules.md §2.3): a pair beats any two unpaired cards; pairs compare by rank;
 * unpaired hands by the higher card, then the lower; the joker is an ace (rules.md §2.2).
 */

import { describe, expect, it } from 'vitest';
import { JOKER } from '../cards/index.js';
import { cards } from '../notation/index.js';
import { evaluateLowHand, evaluateLowHand2 } from './low-hand.js';
import { categoryOf } from './value.js';

const low = (text: string): number => evaluateLowHand(cards(text, 2));

/** The rules.md §2.3 order written naively: [paired?, higher rank, lower rank], joker = ace (14). */
function naiveLowKey(a: number, b: number): number[] {
  const rank = (c: number): number => (c === JOKER ? 14 : (c >> 2) + 2);
  const [hi, lo] = [rank(a), rank(b)].sort((x, y) => y - x);
  return [hi === lo ? 1 : 0, hi, lo];
}

describe('low hand ranking (rules.md §2.3)', () => {
  it('the best low hand is a pair of aces, the worst is 3-2', () => {
    const all: number[] = [];
    for (let a = 0; a < 53; a++) for (let b = a + 1; b < 53; b++) all.push(evaluateLowHand2(a, b));
    expect(all).toHaveLength(1378);
    expect(Math.max(...all)).toBe(low('As Ad'));
    expect(Math.max(...all)).toBe(low('Jk Ac'));
    expect(Math.min(...all)).toBe(low('3c 2d'));
  });

  it('a pair beats any two unpaired cards; pairs compare by rank; unpaired hands by the higher card, then the lower', () => {
    expect(low('2c 2d')).toBeGreaterThan(low('As Kd'));
    expect(low('3c 3d')).toBeGreaterThan(low('2s 2h'));
    expect(low('Ac 2d')).toBeGreaterThan(low('Ks Qh'));
    expect(low('Ac 3d')).toBeGreaterThan(low('As 2h'));
    expect(low('Kc 9d')).toBe(low('9s Kh'));
    expect(categoryOf(low('8c 8d'))).toBe('one_pair');
    expect(categoryOf(low('8c 9d'))).toBe('high_card');
  });

  it('agrees with the naive order on all 1,378 low hands, in both card orders', () => {
    const hands: [number, number][] = [];
    for (let a = 0; a < 53; a++) for (let b = a + 1; b < 53; b++) hands.push([a, b]);
    for (const [a, b] of hands) expect(evaluateLowHand2(b, a)).toBe(evaluateLowHand2(a, b));
    const cmp = (x: number[], y: number[]): number => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    hands.sort((x, y) => cmp(naiveLowKey(x[0], x[1]), naiveLowKey(y[0], y[1])));
    for (let i = 1; i < hands.length; i++) {
      const sameKey = cmp(naiveLowKey(...hands[i - 1]), naiveLowKey(...hands[i])) === 0;
      const [previous, current] = [evaluateLowHand2(...hands[i - 1]), evaluateLowHand2(...hands[i])];
      if (sameKey ? current !== previous : current <= previous) expect.fail(`low hands ${hands[i - 1]} and ${hands[i]} are out of order`);
    }
  });
});
