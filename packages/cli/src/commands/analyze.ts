/**
 * `paigow analyze <7 cards>` (interfaces.md): every setting of a hand with its probabilities of win, push
 * and loss (rules.md §3) and its EV (5% commission, rules.md §3.1) against the banker's house way, exactly,
 * over all 53,524,680 banker hands from the 46 other cards (the banker set by `--house-way`, the seeds' by
 * default), on worker threads; or, with `--samples N`,
 * estimated from N random banker hands with a 95% interval. Marks the best setting and the house way's,
 * and what the house way gives up.
 */

import type { Command } from 'commander';
import {
  analyzeHand,
  createSeededRng,
  DEFAULT_HOUSE_WAY,
  cardTexts,
  estimateSettings,
  houseWays,
  scoreSettings,
  summarize,
  type Card,
  type Hand,
  type HouseWayId,
  type SettingAnalysis,
} from '@paigow/engine';
import { UsageError, formatCount, formatTable, integerOption, parseHandArgs, printJson, printText, settingCards } from '../io.js';
import { HOUSE_WAY_OPTION_HELP, houseWayOption } from '../house-way-option.js';
import { createPool, defaultThreads, type Pool } from '../workers/pool.js';
import { addHistograms } from '../workers/tasks.js';

interface SettingRow {
  readonly high: string[];
  readonly low: string[];
  readonly legal: boolean;
  readonly win: number;
  readonly push: number;
  readonly loss: number;
  readonly ev: number;
  /** Half-width of the EV's 95% interval (sampled analysis only). */
  readonly evMargin?: number;
}

/** The JSON document of `paigow analyze`. */
export interface AnalyzeReport {
  readonly cards: string[];
  readonly method: 'exact' | 'sampled';
  /** Banker hands the figures are over (53,524,680 when exact). */
  readonly bankerHands: number;
  readonly commissionBps: number;
  /** The banker's house way, whose setting `houseWay` is. */
  readonly houseWayId: HouseWayId;
  readonly settings: SettingRow[];
  readonly best: SettingRow;
  readonly houseWay: SettingRow & { readonly rule: string; readonly explanation: string };
  /** EV of the best setting minus the house way's, per unit staked. */
  readonly houseWayGivesUp: number;
  /** The sampled estimate's seed (`--seed`, else drawn at random), to run it again; `null` when exact. */
  readonly seed: number | null;
  readonly seconds: number;
}

/** A setting's row of the JSON: its hands highest card first, as every command writes them (`settingCards`). */
const row = (s: SettingAnalysis & { evMargin?: number }): SettingRow => ({
  ...settingCards(s),
  legal: s.legal,
  win: s.win,
  push: s.push,
  loss: s.loss,
  ev: s.ev,
  ...(s.evMargin !== undefined ? { evMargin: s.evMargin } : {}),
});

/**
 * The banker histogram of `hand` summed over one share per thread of `pool`.
 * @param houseWay the banker's house way (default: the seeds')
 */
export async function pooledHistogram(hand: readonly Card[], pool: Pool, threads: number, houseWay: HouseWayId = DEFAULT_HOUSE_WAY): Promise<Float64Array> {
  // One share per thread: the shares interleave on the two lowest cards, so they come out even.
  const shares = await pool.run<Float64Array>(
    Array.from({ length: threads }, (_, part) => ({ kind: 'banker-histogram' as const, dead: [...hand], part, parts: threads, houseWay })),
  );
  return addHistograms(shares);
}

async function exactAnalysis(
  hand: Hand,
  threads: number,
  commissionBps: number,
  houseWay: HouseWayId,
): Promise<{ settings: SettingAnalysis[]; bankerHands: number }> {
  if (threads === 1) {
    const analysis = analyzeHand(hand, commissionBps, houseWays[houseWay]);
    return { settings: analysis.settings, bankerHands: analysis.bankerHands };
  }
  const pool = createPool(threads);
  try {
    const histogram = await pooledHistogram(hand, pool, threads, houseWay);
    return { settings: scoreSettings(hand, histogram, commissionBps), bankerHands: histogram.reduce((a, b) => a + b, 0) };
  } finally {
    await pool.close();
  }
}

