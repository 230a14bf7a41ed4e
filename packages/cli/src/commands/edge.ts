/**
 * `paigow edge --exact [--house-way NAME] [--wheel second|low] [--json]` (issue 16): the exact edge of the main wager over all
 * C(53,7) × C(46,7) = 8,250,459,031,214,400 deals, player and banker both set by the house way: the wins,
 * pushes and losses as exact integers, the house edge with commission and a banking player's edge
 * (rules.md §3, §3.1), under the hand ranking `--wheel` names (default: the house way's analysis ranking,
 * `ANALYSIS_RANKINGS`: the standard one for the seeds', the wheel lowest for Foxwoods'). The engine's `edge` module holds the method (inclusion–exclusion over the cards the
 * two hands share); this command fills the outcome table and runs the count on worker threads, with a
 * progress bar, and with `--checkpoint FILE` keeps each finished share so that an interrupted run resumes, under
 * the same rules only (`CheckpointRules`), and only from shares that match their SHA-256 (README, "The `paigow` command").
 */

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import {
  ANALYSIS_RANKINGS,
  DECK_SIZE,
  DEFAULT_HOUSE_WAY,
  edgeWork,
  evaluateLowHand2,
  FOXWOODS_DEFAULTS,
  FULL_DECK,
  HAND_SIZE,
  highHandEvaluator,
  mergeEdgeShares,
  summarizeEdge,
  type Card,
  type EdgeCounts,
  type EdgeShare,
  type ExactFraction,
  type FoxwoodsOptions,
  type HouseWayId,
  type WheelRank,
  WHEEL_RANKS,
} from '@paigow/engine';
import { HOUSE_WAY_OPTION_HELP, houseWayOption } from '../house-way-option.js';
import { UsageError, choiceInAnyCase, formatCount, formatTable, formatThreads, integerOption, printJson, printText } from '../io.js';
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
  /**
   * Every deal per second of the whole run when the run counted every share itself; null when it read any share
   * from `--checkpoint` (`runRate`). README, "The `paigow` command".
   */
  readonly dealsPerSecond: number | null;
  readonly threads: number;
}

/** What a checkpoint's file says it is (`format`); a file of another format is refused. */
export const CHECKPOINT_FORMAT = 'paigow-edge-checkpoint/2';

/**
 * The rules a count was made under, as a checkpoint names them: a checkpoint resumes only under equal rules.
 * Every field is absolute, never relative to defaults that may change between versions (the earlier format's
 * `variant` named only the readings off the defaults of its day, so a checkpoint written before
 * `straightFlushBeforeQuads` changed default resumed silently under the new one, mixing two house ways).
 */
export interface CheckpointRules {
  readonly houseWay: HouseWayId;
  /** Every reading of the house way by its value (`foxwoods`: each switch of `FoxwoodsOptions`; `seeds`: none). */
  readonly readings: Readonly<Record<string, boolean>>;
  /** Where the wheel ranks (`--wheel`). */
  readonly wheel: WheelRank;
  /** The version of `@paigow/engine` (its package.json) that counted. */
  readonly engine: string;
  /**
   * SHA-256 (hex) of the house way's setting code (`HouseWay.code`) and the ranking's values of the high hand
   * (first five cards) and of the low hand (last two) of `RULES_SAMPLE_HANDS` fixed pseudo-random hands, as
   * little-endian 32-bit integers: a change of the house way's or the evaluator's behaviour that the version
   * does not show.
   */
  readonly sample: string;
}

/** A checkpoint file: the finished shares of one count. */
interface Checkpoint {
  readonly format: typeof CHECKPOINT_FORMAT;
  readonly rules: CheckpointRules;
  readonly parts: number;
  /** Share number (`"0"` … `"63"`) → its four sums as decimal integers (signed: a share is a part of an inclusion–exclusion). */
  readonly shares: Record<string, Record<keyof EdgeShare, string>>;
  /** `sharesDigest` of `shares`: written with them, checked when they are read. */
  readonly sharesSha256: string;
}

/** Hands in `CheckpointRules.sample`. */
export const RULES_SAMPLE_HANDS = 4096;

