/**
 * PostgreSQL faults in the middle of a ledger transaction (docs/server.md "Database faults"): a row lock
 * held by another session makes the deal wait; its backend is then cancelled or terminated. The process
 * must survive (a checked-out client's 'error' event used to end it), the call fails with a typed
 * `DatabaseFault`, nothing was posted, and the pool reconnects for the next call.
 */
import { once } from 'node:events';
import pg from 'pg';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unwrap } from '@paigow/engine';
import { createLedger, type Ledger } from '../ledger/index.js';
import { createPlayers } from '../players/index.js';
import { buildServer, serversPerTest, signIn, TestClient } from '../testing/harness.js';
import type { Database } from './database.js';
import { DatabaseFault } from './faults.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { holdPostgresRow } from '../testing/faults.js';

const postgres = TEST_BACKENDS.find((backend) => backend.name === 'postgres')!;

/** Another session holding `FOR UPDATE` on `playerId`'s wallet row until `release()`. */
async function holdWalletLock(database: Database, playerId: string): Promise<{ pid: number; release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${database.schema}` });
  await client.connect();
  await client.query('begin');
  await client.query('select id from accounts where id = $1 for update', [`wallet:${playerId}`]);
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  return {
    pid: rows[0].pid,
    async release() {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    },
  };
}

/** The backend waiting for a lock held by `holderPid` (polls until there is one). */
async function blockedBy(admin: pg.Client, holderPid: number): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [holderPid]);
    if (rows.length > 0) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no backend waited for the lock');
}

describe.skipIf(!postgres.enabled)('PostgreSQL connection faults mid-transaction', () => {
  let database: Database;
  let ledger: Ledger;
  let admin: pg.Client;
  let playerId: string;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown): void => {
    uncaught.push(error);
  };

  beforeEach(async () => {
    process.on('uncaughtException', onUncaught);
    database = await postgres.open();
    ledger = createLedger(database);
    playerId = unwrap(await createPlayers(database).createGuest('Jo')).player.id;
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterEach(async () => {
    process.off('uncaughtException', onUncaught);
    uncaught.length = 0;
    await admin.end();
    await postgres.close(database);
  });

  const deal = (roundId: string) =>
    ledger.openRound({ roundId, tableId: 't', bankerPlayerId: null, holds: [{ playerId, kind: 'main', amountCents: 1_000 }], secret: {}, public: {} });

  for (const [how, fn, kind] of [
    ['terminated', 'pg_terminate_backend', 'connection-lost'],
    ['cancelled', 'pg_cancel_backend', 'cancelled'],
  ] as const) {
    it(`a deal whose backend is ${how} while it waits for a row lock fails with DatabaseFault '${kind}'; the pool reconnects`, async () => {
      const lock = await holdWalletLock(database, playerId);
      const dealing = deal('r-1').then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      );
      await admin.query(`select ${fn}($1)`, [await blockedBy(admin, lock.pid)]);
      const outcome = await dealing;
      await lock.release();
      expect('error' in outcome ? outcome.error : outcome).toBeInstanceOf(DatabaseFault);
      expect((outcome as { error: DatabaseFault }).error.kind).toBe(kind);
      await new Promise((resolve) => setTimeout(resolve, 100)); // the client's late 'error' event, if any
      expect(uncaught).toEqual([]);

      // Nothing was posted; the next deal gets a fresh connection and goes through.
      expect(await ledger.openRounds()).toEqual([]);
      expect(await ledger.balance(playerId)).toEqual({ ok: true, value: 100_000 });
      expect(unwrap(await deal('r-2')).status).toBe('open');
      expect(await ledger.balance(playerId)).toEqual({ ok: true, value: 99_000 });
      expect(await ledger.audit()).toEqual([]);
    });
  }

  it('a lock held past the lock timeout fails the statement (busy) instead of stalling the caller', async () => {
    const lock = await holdWalletLock(database, playerId);
    const started = Date.now();
    try {
      await expect(deal('r-1')).rejects.toMatchObject({ name: 'DatabaseFault', kind: 'busy' });
    } finally {
      await lock.release();
    }
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(unwrap(await deal('r-1')).status).toBe('open');
  }, 15_000);
});

describe.skipIf(!postgres.enabled)('a server process whose backend is terminated mid-deal', () => {
  const servers = serversPerTest('postgres');
  beforeAll(buildServer, 120_000);

  it('keeps running: the deal is tried again on a fresh connection and play goes on', async () => {
    const store = servers.store;
    const child = await servers.spawn();
    let exitCode: number | null | undefined;
    void once(child.process, 'exit').then(([code]) => (exitCode = code as number | null));
    const session = await signIn(child, 'Jo');
    const jo = await TestClient.join(child, 'small', session.token, 'jo');
    await jo.act('sit', { seat: 0 });
    await jo.act('bet', { spot: 'main', amountCents: 500 });

    const lock = await holdPostgresRow(process.env.DATABASE_URL!, store.options.databaseSchema!, 'accounts', `wallet:${session.player.id}`);
    const from = jo.received.length;
    jo.send('deal');
    let terminated: number;
    try {
      terminated = await lock.interruptWaiters('terminate', (count) => count > 0 || exitCode !== undefined);
    } finally {
      await lock.release();
    }
    expect(terminated).toBe(1);
    const dealt = await jo.waitForView((view) => view.phase === 'setting', from);
    expect(dealt.you?.balanceCents).toBe(99_500);
    expect(exitCode).toBeUndefined();
    const settled = await jo.act('house-way');
    expect(settled.lastRound?.roundId).toBe(dealt.roundId);
    expect((await fetch(`${child.url}/livez`)).status).toBe(200);
    void jo.leave().catch(() => undefined);
  });
});
