/**
 * Runs tasks on worker threads (node:worker_threads) and returns their results in task order.
 * `createPool` keeps its threads (and the tables the engine builds in each) between runs;
 * `runTasks` is a pool used once.
 */

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Task, TaskResult } from './tasks.js';

/** The default number of threads: every core the machine offers. */
export function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}

/** Worker threads that run tasks; `close()` ends them. */
export interface Pool {
  /**
   * Runs every task, at most one per thread at a time, and resolves with their results in order.
   * @param onProgress receives units of work done, as workers report them
   * @param onResult receives each task's result (and its index in `tasks`) as soon as the task ends
   * @throws the first error a task throws
   */
  run<R extends TaskResult>(tasks: readonly Task[], onProgress?: (done: number) => void, onResult?: (index: number, result: R) => void): Promise<R[]>;
  close(): Promise<void>;
}

/** Starts `threads` worker threads. */
export function createPool(threads: number): Pool {
  const workers = Array.from({ length: Math.max(1, threads) }, () => new Worker(new URL('./task-worker.js', import.meta.url)));
  const runOn = <R extends TaskResult>(worker: Worker, task: Task, onProgress?: (done: number) => void): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      const onMessage = (message: { progress?: number; result?: R; error?: string }): void => {
        if (message.progress !== undefined) {
          onProgress?.(message.progress);
          return;
        }
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (message.error !== undefined) reject(new Error(message.error));
        else resolve(message.result as R);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.postMessage(task);
    });
  return {
    async run<R extends TaskResult>(tasks: readonly Task[], onProgress?: (done: number) => void, onResult?: (index: number, result: R) => void): Promise<R[]> {
      const results = new Array<R>(tasks.length);
      let next = 0;
      await Promise.all(
        workers.slice(0, tasks.length).map(async (worker) => {
          while (next < tasks.length) {
            const index = next++;
            results[index] = await runOn<R>(worker, tasks[index], onProgress);
            onResult?.(index, results[index]);
          }
        }),
      );
      return results;
    },
    async close(): Promise<void> {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/**
 * Runs every task on `threads` fresh worker threads and resolves with their results in task order.
 * @throws the first error a task throws (the threads are stopped either way)
 */
export async function runTasks<R extends TaskResult>(tasks: readonly Task[], threads: number, onProgress?: (done: number) => void): Promise<R[]> {
  const pool = createPool(Math.min(threads, tasks.length));
  try {
    return await pool.run<R>(tasks, onProgress);
  } finally {
    await pool.close();
  }
}