const SHARE_FIELDS: readonly (keyof EdgeShare)[] = ['win', 'sameHigh', 'sameLow', 'total'];

/** The engine's version, from its package.json (one folder above its entry point, dist/ or src/). */
function engineVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@paigow/engine');
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { name?: string; version?: string };
  if (manifest.name !== '@paigow/engine' || typeof manifest.version !== 'string') throw new Error(`no @paigow/engine package.json above ${entry}`);
  return manifest.version;
}

/**
 * The rules a count of `way` is made under (`CheckpointRules`): the house way, all its readings by value, the
 * ranking, the engine's version and a digest of the house way's settings and the ranking's values on a fixed
 * sample of hands (a few ms).
 */
export function checkpointRules(way: EdgeHouseWay): CheckpointRules {
  const houseWay = edgeHouseWay(way);
  const evaluate5 = highHandEvaluator(houseWay.ranking);
  const words = new Int32Array(RULES_SAMPLE_HANDS * 3);
  const hand = new Array<Card>(HAND_SIZE);
  const taken = new Uint8Array(DECK_SIZE);
  // xorshift32 from a fixed seed: the same hands in every version.
  let x = 0x9e3779b9;
  const next = (): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
  for (let h = 0; h < RULES_SAMPLE_HANDS; h++) {
    taken.fill(0);
    for (let i = 0; i < HAND_SIZE; i++) {
      let card = next() % DECK_SIZE;
      while (taken[card]) card = (card + 1) % DECK_SIZE;
      taken[card] = 1;
      hand[i] = card;
    }
    words[3 * h] = houseWay.code(hand);
    words[3 * h + 1] = evaluate5(hand[0], hand[1], hand[2], hand[3], hand[4]);
    words[3 * h + 2] = evaluateLowHand2(hand[5], hand[6]);
  }
  const readings: Record<string, boolean> = way.id === 'foxwoods' ? { ...FOXWOODS_DEFAULTS, ...way.readings } : {};
  const sample = createHash('sha256').update(new Uint8Array(words.buffer)).digest('hex');
  return { houseWay: way.id, readings, wheel: way.wheel, engine: engineVersion(), sample };
}

/**
 * The SHA-256 (hex) of a checkpoint's shares in canonical form: one line `part:win,sameHigh,sameLow,total\n`
 * per share, by increasing part number, each sum in decimal.
 */
export function sharesDigest(shares: Readonly<Record<string, Readonly<Record<keyof EdgeShare, string>>>>): string {
  const text = Object.keys(shares)
    .map(Number)
    .sort((a, b) => a - b)
    .map((part) => `${part}:${SHARE_FIELDS.map((field) => shares[part][field]).join(',')}\n`)
    .join('');
  return createHash('sha256').update(text).digest('hex');
}

/** A plain JSON object (not null, not an array). */
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The first field where two rules differ, as `name: a there, b here`, or undefined when they are equal. */
function rulesDifference(saved: Record<string, unknown>, expect: CheckpointRules): string | undefined {
  const show = (x: unknown): string => (typeof x === 'string' ? x : JSON.stringify(x) ?? 'nothing');
  for (const field of ['houseWay', 'wheel', 'engine', 'sample'] as const) {
    if (saved[field] !== expect[field]) return `${field}: ${show(saved[field])} there, ${expect[field]} here`;
  }
  const readings = isObject(saved.readings) ? saved.readings : {};
  for (const name of new Set([...Object.keys(readings), ...Object.keys(expect.readings)])) {
    if (readings[name] !== expect.readings[name]) return `reading ${name}: ${show(readings[name])} there, ${show(expect.readings[name])} here`;
  }
  if (!isObject(saved.readings)) return `readings: ${show(saved.readings)} there`;
  return undefined;
}

/**
 * Reads a checkpoint's finished shares when it belongs to this count. Refuses, with a `UsageError` (exit 2, one
 * line), a file that is not JSON or not a checkpoint of this format (every field checked: share numbers 0 … parts − 1,
 * each share's four sums integers in decimal digits), one written by an earlier version, one of other rules
 * (`CheckpointRules`: house way, any reading, ranking, engine version, sample digest), and one whose shares do
 * not match their SHA-256 (altered or damaged). Never starts over a file it refuses.
 */
