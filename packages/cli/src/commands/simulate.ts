/**
 * `paigow simulate --rounds N [--seed S] [--threads T] [--player house-way|optimal]` (interfaces.md): the
 * house edge of the main wager, the player's setting (house way, or the best-EV setting) against the
 * banker's house way, rounds dealt from freshly shuffled decks (rules.md §1, §3), on worker threads.
 * From the same rounds it also gives the edge of a banking player (rules.md §3.1: no commission, a fee
 * of `--banker-fee-bps` of the action), the other figure seed `002` states.
 *
 * Rounds are cut into blocks of `BLOCK_ROUNDS`, each with a seed derived from `--seed` and the block's
 * index, so a run repeats exactly whatever the number of threads.
 */

import type { Command } from 'commander';
import { mergeSimulations, summarizePlayerBanker, summarizeSimulation, type PlayerBankerSummary, type PlayerStrategy, type SimulationCounts, type SimulationSummary } from '@paigow/engine';
import { UsageError, formatCount, formatTable, formatThreads, integerOption, printJson, printText } from '../io.js';
import { startProgress } from '../progress.js';
import { defaultThreads, runTasks } from '../workers/pool.js';
import { addHistograms } from '../workers/tasks.js';

/** Rounds per block (a unit of work with its own seed). */
export const BLOCK_ROUNDS = 250_000;

/** The JSON document of `paigow simulate`. */
export interface SimulateReport extends SimulationSummary {
  readonly player: PlayerStrategy;
  readonly seed: number;
  readonly commissionBps: number;
  /** The same rounds with a player as the banker (rules.md §3.1): its edge per unit wagered against it. */
  readonly playerBanker: PlayerBankerSummary;
  readonly threads: number;
  readonly seconds: number;
}

/** The seed of block `index` of a run seeded with `seed` (a 32-bit mix, so neighbouring blocks are unrelated). */
export function blockSeed(seed: number, index: number): number {
  let x = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  return (x ^ (x >>> 13)) >>> 0;
}

/** Registers `paigow simulate`. */
export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description('simulate rounds: the house edge of the main wager with its 95% confidence interval')
    .requiredOption('--rounds <n>', 'rounds to play', integerOption('--rounds', 1, 1e12))
    .option('--seed <s>', 'seed (a run repeats exactly with the same seed)', integerOption('--seed', 0, 2 ** 32 - 1), 1)
    .option('--threads <n>', 'worker threads (default: every core)', integerOption('--threads', 1, 256))
    .option('--player <strategy>', 'how the player sets: house-way or optimal (best EV)', 'house-way')
    .option('--commission-bps <bps>', 'commission on a win in basis points', integerOption('--commission-bps', 0, 10000), 500)
    .option('--banker-fee-bps <bps>', "a banking player's fee in basis points of the action", integerOption('--banker-fee-bps', 0, 10000), 150)
    .option('--json', 'print one JSON document')
    .action(async (options: { rounds: number; seed: number; threads?: number; player: string; commissionBps: number; bankerFeeBps: number; json?: boolean }) => {
      if (options.player !== 'house-way' && options.player !== 'optimal') {
        throw new UsageError(`--player must be house-way or optimal, got '${options.player}'`);
      }
      const strategy: PlayerStrategy = options.player;
      const threads = options.threads ?? defaultThreads();
      const start = performance.now();
      let histogram: Float64Array | undefined;
      if (strategy === 'optimal') {
        // The optimal player's choices are scored against the banker's outcomes over all 154,143,080 hands.
        const parts = threads * 4;
        const shares = await runTasks<Float64Array>(
          Array.from({ length: parts }, (_, part) => ({ kind: 'banker-histogram' as const, dead: [], part, parts })),
          threads,
        );
        histogram = addHistograms(shares);
      }
      const blocks = Math.ceil(options.rounds / BLOCK_ROUNDS);
      const progress = startProgress(options.rounds, 'rounds');
      const shares = await runTasks<SimulationCounts>(
        Array.from({ length: blocks }, (_, b) => ({
          kind: 'simulate' as const,
          rounds: Math.min(BLOCK_ROUNDS, options.rounds - b * BLOCK_ROUNDS),
          seed: blockSeed(options.seed, b),
          strategy,
          histogram,
          commissionBps: options.commissionBps,
        })),
        threads,
        (done) => progress.add(done),
      );
      progress.stop();
      const counts = mergeSimulations(shares);
      const summary = summarizeSimulation(counts, options.commissionBps);
      const playerBanker = summarizePlayerBanker(counts, options.bankerFeeBps);
      const seconds = Math.round(performance.now() - start) / 1000;
      const report: SimulateReport = { ...summary, player: strategy, seed: options.seed, commissionBps: options.commissionBps, playerBanker, threads, seconds };
      if (options.json) {
        printJson(report);
        return;
      }
      const pct = (x: number): string => `${(100 * x).toFixed(4)}%`;
      printText(
        [
          formatTable(
            ['rounds', 'win', 'push', 'loss', 'house edge', '95% interval'],
            [[formatCount(report.rounds), pct(report.win), pct(report.push), pct(report.loss), pct(report.houseEdge), `${pct(report.ci95[0])} … ${pct(report.ci95[1])}`]],
            ['right', 'right', 'right', 'right', 'right', 'left'],
          ),
          `a player as banker (no commission, fee ${pct(playerBanker.feeBps / 10000)} of the action): banker's edge ${pct(playerBanker.edge)} (${pct(playerBanker.ci95[0])} … ${pct(playerBanker.ci95[1])}), ${pct(playerBanker.edgeBeforeFee)} before the fee`,
          `player: ${strategy}, seed ${options.seed}, ${formatThreads(threads)}, ${seconds.toFixed(3)} s (${formatCount(report.rounds / seconds)} rounds/s)`,
        ].join('\n'),
      );
    });
}
