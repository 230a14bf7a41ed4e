/**
 * `paigow edge --exact [--house-way NAME] [--wheel second|low] [--json]` (issue 16): the exact edge of the main wager over all
 * C(53,7) × C(46,7) = 8,250,459,031,214,400 deals, player and banker both set by the house way: the wins,
 * pushes and losses as exact integers, the house edge with commission and a banking player's edge
 * (rules.md §3, §3.1), under the hand ranking `--wheel` names (default: the house way's analysis ranking,
 * `ANALYSIS_RANKINGS`: the standard one for the seeds', the wheel lowest for Foxwoods'). The engine's `edge` module holds the method (inclusion–exclusion over the cards the
 * two hands share); this command fills the outcome table and runs the count on worker threads, with a
 * progress bar, and with `--checkpoint FILE` keeps each finished share so that an interrupted run resumes.
 */

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import {
  ANALYSIS_RANKINGS,
  DEFAULT_HOUSE_WAY,
  edgeWork,
  FOXWOODS_DEFAULTS,
  FULL_DECK,
  mergeEdgeShares,
  summarizeEdge,
  type EdgeShare,
  type ExactFraction,
  type FoxwoodsOptions,
  type HouseWayId,
  type WheelRank,
  WHEEL_RANKS,
} from '@paigow/engine';
import { HOUSE_WAY_OPTION_HELP, houseWayOption } from '../house-way-option.js';
import { UsageError, formatCount, formatTable, formatThreads, integerOption, printJson, printText } from '../io.js';
import { startProgress } from '../progress.js';
import { createPool, defaultThreads } from '../workers/pool.js';
import { edgeHouseWay, type EdgeFill, type EdgeHouseWay } from '../workers/edge-tasks.js';

/** Shares of the count (fixed, so that a checkpoint fits any thread count). */
export const EDGE_PARTS = 64;

/** Shares of the outcome table's filling. */
const FILL_PARTS = 64;

/** An exact fraction in JSON: the value, and `"numerator/denominator"` in lowest terms. */
export interface FractionReport {
  readonly value: number;
  readonly exact: string;
}

/** The JSON document of `paigow edge --exact`. */
export interface EdgeReport {
  readonly houseWay: HouseWayId;
  /** The Foxwoods readings that differ from ours (`--readings`), `{}` for the default ones. */
  readonly readings: Partial<FoxwoodsOptions>;
  /** Where the wheel ranked (`--wheel`): `second` (rules.md §2.1) or `low` (the 2013 analysis). */
  readonly wheel: WheelRank;
  /** Deals counted: 8,250,459,031,214,400 (below 2^53: every count here is an exact JSON number). */
  readonly deals: number;
  /** Exact counts of the player's results, and of the deals whose high / low hands are copies. */
  readonly counts: { readonly win: number; readonly push: number; readonly loss: number; readonly highCopies: number; readonly lowCopies: number };
  /** Shares of the deals. */
  readonly win: number;
  readonly push: number;
  readonly loss: number;
  readonly commissionBps: number;
  /** The player's expected loss per unit staked, the house banking with `commissionBps` on wins. */
  readonly houseEdge: FractionReport;
  /** A player banking (rules.md §3.1): no commission, copies won, `feeBps` of the action paid. */
  readonly playerBanker: { readonly feeBps: number; readonly edgeBeforeFee: FractionReport; readonly edge: FractionReport };
  /** Whole run / filling the outcome table, in seconds (a resumed run counts only its own time). */
  readonly seconds: number;
  readonly tableSeconds: number;
  /** Deals per second of the whole run; null when shares came from a checkpoint. */
  readonly dealsPerSecond: number | null;
  readonly threads: number;
}

/** A checkpoint file: the finished shares of one count. */
interface Checkpoint {
  readonly houseWay: HouseWayId;
  readonly variant: string;
  readonly parts: number;
  readonly shares: Record<string, Record<keyof EdgeShare, string>>;
}

/**
 * Parses `--readings name=value,…` (the switches of `FoxwoodsOptions`, each `true` or `false`).
 * @throws UsageError naming the readings there are, for an unknown name or a value other than true/false
 */
export function parseReadings(text: string): Partial<FoxwoodsOptions> {
  const names = Object.keys(FOXWOODS_DEFAULTS);
  const readings: Record<string, boolean> = {};
  for (const item of text.split(',').filter((x) => x.trim() !== '')) {
    const [name, value, extra] = item.trim().split('=');
    if (!names.includes(name) || (value !== 'true' && value !== 'false') || extra !== undefined) {
      throw new UsageError(`--readings: expected name=true|false with a name among ${names.join(', ')}, got '${item}'`);
    }
    readings[name] = value === 'true';
  }
  return readings as Partial<FoxwoodsOptions>;
}

