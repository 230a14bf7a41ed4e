/**
 * The fairness audit (issue 15): the frequencies of the rounds dealt compared with the exact ones, with
 * Pearson's chi-square p-value, so that a biased shuffle shows. Three tests over the closed rounds dealt
 * from seeds:
 * - the banker's hand: the category of the best five of its seven cards against `reference/seven-card.json`
 *   (exact counts over all 154,143,080 seven-card hands);
 * - every hand dealt: its Fortune line (seed 003's pay table, the highest-paying line held, or none)
 *   against `reference/fortune.json`;
 * - one wager per round (the lowest seat whose hand the house way set: House Way, a timeout, a
 *   disconnection; wagers against the same banker hand are not independent): win / push / loss against
 *   the exact shares of the round's own house way (player and banker both by it, over all
 *   8,250,459,031,214,400 deals: `paigow edge --exact [--house-way foxwoods]`), so that rounds of tables
 *   with different house ways are each held to their own.
 * Categories expected fewer than 5 times are pooled, rarest first, so that the chi-square approximation holds.
 */
import { readFileSync } from 'node:fs';
import {
  bestHighHand,
  categoryOf,
  chiSquareTest,
  DEFAULT_HOUSE_WAY,
  fortuneLine,
  parseHand,
  unwrap,
  type HouseWayId,
} from '@paigow/engine';
import type { RoundFairnessRecord } from '../ledger/index.js';
import { closedFairRoundPages } from '../ledger/round-fairness.js';
import type { Database } from '../storage/index.js';
import { fairnessAnswer } from './proof.js';

/** A test flags the deal when its p-value is below this (one in a thousand for a fair deal). */
export const AUDIT_THRESHOLD = 0.001;

/**
 * Win / push / loss of a wager, player and banker both set by the house way, counted over all
 * 8,250,459,031,214,400 deals by `paigow edge --exact --json` (seeds) and `… --house-way foxwoods --wheel second`
 * (our default Foxwoods readings under the tables' ranking, rules.md §2.1, as `table-4` plays them; not the
 * published analysis' wheel-low ranking; README "What the engine finds").
 */
const EXACT_OUTCOMES: Readonly<Record<HouseWayId, { readonly win: number; readonly push: number; readonly loss: number }>> = {
  seeds: { win: 2_347_616_980_045_256, push: 3_450_160_184_951_612, loss: 2_452_681_866_217_532 },
  foxwoods: { win: 2_402_482_226_669_052, push: 3_341_113_289_015_576, loss: 2_506_863_515_529_772 },
};

/** The exact frequencies the audit compares with: probabilities per category. */
export interface AuditReference {
  /** Best five-card category of a seven-card hand (`reference/seven-card.json` keys). */
  readonly bankerCategory: Readonly<Record<string, number>>;
  /** Fortune line of a seven-card hand, `'losing'` for none (`reference/fortune.json`). */
  readonly fortuneLine: Readonly<Record<string, number>>;
  /** A house-way wager against the banker's house way, per house way: `win`, `push`, `loss`. */
  readonly outcome: Readonly<Record<HouseWayId, Readonly<Record<string, number>>>>;
}

/**
 * One row of a test: its category ids (one, or several pooled), the count dealt and the count expected. The ids
 * are codes, not words (clients name them in their language): a hand category of `CATEGORIES`
 * (`banker-category`), a Fortune line of `FORTUNE_LINES` or `losing` (`fortune-line`), `win` / `push` / `loss`
 * (`outcome`).
 */
export interface AuditRow {
  readonly keys: readonly string[];
  readonly observed: number;
  readonly expected: number;
}

/**
 * One chi-square test of the audit, by its id `name` (a code: clients say what it counts in their language,
 * docs/fairness.md "The audit").
 */
export interface AuditTest {
  readonly name: 'banker-category' | 'fortune-line' | 'outcome';
  /** Hands or wagers counted. */
  readonly sample: number;
  readonly rows: readonly AuditRow[];
  /** `null` with fewer than two pooled categories (too few hands to test). */
  readonly statistic: number | null;
  readonly degreesOfFreedom: number | null;
  readonly pValue: number | null;
  /** `pValue < AUDIT_THRESHOLD`. */
  readonly flagged: boolean;
}

