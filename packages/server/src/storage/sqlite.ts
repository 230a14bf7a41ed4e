/**
 * The SQLite dialect: one better-sqlite3 connection.
 *
 * Serialization: Kysely's `SqliteDriver` hands its single connection to one caller at a time
 * (a mutex held from `acquireConnection` to `releaseConnection`, i.e. for a whole
 * transaction), so transactions inside one process never interleave. Against other
 * processes using the same file, transactions start with `BEGIN IMMEDIATE`: the write lock is
 * taken at the start, waiting up to `busy_timeout`, so a transaction never fails half-way on
 * a lock upgrade. This is SQLite's equivalent of locking the accounts `FOR UPDATE`.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';

/** How long a statement waits for another process's lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: BetterSqlite3.Database;
  constructor(database: BetterSqlite3.Database) {
    super({ database });
    this.#database = database;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}

/**
 * Opens `path` (a file, whose folder is created if missing, or `':memory:'`) with foreign keys
 * on, a busy timeout, and WAL journaling for files.
 */
export function createSqliteDialect(path: string): SqliteDialect {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new BetterSqlite3(path);
  if (path !== ':memory:') database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new ImmediateSqliteDialect(database);
}
