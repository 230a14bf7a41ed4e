/** `paigow simulate --player optimal|optimal-global`: the optimal player counts card removal and reports its gain over the house way; optimal-global does not. */

import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, json } from '../testing/cli.js';
import { summarizeGain } from '@paigow/engine';
import { houseWayGivesUp } from './simulate.js';

beforeAll(buildCli, 120_000);

describe('paigow simulate --player optimal', () => {
  it('plays each hand by its exact analysis and reports the gain over the house way with its interval', () => {
    const report = json(['simulate', '--rounds', '3', '--seed', '7', '--threads', '1', '--player', 'optimal']) as {
      rounds: number;
      win: number;
      push: number;
      loss: number;
      player: string;
      houseWayGivesUp: { mean: number; ci95: [number, number] };
    };
    expect(report).toMatchObject({ rounds: 3, player: 'optimal' });
    expect(report.win + report.push + report.loss).toBeCloseTo(1, 12);
    expect(report.houseWayGivesUp.mean).toBeGreaterThanOrEqual(0);
    expect(report.houseWayGivesUp.ci95[0]).toBeLessThanOrEqual(report.houseWayGivesUp.mean);
    expect(report.houseWayGivesUp.ci95[1]).toBeGreaterThanOrEqual(report.houseWayGivesUp.mean);
    const houseWay = json(['simulate', '--rounds', '3', '--seed', '7', '--threads', '1']) as Record<string, unknown>;
    expect(houseWay).not.toHaveProperty('houseWayGivesUp');
  });

  it('optimal-global: the fast player that chooses over all hands, card removal ignored', () => {
    const report = json(['simulate', '--rounds', '20000', '--seed', '7', '--threads', '1', '--player', 'optimal-global']) as Record<string, unknown>;
    expect(report).toMatchObject({ rounds: 20000, player: 'optimal-global' });
    expect(report).not.toHaveProperty('houseWayGivesUp');
  });
});

describe('houseWayGivesUp: what the optimal setting gains over the house way, with its 95% interval', () => {
  it('never puts the interval below 0: the gain is at least 0 on every hand (it gave [−0.0044, 0.0159] for 30 rounds)', () => {
    // 30 hands, two of which gain (0.05 and 0.04 per unit): the normal interval reaches below 0.
    const counts = { rounds: 30, win: 10, push: 12, loss: 8, gain: 0.09, gainSquares: 0.05 ** 2 + 0.04 ** 2 };
    const { mean, ci95 } = houseWayGivesUp(counts);
    expect(mean).toBeCloseTo(0.003, 12);
    expect(ci95[0]).toBe(0);
    expect(ci95[1]).toBeCloseTo(0.003 + 1.959963984540054 * Math.sqrt((counts.gainSquares - 30 * 0.003 ** 2) / 29 / 30), 9);
    // An interval above 0 is left as it is (four hands gaining 0.1, 0.2, 0.1, 0.2).
    const gaining = { rounds: 4, win: 1, push: 2, loss: 1, gain: 0.6, gainSquares: 2 * 0.1 ** 2 + 2 * 0.2 ** 2 };
    expect(houseWayGivesUp(gaining)).toEqual(summarizeGain(gaining));
    expect(houseWayGivesUp(gaining).ci95[0]).toBeGreaterThan(0.09);
  });
});
