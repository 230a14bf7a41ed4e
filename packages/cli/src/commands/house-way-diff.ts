/**
 * `paigow house-way diff A B [--top N] [--banker A|B] [--hand <7 cards>] [--json]` (issue 16 point 4, the
 * house-way lab): where two house ways set the same seven cards differently, and what it costs.
 *
 * Method. All 154,143,080 hands are set by both house ways (worker threads; `sweepHouseWayDiff`) and the
 * hands whose two settings differ in value are counted exactly and grouped by the pair of settings' values
 * (A's high and low hand, B's). Every hand of a group scores the same against the banker's outcomes over
 * all hands, so each group is ranked by that approximate cost |EV(A) − EV(B)| (no card removal); the
 * `--candidates` costliest groups (default: top + 10) are then analysed exactly on their representative
 * hand — both settings against the banker's house way over the 53,524,680 banker hands from the other 46
 * cards, as `paigow analyze` does — and the `--top` costliest by the exact figure are listed. A second list,
 * `--top-total` groups (default: the same as `--top`), ranks by hands × approximate cost (where the two part most in total),
 * also analysed exactly; and `evChange` sums, over every differing hand, EV(B) − EV(A) against the banker
 * over all hands: what setting every hand by B instead of A changes per hand dealt (approximate: no card removal).
 * `--hand` looks up one hand instead: both settings and their exact EVs.
 */

import type { Command } from 'commander';
import {
  approximateCost,
  cardTexts,
  HAND_SIZE,
  houseWays,
  isHouseWayId,
  mergeHouseWayDiffs,
  parseCard,
  optimalChooser,
  outcomeEv,
  scoreSettings,
  settingIndexOfCode,
  settingText,
  settingValues,
  toHand,
  unwrap,
  type Hand,
  type HouseWay,
  type HouseWayDiffShare,
  type HouseWayId,
} from '@paigow/engine';
import { UsageError, formatCount, formatTable, formatThreads, integerOption, parseHandArgs, printJson, printText } from '../io.js';
import { houseWayArgument, houseWayOptionNamed } from '../house-way-option.js';
import { startProgress } from '../progress.js';
import { createPool, defaultThreads, type Pool } from '../workers/pool.js';
import { addHistograms } from '../workers/tasks.js';
import { pooledHistogram } from './analyze.js';

const TOTAL_HANDS = 154_143_080;

/** One house way's setting of a hand and its exact EV against the banker's house way. */
export interface DiffSetting {
  readonly high: string[];
  readonly low: string[];
  readonly rule: string;
  readonly explanation: string;
  /** Per unit staked, 5% commission on a win (or `--commission-bps`). */
  readonly ev: number;
}

/** A hand on which the two house ways part. */
export interface DiffHand {
  readonly cards: string[];
  readonly a: DiffSetting;
  readonly b: DiffSetting;
  /** Whether the settings differ in value (false: the same or equal-rank cards swapped). */
  readonly differ: boolean;
  /** |EV(A) − EV(B)|, exact. */
  readonly cost: number;
  /** The house way whose setting has the higher EV (`null` when equal). */
  readonly better: HouseWayId | null;
  /** Hands whose two settings have the same values as this one's (its group; absent for `--hand`). */
  readonly hands?: number;
}

/** The JSON document of `paigow house-way diff A B`. */
export interface HouseWayDiffReport {
  readonly a: HouseWayId;
  readonly b: HouseWayId;
  /** The banker's house way the EVs are against. */
  readonly banker: HouseWayId;
  readonly commissionBps: number;
  /** Hands set: 154,143,080. */
  readonly total: number;
  /** Hands the two house ways set differently in value (exact). */
  readonly differ: number;
  /** differ / total. */
  readonly share: number;
  /** Groups of differing hands by the values of both settings. */
  readonly groups: number;
  /** Groups analysed exactly (the costliest by the approximate cost). */
  readonly candidates: number;
  /** The costliest hands by exact cost, highest first. */
  readonly top: DiffHand[];
  /** The groups where the two part most in total (hands × approximate cost), highest first, exact per representative hand. */
  readonly topTotal: DiffHand[];
  /**
   * Σ over differing hands of EV(B's setting) − EV(A's setting) against the banker over all hands, per hand
   * dealt: the player's EV change from setting every hand by B instead of A (approximate: no card removal).
   */
  readonly evChange: number;
  readonly method: string;
  readonly seconds: number;
  readonly threads: number;
}

