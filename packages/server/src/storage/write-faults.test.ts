/**
 * `/readyz` while writes fail (docs/operations.md "Health"), from an operator's trial: SQLite's folder on a full tmpfs,
 * every deal and sign-up failed `SQLITE_FULL` while `/readyz` answered 200 with `database: ok` (its `select 1` reads
 * fine) for 25 s, until the lease ran out. Now a storage fault a write meets is noted (`database.writes`), and the
 * database check fails for `WRITE_FAULT_HOLD_MS` after it. The disk is simulated on the database's own connection:
 * `PRAGMA max_page_count` at the page count (a write that needs a page fails `SQLITE_FULL`, and one that needs none goes
 * through, as on the full tmpfs) and `PRAGMA query_only` (every write fails `SQLITE_READONLY`, a transaction at its
 * `BEGIN IMMEDIATE`).
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServerHealth } from '../health/index.js';
import { createDatabase, type Database } from './database.js';
import { migrateToLatest } from './migrations.js';
import { checkDatabase, WRITE_FAULT_HOLD_MS, WriteFaults, WritesFail } from './write-faults.js';

/** A blob larger than a page: inserting it takes new pages. */
const PAGES = Buffer.alloc(64 * 1024);

describe('writes that fail on the disk, and the readiness check', () => {
  let database: Database;
  beforeEach(async () => {
    database = createDatabase({ sqlitePath: ':memory:' });
    await migrateToLatest(database);
    await sql`create table filler (bytes blob)`.execute(database.db);
  });
  afterEach(async () => {
    await database.db.destroy();
  });

  /** The database may not grow past `pages`, by default its size now: full (`max_page_count`). */
  async function limitPages(pages?: number): Promise<void> {
    const count = Number((await sql<{ page_count: number }>`pragma page_count`.execute(database.db)).rows[0]?.page_count);
    await sql.raw(`pragma max_page_count = ${pages ?? count}`).execute(database.db);
  }

  it('says the disk is full for WRITE_FAULT_HOLD_MS after a write met SQLITE_FULL, though a smaller write goes through', async () => {
    await checkDatabase(database);
    await limitPages();
    await expect(sql`insert into filler (bytes) values (${PAGES})`.execute(database.db)).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    const failedAt = Date.now();
    // A write that needs no new page still goes through: it proves nothing.
    await sql`update filler set bytes = bytes`.execute(database.db);

    const check = checkDatabase(database);
    await expect(check).rejects.toBeInstanceOf(WritesFail);
    await expect(check).rejects.toThrow('the disk is full: writes fail (SQLITE_FULL)');
    await expect(checkDatabase(database, failedAt + WRITE_FAULT_HOLD_MS - 1_000)).rejects.toBeInstanceOf(WritesFail);
    // Space freed, and no write failed since: ready again by itself.
    await limitPages(1_000_000);
    await sql`insert into filler (bytes) values (${PAGES})`.execute(database.db);
    await checkDatabase(database, Date.now() + WRITE_FAULT_HOLD_MS);
  });

  it('notes a transaction refused at its BEGIN (run by the group commit, outside Kysely’s log) on a read-only database', async () => {
    await sql`pragma query_only = on`.execute(database.db);
    const transaction = database.db.transaction().execute((trx) => sql`insert into filler (bytes) values (${PAGES})`.execute(trx));
    await expect(transaction).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
    expect(database.writes.recent()).toMatchObject({ code: 'SQLITE_READONLY' });
  });

  it('ignores failures that are no fault of the disk', async () => {
    await expect(sql`insert into no_such_table values (1)`.execute(database.db)).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
    await expect(database.db.transaction().execute(() => Promise.reject(new Error('a bug')))).rejects.toThrow('a bug');
    expect(database.writes.recent()).toBeNull();
    await checkDatabase(database);
  });

  it('/readyz fails database with the reason while writes fail, and is ready again once none has failed for a while', async () => {
    let nowMs = Date.now();
    const health = new ServerHealth({ pingDatabase: () => checkDatabase(database, nowMs), leaseMs: 60_000, now: () => nowMs });
    try {
      expect(await health.readiness()).toMatchObject({ status: 'ready', checks: { database: { ok: true } } });
      await sql`pragma query_only = on`.execute(database.db);
      // A table's write fails; the `select 1` still answers.
      await expect(sql`insert into filler (bytes) values (${PAGES})`.execute(database.db)).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
      nowMs = Date.now();
      expect(await health.readiness()).toMatchObject({
        status: 'not-ready',
        checks: { database: { ok: false, reason: 'the database is read-only: writes fail (SQLITE_READONLY)' }, lease: { ok: true } },
      });

      await sql`pragma query_only = off`.execute(database.db);
      nowMs += WRITE_FAULT_HOLD_MS;
      expect(await health.readiness()).toMatchObject({ status: 'ready', checks: { database: { ok: true } } });
    } finally {
      health.close();
    }
  });
});

describe('locks not granted', () => {
  it('fail the check on a SQLite file only: on PostgreSQL a lock timeout is one row\'s', () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const file = new WriteFaults(true);
    file.note(busy, 1_000);
    expect(file.recent(1_000 + WRITE_FAULT_HOLD_MS - 1)).toBe(busy);
    expect(new WritesFail(busy).message).toBe('another program holds the database file: writes fail (SQLITE_BUSY)');
    const postgres = new WriteFaults(false);
    postgres.note(Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }), 1_000);
    postgres.note(busy, 1_000);
    expect(postgres.recent(1_001)).toBeNull();
  });
});
