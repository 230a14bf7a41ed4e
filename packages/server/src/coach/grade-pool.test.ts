/**
 * Grading takes no CPU from play (issue 17: it adds no latency to rounds): a grade worker runs at the lowest
 * CPU priority (nice 19, Linux gives each thread its own), the server's main thread at its own.
 */
import { Worker } from 'node:worker_threads';
import { getPriority } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../testing/harness.js';
import { workerEntryPath, workerExecArgv } from '../workers/pool.js';

describe('the grade worker', () => {
  // The worker imports the built engine.
  beforeAll(buildServer, 120_000);

  it.runIf(process.platform === 'linux')('runs at the lowest CPU priority, the process at its own', async () => {
    const worker = new Worker(workerEntryPath('coach/grade-worker.js'), { execArgv: workerExecArgv() });
    try {
      const first = await new Promise<{ priority: number | null }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      expect(first.priority).toBe(19);
      expect(getPriority()).toBeLessThan(19);
    } finally {
      await worker.terminate();
    }
  }, 60_000);

  it.runIf(process.platform === 'linux')('runs at the process\'s priority when it is not background work', async () => {
    const worker = new Worker(workerEntryPath('coach/grade-worker.js'), { execArgv: workerExecArgv(), workerData: { background: false } });
    try {
      const first = await new Promise<{ priority: number | null }>((resolve) => worker.once('message', resolve));
      expect(first.priority).toBe(getPriority());
    } finally {
      await worker.terminate();
    }
  }, 60_000);
});
