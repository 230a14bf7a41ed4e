/**
 * `--house-way` on the commands that set hands, and `paigow house-way diff` (issue 16 points 1 and 4), as
 * users run them. (The full Foxwoods sweep and the diff over every hand are run by hand / the bench: see
 * docs/house-way-foxwoods.md.)
 */

import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, expectBadInput, json, paigow } from '../test-cli.js';

beforeAll(buildCli, 120_000);

// Foxwoods rule 7's exception: the ace and the queen in front; the seeds' house way keeps the straight.
const HAND = 'Ah Kh Kd Qc Jc Ts 3d';

describe('--house-way', () => {
  it('paigow set plays the named house way, with its rule and explanation key', () => {
    expect(json(['set', HAND, '--house-way', 'foxwoods'])).toMatchObject({
      low: ['Ah', 'Qc'],
      rule: '7.one-pair-ace-front',
      explanationKey: 'houseWayFoxwoods.7.one-pair-ace-front',
    });
    expect(json(['set', HAND])).toMatchObject({ rule: '5.straight-or-flush' });
  });
  it('paigow set - (bulk) follows it too', () => {
    const r = paigow(['set', '-', '--house-way', 'foxwoods'], `${HAND}\n`);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ cards: HAND, rule: '7.one-pair-ace-front' });
  });
  it('paigow analyze marks the named house way\'s setting, against a banker playing it', () => {
    const report = json(['analyze', HAND, '--samples', '3000', '--seed', '4', '--house-way', 'foxwoods']) as {
      houseWayId: string;
      houseWay: { low: string[]; rule: string };
    };
    expect(report.houseWayId).toBe('foxwoods');
    expect(report.houseWay).toMatchObject({ low: ['Ah', 'Qc'], rule: '7.one-pair-ace-front' });
  });
  it('paigow simulate plays both hands by it, and says so', () => {
    const fox = json(['simulate', '--rounds', '20000', '--seed', '5', '--threads', '1', '--house-way', 'foxwoods']) as { houseWay: string; win: number };
    const seeds = json(['simulate', '--rounds', '20000', '--seed', '5', '--threads', '1']) as { houseWay: string; win: number };
    expect(fox.houseWay).toBe('foxwoods');
    expect(seeds.houseWay).toBe('seeds');
    expect(fox.win).not.toBe(seeds.win);
  });
  it('an unknown house way is refused on one line, naming the ones there are', () => {
    expectBadInput(paigow(['set', HAND, '--house-way', 'vegas']), "--house-way: no house way 'vegas' (there are: seeds, foxwoods)");
    expectBadInput(paigow(['simulate', '--rounds', '10', '--house-way', 'vegas']), /no house way 'vegas'/);
  });
});

describe('paigow house-way diff', () => {
  it('--hand: both settings with their exact EVs against the banker', () => {
    const report = json(['house-way', 'diff', 'seeds', 'foxwoods', '--hand', HAND]) as {
      banker: string;
      hand: { differ: boolean; cost: number; better: string; a: { rule: string; ev: number }; b: { rule: string; ev: number; low: string[] } };
    };
    expect(report.banker).toBe('seeds');
    expect(report.hand.differ).toBe(true);
    expect(report.hand.a.rule).toBe('5.straight-or-flush');
    expect(report.hand.b).toMatchObject({ rule: '7.one-pair-ace-front', low: ['Ah', 'Qc'] });
    expect(report.hand.cost).toBeCloseTo(Math.abs(report.hand.a.ev - report.hand.b.ev), 12);
    expect(report.hand.better).toBe(report.hand.a.ev > report.hand.b.ev ? 'seeds' : 'foxwoods');
  }, 60_000);
  it('--hand on a hand both set alike', () => {
    const report = json(['house-way', 'diff', 'seeds', 'foxwoods', '--hand', 'As Kd 9c 7h 5s 3d 2c']) as { hand: { differ: boolean; cost: number } };
    expect(report.hand).toMatchObject({ differ: false, cost: 0 });
  }, 60_000);
  it('refuses the same house way twice, an unknown one and a bad hand', () => {
    expectBadInput(paigow(['house-way', 'diff', 'seeds', 'seeds']), 'house-way diff needs two different house ways');
    expectBadInput(paigow(['house-way', 'diff', 'seeds', 'vegas']), /no house way 'vegas'/);
    expectBadInput(paigow(['house-way', 'diff', 'seeds', 'foxwoods', '--hand', 'As Kd']), 'expected 7 cards, got 2');
  });
});
