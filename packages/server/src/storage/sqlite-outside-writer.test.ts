/**
 * An outside writer on the server's SQLite file (an operator's `sqlite3` shell in a transaction, a second
 * `paigow serve` by mistake) must not freeze the server (docs/server.md "Database faults"): while another
 * process holds `BEGIN IMMEDIATE` for 3 s, the server's event loop never stalls over 100 ms, `/healthz`
 * answers (not ready once a write gave up on the lock, saying so), and a deal asked for meanwhile goes through once
 * the lock is released.
 *
 * The server runs in a child process, as operators run it, and measures its own event loop: prom-client's
 * `nodejs_eventloop_lag_max_seconds` at `/metrics` is the largest delay since the previous scrape.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseStatementSeconds } from '../metrics/index.js';
import { buildServer, serversPerTest, signIn, TestClient } from '../testing/harness.js';
import { holdSqliteFile, type OutsideLock } from '../testing/faults.js';
import { createDatabase } from './database.js';
import { migrateToLatest } from './migrations.js';
import { checkDatabase, WRITE_FAULT_HOLD_MS } from './write-faults.js';

/** The largest event-loop delay of the server since the previous scrape, ms. */
async function eventLoopMaxMs(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text);
  if (line === null) throw new Error('no nodejs_eventloop_lag_max_seconds at /metrics');
  return Number(line[1]) * 1000;
}

describe('SQLite with an outside writer holding the file', () => {
  const servers = serversPerTest('sqlite');
  let lock: OutsideLock | undefined;
  beforeAll(buildServer, 120_000);
  afterEach(async () => {
    await lock?.release().catch(() => undefined);
    lock = undefined;
  });

  // Retried: on a shared two-core machine another process can take the CPU for over 100 ms; a wait for the
  // lock on the event loop (the fault) stalls it for the whole 3 s, every time.
  it('keeps the event loop under 100 ms of delay and /healthz answering while BEGIN IMMEDIATE is held for 3 s', { retry: 2 }, async () => {
    const store = servers.store;
    // Lease renewals every 200 ms: writes of their own, besides the deal.
    const server = await servers.spawn({ lease: { heartbeatMs: 200, leaseMs: 5_000 } });
    const { token } = await signIn(server, 'Jo');
    const jo = await TestClient.join(server, 'small', token, 'jo');
    await jo.act('sit', { seat: 0 });
    await jo.act('bet', { spot: 'main', amountCents: 500 });

    lock = await holdSqliteFile(join(store.options.dataDir!, 'paigow.sqlite'));
    await eventLoopMaxMs(server.url); // starts the measured window
    const held = Date.now();
    const from = jo.received.length;
    jo.send('deal'); // its ledger transaction must wait for the lock
    const health: number[] = [];
    while (Date.now() - held < 3_000) {
      const asked = performance.now();
      const response = await fetch(`${server.url}/healthz`);
      // It answers: ready, or (once a write gave up on the lock: here a lease renewal, whose wait is half the 5 s lease) not, saying why.
      const body = (await response.json()) as { checks: { database: { ok: boolean; reason?: string } } };
      if (response.status !== 200) expect([response.status, body.checks.database.reason]).toEqual([503, 'another program holds the database file: writes fail (SQLITE_BUSY)']);
      health.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const maxDelayMs = await eventLoopMaxMs(server.url);
    // The deal still waits for the lock (the Deal itself was answered: docs/server.md "Actions first").
    expect(jo.received.slice(from).some((r) => r.kind === 'view' && r.view.phase !== 'betting')).toBe(false);
    await lock.release();
    lock = undefined;
    const dealt = await jo.waitForView((view) => view.phase === 'setting', from);
    void jo.leave().catch(() => undefined);

    expect(maxDelayMs, `largest event-loop delay ${maxDelayMs.toFixed(1)} ms`).toBeLessThan(100);
    expect(health.length).toBeGreaterThan(10);
    expect(Math.max(...health)).toBeLessThan(1_000);
    expect(dealt.you?.balanceCents).toBe(99_500);
  });

  // It was a 500 ("try again" with a server error's status): a busy database is temporary, so 503 with Retry-After.
  it('answers an HTTP request that cannot get the lock 503 action/unavailable with Retry-After', async () => {
    const server = await servers.start();
    lock = await holdSqliteFile(join(servers.store.options.dataDir!, 'paigow.sqlite'));
    const response = await fetch(`${server.url}/api/guest`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ nickname: 'Jo' }) });
    expect({ status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }).toEqual({
      status: 503,
      retryAfter: '1',
      body: { error: { code: 'action/unavailable', message: 'the server could not answer; try again' } },
    });
  });
});

/** The count and the summed time of `paigow_db_statement_seconds{kind, outcome}` in this process. */
async function statements(kind: string, outcome: 'ok' | 'error'): Promise<{ count: number; seconds: number }> {
  const values = (await databaseStatementSeconds.get()).values.filter((value) => value.labels.kind === kind && value.labels.outcome === outcome);
  return {
    count: values.find((value) => value.metricName === 'paigow_db_statement_seconds_count')?.value ?? 0,
    seconds: values.find((value) => value.metricName === 'paigow_db_statement_seconds_sum')?.value ?? 0,
  };
}

// Operator: with a sqlite3 shell holding BEGIN IMMEDIATE, every failure was "database is locked" on the transactions'
// BEGIN IMMEDIATE, which did not pass through Kysely's log: paigow_db_statement_seconds{outcome="error"} stayed 0.
describe('SQLite transactions that cannot begin', () => {
  it('are counted in paigow_db_statement_seconds as begin errors, with the time they waited', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paigow-begin-'));
    const database = createDatabase({ sqlitePath: join(dir, 'paigow.sqlite'), busyWait: { attemptMs: 5, firstPauseMs: 5, maxPauseMs: 20, totalMs: 300 } });
    let lock: OutsideLock | undefined;
    try {
      await migrateToLatest(database);
      await database.db.transaction().execute((trx) => sql`select 1`.execute(trx));
      const okBefore = await statements('begin', 'ok');
      const before = await statements('begin', 'error');
      expect(okBefore.count).toBeGreaterThan(0);
      lock = await holdSqliteFile(join(dir, 'paigow.sqlite'));
      await expect(database.db.transaction().execute((trx) => sql`select 1`.execute(trx))).rejects.toThrow(/database is locked/);
      const after = await statements('begin', 'error');
      expect(after.count).toBe(before.count + 1);
      // It waited for the lock (the busy wait, 300 ms) before it failed.
      expect(after.seconds - before.seconds).toBeGreaterThanOrEqual(0.25);
      // The readiness check says so (an operator's: /readyz said `database: ok, 0.2 ms` while deals failed, then blamed the lease).
      await expect(checkDatabase(database)).rejects.toThrow('another program holds the database file: writes fail (SQLITE_BUSY)');
      await lock.release();
      lock = undefined;
      await database.db.transaction().execute((trx) => sql`select 1`.execute(trx));
      expect((await statements('begin', 'ok')).count).toBe(okBefore.count + 1);
      // Ready again by itself, WRITE_FAULT_HOLD_MS after the last write that failed.
      await expect(checkDatabase(database, Date.now() + WRITE_FAULT_HOLD_MS)).resolves.toBeUndefined();
    } finally {
      await lock?.release().catch(() => undefined);
      await database.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
