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
  simulateOptimal,
  sweepHouseWay,
  DEFAULT_HOUSE_WAY,
  houseWays,
  sweepHouseWayDiff,
  type EdgeShare,
  type HouseWayDiffShare,
  type HouseWayId,
  type HouseWaySweep,
  type PlayerStrategy,
  type SimulationCounts,
  type OptimalCounts,
} from '@paigow/engine';
import { runEdgeTask, type EdgeFill, type EdgeTask } from './edge-tasks.js';

/** A share of work for one worker. */
export type Task =
  | { readonly kind: 'house-way-sweep'; readonly part: number; readonly parts: number; readonly houseWay?: HouseWayId }
  | {
      readonly kind: 'banker-histogram';
      readonly dead: readonly number[];
      readonly part: number;
      readonly parts: number;
      /** The banker's house way (default: the seeds'). */
      readonly houseWay?: HouseWayId;
    }
  | {
      readonly kind: 'simulate';
      /** Rounds in this block, and the block's seed (blocks, not threads, carry seeds: results do not depend on the thread count). */
      readonly rounds: number;
      readonly seed: number;
      readonly strategy: PlayerStrategy;
      /** The banker histogram over all hands, for the optimal player that ignores card removal. */
      readonly histogram?: Float64Array;
      readonly commissionBps: number;
      /** The house way of the banker and of the house-way player (default: the seeds'). */
      readonly houseWay?: HouseWayId;
    }
  | { readonly kind: 'house-way-diff'; readonly a: HouseWayId; readonly b: HouseWayId; readonly part: number; readonly parts: number }
  | {
      /** A block of rounds of the optimal player with card removal (`simulateOptimal`). */
      readonly kind: 'simulate-optimal';
      readonly rounds: number;
      readonly seed: number;
      readonly commissionBps: number;
      readonly houseWay?: HouseWayId;
    }
  | EdgeTask;

/** What each task kind returns. */
export type TaskResult = HouseWaySweep | Float64Array | SimulationCounts | OptimalCounts | HouseWayDiffShare | EdgeShare | EdgeFill;

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
      return sweepHouseWay(
        task.part,
        task.parts,
        (done) => {
          progress(done - last);
          last = done;
        },
        houseWays[task.houseWay ?? DEFAULT_HOUSE_WAY],
      );
    }
    case 'banker-histogram':
      return bankerHistogram(task.dead, task.part, task.parts, houseWays[task.houseWay ?? DEFAULT_HOUSE_WAY]);
    case 'simulate': {
      // Built per task: each message brings its own copy of the histogram (a few ms for 250,000 rounds).
      const chooser = task.strategy === 'optimal' && task.histogram ? optimalChooser(task.histogram) : undefined;
      const way = houseWays[task.houseWay ?? DEFAULT_HOUSE_WAY];
      const counts = simulate(task.rounds, createSeededRng(task.seed), task.strategy, chooser, task.commissionBps, way);
      progress(task.rounds);
      return counts;
    }
    case 'house-way-diff': {
      let last = 0;
      return sweepHouseWayDiff(houseWays[task.a], houseWays[task.b], task.part, task.parts, (done) => {
        progress(done - last);
        last = done;
      });
    }
    case 'simulate-optimal': {
      const counts = simulateOptimal(task.rounds, createSeededRng(task.seed), task.commissionBps, houseWays[task.houseWay ?? DEFAULT_HOUSE_WAY]);
      progress(task.rounds);
      return counts;
    }
    case 'edge-outcomes':
    case 'edge-count':
      return runEdgeTask(task, progress);
  }
}
