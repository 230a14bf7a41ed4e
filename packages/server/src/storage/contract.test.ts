import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { err, ok } from '@paigow/engine';
import { createLedger } from '../ledger/ledger.js';
import { createPlayers } from '../players/players.js';
import { createDatabase, databaseOptionsFromEnv, type Database } from './database.js';
import { ensureDirectory } from './folders.js';
import { migrateToLatest, migrationsFor } from './migrations.js';
import { DEFAULT_BUSY_WAIT } from './sqlite-busy.js';
import { POSTGRES_SKIPPED_NOTICE, TEST_BACKENDS } from '../testing/backends.js';
import { transact } from './transaction.js';

if (TEST_BACKENDS.some((backend) => !backend.enabled)) console.log(POSTGRES_SKIPPED_NOTICE);

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`storage contract on ${backend.title}`, () => {
    let database: Database;
    beforeEach(async () => {
      database = await backend.open();
    });
    afterEach(async () => {
      await backend.close(database);
    });

    it('applies each migration once', async () => {
      expect(await migrateToLatest(database)).toEqual([]);
    });

    it('starts with the four system accounts and the sixteen issuance accounts at 0', async () => {
      expect(await createLedger(database).accountBalances()).toEqual([
        ...['commission', 'escrow', 'house', 'issuance'].map((id) => ({ accountId: id, kind: id, playerId: null, balanceCents: 0 })),
        ...Array.from({ length: 16 }, (_, shard) => ({ accountId: `issuance:${shard.toString(16)}`, kind: 'issuance', playerId: null, balanceCents: 0 })),
      ]);
    });

    it('reads bigint values and counts as JS numbers', async () => {
      const row = await database.db
        .selectNoFrom((eb) => [
          eb.cast<number>(eb.val(Number.MAX_SAFE_INTEGER), 'bigint').as('max'),
          eb.cast<number>(eb.val(-12345), 'bigint').as('negative'),
        ])
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ max: Number.MAX_SAFE_INTEGER, negative: -12345 });
      const count = await database.db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(count.n).toBe(20);
      expect(await createLedger(database).sumOfBalances()).toBe(0);
    });

    it('refuses a negative wallet and a non-positive transfer in the schema itself', async () => {
      const guest = await createPlayers(database).createGuest('schema');
      expect(guest.ok).toBe(true);
      const wallet = `wallet:${guest.ok ? guest.value.player.id : ''}`;
      await expect(
        database.db.updateTable('accounts').set({ balance_cents: -1 }).where('id', '=', wallet).execute(),
      ).rejects.toThrow();
      await expect(
        database.db
          .insertInto('transfers')
          .values({
            id: 't0',
            idempotency_key: 'k0',
            from_account_id: 'house',
            to_account_id: wallet,
            amount_cents: 0,
            kind: 'payout',
            round_id: null,
            created_at: 0,
          })
          .execute(),
      ).rejects.toThrow();
      await expect(
        database.db.updateTable('accounts').set({ balance_cents: -1 }).where('id', '=', 'house').execute(),
      ).resolves.toBeDefined();
    });

    it('commits a transaction that returns ok and rolls back one that returns an error', async () => {
      const player = (id: string) => ({ id, nickname: id, session_hash: id, comp_points: 0, created_at: 0 });
      const committed = await transact(database, async (trx) => {
        await trx.insertInto('players').values(player('a')).execute();
        return ok('done');
      });
      const refused = await transact(database, async (trx) => {
        await trx.insertInto('players').values(player('b')).execute();
        return err('action/invalid', 'no');
      });
      expect(committed).toEqual(ok('done'));
      expect(refused).toEqual(err('action/invalid', 'no'));
      const ids = (await database.db.selectFrom('players').select('id').orderBy('id').execute()).map((row) => row.id);
      expect(ids).toEqual(['a']);
    });
  });
}