/**
 * Parses `--wheel second|low` (evaluate/ranking.ts).
 * @throws UsageError naming the ranks there are
 */
export function wheelOption(text: string): WheelRank {
  const found = WHEEL_RANKS.find((rank) => rank === text);
  if (!found) throw new UsageError(`--wheel: expected ${WHEEL_RANKS.join(' or ')}, got '${text}'`);
  return found;
}

/** Reads a checkpoint's finished shares when it belongs to this count; refuses one of another count. */
function loadCheckpoint(file: string, expect: Omit<Checkpoint, 'shares'>): Map<number, EdgeShare> {
  const done = new Map<number, EdgeShare>();
  if (!existsSync(file)) return done;
  let saved: Checkpoint;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as Checkpoint;
  } catch (error) {
    throw new UsageError(`--checkpoint: cannot read ${file}: ${(error as Error).message}`);
  }
  if (saved.houseWay !== expect.houseWay || saved.variant !== expect.variant || saved.parts !== expect.parts) {
    throw new UsageError(`--checkpoint: ${file} holds a count of another house way, readings or ranking (${saved.houseWay} ${saved.variant})`);
  }
  for (const [part, s] of Object.entries(saved.shares)) {
    done.set(Number(part), { win: BigInt(s.win), sameHigh: BigInt(s.sameHigh), sameLow: BigInt(s.sameLow), total: BigInt(s.total) });
  }
  return done;
}

/** Writes the finished shares (to a temporary file first, so that an interruption never leaves half a file). */
function saveCheckpoint(file: string, head: Omit<Checkpoint, 'shares'>, done: Map<number, EdgeShare>): void {
  const shares: Checkpoint['shares'] = {};
  for (const [part, s] of done) shares[part] = { win: `${s.win}`, sameHigh: `${s.sameHigh}`, sameLow: `${s.sameLow}`, total: `${s.total}` };
  writeFileSync(`${file}.tmp`, `${JSON.stringify({ ...head, shares })}\n`);
  renameSync(`${file}.tmp`, file);
}

/** A bigint count as a JSON number, which is exact below 2^53. */
function exactNumber(x: bigint): number {
  if (x > BigInt(Number.MAX_SAFE_INTEGER) || x < -BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`count ${x} is past 2^53`);
  return Number(x);
}

function fractionReport(f: ExactFraction): FractionReport {
  return { value: f.value, exact: `${f.numerator}/${f.denominator}` };
}

/**
 * Counts every deal with the given house way on worker threads.
 * @param way the house way (and readings) that sets both hands
 * @param threads worker threads
 * @param checkpoint a file of finished shares to resume from and add to, or undefined
 */
