/**
 * PostgreSQL idle connections dropped together (a restart, a failover, `pg_terminate_backend` on each) write one
 * `database-connection-lost` line per 5 s, the next counting the others, not one per connection (an operator's: 13
 * lines in 10 s under repeated terminations). docs/operations.md "Logs".
 */
import pg from 'pg';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOG_REPEAT_MS, rootLogger } from '../log/index.js';
import { createDatabase, type Database } from './database.js';

const databaseUrl = process.env.DATABASE_URL;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(databaseUrl === undefined)('PostgreSQL idle connections lost together', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.db.destroy();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('write one database-connection-lost line per 5 s, the next with repeated', async () => {
    // The pool's throttle takes the clock as the pool is made: only `Date` is faked, the pool's timers run.
    vi.useFakeTimers({ toFake: ['Date'] });
    const warn = vi.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
    const lostLines = (): Record<string, unknown>[] =>
      warn.mock.calls.map(([fields]) => fields as unknown as Record<string, unknown>).filter((fields) => fields.event === 'database-connection-lost');
    database = createDatabase({ databaseUrl: databaseUrl!, maxConnections: 4 });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    /** Opens the pool's 4 connections, leaves them idle, and terminates their backends; resolves once they are gone. */
    const dropAll = async (): Promise<void> => {
      const pids = await Promise.all(
        Array.from({ length: 4 }, async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.1)`.execute(database!.db)).rows[0]!.pid),
      );
      expect(new Set(pids).size).toBe(4);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
      // The fake clock stands still: wait by sleeps, not by `until`.
      for (let i = 0; i < 100 && (await admin.query('select 1 from pg_stat_activity where pid = any($1::int[])', [pids])).rowCount !== 0; i++) await pause(20);
      await pause(200);
    };
    try {
      await dropAll();
      expect(lostLines()).toHaveLength(1);
      vi.setSystemTime(Date.now() + LOG_REPEAT_MS);
      await dropAll();
      expect(lostLines().map((fields) => fields.repeated)).toEqual([undefined, 3]);
    } finally {
      await admin.end();
    }
  });
});