function loadCheckpoint(file: string, expect: { readonly rules: CheckpointRules; readonly parts: number }): Map<number, EdgeShare> {
  const done = new Map<number, EdgeShare>();
  if (!existsSync(file)) return done;
  let saved: unknown;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (error) {
    throw new UsageError(`--checkpoint: cannot read ${file}: ${(error as Error).message}`);
  }
  const refuse = (why: string): never => {
    throw new UsageError(`--checkpoint: ${file}${why}; delete it (or name another file) to count again`);
  };
  if (!isObject(saved)) return refuse(' is not a checkpoint of paigow edge (not a JSON object)');
  if (saved.format !== CHECKPOINT_FORMAT) {
    if ('variant' in saved && !('format' in saved)) {
      return refuse(' was written by an earlier paigow, which named the house way only by the readings off the defaults of its day');
    }
    return refuse(` is not a checkpoint of paigow edge (format ${JSON.stringify(saved.format) ?? 'missing'}, not ${CHECKPOINT_FORMAT})`);
  }
  const difference = isObject(saved.rules) ? rulesDifference(saved.rules, expect.rules) : 'rules missing';
  if (difference !== undefined) return refuse(` holds a count of another house way, readings, ranking or engine (${difference})`);
  if (saved.parts !== expect.parts) return refuse(` holds ${JSON.stringify(saved.parts) ?? 'no number of'} shares, not ${expect.parts}`);
  const shares = saved.shares;
  if (!isObject(shares)) return refuse(': shares must be an object of shares by number');
  for (const [key, share] of Object.entries(shares)) {
    const part = /^(0|[1-9]\d*)$/.test(key) ? Number(key) : NaN;
    if (!(part < expect.parts)) return refuse(`: share '${key}' is not one of 0‥${expect.parts - 1}`);
    if (!isObject(share) || Object.keys(share).some((field) => !(SHARE_FIELDS as readonly string[]).includes(field))) {
      return refuse(`: share ${key} is not {win, sameHigh, sameLow, total}`);
    }
    for (const field of SHARE_FIELDS) {
      const value = share[field];
      if (typeof value !== 'string' || !/^-?(0|[1-9]\d{0,39})$/.test(value)) return refuse(`: share ${key}: ${field} must be an integer in decimal digits, got '${String(value)}'`);
    }
    done.set(part, { win: BigInt(share.win as string), sameHigh: BigInt(share.sameHigh as string), sameLow: BigInt(share.sameLow as string), total: BigInt(share.total as string) });
  }
  if (saved.sharesSha256 !== sharesDigest(shares as Checkpoint['shares'])) return refuse(': its shares do not match their SHA-256 (altered or damaged)');
  return done;
}

/** Writes the finished shares with their digest (to a temporary file first, so that an interruption never leaves half a file). */
function saveCheckpoint(file: string, head: { readonly rules: CheckpointRules; readonly parts: number }, done: Map<number, EdgeShare>): void {
  const shares: Checkpoint['shares'] = {};
  for (const [part, s] of [...done].sort(([a], [b]) => a - b)) shares[part] = { win: `${s.win}`, sameHigh: `${s.sameHigh}`, sameLow: `${s.sameLow}`, total: `${s.total}` };
  const checkpoint: Checkpoint = { format: CHECKPOINT_FORMAT, rules: head.rules, parts: head.parts, shares, sharesSha256: sharesDigest(shares) };
  writeFileSync(`${file}.tmp`, `${JSON.stringify(checkpoint)}\n`);
  renameSync(`${file}.tmp`, file);
}

/**
 * Parses `--readings name=value,…` (the switches of `FoxwoodsOptions`, each `true` or `false`).
 * @throws UsageError naming the readings there are, for an unknown name or a value other than true/false
 */
