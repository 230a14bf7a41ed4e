/**
 * `paigow audit` beside running servers (docs/operations.md "The ledger: audit and open rounds": it changes nothing
 * and may run while servers run). On SQLite it read the ledger inside `BEGIN IMMEDIATE`, the write lock: a server's
 * deals and settlements waited for the whole read (2.8 s at 300,000 transfers), and an audit started while a writer
 * held the lock waited for it, then failed. It now reads one snapshot, taking no lock. And a ledger with more bad
 * rounds than a call's arguments may number stopped the audit with a `RangeError` instead of listing them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { unwrap } from '@paigow/engine';
import { createPlayers } from '../players/players.js';
import { createDatabase, type Database } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrations.js';
import { holdSqliteFile, type OutsideLock } from '../testing/faults.js';
import { createLedger } from './ledger.js';

describe('the audit on a SQLite file', () => {
  let folder: string | undefined;
  let database: Database | undefined;
  let lock: OutsideLock | undefined;
  afterEach(async () => {
    await lock?.release();
    await database?.db.destroy();
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
    lock = database = folder = undefined;
  });

  async function open(): Promise<{ database: Database; path: string }> {
    folder = mkdtempSync(join(tmpdir(), 'paigow-audit-'));
    const path = join(folder, 'paigow.sqlite');
    database = createDatabase({ sqlitePath: path });
    await migrateToLatest(database);
    unwrap(await createPlayers(database).createGuest('Ann'));
    return { database, path };
  }

  it('reads a snapshot while another process holds the write lock, and takes none itself', async () => {
    const { database, path } = await open();
    lock = await holdSqliteFile(path);
    const audited = createLedger(database).audit();
    const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 3_000));
    expect(await Promise.race([audited, late])).toEqual([]);
  });

  it('lists every bad round of a ledger with a hundred and fifty thousand of them', async () => {
    const { database } = await open();
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 150000)
      insert into rounds (id, table_id, banker_player_id, status, secret_json, public_json, opened_at)
      select 'bad-' || i, 't', null, 'settled', '{}', '{}', 0 from n`.execute(database.db);
    const problems = await createLedger(database).audit();
    expect(problems).toHaveLength(150_000);
    expect(problems[0]).toMatch(/^round bad-\d+: settled with 0 settlement posting\(s\) and 0 refund\(s\)$/);
  });
});
