/**
 * The ledger thread (docs/server.md "The ledger thread"): a `Ledger` whose calls run on a worker thread with a
 * connection of its own answers as the ledger on the main thread does (a round dealt and settled there moves the money
 * the main thread's ledger reads; `Map` arguments and `Result`s cross whole); a database fault comes back a `DatabaseFault` of
 * its kind and reaches the main `Database`'s write faults (`/readyz`); the worker's statement series reach
 * `metrics()`; a close lets the calls in flight finish and fails the later ones `connection-lost`. On a SQLite file
 * (`:memory:` cannot be shared by two connections) and on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tableNotice, unwrap } from '@paigow/engine';
import { databaseStatementSeconds } from '../metrics/index.js';
import { createPlayers } from '../players/index.js';
import { createDatabase, type Database } from '../storage/database.js';
import { DatabaseFault, faultKindOf, faultSummary, lockedFileReason } from '../storage/faults.js';
import { migrateToLatest } from '../storage/migrations.js';
import { holdSqliteFile } from '../testing/faults.js';
import { capturedLog } from '../testing/log-capture.js';
import { openStore, serversPerTest, signIn, STORE_BACKENDS, TestClient } from '../testing/harness.js';
import { POOL_NAMES } from '../server.js';
import { createLedger, type Ledger } from './ledger.js';
import { startLedgerThread, type LedgerThread, type LedgerWorkerData } from './ledger-thread.js';

const databaseUrl = process.env.DATABASE_URL || undefined;
const returned = (amountCents: number) => tableNotice('notice/bet-returned', { amountCents, reason: 'timeout' });

interface Target {
  readonly title: string;
  readonly enabled: boolean;
  open(): { database: Database; data: LedgerWorkerData; cleanUp(): Promise<void> };
}

const TARGETS: readonly Target[] = [
  {
    title: 'a SQLite file',
    enabled: true,
    open() {
      const folder = mkdtempSync(join(tmpdir(), 'paigow-ledger-thread-'));
      const sqlitePath = join(folder, 'paigow.sqlite');
      // A short wait for another program's lock: the busy test holds the file.
      const busyWait = { attemptMs: 20, firstPauseMs: 10, maxPauseMs: 50, totalMs: 300 };
      const database = createDatabase({ sqlitePath, busyWait });
      return {
        database,
        data: { sqlitePath, busyWait },
        cleanUp: async () => {
          await database.db.destroy();
          rmSync(folder, { recursive: true, force: true });
        },
      };
    },
  },
  {
    title: databaseUrl === undefined ? 'PostgreSQL (set DATABASE_URL to run)' : 'PostgreSQL',
    enabled: databaseUrl !== undefined,
    open() {
      const schema = `paigow_test_${randomBytes(6).toString('hex')}`;
      const database = createDatabase({ databaseUrl: databaseUrl!, schema, maxConnections: 4 });
      return {
        database,
        data: { databaseUrl: databaseUrl!, schema, maxConnections: 4 },
        cleanUp: async () => {
          await database.db.schema.dropSchema(schema).ifExists().cascade().execute();
          await database.db.destroy();
        },
      };
    },
  },
];

for (const target of TARGETS) {
  describe.skipIf(!target.enabled)(`the ledger thread on ${target.title}`, () => {
    let opened: ReturnType<Target['open']>;
    let local: Ledger;
    let thread: LedgerThread;
    let ann: string;
    let bo: string;
    const problems: string[] = [];

    beforeEach(async () => {
      opened = target.open();
      await migrateToLatest(opened.database);
      const players = createPlayers(opened.database);
      ann = unwrap(await players.createGuest('ann')).player.id;
      bo = unwrap(await players.createGuest('bo')).player.id;
      local = createLedger(opened.database);
      problems.length = 0;
      thread = startLedgerThread({ database: opened.data, writes: opened.database.writes, local, onProblem: (message) => problems.push(message) });
    });
    afterEach(async () => {
      await thread.close();
      await opened.cleanUp();
    });

    it('deals and settles a round whose money the main thread reads, with Maps and Results whole', async () => {
      const roundId = '01930000-0000-7000-8000-000000000001';
      const opening = await thread.ledger.openRound({
        roundId,
        tableId: 'thread-table',
        bankerPlayerId: null,
        holds: [
          { playerId: ann, kind: 'main', amountCents: 1_000 },
          { playerId: bo, kind: 'main', amountCents: 500 },
        ],
        public: { seats: 2 },
        secret: { deck: 'kept' },
      });
      expect(opening.ok).toBe(true);
      expect(unwrap(await local.balance(ann))).toBe(99_000);
      const settled = unwrap(
        await thread.ledger.settleRound({
          roundId,
          postings: [
            { from: 'escrow', to: { player: ann }, amountCents: 1_000, kind: 'stake-return' },
            { from: 'house', to: { player: ann }, amountCents: 950, kind: 'payout' },
            { from: 'escrow', to: 'house', amountCents: 500, kind: 'stake-lost' },
          ],
          compPoints: [{ playerId: ann, delta: 2 }],
          result: { winner: 'ann' },
        }),
      );
      expect(settled.status).toBe('settled');
      expect(settled.players.map((player) => [player.playerId, player.netCents, player.compPointsDelta])).toEqual(
        [[ann, 950, 2], [bo, -500, 0]].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
      expect(unwrap(await local.balance(ann))).toBe(100_950);
      expect(unwrap(await thread.ledger.balance(bo))).toBe(99_500);
      // A refusal is a Result, as on the main thread.
      const again = await thread.ledger.refundRound(roundId, 'too late');
      expect(again).toEqual(await local.refundRound(roundId, 'too late'));
      expect(again.ok).toBe(false);
    });

    it('answers the calls in flight, then fails the later ones connection-lost once closed', async () => {
      const written = thread.ledger.recordEvents([{ playerId: ann, tableId: 't', notice: returned(100) }]);
      const closed = thread.close();
      expect((await written).map((event) => event.seq)).toEqual([1]);
      await closed;
      const late = await thread.ledger.balance(ann).catch((error: unknown) => error);
      expect(late).toBeInstanceOf(DatabaseFault);
      expect((late as DatabaseFault).kind).toBe('connection-lost');
      expect(problems).toEqual([]);
    });

    it('gives the worker\'s statement series to metrics()', async () => {
      await thread.ledger.recordEvents([{ playerId: bo, tableId: 't', notice: returned(200) }, { playerId: bo, tableId: 't', notice: returned(300) }]);
      // A Map argument crosses whole: only the events after seq 1.
      expect((await thread.ledger.unackedEvents([bo], new Map([[bo, 1]]))).map((event) => event.seq)).toEqual([2]);
      const series = await thread.metrics();
      const statements = series.find((metric) => metric.name === 'paigow_db_statement_seconds');
      const counted = statements?.values
        .filter((value) => 'metricName' in value && value.metricName === 'paigow_db_statement_seconds_count')
        .reduce((sum, value) => sum + value.value, 0);
      expect(counted).toBeGreaterThanOrEqual(2);
    });
  });
}

describe('the ledger thread on a SQLite file another program holds', () => {
  let opened: ReturnType<Target['open']>;
  let thread: LedgerThread;
  let ann: string;

  beforeEach(async () => {
    opened = TARGETS[0].open();
    await migrateToLatest(opened.database);
    ann = unwrap(await createPlayers(opened.database).createGuest('ann')).player.id;
    thread = startLedgerThread({ database: opened.data, writes: opened.database.writes, local: createLedger(opened.database) });
  });
  afterEach(async () => {
    await thread.close();
    await opened.cleanUp();
  });

  it('fails writes another program\'s lock holds as busy (a transaction as a DatabaseFault), noted by the main thread\'s write faults', async () => {
    expect(opened.database.writes.recent()).toBeNull();
    const lock = await holdSqliteFile((opened.data as { sqlitePath: string }).sqlitePath);
    try {
      // A transaction's failure is a DatabaseFault (storage/transaction.ts); a single statement's, the driver's error, as on
      // the main thread: both keep what `faultKindOf` reads.
      const failed = await thread.ledger
        .openRound({ roundId: '01930000-0000-7000-8000-000000000002', tableId: 't', bankerPlayerId: null, holds: [{ playerId: ann, kind: 'main', amountCents: 100 }], public: {}, secret: {} })
        .catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(DatabaseFault);
      expect((failed as DatabaseFault).kind).toBe('busy');
      expect((failed as DatabaseFault).message).toMatch(/database is locked/);
      const statement = await thread.ledger.recordEvents([{ playerId: ann, tableId: 't', notice: returned(300) }]).catch((error: unknown) => error);
      expect(faultKindOf(statement)).toBe('busy');
      expect(faultSummary(statement)).toBe(faultSummary(failed));
      expect(lockedFileReason(opened.database.writes.recent())).toMatch(/another program holds the database file/);
    } finally {
      await lock.release();
    }
    expect((await thread.ledger.recordEvents([{ playerId: ann, tableId: 't', notice: returned(300) }])).map((event) => event.seq)).toEqual([1]);
  });
});

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`a server with its ledger thread on ${backend.name}`, () => {
    const servers = serversPerTest(backend.name);

    it('plays a round whose money and statements /metrics shows, and closes with its worker', async () => {
      const log = capturedLog();
      const server = await servers.start({ ledgerThread: true, logger: log.logger });
      // An operator sees it on (a tester's: no line said so).
      expect(log.lines().find((line) => line.event === 'server-started')?.ledgerThread).toBe(true);
      const session = await signIn(server, 'Thea');
      const thea = await TestClient.join(server, 'small', session.token, 'thea');
      await thea.act('sit', { seat: 0 });
      await thea.act('bet', { spot: 'main', amountCents: 500 });
      await thea.act('deal', { clientSeed: 'thread' });
      await thea.waitForView((view) => view.phase === 'setting');
      await thea.act('house-way');
      const settled = await thea.waitForNotice('notice/round-settled');
      expect(settled.tableId).toBe('small');
      const history = await server.ledger.history(session.player.id);
      expect(history[0]?.netCents).toBe(unwrap(await server.ledger.balance(session.player.id)) - 100_000);
      // The server runs in this process: its main thread's own series are this registry's; /metrics adds the worker's
      // (the deal's and the settlement's inserts, among others).
      const own = (await databaseStatementSeconds.get()).values
        .filter((value) => value.metricName === 'paigow_db_statement_seconds_count' && value.labels.kind === 'insert' && value.labels.outcome === 'ok')
        .reduce((sum, value) => sum + value.value, 0);
      const text = await (await fetch(`${server.url}/metrics`)).text();
      expect(Number(/^paigow_db_statement_seconds_count\{kind="insert",outcome="ok"\} (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(own);
      if (backend.name === 'postgres') {
        // Its own pool, which pg_stat_activity names (a tester could not tell the pools apart).
        const database = openStore(servers.store);
        try {
          const names = await sql<{ application_name: string }>`select distinct application_name from pg_stat_activity where datname = current_database()`.execute(database.db);
          expect(names.rows.map((row) => row.application_name)).toEqual(expect.arrayContaining([POOL_NAMES.main, POOL_NAMES.ledgerThread]));
        } finally {
          await database.db.destroy();
        }
      }
      await thea.leave();
      await server.close();
    });
  });
}