/** The audit: rounds read, the three tests, and whether any flags the deal. */
export interface FairnessAuditReport {
  readonly rounds: number;
  readonly threshold: number;
  readonly flagged: boolean;
  readonly tests: readonly AuditTest[];
}

const REFERENCE_DIR = new URL('../../../../reference/', import.meta.url);

function shares(counts: Readonly<Record<string, number>>): Record<string, number> {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return Object.fromEntries(Object.entries(counts).map(([key, n]) => [key, n / total]));
}

let cached: AuditReference | null = null;

/**
 * The exact frequencies: `reference/seven-card.json` and `reference/fortune.json` of this repository (read
 * once per process), and each house way's exact win / push / loss shares.
 * @throws Error when a reference file cannot be read
 */
export function auditReference(): AuditReference {
  if (cached !== null) return cached;
  const seven = JSON.parse(readFileSync(new URL('seven-card.json', REFERENCE_DIR), 'utf8')) as { counts: Record<string, number> };
  const fortune = JSON.parse(readFileSync(new URL('fortune.json', REFERENCE_DIR), 'utf8')) as { pay_table: { line: string; count: number }[]; losing: number };
  cached = {
    bankerCategory: shares(seven.counts),
    fortuneLine: shares({ ...Object.fromEntries(fortune.pay_table.map((row) => [row.line, row.count])), losing: fortune.losing }),
    outcome: { seeds: shares(EXACT_OUTCOMES.seeds), foxwoods: shares(EXACT_OUTCOMES.foxwoods) },
  };
  return cached;
}

/** Pools the categories expected fewer than 5 times (rarest first) and runs the chi-square test. */
function test(name: AuditTest['name'], observed: ReadonlyMap<string, number>, probabilities: Readonly<Record<string, number>>): AuditTest {
  const sample = [...observed.values()].reduce((sum, n) => sum + n, 0);
  const keys = Object.keys(probabilities).sort((a, b) => probabilities[a] - probabilities[b]);
  const rows: { keys: string[]; observed: number; p: number }[] = [];
  let pool: { keys: string[]; observed: number; p: number } | null = null;
  for (const key of keys) {
    const row = { keys: [key], observed: observed.get(key) ?? 0, p: probabilities[key] };
    if (pool !== null && pool.p * sample < 5) {
      pool = { keys: [...pool.keys, key], observed: pool.observed + row.observed, p: pool.p + row.p };
    } else {
      if (pool !== null) rows.push(pool);
      pool = row;
    }
  }
  if (pool !== null) rows.push(pool);
  // With very few hands even the commonest group may be expected fewer than 5 times: it joins the one before it.
  while (rows.length > 1 && rows[rows.length - 1].p * sample < 5) {
    const last = rows.pop() as (typeof rows)[number];
    const before = rows.pop() as (typeof rows)[number];
    rows.push({ keys: [...before.keys, ...last.keys], observed: before.observed + last.observed, p: before.p + last.p });
  }
  const table = rows.map((row) => ({ keys: row.keys, observed: row.observed, expected: row.p * sample }));
  if (sample === 0 || rows.length < 2) return { name, sample, rows: table, statistic: null, degreesOfFreedom: null, pValue: null, flagged: false };
  const result = chiSquareTest(
    rows.map((row) => row.observed),
    rows.map((row) => row.p),
  );
  return { name, sample, rows: table, ...result, flagged: result.pValue < AUDIT_THRESHOLD };
}

const count = (map: Map<string, number>, key: string): void => {
  map.set(key, (map.get(key) ?? 0) + 1);
};

/** The audit's counts, one round at a time (`auditFairness`, `auditFairnessInSlices`). */
class AuditTally {
  private readonly categories = new Map<string, number>();
  private readonly lines = new Map<string, number>();
  private readonly outcomes = new Map<string, number>();
  // The outcome test's expectation mixes the house ways of the rounds counted, each at its own shares.
  private readonly expectedOutcomes = new Map<string, number>();
  private rounds = 0;