export function parseReadings(text: string): Partial<FoxwoodsOptions> {
  const names = Object.keys(FOXWOODS_DEFAULTS);
  const readings: Record<string, boolean> = {};
  for (const item of text.split(',').filter((x) => x.trim() !== '')) {
    const [given, value, extra] = item.trim().split('=');
    // Names and values in any case (`jokerIsExceptionAce=TRUE`).
    const name = choiceInAnyCase(names, given);
    const flag = choiceInAnyCase(['true', 'false'], value ?? '');
    if (name === undefined || flag === undefined || extra !== undefined) {
      throw new UsageError(`--readings: expected name=true|false with a name among ${names.join(', ')}, got '${item}'`);
    }
    readings[name] = flag === 'true';
  }
  return readings as Partial<FoxwoodsOptions>;
}

/**
 * Parses `--wheel second|low` (evaluate/ranking.ts).
 * @throws UsageError naming the ranks there are
 */
export function wheelOption(text: string): WheelRank {
  const found = choiceInAnyCase(WHEEL_RANKS, text);
  if (!found) throw new UsageError(`--wheel: expected ${WHEEL_RANKS.join(' or ')}, got '${text}'`);
  return found;
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
 * @param checkpoint a file of finished shares to resume from and add to (created when missing), or undefined
 * @throws UsageError (exit 2) for a checkpoint that cannot be written, or that `loadCheckpoint` refuses: not a
 *   checkpoint, of another format or other rules, shares altered or not adding up to every deal
 */
export async function exactEdge(way: EdgeHouseWay, threads: number, commissionBps: number, bankerFeeBps: number, checkpoint?: string): Promise<EdgeReport> {
  const start = performance.now();
  const head = checkpoint ? { rules: checkpointRules(way), parts: EDGE_PARTS } : undefined;
  const done = checkpoint && head ? loadCheckpoint(checkpoint, head) : new Map<number, EdgeShare>();
  // Written once now: a file that cannot be written is refused before the count, not after its first share, minutes in.
  if (checkpoint && head) {
    try {
      saveCheckpoint(checkpoint, head, done);
    } catch (error) {
      throw new UsageError(`--checkpoint: cannot write ${checkpoint}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  }
  const todo = Array.from({ length: EDGE_PARTS }, (_, part) => part).filter((part) => !done.has(part));
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
          if (checkpoint && head) saveCheckpoint(checkpoint, head, done);
        },
      );
    } finally {
      progress.stop();
      await pool.close();
    }
  }
  let counts: EdgeCounts;
  try {
    counts = mergeEdgeShares(FULL_DECK, [...done.values()]);
  } catch (error) {
    // Only a checkpoint's shares can fail here (the shares counted now add up): its digest matched, its sums did not.
    if (checkpoint === undefined) throw error;
    throw new UsageError(`--checkpoint: ${checkpoint}: ${(error as Error).message}; delete it (or name another file) to count again`);
  }
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
    dealsPerSecond: runRate(counts.deals, EDGE_PARTS - todo.length, seconds),
    threads,
  };
}

/**
 * The deals per second of a run that counted `deals` in `seconds`, having read `sharesRead` of its shares from a
 * checkpoint: `null` unless it read none. A share's `total` is a signed term of an inclusion–exclusion sum (the
 * deals holding a common set of cards, added or taken away), not a number of deals, so the shares a resumed run
 * counted have no number of deals to divide (summed, they gave negative rates).
 */
export function runRate(deals: bigint, sharesRead: number, seconds: number): number | null {
  return sharesRead > 0 || seconds <= 0 ? null : Math.round(exactNumber(deals) / seconds);
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
            `house way: ${report.houseWay}${Object.keys(report.readings).length ? ` (readings ${JSON.stringify(report.readings)})` : ''}, the wheel ranked ${report.wheel === 'low' ? 'lowest' : 'second'}; ${formatThreads(threads)}, ${report.seconds.toFixed(1)} s (table ${report.tableSeconds.toFixed(1)} s)${report.dealsPerSecond === null ? ', resumed from the checkpoint' : `, ${formatCount(report.dealsPerSecond)} deals/s`}`,
          ].join('\n'),
        );
      },
    );
}