const METHOD =
  'every hand set by both house ways; differing hands counted exactly and grouped by the values of both settings; ' +
  'groups ranked by |EV(A) − EV(B)| against the banker over all hands (no card removal); the costliest groups ' +
  "analysed exactly on a representative hand (53,524,680 banker hands, as paigow analyze)";

function settingOf(way: HouseWay, hand: Hand, ev: number): DiffSetting {
  const s = way.set(hand);
  return { ...settingText(s), rule: s.rule, explanation: s.explanation.text, ev };
}

/** Both settings of `hand` with their exact EVs against `banker` (the histogram over the 46 other cards). */
async function exactDiff(hand: Hand, a: HouseWay, b: HouseWay, banker: HouseWay, pool: Pool, threads: number, commissionBps: number): Promise<DiffHand> {
  const histogram = await pooledHistogram(hand, pool, threads, banker.id);
  const scored = scoreSettings(hand, histogram, commissionBps);
  const settingA = scored[settingIndexOfCode(a.code(hand))];
  const settingB = scored[settingIndexOfCode(b.code(hand))];
  const valuesA = settingValues(settingA);
  const valuesB = settingValues(settingB);
  const evA = settingA.ev;
  const evB = settingB.ev;
  return {
    cards: cardTexts(hand),
    a: settingOf(a, hand, evA),
    b: settingOf(b, hand, evB),
    differ: valuesA.high !== valuesB.high || valuesA.low !== valuesB.low,
    cost: Math.abs(evA - evB),
    better: evA > evB ? a.id : evB > evA ? b.id : null,
  };
}

/** Sweeps every hand by both house ways on the pool's threads. */
async function sweep(a: HouseWay, b: HouseWay, pool: Pool, threads: number): Promise<HouseWayDiffShare> {
  const parts = threads * 8;
  const progress = startProgress(TOTAL_HANDS, 'hands');
  const shares = await pool.run<HouseWayDiffShare>(
    Array.from({ length: parts }, (_, part) => ({ kind: 'house-way-diff' as const, a: a.id, b: b.id, part, parts })),
    (done) => progress.add(done),
  );
  progress.stop();
  return mergeHouseWayDiffs(shares);
}

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(5)}`;

/**
 * The table of `hands`: each house way's setting and EV, the signed difference EV(B) − EV(A) per unit
 * staked (positive: B's setting is better for the player) and the better house way's id.
 */
function printHands(report: { a: HouseWayId; b: HouseWayId }, hands: readonly DiffHand[]): string {
  // A sweep's groups say how many hands each stands for; one hand looked up (`--hand`) stands for itself.
  const grouped = hands.some((h) => h.hands !== undefined);
  const rows = hands.map((h) => [
    h.cards.join(' '),
    `${h.a.high.join(' ')} / ${h.a.low.join(' ')}`,
    signed(h.a.ev),
    `${h.b.high.join(' ')} / ${h.b.low.join(' ')}`,
    signed(h.b.ev),
    signed(h.b.ev - h.a.ev),
    h.better ?? 'equal',
    ...(grouped ? [h.hands !== undefined ? formatCount(h.hands) : ''] : []),
  ]);
  return formatTable(
    ['hand', `${report.a}: high / low`, 'EV', `${report.b}: high / low`, 'EV', `EV ${report.b} − ${report.a}`, 'better', ...(grouped ? ['hands alike'] : [])],
    rows,
    ['left', 'left', 'right', 'left', 'right', 'right', 'left', ...(grouped ? (['right'] as const) : [])],
  );
}

/** `1 group`, `2 groups`. */
const groups = (n: number): string => `${formatCount(n)} group${n === 1 ? '' : 's'}`;

/**
 * The text report of a sweep (`paigow house-way diff A B` without `--json`): the share set differently,
 * the costliest hands, the hands where the two part most in total, and the EV change from A to B, each
 * difference signed with the better house way named.
 */
export function diffReportText(report: HouseWayDiffReport, a: HouseWay, b: HouseWay): string {
  const better = report.evChange > 0 ? b : report.evChange < 0 ? a : null;
  return [
    `${a.name} and ${b.name} set ${formatCount(report.differ)} of ${formatCount(report.total)} hands differently (${(100 * report.share).toFixed(4)}%), in ${groups(report.groups)} by the values of both settings.`,
    `${report.top.length === 1 ? 'The costliest hand' : `The ${report.top.length} costliest hands`} (EV per unit against the banker's ${report.banker} house way, exact; ${groups(report.candidates)} analysed exactly):`,
    printHands(report, report.top),
    ...(report.topTotal.length > 0
      ? [
          `${report.topTotal.length === 1 ? 'The group' : `The ${report.topTotal.length} groups`} where they part most in total (hands alike × |EV ${report.b} − ${report.a}|; EVs exact per hand):`,
          printHands(report, report.topTotal),
        ]
      : []),
    `Setting every hand by ${b.id} instead of ${a.id} changes the player's EV by ${signed(report.evChange)} per hand dealt (against the banker over all hands, no card removal): ` +
      (better ? `${better.name} (${better.id}) is better for the player.` : 'neither is better.'),
    `${report.seconds.toFixed(3)} s on ${formatThreads(report.threads)}`,
  ].join('\n');
}