const percent = (p: number): string => `${(100 * p).toFixed(3)}%`;
const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(5)}`;

/** Registers `paigow analyze`. */
export function registerAnalyze(program: Command): void {
  program
    .command('analyze')
    .alias('analyse')
    .description('EV of every setting of seven cards against the banker\'s house way (exact over 53,524,680 banker hands)')
    .argument('<cards...>', 'seven cards, as one quoted argument or separate arguments')
    .option('--samples <n>', 'estimate from n ≥ 2 random banker hands instead (fast; 95% interval)', integerOption('--samples', 2, 1e9))
    .option('--seed <s>', 'seed of the sampled estimate (default: random)', integerOption('--seed', 0, 2 ** 32 - 1))
    .option('--threads <n>', 'worker threads for the exact analysis (default: every core)', integerOption('--threads', 1, 256))
    .option('--commission-bps <bps>', 'commission on a win in basis points', integerOption('--commission-bps', 0, 10000), 500)
    .option('--house-way <name>', `the banker's ${HOUSE_WAY_OPTION_HELP}`, houseWayOption, DEFAULT_HOUSE_WAY)
    .option('--json', 'print one JSON document')
    .action(async (args: string[], options: { samples?: number; seed?: number; threads?: number; commissionBps: number; json?: boolean; houseWay: HouseWayId }) => {
      const hand = parseHandArgs(args);
      // The exact analysis draws nothing: a seed there was ignored without a word.
      if (options.seed !== undefined && options.samples === undefined) throw new UsageError('--seed is the seed of --samples (the exact analysis draws nothing)');
      const way = houseWays[options.houseWay];
      const start = performance.now();
      let settings: (SettingAnalysis & { evMargin?: number })[];
      let bankerHands: number;
      // A sampled run names its seed, drawn at random unless given, so that it can be run again.
      const seed = options.samples === undefined ? null : (options.seed ?? globalThis.crypto.getRandomValues(new Uint32Array(1))[0]);
      if (options.samples !== undefined && seed !== null) {
        settings = estimateSettings(hand, createSeededRng(seed), options.samples, options.commissionBps, way);
        bankerHands = options.samples;
      } else {
        ({ settings, bankerHands } = await exactAnalysis(hand, options.threads ?? defaultThreads(), options.commissionBps, way.id));
      }
      const summary = summarize(hand, settings, way);
      const house = way.set(hand);
      const seconds = Math.round(performance.now() - start) / 1000;
      const report: AnalyzeReport = {
        cards: cardTexts(hand),
        method: options.samples !== undefined ? 'sampled' : 'exact',
        bankerHands,
        commissionBps: options.commissionBps,
        houseWayId: way.id,
        settings: settings.map(row),
        best: row(summary.best),
        houseWay: { ...row(summary.houseWay), rule: house.rule, explanation: house.explanation.text },
        houseWayGivesUp: summary.houseWayGivesUp,
        seed,
        seconds,
      };
      if (options.json) {
        printJson(report);
        return;
      }
      const order = [...settings].sort((a, b) => b.ev - a.ev);
      const rows = order.map((s) => [
        settingCards(s).high.join(' '),
        settingCards(s).low.join(' '),
        s.legal ? percent(s.win) : 'foul',
        s.legal ? percent(s.push) : '',
        s.legal ? percent(s.loss) : '',
        signed(s.ev) + (s.evMargin ? ` ±${s.evMargin.toFixed(4)}` : ''),
        [s === summary.best ? 'best' : '', s === summary.houseWay ? 'house way' : ''].filter(Boolean).join(', '),
      ]);
      printText(
        [
          // Every column headed: the last marks the best setting and the house way's ('note').
          formatTable(['high hand', 'low hand', 'win', 'push', 'loss', 'EV', 'note'], rows, ['left', 'left', 'right', 'right', 'right', 'right', 'left']),
          '',
          `${way.name} (${house.rule}): ${house.explanation.text}`,
          `The house way gives up ${report.houseWayGivesUp.toFixed(5)} units per unit staked against the best setting.`,
          `${report.method === 'exact' ? 'Exact' : 'Sampled'} over ${formatCount(bankerHands)} banker hands${seed === null ? '' : ` (--seed ${seed})`}, ${seconds.toFixed(3)} s.`,
        ].join('\n'),
      );
    });
}
