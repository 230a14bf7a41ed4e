/**
 * `paigow simulate --rounds N [--seed S] [--threads T] [--player house-way|optimal] [--house-way seeds|foxwoods]`
 * (interfaces.md): the house edge of the main wager, the player's setting (house way, or the best-EV setting)
 * against the banker's house way (`--house-way`, both hands), rounds dealt from freshly shuffled decks (rules.md §1, §3), on worker threads.
 * From the same rounds it also gives the edge of a banking player (rules.md §3.1: no commission, a fee
 * of `--banker-fee-bps` of the action), the other figure seed `002` states.
 *
 * The optimal player counts card removal: each hand is set by the best EV against the banker hands of the
 * 46 cards it leaves (the exact analysis of `paigow analyze`, about a quarter of a second a hand), and the
 * report adds what that gains over the house way's setting on the same hands (`houseWayGivesUp`).
 * `--player optimal-global` is the fast approximation: the best EV against the banker's outcomes over all
 * 154,143,080 hands, the player's own cards not removed when choosing.
 *
 * Rounds are cut into blocks of `BLOCK_ROUNDS` (`OPTIMAL_BLOCK_ROUNDS` for the optimal player), each with a
 * seed derived from `--seed` and the block's index, so a run repeats exactly whatever the number of threads.
 */

import type { Command } from 'commander';
import { DEFAULT_HOUSE_WAY, type HouseWayId, mergeOptimal, mergeSimulations, summarizeGain, type OptimalCounts, summarizePlayerBanker, summarizeSimulation, type PlayerBankerSummary, type PlayerStrategy, type SimulationCounts, type SimulationSummary } from '@paigow/engine';
import { UsageError, choiceInAnyCase, formatCount, formatTable, formatThreads, integerOption, printJson, printText } from '../io.js';
import { startProgress } from '../progress.js';
import { HOUSE_WAY_OPTION_HELP, houseWayOption } from '../house-way-option.js';
import { defaultThreads, runTasks } from '../workers/pool.js';
import { addHistograms } from '../workers/tasks.js';

/** Rounds per block (a unit of work with its own seed). */
export const BLOCK_ROUNDS = 250_000;
/** Rounds per block of the optimal player (each round is an exact analysis of the player's hand). */
export const OPTIMAL_BLOCK_ROUNDS = 20;

/** How `--player` sets the player's hand: by the house way, optimally with card removal, or optimally over all hands. */
export type SimulatedPlayer = 'house-way' | 'optimal' | 'optimal-global';

const PLAYERS: readonly SimulatedPlayer[] = ['house-way', 'optimal', 'optimal-global'];

/** The JSON document of `paigow simulate`. */
export interface SimulateReport extends SimulationSummary {
  readonly player: SimulatedPlayer;
  /** The house way of the banker (and of the player under `--player house-way`). */
  readonly houseWay: HouseWayId;
  readonly seed: number;
  readonly commissionBps: number;
  /** The same rounds with a player as the banker (rules.md §3.1): its edge per unit wagered against it. */
  readonly playerBanker: PlayerBankerSummary;
  /**
   * `--player optimal` only: the mean exact EV per unit staked that the best setting gains over the house
   * way's on the dealt hands, with its 95% interval (`houseWayGivesUp`: its lower bound never below 0); the
   * optimal player's edge is the exact house-way edge (`paigow edge --exact`) less this.
   */
  readonly houseWayGivesUp?: { readonly mean: number; readonly ci95: readonly [number, number] };
  readonly threads: number;
  readonly seconds: number;
}

/**
 * What the optimal setting gains over the house way's per unit staked (`summarizeGain`: the mean over the dealt
 * hands, with the normal approximation's 95% interval), the interval's lower bound clamped at 0: the gain is the
 * best setting's exact EV less the house way's on the same hand, at least 0 on every hand, so its mean is too
 * (over few rounds with few gaining hands the normal interval reached below 0, e.g. 30 rounds gave [−0.0044, 0.0159]).
 */