export async function exactEdge(way: EdgeHouseWay, threads: number, commissionBps: number, bankerFeeBps: number, checkpoint?: string): Promise<EdgeReport> {
  const start = performance.now();
  const head = { houseWay: way.id, variant: edgeHouseWay(way).variant, parts: EDGE_PARTS };
  const done = checkpoint ? loadCheckpoint(checkpoint, head) : new Map<number, EdgeShare>();
  // Written once now: a file that cannot be written is refused before the count, not after its first share, minutes in.
  if (checkpoint) {
    try {
      saveCheckpoint(checkpoint, head, done);
    } catch (error) {
      throw new UsageError(`--checkpoint: cannot write ${checkpoint}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  const todo = Array.from({ length: EDGE_PARTS }, (_, part) => part).filter((part) => !done.has(part));
  const resumed = todo.length < EDGE_PARTS;
  let tableSeconds = 0;
  if (todo.length > 0) {
    const outcomes = new Int32Array(new SharedArrayBuffer(FULL_DECK.hands * Int32Array.BYTES_PER_ELEMENT));
    const work = edgeWork(FULL_DECK);
    const progress = startProgress(FULL_DECK.hands + Math.round((work * todo.length) / EDGE_PARTS), 'hands');
    const pool = createPool(threads);
    try {
      await pool.run<EdgeFill>(
        Array.from({ length: FILL_PARTS }, (_, part) => ({ kind: 'edge-outcomes' as const, houseWay: way, outcomes, part, parts: FILL_PARTS })),
        (n) => progress.add(n),
      );
      tableSeconds = Math.round(performance.now() - start) / 1000;
      await pool.run<EdgeShare>(
        todo.map((part) => ({ kind: 'edge-count' as const, outcomes, part, parts: EDGE_PARTS })),
        (n) => progress.add(n),
        (index, share) => {
          done.set(todo[index], share);
          if (checkpoint) saveCheckpoint(checkpoint, head, done);
        },
      );
    } finally {
      progress.stop();
      await pool.close();
    }
  }
  const counts = mergeEdgeShares(FULL_DECK, [...done.values()]);
  const summary = summarizeEdge(counts, commissionBps, bankerFeeBps);
  const seconds = Math.round(performance.now() - start) / 1000;
  return {
    houseWay: way.id,
    readings: way.readings ?? {},
    wheel: way.wheel,
    deals: exactNumber(counts.deals),
    counts: {
      win: exactNumber(counts.win),
      push: exactNumber(counts.push),
      loss: exactNumber(counts.loss),
      highCopies: exactNumber(counts.highCopies),
      lowCopies: exactNumber(counts.lowCopies),
    },
    win: summary.win,
    push: summary.push,
    loss: summary.loss,
    commissionBps,
    houseEdge: fractionReport(summary.houseEdge),
    playerBanker: {
      feeBps: bankerFeeBps,
      edgeBeforeFee: fractionReport(summary.playerBanker.edgeBeforeFee),
      edge: fractionReport(summary.playerBanker.edge),
    },
    seconds,
    tableSeconds,
    dealsPerSecond: resumed ? null : Math.round(exactNumber(counts.deals) / seconds),
    threads,
  };
}

/** Registers `paigow edge`. */
export function registerEdge(program: Command): void {
  program
    .command('edge')
    .description('the exact edge of the main wager over all 8,250,459,031,214,400 deals, both hands set by the house way')
    .option('--exact', 'count every deal (required: the count is exact)')
    .option('--house-way <name>', HOUSE_WAY_OPTION_HELP, houseWayOption, DEFAULT_HOUSE_WAY)
    .option('--readings <list>', 'Foxwoods readings that differ from ours: name=true|false,… (see docs/house-way-foxwoods.md)', parseReadings)
    .option(
      '--wheel <rank>',
      "where A-2-3-4-5 ranks: second (rules.md, the tables' ranking) or low (the 2013 analysis'); default: seeds second, foxwoods low",
      wheelOption,
    )
    .option('--threads <n>', 'worker threads (default: every core)', integerOption('--threads', 1, 256))
    .option('--commission-bps <bps>', 'commission on a win in basis points', integerOption('--commission-bps', 0, 10000), 500)
    .option('--banker-fee-bps <bps>', "a banking player's fee in basis points of the action", integerOption('--banker-fee-bps', 0, 10000), 150)
    .option('--checkpoint <file>', 'keep finished shares in FILE and resume from it')
    .option('--json', 'print one JSON document')
    .action(
      async (options: {
        exact?: boolean;
        houseWay: HouseWayId;
        readings?: Partial<FoxwoodsOptions>;
        wheel?: WheelRank;
        threads?: number;
        commissionBps: number;
        bankerFeeBps: number;
        checkpoint?: string;
        json?: boolean;
      }) => {
        if (!options.exact) throw new UsageError('edge needs --exact (it counts every deal)');
        if (options.readings && options.houseWay !== 'foxwoods') throw new UsageError('--readings applies to --house-way foxwoods only');
        const threads = options.threads ?? defaultThreads();
        const wheel = options.wheel ?? ANALYSIS_RANKINGS[options.houseWay].wheel;
        const report = await exactEdge({ id: options.houseWay, readings: options.readings, wheel }, threads, options.commissionBps, options.bankerFeeBps, options.checkpoint);
        if (options.json) {
          printJson(report);
          return;
        }
        const pct = (x: number): string => `${(100 * x).toFixed(6)}%`;
        const c = report.counts;
        printText(
          [
            formatTable(
              ['result', 'deals', 'share'],
              [
                ['win', formatCount(c.win), report.win.toFixed(9)],
                ['push', formatCount(c.push), report.push.toFixed(9)],
                ['loss', formatCount(c.loss), report.loss.toFixed(9)],
                ['all', formatCount(report.deals), '1'],
              ],
              ['left', 'right', 'right'],
            ),
            `house edge (${report.commissionBps / 100}% commission): ${pct(report.houseEdge.value)} = ${report.houseEdge.exact}`,
            `a player as banker (no commission, fee ${report.playerBanker.feeBps / 100}% of the action): ${pct(report.playerBanker.edge.value)}, ${pct(report.playerBanker.edgeBeforeFee.value)} before the fee`,
            `house way: ${report.houseWay}${Object.keys(report.readings).length ? ` (readings ${JSON.stringify(report.readings)})` : ''}, the wheel ranked ${report.wheel === 'low' ? 'lowest' : 'second'}; ${formatThreads(threads)}, ${report.seconds.toFixed(1)} s (table ${report.tableSeconds.toFixed(1)} s)${report.dealsPerSecond === null ? ', shares from the checkpoint' : `, ${formatCount(report.dealsPerSecond)} deals/s`}`,
          ].join('\n'),
        );
      },
    );
}
