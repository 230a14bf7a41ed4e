import { describe, expect, it } from 'vitest';
import { cards, handOf } from '../notation/index.js';
import { houseWays } from '../house-way/index.js';
import { analyzeHand } from './exact.js';
import { canonicalHand, gradeHand, gradeSetting, scoresForHand } from './grade.js';

/** `hand` with its suits renamed by `permutation` (suit → suit), the joker kept. */
const renamed = (hand: readonly number[], permutation: readonly number[]): number[] => hand.map((c) => (c === 52 ? 52 : (c & ~3) | permutation[c & 3]));

describe('canonicalHand', () => {
  const hand = cards('Ah Kh Qh 9s 9d 4c Jk');
  it('gives every suit renaming of a hand the same key, in any card order', () => {
    const key = canonicalHand(hand).key;
    expect(canonicalHand(renamed(hand, [3, 2, 1, 0])).key).toBe(key);
    expect(canonicalHand([...renamed(hand, [1, 3, 0, 2])].reverse()).key).toBe(key);
  });
  it('tells apart hands that no renaming maps onto each other', () => {
    expect(canonicalHand(cards('Ah Kh Qh 9s 9d 4c Jk')).key).not.toBe(canonicalHand(cards('Ah Kh Qs 9s 9d 4c Jk')).key);
  });
  it('maps each card to its renamed place in the representative', () => {
    const canonical = canonicalHand(hand);
    expect(new Set(canonical.positions).size).toBe(7);
    expect(canonical.positions.map((p) => canonical.cards[p] >> 2)).toEqual(hand.map((c) => c >> 2));
  });
});

describe('scoresForHand', () => {
  it("reads a hand's exact scores from its class's representative, number for number (both house ways)", () => {
    const hand = handOf('7s 7d Ts Js Qs 2h Jk');
    for (const way of [houseWays.seeds, houseWays.foxwoods]) {
      const canonical = canonicalHand(hand);
      const fromRepresentative = scoresForHand(hand, canonical, analyzeHand(canonical.cards, 500, way).settings);
      expect(fromRepresentative).toEqual(analyzeHand(hand, 500, way).settings);
    }
  });
});

describe('gradeSetting', () => {
  const hand = handOf('As Kd 9c 9h 5s 5d 2c');
  const analysis = analyzeHand(hand);
  it('grades the house way as giving up what the house way gives up', () => {
    const way = houseWays.seeds.set(hand);
    const grade = gradeSetting(hand, way.low, analysis.settings);
    expect(grade.houseWayEv).toBe(analysis.houseWay.ev);
    expect(grade.bestEv).toBe(analysis.best.ev);
    expect(grade.playedEv).toBe(analysis.houseWay.ev);
    expect(grade.evLost).toBe(analysis.houseWayGivesUp);
    expect(grade.houseWay.rule).toBe(way.rule);
  });
  it('grades a weak setting by what it gives up against the best', () => {
    const grade = gradeSetting(hand, cards('9c 9h'), analysis.settings);
    expect(grade.playedEv).toBe(analysis.settings.find((s) => s.low.includes(cards('9c')[0]) && s.low.includes(cards('9h')[0]))?.ev);
    expect(grade.evLost).toBeGreaterThan(0.05);
    expect(grade.evLost).toBeCloseTo(grade.bestEv - grade.playedEv, 15);
    expect(grade.played.win + grade.played.push + grade.played.loss).toBeCloseTo(1, 12);
  });
  it('refuses a low hand that is not two cards of the hand', () => {
    expect(() => gradeSetting(hand, cards('Ah 2c'), analysis.settings)).toThrow(RangeError);
    expect(() => gradeSetting(hand, [...cards('2c'), ...cards('2c')], analysis.settings)).toThrow(RangeError);
  });
  it('gradeHand runs the analysis itself', () => {
    expect(gradeHand(hand, cards('As Kd')).evLost).toBe(gradeSetting(hand, cards('As Kd'), analysis.settings).evLost);
  });
});