export function houseWayGivesUp(counts: OptimalCounts): { readonly mean: number; readonly ci95: readonly [number, number] } {
  const { mean, ci95 } = summarizeGain(counts);
  return { mean, ci95: [Math.max(0, ci95[0]), ci95[1]] };
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
    .option('--player <strategy>', 'how the player sets: house-way, optimal (best EV, card removal counted) or optimal-global (best EV over all hands)', 'house-way')
    .option('--house-way <name>', HOUSE_WAY_OPTION_HELP, houseWayOption, DEFAULT_HOUSE_WAY)
    .option('--commission-bps <bps>', 'commission on a win in basis points', integerOption('--commission-bps', 0, 10000), 500)
    .option('--banker-fee-bps <bps>', "a banking player's fee in basis points of the action", integerOption('--banker-fee-bps', 0, 10000), 150)
    .option('--json', 'print one JSON document')
    .action(async (options: { rounds: number; seed: number; threads?: number; player: string; commissionBps: number; bankerFeeBps: number; json?: boolean; houseWay: HouseWayId }) => {
      const player = choiceInAnyCase(PLAYERS, options.player);
      if (!player) throw new UsageError(`--player must be house-way, optimal or optimal-global, got '${options.player}'`);
      const strategy: PlayerStrategy = player === 'house-way' ? 'house-way' : 'optimal';
      const threads = options.threads ?? defaultThreads();
      const start = performance.now();
      let histogram: Float64Array | undefined;
      if (player === 'optimal-global') {
        // This player's choices are scored against the banker's outcomes over all 154,143,080 hands.
        const parts = threads * 4;
        const histogramShares = await runTasks<Float64Array>(
          Array.from({ length: parts }, (_, part) => ({ kind: 'banker-histogram' as const, dead: [], part, parts, houseWay: options.houseWay })),
          threads,
        );
        histogram = addHistograms(histogramShares);
      }
      const blockRounds = player === 'optimal' ? OPTIMAL_BLOCK_ROUNDS : BLOCK_ROUNDS;
      const blocks = Math.ceil(options.rounds / blockRounds);
      const block = (b: number): { rounds: number; seed: number; commissionBps: number; houseWay: HouseWayId } => ({
        rounds: Math.min(blockRounds, options.rounds - b * blockRounds),
        seed: blockSeed(options.seed, b),
        commissionBps: options.commissionBps,
        houseWay: options.houseWay,
      });
      const progress = startProgress(options.rounds, 'rounds');
      const shares = await runTasks<SimulationCounts>(
        Array.from({ length: blocks }, (_, b) =>
          player === 'optimal' ? { kind: 'simulate-optimal' as const, ...block(b) } : { kind: 'simulate' as const, strategy, histogram, ...block(b) },
        ),
        threads,
        (done) => progress.add(done),
      );
      progress.stop();
      const counts = mergeSimulations(shares);
      const gain = player === 'optimal' ? houseWayGivesUp(mergeOptimal(shares as OptimalCounts[])) : undefined;
      const summary = summarizeSimulation(counts, options.commissionBps);
      const playerBanker = summarizePlayerBanker(counts, options.bankerFeeBps);
      const seconds = Math.round(performance.now() - start) / 1000;
      const report: SimulateReport = {
        ...summary,
        player,
        houseWay: options.houseWay,
        seed: options.seed,
        commissionBps: options.commissionBps,
        playerBanker,
        ...(gain ? { houseWayGivesUp: gain } : {}),
        threads,
        seconds,
      };
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
          ...(gain
            ? [`the optimal setting gains ${pct(gain.mean)} (${pct(gain.ci95[0])} … ${pct(gain.ci95[1])}) over the house way's on these hands, exactly per hand (card removal counted): the optimal player's edge is the exact house-way edge (paigow edge --exact) less this`]
            : []),
          `player: ${player}, house way: ${options.houseWay}, seed ${options.seed}, ${formatThreads(threads)}, ${seconds.toFixed(3)} s (${formatCount(report.rounds / seconds)} rounds/s)`,
        ].join('\n'),
      );
    });
}
