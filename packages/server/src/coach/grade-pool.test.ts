/**
 * Grading takes no CPU from play (issue 17: it adds no latency to rounds): a grade worker runs under SCHED_IDLE
 * at the lowest CPU priority (nice 19; Linux schedules each thread on its own), the server's main thread at its own.
 * And a few players dealing as fast as they can (bots) cannot starve the others' grades: the players are served in
 * turn, and a full queue skips only the hands of the player with the most waiting.
 */
import { Worker } from 'node:worker_threads';
import { getPriority } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseHand, unwrap, type Hand } from '@paigow/engine';
import { buildServer } from '../testing/harness.js';
import { GradePool, GradeQueueFull } from './grade-pool.js';
import { PoolClosed, workerEntryPath, workerExecArgv } from '../workers/pool.js';

/** Seven cards whose classes differ for k = 0‥12 (the seventh card's rank). */
function handNumber(k: number): Hand {
  const ranks = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
  return unwrap(parseHand(['2C', '3C', '4C', '5C', '6C', '8C', `${ranks[k]}D`]));
}

/** What became of a grade: `graded`, `skipped` (a full queue) or `closed` (the pool stopped first). */
function outcome(grade: Promise<unknown>): Promise<string> {
  return grade.then(
    () => 'graded',
    (error: unknown) => (error instanceof GradeQueueFull ? 'skipped' : error instanceof PoolClosed ? 'closed' : String(error)),
  );
}

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

  it("serves the players in turn: a flood of one player's hands holds another's back one hand at most", async () => {
    let busy = true;
    const pool = new GradePool({ mayStart: () => !busy });
    try {
      const graded: string[] = [];
      const flood = Array.from({ length: 12 }, (_, k) => outcome(pool.scores(handNumber(k), 500, 'seeds', 'background', 'bot').then(() => graded.push(`bot ${k}`))));
      const honest = pool.scores(handNumber(12), 500, 'seeds', 'background', 'alice').then(() => graded.push('alice'));
      expect(pool.waiting).toBe(13);
      busy = false;
      await honest;
      expect(graded).toEqual(['bot 0', 'alice']);
      await pool.close();
      await Promise.all(flood);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("skips a flooding player's own oldest hands when the queue is full, never another player's", async () => {
    const pool = new GradePool({ mayStart: () => false, maxQueue: 4 });
    try {
      const early = outcome(pool.scores(handNumber(0), 500, 'seeds', 'background', 'alice'));
      const flood = Array.from({ length: 8 }, (_, k) => outcome(pool.scores(handNumber(k + 1), 500, 'seeds', 'background', 'bot')));
      const late = outcome(pool.scores(handNumber(9), 500, 'seeds', 'background', 'alice'));
      expect(pool.waiting).toBe(4);
      await pool.close();
      // What still waited when the pool closed: Alice's two hands and the bot's newest two.
      expect(await early).toBe('closed');
      expect(await late).toBe('closed');
      expect(await Promise.all(flood)).toEqual([...Array<string>(6).fill('skipped'), 'closed', 'closed']);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
