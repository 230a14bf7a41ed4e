/** `paigow simulate --player optimal|optimal-global`: the optimal player counts card removal and reports its gain over the house way; optimal-global does not. */

import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, json } from '../testing/cli.js';

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