/**
 * The two house ways and the hand of `paigow house-way diff`, from its arguments as commander parsed them.
 * `--hand` takes the seven cards as one quoted argument or as separate arguments (interfaces.md); given
 * separately before the house ways (`--hand 2d 3d 4d 7d Jd Ad Jk seeds foxwoods`), the option takes the house
 * ways too, and they are taken back from the end of its words here.
 * @param given the house ways given as arguments (`<a>`, `<b>`; undefined when not given there)
 * @param handWords `--hand`'s words, or undefined without `--hand`
 * @throws UsageError (exit status 2): a house way missing or unknown, house ways on both sides of the cards,
 *   or not seven valid distinct cards
 */
export function diffOperands(
  given: readonly (HouseWayId | undefined)[],
  handWords: readonly string[] | undefined,
): { a: HouseWayId; b: HouseWayId; hand: Hand | undefined } {
  const ways = given.filter((id): id is HouseWayId => id !== undefined);
  const words = [...(handWords ?? [])];
  const after: HouseWayId[] = [];
  while (ways.length + after.length < 2 && words.length > 0 && isHouseWayId(words[words.length - 1])) after.unshift(words.pop() as HouseWayId);
  if (ways.length > 0 && after.length > 0) {
    // The order of the two would be a guess (`seeds --hand … foxwoods` reads as `--hand … foxwoods --json seeds`).
    throw new UsageError(`give both house ways before --hand or both after its cards: paigow house-way diff ${ways[0]} ${after[0]} --hand <7 cards>`);
  }
  ways.push(...after);
  if (ways.length < 2) {
    // A word after the cards that is not a card was meant for a house way: say which names there are.
    const last = words[words.length - 1];
    if (last !== undefined && !/\s|,/.test(last) && !parseCard(last).ok) houseWayArgument(last);
    throw new UsageError(`missing required argument '${ways.length === 0 ? 'a' : 'b'}'`);
  }
  return { a: ways[0], b: ways[1], hand: handWords !== undefined ? parseHandArgs(words) : undefined };
}

