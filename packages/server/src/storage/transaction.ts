/**
 * Transactions that return a `Result`, and row locking.
 *
 * Locking order, on every path, is: the round row (if any), then the accounts in `id` order
 * (one `SELECT ... ORDER BY id FOR UPDATE`), then player rows in `id` order. One order
 * everywhere means two transactions never wait for each other in a cycle (no deadlocks).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { ok, type Result, type RuleError } from '@paigow/engine';
import type { Database, DialectName } from './database.js';
import { asDatabaseFault } from './faults.js';
import type { Tables } from './schema.js';

/** Carries a refusal out of Kysely's transaction callback, which rolls back on a throw. */
class Refusal extends Error {
  readonly refusal: RuleError;
  constructor(refusal: RuleError) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

/**
 * Runs `work` in one database transaction. It commits when `work` returns `ok`; it rolls back
 * when `work` returns an error (which is then returned) or throws (which is rethrown: a failure of the
 * database itself, e.g. a lost connection or a lock not granted in time, as a `DatabaseFault`).
 */
export async function transact<T>(
  database: Database,
  work: (trx: Transaction<Tables>) => Promise<Result<T>>,
): Promise<Result<T>> {
  try {
    const value = await database.db.transaction().execute(async (trx) => {
      const result = await work(trx);
      if (!result.ok) throw new Refusal(result.error);
      return result.value;
    });
    return ok(value);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, error: error.refusal };
    throw asDatabaseFault(error);
  }
}

/**
 * Adds `FOR UPDATE` to a select on PostgreSQL. On SQLite it returns the query unchanged: the
 * transaction began with `BEGIN IMMEDIATE` and already holds the database's write lock.
 */
export function forUpdate<Query extends { forUpdate(): Query }>(dialect: DialectName, query: Query): Query {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

/**
 * Runs the reads of `work` on one snapshot of the database without taking its write lock: on PostgreSQL a
 * `REPEATABLE READ, READ ONLY` transaction; on SQLite a deferred transaction, whose first read fixes a snapshot of
 * the WAL while writers, of this process or another, go on. A `BEGIN IMMEDIATE` transaction (SQLite's for `transact`)
 * held the write lock while `paigow audit` read the whole ledger, and a running server's deals and settlements waited
 * for it (2.8 s at 300,000 transfers). `work` must only read; it holds the SQLite connection meanwhile.
 */
export async function readSnapshot<T>(database: Database, work: (db: Kysely<Tables>) => Promise<T>): Promise<T> {
  if (database.dialect === 'postgres') {
    return database.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(work);
  }
  return database.db.connection().execute(async (connection) => {
    await sql`begin deferred`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`commit`.execute(connection);
    }
  });
}