describe('SQLite files', () => {
  let folder: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'paigow-storage-'));
  });
  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('creates the folder and opens the file with WAL, foreign keys and a short busy timeout (the rest of the wait is asynchronous)', async () => {
    const path = join(folder, 'nested', 'data', 'paigow.sqlite');
    const database = createDatabase({ sqlitePath: path });
    expect(database.dialect).toBe('sqlite');
    expect(await migrateToLatest(database)).toEqual(['0001_ledger', '0002_server_instances', '0003_recovery_notices', '0004_session_activity', '0005_round_fairness', '0006_bank_reservations', '0007_player_language', '0008_player_events', '0009_table_hosts', '0010_coach', '0011_deployment', '0012_growing_reads', '0013_issuance_accounts', '0014_redis_prefix', '0015_table_settings']);
    const pragma = async (name: string) => (await sql.raw(`pragma ${name}`).execute(database.db)).rows[0];
    expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
    expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 });
    expect(await pragma('busy_timeout')).toEqual({ timeout: DEFAULT_BUSY_WAIT.attemptMs });
    await database.db.destroy();
    expect(existsSync(path)).toBe(true);

    const reopened = createDatabase({ sqlitePath: path });
    expect(await migrateToLatest(reopened)).toEqual([]);
    await reopened.db.destroy();
  });

  it('starts transactions with BEGIN IMMEDIATE, so that another process cannot write meanwhile', async () => {
    const path = join(folder, 'paigow.sqlite');
    const database = createDatabase({ sqlitePath: path });
    await migrateToLatest(database);
    const otherProcess = new BetterSqlite3(path, { timeout: 0 });
    const write = () => otherProcess.prepare("update accounts set version = version where id = 'house'").run();
    await database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('accounts').select('id').execute();
      expect(write).toThrow(/locked|busy/i);
    });
    expect(write).not.toThrow();
    otherProcess.close();
    await database.db.destroy();
  });
});

describe('the data folder (ensureDirectory)', () => {
  it('creates missing parents, accepts an existing folder, and fails at once where it cannot create one', () => {
    const folder = mkdtempSync(join(tmpdir(), 'paigow-folders-'));
    try {
      const nested = join(folder, 'a', 'b', 'c');
      ensureDirectory(nested);
      ensureDirectory(nested);
      expect(statSync(nested).isDirectory()).toBe(true);
      const file = join(folder, 'file');
      writeFileSync(file, 'x');
      expect(() => ensureDirectory(file)).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
      expect(() => ensureDirectory(join(file, 'sub'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it.skipIf(!existsSync('/proc/self'))('does not hang on /proc (where a recursive mkdir loops forever)', () => {
    expect(() => ensureDirectory('/proc/nope/paigow')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});

describe('migration 0002 (server instances) on a database of 0001', () => {
  it('keeps rounds dealt before it, without an owner', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'paigow-migrate-'));
    const path = join(folder, 'paigow.sqlite');
    try {
      const first = createDatabase({ sqlitePath: path });
      const onlyFirst = new Migrator({
        db: first.db,
        provider: { getMigrations: async () => ({ '0001_ledger': migrationsFor('sqlite')['0001_ledger'] }) },
      });
      expect((await onlyFirst.migrateToLatest()).error).toBeUndefined();
      await sql`insert into rounds (id, table_id, status, secret_json, public_json, opened_at) values ('old', 't', 'open', '{}', '{}', 1)`.execute(first.db);
      await first.db.destroy();

      const database = createDatabase({ sqlitePath: path });
      expect(await migrateToLatest(database)).toEqual(['0002_server_instances', '0003_recovery_notices', '0004_session_activity', '0005_round_fairness', '0006_bank_reservations', '0007_player_language', '0008_player_events', '0009_table_hosts', '0010_coach', '0011_deployment', '0012_growing_reads', '0013_issuance_accounts', '0014_redis_prefix', '0015_table_settings']);
      const row = await database.db.selectFrom('rounds').select(['id', 'owner_instance_id', 'status']).executeTakeFirstOrThrow();
      expect(row).toEqual({ id: 'old', owner_instance_id: null, status: 'open' });
      expect(await database.db.selectFrom('server_instances').selectAll().execute()).toEqual([]);
      await database.db.destroy();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('databaseOptionsFromEnv', () => {
  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(databaseOptionsFromEnv({ DATABASE_URL: 'postgres://u@h/db' })).toEqual({ databaseUrl: 'postgres://u@h/db' });
  });

  it('else uses paigow.sqlite in PAIGOW_DATA_DIR, by default ./data', () => {
    expect(databaseOptionsFromEnv({ PAIGOW_DATA_DIR: '/var/paigow' })).toEqual({
      sqlitePath: '/var/paigow/paigow.sqlite',
    });
    expect(databaseOptionsFromEnv({})).toEqual({ sqlitePath: join('./data', 'paigow.sqlite') });
  });
});
