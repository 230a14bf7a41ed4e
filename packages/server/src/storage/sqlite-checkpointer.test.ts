/**
 * WAL checkpoints off the main thread (`sqlite-checkpointer.ts`, docs/server.md "Database faults"): a file
 * database's own connection never checkpoints (`wal_autocheckpoint = 0`), the worker does, the WAL stays
 * bounded, closing the database ends the worker and its connection, and a worker that dies gives the main
 * connection its automatic checkpoints back.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from './database.js';
import { migrateToLatest } from './migrations.js';
import { AUTOMATIC_CHECKPOINT_PAGES, startWalCheckpointer } from './sqlite-checkpointer.js';

/**
 * How many times the WAL was started again from its beginning: its header's checkpoint sequence number
 * (bytes 12–15, big-endian). A writer starts it again only once a checkpoint has copied all of it.
 */
function walRestarts(path: string): number {
  return readFileSync(`${path}-wal`).readUInt32BE(12);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The worker threads this process starts while `body` runs. */
async function workersStartedBy(body: () => Promise<void>): Promise<Worker[]> {
  const started: Worker[] = [];
  const onWorker = (worker: Worker) => started.push(worker);
  process.on('worker', onWorker);
  try {
    await body();
    await sleep(0); // the 'worker' event is emitted on a later tick
  } finally {
    process.off('worker', onWorker);
  }
  return started;
}

describe('WAL checkpoints of a SQLite file', () => {
  let folder: string;
  let path: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'paigow-checkpoints-'));
    path = join(folder, 'paigow.sqlite');
  });
  afterEach(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('are made by the worker, not by the commits: automatic checkpoints off, the WAL started again and bounded', async () => {
    const database = createDatabase({ sqlitePath: path });
    await migrateToLatest(database);
    expect((await sql.raw('pragma wal_autocheckpoint').execute(database.db)).rows).toEqual([{ wal_autocheckpoint: 0 }]);
    await sql`create table filler (id integer primary key, body blob not null)`.execute(database.db);
    // Commits of ~100 KB (25 rows of 4 KB) with short pauses, until the WAL was started again twice (so
    // checkpoints ran: this connection makes none) and the WAL file is under half of what was written.
    let written = 0;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !(walRestarts(path) >= 2 && statSync(`${path}-wal`).size * 2 < written)) {
      await database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 25; i++) await sql`insert into filler (body) values (randomblob(4000))`.execute(trx);
      });
      written += 25 * 4000;
      await sleep(10);
    }
    expect(walRestarts(path)).toBeGreaterThanOrEqual(2);
    expect(statSync(`${path}-wal`).size).toBeLessThan(written / 2);
    expect((await sql.raw('pragma wal_autocheckpoint').execute(database.db)).rows).toEqual([{ wal_autocheckpoint: 0 }]);
    await database.db.destroy();
  });

  it('keep the WAL bounded under steady commits, by a restart once it is long', async () => {
    // Passive checkpoints alone leave what was committed while they ran, so the WAL would hardly ever start again.
    const connection = new BetterSqlite3(path, { timeout: 1_000 });
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = NORMAL');
    connection.exec('create table filler (id integer primary key, body blob not null)');
    const checkpointer = startWalCheckpointer(connection, { everyMs: 20, restartFrames: 200 });
    const insert = connection.prepare('insert into filler (body) values (randomblob(3000))');
    const commit = connection.transaction(() => insert.run());
    // Batches of commits with a turn of the event loop between them, as at a busy server: first until the
    // worker has started the WAL again once (it is running), then for 1.5 s.
    const batch = () => {
      for (let i = 0; i < 5; i++) commit();
    };
    const deadline = Date.now() + 20_000;
    while (walRestarts(path) < 1 && Date.now() < deadline) {
      batch();
      await sleep(0);
    }
    const restartsBefore = walRestarts(path);
    const sizeBefore = statSync(`${path}-wal`).size;
    let commits = 0;
    const started = Date.now();
    while (Date.now() - started < 1_500) {
      batch();
      commits += 5;
      await sleep(0);
    }
    await checkpointer.stop();
    expect(checkpointer.running).toBe(false);
    commit(); // writes the WAL's header, should the last restart have truncated the file
    expect(walRestarts(path)).toBeGreaterThanOrEqual(restartsBefore + 2);
    // Each commit wrote a frame at least (a 4 KiB page and 24 bytes): a WAL never started again grows by all of
    // them. One started again grows only past its longest stretch so far, which a worker starved of its core
    // lets run longer (27% of what was written on a loaded CI machine; under 3% on a two-core machine, idle or
    // with both cores kept busy): half tells the two apart without timing the worker.
    expect(statSync(`${path}-wal`).size - sizeBefore).toBeLessThan((commits * (4096 + 24)) / 2);
    expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    connection.close();
  });

  it('wait while a reader holds an old snapshot (a backup by an operator), and start the WAL again once it ends', async () => {
    const connection = new BetterSqlite3(path, { timeout: 1_000 });
    connection.pragma('journal_mode = WAL');
    connection.exec('create table filler (id integer primary key, body blob not null)');
    const checkpointer = startWalCheckpointer(connection, { everyMs: 20, restartFrames: 50 });
    const insert = connection.prepare('insert into filler (body) values (randomblob(3000))');
    const batch = connection.transaction(() => {
      for (let i = 0; i < 5; i++) insert.run();
    });
    const reader = new BetterSqlite3(path);
    reader.exec('begin');
    reader.prepare('select count(*) from filler').get();
    const restarts = walRestarts(path);
    const started = Date.now();
    while (Date.now() - started < 500) {
      batch();
      await sleep(5);
    }
    expect(walRestarts(path)).toBe(restarts); // the reader still needs the WAL's frames
    reader.exec('commit');
    const deadline = Date.now() + 20_000;
    while (walRestarts(path) === restarts && Date.now() < deadline) {
      batch();
      await sleep(5);
    }
    expect(walRestarts(path)).toBeGreaterThan(restarts);
    expect(checkpointer.running).toBe(true);
    await checkpointer.stop();
    reader.close();
    connection.close();
  });

  it('stop when the database is destroyed: the worker ends and its connection is closed', async () => {
    const workers = await workersStartedBy(async () => {
      const database = createDatabase({ sqlitePath: path });
      await migrateToLatest(database);
      await database.db.destroy();
    });
    expect(workers).toHaveLength(1);
    expect(workers[0].threadId).toBe(-1); // the thread has ended when `destroy` resolves
    // The last connection to close removes the WAL: neither the main connection nor the worker's is left open.
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(existsSync(path)).toBe(true);
  });

  it('start no worker for a database never queried, nor for :memory:', async () => {
    const workers = await workersStartedBy(async () => {
      const memory = createDatabase({ sqlitePath: ':memory:' });
      await migrateToLatest(memory);
      await memory.db.destroy();
      const unused = createDatabase({ sqlitePath: path });
      await unused.db.destroy();
    });
    expect(workers).toEqual([]);
  });

  it('go back to automatic checkpoints when the worker dies, and say so', async () => {
    const connection = new BetterSqlite3(path);
    connection.pragma('journal_mode = WAL');
    const problems: string[] = [];
    let checkpointer: ReturnType<typeof startWalCheckpointer> | undefined;
    const workers = await workersStartedBy(async () => {
      checkpointer = startWalCheckpointer(connection, { everyMs: 20, onProblem: (message) => problems.push(message) });
    });
    expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    expect(checkpointer?.running).toBe(true);
    await workers[0].terminate();
    await sleep(10);
    expect(checkpointer?.running).toBe(false);
    expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(AUTOMATIC_CHECKPOINT_PAGES);
    expect(problems).toEqual([expect.stringMatching(/checkpoint worker stopped .*automatic checkpoints are back on/)]);
    await checkpointer?.stop(); // nothing left to stop; resolves at once
    connection.close();
  });

  it('go back to automatic checkpoints when the worker cannot open the file', async () => {
    const connection = new BetterSqlite3(path);
    connection.pragma('journal_mode = WAL');
    rmSync(path); // the worker must not create an empty database where the file was
    const problems: string[] = [];
    const checkpointer = startWalCheckpointer(connection, { onProblem: (message) => problems.push(message) });
    const deadline = Date.now() + 20_000;
    while (checkpointer.running && Date.now() < deadline) await sleep(20);
    expect(checkpointer.running).toBe(false);
    expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(AUTOMATIC_CHECKPOINT_PAGES);
    expect(problems).toEqual([expect.stringMatching(/checkpoint worker stopped \(SQLITE_CANTOPEN\)/)]);
    expect(existsSync(path)).toBe(false);
    connection.close();
  });
});