  constructor(private readonly reference: AuditReference) {}

  /** Counts one closed round (a round not dealt from seeds is left out). */
  add(record: RoundFairnessRecord): void {
    const answer = fairnessAnswer(record.roundId, record);
    if (answer.status !== 200) return;
    this.rounds++;
    const proof = answer.body;
    for (const hand of proof.hands) {
      const cards = unwrap(parseHand(hand.cards));
      if (hand.seat === 'banker') count(this.categories, categoryOf(bestHighHand(cards).value));
      count(this.lines, fortuneLine(cards).line ?? 'losing');
    }
    // One wager per round: wagers against the same banker hand are not independent.
    const houseSet = (proof.outcomes ?? []).find((o) => proof.settings?.some((s) => s.seat === o.seat && s.setBy !== 'player'));
    if (houseSet !== undefined) {
      count(this.outcomes, houseSet.outcome === 'lose' ? 'loss' : houseSet.outcome);
      for (const [key, p] of Object.entries(this.reference.outcome[proof.houseWay ?? DEFAULT_HOUSE_WAY])) this.expectedOutcomes.set(key, (this.expectedOutcomes.get(key) ?? 0) + p);
    }
  }

  /** The three tests over the rounds counted. */
  report(): FairnessAuditReport {
    const wagers = [...this.outcomes.values()].reduce((sum, n) => sum + n, 0);
    const outcomeShares =
      wagers === 0 ? this.reference.outcome[DEFAULT_HOUSE_WAY] : Object.fromEntries([...this.expectedOutcomes].map(([key, sum]) => [key, sum / wagers]));
    const tests = [
      test('banker-category', this.categories, this.reference.bankerCategory),
      test('fortune-line', this.lines, this.reference.fortuneLine),
      test('outcome', this.outcomes, outcomeShares),
    ];
    return { rounds: this.rounds, threshold: AUDIT_THRESHOLD, flagged: tests.some((t) => t.flagged), tests };
  }
}

/**
 * Audits `records` (closed rounds dealt from seeds: the ledger's `closedFairRounds`) against `reference`.
 * @returns the three tests; `flagged` when any p-value is below `AUDIT_THRESHOLD`
 */
export function auditFairness(records: readonly RoundFairnessRecord[], reference: AuditReference = auditReference()): FairnessAuditReport {
  const tally = new AuditTally(reference);
  for (const record of records) tally.add(record);
  return tally.report();
}

/**
 * How long the audit over HTTP works before it lets the event loop turn, ms: a round costs about 0.3 ms (its deal
 * replayed from the seeds), so tens of thousands of rounds would otherwise hold every table for seconds.
 */
export const AUDIT_SLICE_MS = 10;

/**
 * `auditFairness` over pages of rounds (the ledger's `closedFairRoundPages`) in slices of `sliceMs`: between
 * slices, and between pages, the event loop turns (the tables play on while a server audits its rounds).
 */
export async function auditFairnessInSlices(
  pages: AsyncIterable<readonly RoundFairnessRecord[]>,
  sliceMs: number = AUDIT_SLICE_MS,
  reference: AuditReference = auditReference(),
): Promise<FairnessAuditReport> {
  const tally = new AuditTally(reference);
  let sliceStarted = performance.now();
  for await (const page of pages) {
    for (const record of page) {
      tally.add(record);
      if (performance.now() - sliceStarted >= sliceMs) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        sliceStarted = performance.now();
      }
    }
  }
  return tally.report();
}

/**
 * `paigow audit-fairness`: the audit of the last `limit` closed rounds (default all) of `database`, counted page by
 * page (`closedFairRoundPages`), so that its memory does not grow with the rounds audited: every round's records at
 * once held about 5.6 KB of heap a round (112 MB for 20,000 rounds; a million would pass any default heap).
 * @throws the database's error when it cannot be read
 */
export async function auditDatabase(database: Database, limit?: number): Promise<FairnessAuditReport> {
  const tally = new AuditTally(auditReference());
  for await (const page of closedFairRoundPages(database, limit)) for (const record of page) tally.add(record);
  return tally.report();
}
