/**
 * Group commit (`sqlite-group-commit.ts`): transactions queued for the one SQLite connection share a `COMMIT`;
 * one that fails is rolled back alone; a failed `COMMIT` fails every transaction of its group.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql, type CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase } from './database.js';
import { ConnectionGate, type BusyRetryingConnection } from './sqlite-busy.js';
import { GroupCommit, type ConnectionTurn } from './sqlite-group-commit.js';

describe('group commit on a SQLite file', () => {
  const folder = mkdtempSync(join(tmpdir(), 'paigow-group-commit-'));
  afterEach(() => vi.restoreAllMocks());

  it('commits transactions that queued together once; one that fails leaves the others whole', async () => {
    const path = join(folder, 'group.sqlite');
    const database = createDatabase({ sqlitePath: path });
    const db = database.db.withoutPlugins();
    try {
      await sql`create table rows (n integer primary key)`.execute(db);
      // Count the COMMITs better-sqlite3 runs (the statement cache prepares each text once and runs it again).
      const statement = Object.getPrototypeOf(new BetterSqlite3(':memory:').prepare('select 1')) as { run: (...args: unknown[]) => unknown };
      let commits = 0;
      const run = statement.run;
      vi.spyOn(statement, 'run').mockImplementation(function (this: { source: string }, ...args: unknown[]) {
        if (this.source === 'commit') commits += 1;
        return run.apply(this, args);
      });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, n) =>
          db.transaction().execute(async (trx) => {
            await sql`insert into rows (n) values (${n})`.execute(trx);
            if (n === 7) throw new Error('transaction 7 fails after its insert');
          }),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual(Array.from({ length: 20 }, (_, n) => (n === 7 ? 'rejected' : 'fulfilled')));
      expect(commits).toBeGreaterThan(0);
      expect(commits).toBeLessThanOrEqual(3); // 19 committed transactions, at most 16 a group (`MAX_GROUP`)
      // What another connection reads: every transaction told it committed, and nothing of the one that failed.
      const reader = new BetterSqlite3(path, { readonly: true });
      const kept = (reader.prepare('select n from rows order by n').all() as { n: number }[]).map((row) => row.n);
      reader.close();
      expect(kept).toEqual(Array.from({ length: 20 }, (_, n) => n).filter((n) => n !== 7));
      // A statement on its own after them sees its own commit at once.
      await sql`insert into rows (n) values (100)`.execute(db);
      const after = new BetterSqlite3(path, { readonly: true });
      expect(after.prepare('select count(*) as c from rows where n = 100').get()).toEqual({ c: 1 });
      after.close();
    } finally {
      await database.db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/**
 * A transaction that begins and ends while another queues for the connection: it hands the connection on (the
 * caller then holds it for the next transaction); `committed` settles with the group's COMMIT.
 */
async function handedOn(group: GroupCommit, gate: ConnectionGate): Promise<{ turn: ConnectionTurn; committed: Promise<void> }> {
  await gate.lock();
  const turn = group.turn();
  await group.begin(turn);
  const next = gate.lock();
  const committed = group.commit(turn);
  committed.catch(() => undefined); // the test reads the outcome later
  await next;
  return { turn, committed };
}

describe('GroupCommit', () => {
  /** A connection that records the SQL it is given; its COMMIT fails when `failCommit`. */
  function recording(failCommit: boolean): { connection: BusyRetryingConnection; run: string[] } {
    const run: string[] = [];
    const record = async (query: CompiledQuery) => {
      run.push(query.sql);
      if (failCommit && query.sql === 'commit') throw new Error('disk I/O error');
      return { rows: [] };
    };
    let open = false;
    const connection = {
      executeQuery: record,
      begin: async (query: CompiledQuery, alreadyOpen: () => boolean) => {
        if (!alreadyOpen()) await record(query);
        open = true;
      },
      commit: async (query: CompiledQuery) => {
        await record(query);
        open = false;
      },
      rollback: async (query: CompiledQuery) => {
        if (!open) return;
        open = false;
        await record(query);
      },
    } as unknown as BusyRetryingConnection;
    return { connection, run };
  }

  it('tells a transaction it committed only when its group did, and fails them all when the COMMIT fails', async () => {
    for (const failCommit of [false, true]) {
      const { connection, run } = recording(failCommit);
      const gate = new ConnectionGate();
      const group = new GroupCommit(connection, gate, () => true);
      const { turn: first, committed } = await handedOn(group, gate);
      let firstDone: string | null = null;
      const firstCommit = committed.then(
        () => (firstDone = 'committed'),
        () => (firstDone = 'failed'),
      );
      await Promise.resolve();
      expect(firstDone).toBeNull(); // the first handed the connection on, not yet committed
      const second = group.turn();
      await group.begin(second);
      const secondCommit = group.commit(second);
      if (failCommit) await expect(secondCommit).rejects.toThrow('disk I/O error');
      else await secondCommit;
      await group.release(second);
      await group.release(first); // handed on already: gives nothing back twice
      await firstCommit;
      expect(firstDone).toBe(failCommit ? 'failed' : 'committed');
      expect(run).toEqual([
        'begin immediate',
        'savepoint paigow_transaction',
        'release paigow_transaction',
        'savepoint paigow_transaction',
        'release paigow_transaction',
        'commit',
        ...(failCommit ? ['rollback'] : []),
      ]);
      expect(gate.queued).toBe(0);
    }
  });

  it('answers a rolled-back transaction that read the group only with the group; a group SQLite rolled back fails and a new one starts; a turn handed on is refused', async () => {
    const { connection, run } = recording(true);
    const gate = new ConnectionGate();
    let sqliteHasTransaction = true;
    const group = new GroupCommit(connection, gate, () => sqliteHasTransaction);
    const { turn: first, committed: firstCommit } = await handedOn(group, gate);
    await expect(group.execute(first, { sql: 'select 1' } as CompiledQuery)).rejects.toThrow(/handed the SQLite connection on/);
    const second = group.turn();
    await group.begin(second);
    // The second is refused (its callback threw): it may have read the first's writes, so it answers with the group.
    await expect(group.rollback(second)).rejects.toThrow('disk I/O error');
    await expect(firstCommit).rejects.toThrow('disk I/O error');
    await group.release(second);
    expect(run.slice(-4)).toEqual(['rollback to paigow_transaction', 'release paigow_transaction', 'commit', 'rollback']);

    // A group whose transaction SQLite rolled back by itself: the transactions waiting fail; the next begins anew.
    const { committed: thirdCommit } = await handedOn(group, gate);
    sqliteHasTransaction = false;
    const fourth = group.turn();
    run.length = 0;
    await group.begin(fourth);
    await expect(thirdCommit).rejects.toThrow(/rolled back/);
    expect(run).toEqual(['begin immediate', 'savepoint paigow_transaction']);
  });
});
