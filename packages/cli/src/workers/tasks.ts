/**
 * The work the CLI spreads over worker threads: each task is a pure engine call on one share of the
 * work, so that the main thread only adds the shares up. `task-worker.ts` runs them in a worker;
 * `pool.ts` hands them out.
 */

import {
  bankerHistogram,
  createSeededRng,
  optimalChooser,
  simulate,
  sweepHouseWay,
  type HouseWaySweep,
  type PlayerStrategy,
  type SimulationCounts,
} from '@paigow/engine';

/** A share of work for one worker. */
export type Task =
  | { readonly kind: 'house-way-sweep'; readonly part: number; readonly parts: number }
  | { readonly kind: 'banker-histogram'; readonly dead: readonly number[]; readonly part: number; readonly parts: number }
  | {
      readonly kind: 'simulate';
      /** Rounds in this block, and the block's seed (blocks, not threads, carry seeds: results do not depend on the thread count). */
      readonly rounds: number;
      readonly seed: number;
      readonly strategy: PlayerStrategy;
      /** The banker histogram over all hands, for the optimal player. */
      readonly histogram?: Float64Array;
      readonly commissionBps: number;
    };

/** What each task kind returns. */
export type TaskResult = HouseWaySweep | Float64Array | SimulationCounts;

/** Adds up the shares of `banker-histogram` tasks, into the first share, which it returns. */
export function addHistograms(shares: readonly Float64Array[]): Float64Array {
  const [histogram, ...rest] = shares;
  for (const share of rest) for (let i = 0; i < share.length; i++) histogram[i] += share[i];
  return histogram;
}

/** Runs one task on this thread. `progress` receives units of work done (hands or rounds). */
export function runTask(task: Task, progress: (done: number) => void): TaskResult {
  switch (task.kind) {
    case 'house-way-sweep': {
      let last = 0;
      return sweepHouseWay(task.part, task.parts, (done) => {
        progress(done - last);
        last = done;
      });
    }
    case 'banker-histogram':
      return bankerHistogram(task.dead, task.part, task.parts);
    case 'simulate': {
      // Built per task: each message brings its own copy of the histogram (a few ms for 250,000 rounds).
      const chooser = task.strategy === 'optimal' && task.histogram ? optimalChooser(task.histogram) : undefined;
      const counts = simulate(task.rounds, createSeededRng(task.seed), task.strategy, chooser, task.commissionBps);
      progress(task.rounds);
      return counts;
    }
  }
}
