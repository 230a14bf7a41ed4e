/**
 * Runs tasks on worker threads (node:worker_threads), `threads` at a time, and returns their
 * results in task order. Progress messages are passed to `onProgress` as they arrive.
 */

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Task, TaskResult } from './tasks.js';

/** The default number of threads: every core the machine offers. */
export function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Runs every task and resolves with their results in order.
 * @param tasks the shares of work
 * @param threads how many worker threads (at most one per task)
 * @param onProgress receives units of work done, as workers report them
 * @throws the first error a task throws (the other workers are stopped)
 */
export async function runTasks<R extends TaskResult>(tasks: readonly Task[], threads: number, onProgress?: (done: number) => void): Promise<R[]> {
  const results = new Array<R>(tasks.length);
  let nextTask = 0;
  const workers: Worker[] = [];
  try {
    await Promise.all(
      Array.from({ length: Math.min(threads, tasks.length) }, async () => {
        const worker = new Worker(new URL('./task-worker.js', import.meta.url));
        workers.push(worker);
        while (nextTask < tasks.length) {
          const index = nextTask++;
          results[index] = await new Promise<R>((resolve, reject) => {
            const onMessage = (message: { progress?: number; result?: R; error?: string }): void => {
              if (message.progress !== undefined) onProgress?.(message.progress);
              else {
                worker.off('message', onMessage);
                worker.off('error', reject);
                if (message.error !== undefined) reject(new Error(message.error));
                else resolve(message.result as R);
              }
            };
            worker.on('message', onMessage);
            worker.once('error', reject);
            worker.postMessage(tasks[index]);
          });
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
