/**
 * The grade pool yields to play (issue 17: grading adds no latency to rounds): while the process is busy,
 * queued hands wait and no worker computes; once it calms down they are graded.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseCards } from '@paigow/engine';
import { buildServer } from '../testing/harness.js';
import { GradePool } from './grade-pool.js';
import { YIELD_RECHECK_MS } from '../workers/pool.js';

const pools: GradePool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('the grade pool', () => {
  // The worker imports the built engine.
  beforeAll(buildServer, 120_000);

  it('waits while the process is busy and grades once it is not', async () => {
    let busy = true;
    const pool = new GradePool({ busy: () => busy });
    pools.push(pool);
    const cards = parseCards('As Ah Kd Qc 9s 5h 2d');
    if (!cards.ok) throw new Error(cards.error.message);
    let graded = false;
    const scores = pool.scores(cards.value, 500, 'seeds').then((s) => {
      graded = true;
      return s;
    });
    await new Promise((resolve) => setTimeout(resolve, 3 * YIELD_RECHECK_MS));
    expect(graded).toBe(false);
    expect(pool.computed).toBe(0);
    expect(pool.waiting).toBe(1);
    busy = false;
    expect(await scores).toHaveLength(21);
    expect(pool.computed).toBe(1);
  }, 60_000);
});
