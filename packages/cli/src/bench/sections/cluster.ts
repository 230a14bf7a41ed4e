/**
 * The cluster (issue 13 point 9): 1, 2 and 3 server processes behind nginx on PostgreSQL and Redis, 500 and
 * 1,000 players through the one front address (`packages/server/dist/bench/cluster-run.js`): settled
 * wagers per second, p99 action latency, the failover time after `kill -9` of a process (until every table
 * takes a join again), and the ledger's drift. Then, on paper, what the same design needs at 100,000
 * players (docs/server.md "100,000 players, on paper"). Runs only when named (`npm run bench -- cluster`):
 * it needs `DATABASE_URL`, `REDIS_URL` and nginx.
 */

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchArgs, BenchRow, BenchSection } from '../measure.js';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** Seconds each run plays unless `--seconds` is given. */
const DEFAULT_SECONDS = 30;

/** The goals of issue 13 (500 players on two processes; one SQLite process settled about 300 wagers/s). */
const GOALS = { wagersAt500On2: 300, p99At500On2Seconds: 0.25, failoverSeconds: 20 } as const;

/** One run's figures (`ClusterBenchResult` of packages/server/src/bench/cluster.ts). */
interface ClusterBench {
  processes: number;
  clients: number;
  tables: number;
  roundsPerSecond: number;
  actionP99Ms: number;
  failoverSeconds: number | null;
  driftCents: number;
  driftAfterFailoverCents: number;
  /** Set when the run failed (then the figures are absent). */
  error?: string;
}

/**
 * The paper estimate at 100,000 players (docs/server.md "100,000 players, on paper"): people play a table
 * round about every 30 s (bets, cards, settings, reveal), six to a table; a process holds 2,000 players
 * (issue 11's load level, with `PAIGOW_MAX_PLAYERS=2000`: the default 1,000 suits players who act the moment
 * they can, as the benchmark's do); per table round the ledger writes two transactions (the deal, the
 * settlement), and per wager it reads the balance once at the bet and saves the setting, at most three
 * statements (both are batched, so fewer when several fall in one turn of the event loop); each process
 * publishes at most one balance message per 50 ms batch, which every other process receives.
 */
function onPaper(): string {
  const players = 100_000;
  const tables = Math.ceil(players / 6);
  const tableRoundsPerSecond = tables / 30;
  const wagersPerSecond = players / 30;
  const processes = Math.ceil(players / 2_000);
  const writeTransactions = 2 * tableRoundsPerSecond;
  const statements = writeTransactions * 10 + wagersPerSecond * 3;
  const published = processes * 20;
  const delivered = published * processes;
  const n = (value: number): string => Math.round(value).toLocaleString('en');
  return (
    `On paper, 100,000 players (a table round every 30 s, 6 a table, 2,000 players a process, PAIGOW_MAX_PLAYERS=2000): ${n(processes)} processes, ` +
    `${n(tables)} tables, ${n(wagersPerSecond)} wagers/s; PostgreSQL ${n(writeTransactions)} write transactions/s (≤ ~${n(statements)} statements/s, ` +
    `~${n(wagersPerSecond * 4)} ledger rows/s); Redis ≤ ${n(published)} balance messages/s published, ${n(delivered)} delivered (every process hears every batch). ` +
    `Breaks first: PostgreSQL connections (${n(processes)} processes × a pool of 10 against max_connections 100: needs a pooler such as PgBouncer), ` +
    'then the ledger tables growing by ~1 billion rows a day (paigow audit reads them all), then the balance broadcast (per-player channels would make it O(players), not O(processes²)).'
  );
}

function rows(args: BenchArgs): BenchRow[] {
  const seconds = args.seconds ?? DEFAULT_SECONDS;
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.error('bench: the cluster section needs DATABASE_URL (PostgreSQL) and REDIS_URL, e.g. DATABASE_URL=postgres://root@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379');
    process.exit(2);
  }
  const run = spawnSync(process.execPath, [join(ROOT, 'packages/server/dist/bench/cluster-run.js'), '--seconds', String(seconds)], {
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
  });
  if (run.status !== 0) throw new Error(`cluster bench exited with ${run.status}: ${run.stderr}`);
  const runs = run.stdout
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as ClusterBench);
  const labelOf = (r: ClusterBench): string => `${r.processes} process${r.processes === 1 ? '' : 'es'}, ${r.clients} players`;
  const failed = runs.filter((r) => r.error !== undefined).map((r) => `${labelOf(r)} failed: ${r.error}.`);
  const out: BenchRow[] = runs.filter((r) => r.error === undefined).flatMap((r) => {
    const label = labelOf(r);
    const goals = r.processes === 2 && r.clients === 500;
    return [
      { measure: `${label}: settled wagers/s (${r.tables} tables)`, unit: 'rate', paigow: r.roundsPerSecond, ...(goals ? { goal: GOALS.wagersAt500On2 } : {}) },
      { measure: `${label}: action latency p99 (s)`, unit: 'seconds', paigow: r.actionP99Ms / 1000, ...(goals ? { goal: GOALS.p99At500On2Seconds } : {}) },
      ...(r.failoverSeconds === null
        ? []
        : [{ measure: `${label}: failover after kill -9, every table served again (s)`, unit: 'seconds' as const, paigow: r.failoverSeconds < 0 ? Number.POSITIVE_INFINITY : r.failoverSeconds, goal: GOALS.failoverSeconds }]),
      { measure: `${label}: ledger drift, after play and after failover (cents)`, unit: 'count', paigow: Math.abs(r.driftCents) + Math.abs(r.driftAfterFailoverCents), goal: 0 },
    ] satisfies BenchRow[];
  });
  if (out.length === 0) throw new Error(failed.join(' ') || 'the cluster benchmark ran nothing');
  out[out.length - 1] = {
    ...out[out.length - 1],
    note: `${failed.join(' ')}${failed.length > 0 ? ' ' : ''}Cluster: nginx in front of the processes on loopback, PostgreSQL and Redis on this machine, ${seconds} s a run, six players a table (each bets 1.00, deals and plays House Way), through the front address only. ${onPaper()}`,
  };
  return out;
}

/** The cluster section of `npm run bench` (only when named). */
export const clusterSection: BenchSection = { name: 'cluster', title: 'Several processes behind one address (PostgreSQL, Redis)', onlyWhenNamed: true, run: rows };
