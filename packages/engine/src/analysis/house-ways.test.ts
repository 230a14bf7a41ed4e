import { describe, expect, it } from 'vitest';
import { newDeck } from '../cards/index.js';
import { houseWays } from '../house-way/registry.js';
import { unwrap } from '../errors/index.js';
import { formatCard, handOf, toHand } from '../notation/index.js';
import { createSeededRng, shuffle } from '../rng/index.js';
import { settingValues } from '../setting/index.js';
import { bankerOutcome, bankerTables, LOW_CLASSES } from './banker.js';
import { valueClasses } from './classes.js';
import { bankerHistogram, scoreSettings, summarize } from './exact.js';
import { settingHint } from './hint.js';
import { simulate } from './simulate.js';

const foxwoods = houseWays.foxwoods;
const seeds = houseWays.seeds;

/** The packed outcome of a house way's setting, evaluated in full. */
function fullOutcome(hand: number[], way = foxwoods): number {
  const { highClass, lowClass } = valueClasses();
  const values = settingValues(way.set(unwrap(toHand(hand))));
  return (highClass.get(values.high) as number) * LOW_CLASSES + (lowClass.get(values.low) as number);
}

describe('analysis with the Foxwoods house way (issue 16 point 1)', () => {
  it('the fast banker outcome follows the house way it is built for (flush and non-flush paths)', () => {
    const tables = bankerTables(foxwoods);
    expect(tables.way).toBe(foxwoods);
    expect(bankerTables(foxwoods)).toBe(tables);
    const rng = createSeededRng(5);
    let differ = 0;
    for (let n = 0; n < 40_000; n++) {
      const hand = shuffle(newDeck(), rng).slice(0, 7);
      expect(bankerOutcome(hand, tables)).toBe(fullOutcome(hand));
      expect(bankerOutcome(hand)).toBe(fullOutcome(hand, seeds));
      if (fullOutcome(hand) !== fullOutcome(hand, seeds)) differ++;
    }
    expect(differ).toBeGreaterThan(0);
  });

  it('the banker histogram over a small deck equals every hand set by Foxwoods in full', () => {
    const live = [...newDeck().filter((c) => c < 52 && c % 4 < 2 && c >> 2 >= 4), 52]; // 19 cards, 50,388 hands
    const dead = newDeck().filter((c) => !live.includes(c));
    const expected = new Float64Array(valueClasses().highValues.length * LOW_CLASSES);
    const pick: number[] = [];
    const walk = (from: number): void => {
      if (pick.length === 7) {
        expected[fullOutcome(pick)]++;
        return;
      }
      for (let i = from; i <= live.length - (7 - pick.length); i++) {
        pick.push(live[i]);
        walk(i + 1);
        pick.pop();
      }
    };
    walk(0);
    expect(Array.from(bankerHistogram(dead, 0, 1, foxwoods))).toEqual(Array.from(expected));
  });

  it('summarize marks the named house way\'s setting', () => {
    const hand = handOf('Ah Kh Kd Qc Jc Ts 3d'); // Foxwoods: A-Q in front; the seeds: the straight with a king and the 3 in front
    const histogram = bankerHistogram(hand, 0, 64, foxwoods);
    const scored = scoreSettings(hand, histogram);
    expect(summarize(hand, scored, foxwoods).houseWay.low.map(formatCard).sort()).toEqual(['Ah', 'Qc']);
    expect(summarize(hand, scored).houseWay.low.map(formatCard).sort()).toEqual(seeds.set(hand).low.map(formatCard).sort());
    expect(seeds.set(hand).rule).toBe('5.straight-or-flush');
  });

  it('the simulator plays both hands by the house way it is given', () => {
    const a = simulate(20_000, createSeededRng(3), 'house-way', undefined, 500, foxwoods);
    const b = simulate(20_000, createSeededRng(3), 'house-way', undefined, 500, foxwoods);
    const c = simulate(20_000, createSeededRng(3));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a.win + a.push + a.loss).toBe(20_000);
  });

  it('the Hint compares with the table\'s house way', () => {
    const hand = handOf('Ah Kh Kd Qc Jc Ts 3d');
    const hint = settingHint(hand, createSeededRng(1), 5_000, 500, foxwoods);
    expect(hint.houseWay.rule).toBe('7.one-pair-ace-front');
    expect([...hint.houseWay.low].sort()).toEqual(['Ah', 'Qc']);
    expect(settingHint(hand, createSeededRng(1), 5_000).houseWay.rule).toBe('5.straight-or-flush');
  });
});
