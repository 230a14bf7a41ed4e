/**
 * Cluster benchmark (issue 13 point 9; docs/server.md "Benchmark"): `processes` server processes behind
 * nginx (`startCluster`, as `npm run cluster` starts them) on one PostgreSQL schema and one Redis prefix,
 * `clients` headless players through the front address only (`benchServer` with `external`). Then, with
 * two processes or more, `kill -9` of the first and the time until every table accepts a join through
 * the front again (failover), and the ledger's drift after it.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { MAX_SEATS } from '@paigow/engine';
import type { SessionResponse } from '@paigow/protocol';
import { startCluster } from '../cluster/cluster.js';
import { createLedger } from '../ledger/index.js';
import { DEFAULT_LEASE, liveInstances, placeTables, tableHosts } from '../lease/index.js';
import type { Database } from '../storage/database.js';
import { createDatabase } from '../storage/index.js';
import { benchServer, benchTables, type BenchResult } from './bench.js';

/** What to run. */
export interface ClusterBenchOptions {
  readonly processes: number;
  readonly clients: number;
  /** How long the players play, s. */
  readonly seconds: number;
  readonly databaseUrl: string;
  /** Each process's ledger on a worker thread (`startServer`'s `ledgerThread`; default off). */
  readonly ledgerThread?: boolean;
  readonly redisUrl: string;
}

/** What was measured: `benchServer`'s figures through the front, and the failover. */
export interface ClusterBenchResult extends BenchResult {
  readonly processes: number;
  /** Seconds from `kill -9` of a process until every table accepts a join again; `null` with one process, `-1` if not within 60 s. */
  readonly failoverSeconds: number | null;
  /** The sum of every account after the failover (recovery included), cents. */
  readonly driftAfterFailoverCents: number;
}

const SEATS = 6;
const FAILOVER_LIMIT_MS = 60_000;

/** Seconds until every table of `tableIds` accepts a join at the front `port`; -1 after `FAILOVER_LIMIT_MS`. */
async function secondsUntilServed(port: number, tableIds: readonly string[]): Promise<number> {
  const { Client } = await import('colyseus.js');
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nickname: 'failover probe' }) });
  const { token } = (await response.json()) as SessionResponse;
  const waiting = new Set(tableIds);
  while (waiting.size > 0 && performance.now() - started < FAILOVER_LIMIT_MS) {
    await Promise.all(
      [...waiting].map(async (tableId) => {
        try {
          const room = await new Client(`ws://127.0.0.1:${port}`).joinById(tableId, { token });
          await room.leave(true);
          waiting.delete(tableId);
        } catch {
          // not served yet
        }
      }),
    );
    if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return waiting.size === 0 ? (performance.now() - started) / 1000 : -1;
}

/**
 * Waits until the `processes` instances are live and every table of `tableIds` is hosted where the placement wants it
 * (`placeTables`), then until each accepts a join at the front `port`: processes ready one after another first take
 * every table, then hand half of them on at the next sweep, and a player seated meanwhile is moved (the benchmark
 * failed on one run in two with `the table is moving`; it measures the steady state).
 * @throws Error when that does not happen within `FAILOVER_LIMIT_MS`
 */
async function placementSettled(database: Database, port: number, processes: number, tableIds: readonly string[]): Promise<void> {
  const started = performance.now();
  for (;;) {
    const live = await liveInstances(database, Date.now(), DEFAULT_LEASE.leaseMs);
    const placement = placeTables(live);
    const hosts = await tableHosts(database, tableIds);
    if (live.length === processes && tableIds.every((tableId) => hosts.get(tableId)?.instanceId === placement.get(tableId))) break;
    if (performance.now() - started > FAILOVER_LIMIT_MS) throw new Error(`the tables were not spread over the ${processes} processes within ${FAILOVER_LIMIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if ((await secondsUntilServed(port, tableIds)) < 0) throw new Error(`the tables did not accept joins within ${FAILOVER_LIMIT_MS / 1000} s`);
}

/**
 * Runs one level of the cluster benchmark and stops everything it started (the schema is dropped).
 * @throws Error when the cluster does not start or a player fails
 */
export async function benchCluster(options: ClusterBenchOptions): Promise<ClusterBenchResult> {
  const runId = randomBytes(3).toString('hex');
  const databaseSchema = `paigow_bench_${runId}`;
  const tables = benchTables(options.clients, SEATS, runId);
  const serverProcess = fileURLToPath(new URL('./server-process.js', import.meta.url));
  const cluster = await startCluster({
    processes: options.processes,
    output: () => undefined,
    command: ({ port, publicAddress }) => ({
      command: process.execPath,
      args: [
        serverProcess,
        JSON.stringify({
          tables,
          port,
          publicAddress,
          databaseUrl: options.databaseUrl,
          databaseSchema,
          ...(options.ledgerThread === true ? { ledgerThread: true } : {}),
          redisUrl: options.redisUrl,
          redisPrefix: `paigow-bench-${runId}:`,
          // The clients all come from loopback (every seat of a table theirs: no cap per IP); the machine's load must not refuse seats (the figures say what it costs).
          limits: { guestsPerIp: { points: 1_000_000, windowMs: 60_000 }, messagesPerIp: { points: 1_000_000, windowMs: 1_000 }, seatsPerIp: MAX_SEATS },
          admission: { maxEventLoopLagMs: 3_600_000 },
        }),
      ],
      env: process.env,
    }),
  });
  const port = Number(new URL(cluster.url).port);
  const database = createDatabase({ databaseUrl: options.databaseUrl, schema: databaseSchema });
  try {
    await placementSettled(database, port, options.processes, tables.map((table) => table.tableId));
    const result = await benchServer({ clients: options.clients, seconds: options.seconds, databaseUrl: options.databaseUrl, external: { port, runId, databaseSchema } });
    let failoverSeconds: number | null = null;
    if (options.processes > 1) {
      await cluster.kill(0);
      failoverSeconds = await secondsUntilServed(port, tables.map((table) => table.tableId));
    }
    const driftAfterFailoverCents = await createLedger(database).sumOfBalances();
    return { ...result, processes: options.processes, failoverSeconds, driftAfterFailoverCents };
  } finally {
    await cluster.stop();
    await database.db.schema.dropSchema(databaseSchema).ifExists().cascade().execute();
    await database.db.destroy();
  }
}