/** Registers `paigow house-way` and its subcommand `diff`. */
export function registerHouseWay(program: Command): void {
  const group = program.command('house-way').description('the house-way lab: compare two house ways (diff)').usage('<command> [options]');
  group
    .command('diff')
    .description('where two house ways set hands differently: the share of all hands, the costliest hands, or one hand (--hand)')
    // Optional for commander only: given after --hand's separate cards they arrive among its words (diffOperands).
    .usage('[options] <a> <b>')
    .argument('[a]', 'the first house way (seeds or foxwoods)', houseWayArgument)
    .argument('[b]', 'the second house way', houseWayArgument)
    .option('--top <n>', 'list the n costliest hands (and, unless --top-total, the n where they part most in total)', integerOption('--top', 1, 1000), 50)
    .option('--candidates <n>', 'groups analysed exactly before ranking (default: top + 10)', integerOption('--candidates', 1, 100_000))
    .option('--top-total <n>', 'list the n groups where they part most in total (hands × |EV difference|; default: --top)', integerOption('--top-total', 0, 1000))
    .option('--banker <name>', "the banker's house way the EVs are against (default: the first)", houseWayOptionNamed('--banker'))
    .option('--hand <cards...>', 'look up one hand instead of sweeping: seven cards, as one quoted argument or separate arguments')
    .option('--commission-bps <bps>', 'commission on a win in basis points', integerOption('--commission-bps', 0, 10000), 500)
    .option('--threads <n>', 'worker threads (default: every core)', integerOption('--threads', 1, 256))
    .option('--json', 'print one JSON document')
    .action(
      async (
        aGiven: HouseWayId | undefined,
        bGiven: HouseWayId | undefined,
        options: { top: number; topTotal?: number; candidates?: number; banker?: HouseWayId; hand?: string[]; commissionBps: number; threads?: number; json?: boolean },
      ) => {
        const { a: aId, b: bId, hand } = diffOperands([aGiven, bGiven], options.hand);
        if (aId === bId) throw new UsageError('house-way diff needs two different house ways');
        const a = houseWays[aId];
        const b = houseWays[bId];
        const banker = houseWays[options.banker ?? aId];
        const threads = options.threads ?? defaultThreads();
        const start = performance.now();
        const pool = createPool(threads);
        try {
          if (hand) {
            const found = await exactDiff(hand, a, b, banker, pool, threads, options.commissionBps);
            const seconds = Math.round(performance.now() - start) / 1000;
            if (options.json) {
              printJson({ a: aId, b: bId, banker: banker.id, commissionBps: options.commissionBps, hand: found, seconds });
              return;
            }
            printText(
              [
                printHands({ a: aId, b: bId }, [found]),
                `${a.name} (${found.a.rule}): ${found.a.explanation}`,
                `${b.name} (${found.b.rule}): ${found.b.explanation}`,
                found.differ
                  ? `They differ: EV ${bId} − ${aId} = ${signed(found.b.ev - found.a.ev)} per unit against the banker's ${banker.id} house way; ` +
                    (found.better ? `${houseWays[found.better].name} (${found.better}) sets it better.` : 'neither sets it better.')
                  : 'They set this hand alike.',
                `Exact over 53,524,680 banker hands, ${seconds.toFixed(3)} s.`,
              ].join('\n'),
            );
            return;
          }
          const diff = await sweep(a, b, pool, threads);
          const bankerShares = await pool.run<Float64Array>(
            Array.from({ length: threads * 4 }, (_, part) => ({ kind: 'banker-histogram' as const, dead: [], part, parts: threads * 4, houseWay: banker.id })),
          );
          const table = optimalChooser(addHistograms(bankerShares));
          const keep = 1 - options.commissionBps / 10000;
          const order = diff.hands.map((_, g) => g);
          const approx = order.map((g) => approximateCost(table, diff.outcomeA[g], diff.outcomeB[g], keep));
          let evChange = 0;
          for (const g of order) evChange += diff.hands[g] * (outcomeEv(table, diff.outcomeB[g], keep) - outcomeEv(table, diff.outcomeA[g], keep));
          const analysed = new Map<number, DiffHand>();
          const analyse = async (g: number): Promise<DiffHand> => {
            let found = analysed.get(g);
            if (found === undefined) {
              const rep = unwrap(toHand(diff.cards.slice(g * HAND_SIZE, g * HAND_SIZE + HAND_SIZE)));
              found = { ...(await exactDiff(rep, a, b, banker, pool, threads, options.commissionBps)), hands: diff.hands[g] };
              analysed.set(g, found);
            }
            return found;
          };
          order.sort((x, y) => approx[y] - approx[x] || x - y);
          const candidates = order.slice(0, Math.min(order.length, options.candidates ?? options.top + 10));
          const exact: DiffHand[] = [];
          for (const g of candidates) exact.push(await analyse(g));
          exact.sort((x, y) => y.cost - x.cost);
          const byTotal = [...order].sort((x, y) => diff.hands[y] * approx[y] - diff.hands[x] * approx[x] || x - y).slice(0, options.topTotal ?? options.top);
          const topTotal: DiffHand[] = [];
          for (const g of byTotal) topTotal.push(await analyse(g));
          const report: HouseWayDiffReport = {
            a: aId,
            b: bId,
            banker: banker.id,
            commissionBps: options.commissionBps,
            total: diff.total,
            differ: diff.differ,
            share: diff.differ / diff.total,
            groups: diff.hands.length,
            candidates: candidates.length,
            top: exact.slice(0, options.top),
            topTotal,
            evChange: evChange / diff.total,
            method: METHOD,
            seconds: Math.round(performance.now() - start) / 1000,
            threads,
          };
          if (options.json) {
            printJson(report);
            return;
          }
          printText(diffReportText(report, a, b));
        } finally {
          await pool.close();
        }
      },
    );
}
