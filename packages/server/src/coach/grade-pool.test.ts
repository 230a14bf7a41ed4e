/**
 * Grading takes no CPU from play (issue 17: it adds no latency to rounds): a grade worker runs under SCHED_IDLE
 * at the lowest CPU priority (nice 19; Linux schedules each thread on its own), the server's main thread at its own.
 */
import { Worker } from 'node:worker_threads';
import { getPriority } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseHand, unwrap } from '@paigow/engine';
import { buildServer } from '../testing/harness.js';
import { GradePool } from './grade-pool.js';
import { workerEntryPath, workerExecArgv } from '../workers/pool.js';

describe('the grade worker', () => {
  // The worker imports the built engine.
  beforeAll(buildServer, 120_000);

  it.runIf(process.platform === 'linux')('runs under SCHED_IDLE at the lowest CPU priority, the process at its own', async () => {
    const worker = new Worker(workerEntryPath('coach/grade-worker.js'), { execArgv: workerExecArgv() });
    try {
      const first = await new Promise<{ priority: number | null; schedIdle: boolean }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      expect(first.priority).toBe(19);
      expect(first.schedIdle).toBe(true);
      expect(getPriority()).toBeLessThan(19);
    } finally {
      await worker.terminate();
    }
  }, 60_000);

  it.runIf(process.platform === 'linux')('runs at the process\'s priority when it is not background work', async () => {
    const worker = new Worker(workerEntryPath('coach/grade-worker.js'), { execArgv: workerExecArgv(), workerData: { background: false } });
    try {
      const first = await new Promise<{ priority: number | null; schedIdle: boolean }>((resolve) => worker.once('message', resolve));
      expect(first.priority).toBe(getPriority());
      expect(first.schedIdle).toBe(false);
    } finally {
      await worker.terminate();
    }
  }, 60_000);

  it('starts no analysis while the main thread is busy (mayStart says no), then grades', async () => {
    let busy = true;
    const pool = new GradePool({ mayStart: () => !busy });
    try {
      let graded = false;
      const scores = pool.scores(unwrap(parseHand(['AS', 'KD', 'QH', '9C', '7S', '4D', '2H'])), 500, 'seeds').then((settings) => {
        graded = true;
        return settings;
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(graded).toBe(false);
      expect(pool.waiting).toBe(1);
      busy = false;
      expect(await scores).toHaveLength(21);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('computes a hand a player waits for (the daily challenge) at once, before the background hands, even while busy', async () => {
    const pool = new GradePool({ mayStart: () => false });
    try {
      let background = false;
      void pool.scores(unwrap(parseHand(['AS', 'KD', 'QH', '9C', '7S', '4D', '2H'])), 500, 'seeds').then(() => (background = true), () => undefined);
      const waited = await pool.scores(unwrap(parseHand(['2C', '3D', '5H', '8S', 'JC', 'QD', 'KH'])), 500, 'seeds', 'waited');
      expect(waited).toHaveLength(21);
      expect(background).toBe(false);
      expect(pool.waiting).toBe(1);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
