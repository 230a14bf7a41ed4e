import { describe, expect, it } from 'vitest';
import { houseWay } from '../house-way/index.js';
import { formatCard, formatCards, handOf } from '../notation/index.js';
import { createSeededRng } from '../rng/index.js';
import { analyzeHand } from './exact.js';
import { HINT_SAMPLES, settingHint } from './hint.js';

const sorted = (texts: readonly string[]) => [...texts].sort();

describe('settingHint (the table Hint)', () => {
  const hand = handOf('As Kd 9c 7h 5s 3d 2c');
  const exact = analyzeHand(hand);

  it('reports the house way with its rule, and a best setting at least as good on the same banker hands', () => {
    const hint = settingHint(hand, createSeededRng(1), 30_000);
    const way = houseWay(hand);
    expect(hint.samples).toBe(30_000);
    expect(hint.houseWay).toMatchObject({ high: way.high.map(formatCard), low: way.low.map(formatCard), rule: way.rule });
    expect(hint.best.ev).toBeGreaterThanOrEqual(hint.houseWay.ev);
    expect(hint.best.win + hint.best.push + hint.best.loss).toBeCloseTo(1, 12);
    expect(hint.best.high).toHaveLength(5);
    expect(hint.best.low).toHaveLength(2);
    expect(sorted([...hint.best.high, ...hint.best.low])).toEqual(sorted(formatCards(hand).split(' ')));
    expect(hint.best.evMargin).toBeGreaterThan(0);
    expect(hint.best.evMargin).toBeLessThan(0.02);
  });

  it('finds the exact best setting when the house way gives up more than the noise (As Kd 9c 7h 5s 3d 2c)', () => {
    expect(exact.houseWayGivesUp).toBeGreaterThan(0.01);
    const hint = settingHint(hand, createSeededRng(2));
    expect(sorted(hint.best.low)).toEqual(sorted(exact.best.low.map(formatCard)));
    expect(Math.abs(hint.best.ev - exact.best.ev)).toBeLessThanOrEqual(hint.best.evMargin * 1.5);
    expect(Math.abs(hint.houseWay.ev - exact.houseWay.ev)).toBeLessThanOrEqual(hint.houseWay.evMargin * 1.5);
    // HINT_SAMPLES keep the EV within ±0.5% at 95%.
    expect(hint.samples).toBe(HINT_SAMPLES);
    expect(hint.best.evMargin).toBeLessThanOrEqual(0.005);
    expect(hint.houseWay.evMargin).toBeLessThanOrEqual(0.005);
  });

  it('counts the commission: without it (a player banks) the same setting is worth more', () => {
    const withCommission = settingHint(hand, createSeededRng(3), 20_000, 500);
    const without = settingHint(hand, createSeededRng(3), 20_000, 0);
    expect(without.houseWay.ev).toBeGreaterThan(withCommission.houseWay.ev);
  });

  it('names the house way as best when no setting beats it', () => {
    // A few banker hands against a strong hand: several settings tie with the house way; it is named.
    let ties = 0;
    for (let seed = 0; seed < 20; seed++) {
      const hint = settingHint(handOf('Jk As Ah Ad Ks Kh Qd'), createSeededRng(seed), 3);
      if (hint.best.ev !== hint.houseWay.ev) continue;
      ties += 1;
      expect(hint.best.high).toEqual(hint.houseWay.high);
      expect(hint.best.low).toEqual(hint.houseWay.low);
    }
    expect(ties).toBeGreaterThan(5);
  });

  it('refuses a number of samples that is not a positive integer', () => {
    expect(() => settingHint(hand, createSeededRng(1), 0)).toThrow(RangeError);
  });
});
