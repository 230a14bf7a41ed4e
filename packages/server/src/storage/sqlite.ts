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
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase } from 'kysely';
import { ensureDirectory } from './folders.js';

/** How long a statement waits for another process's lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Most distinct SQL texts whose prepared statements are kept (queries are built from a fixed set of shapes). */
const STATEMENT_CACHE_LIMIT = 500;

/**
 * The database as Kysely sees it, with prepared statements reused: Kysely's driver prepares every query
 * afresh, which costs more than running it; better-sqlite3 statements can be run again and again.
 */
function withStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (statement === undefined) {
        if (statements.size >= STATEMENT_CACHE_LIMIT) statements.clear();
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;
  constructor(database: BetterSqlite3.Database) {
    const cached = withStatementCache(database);
    super({ database: cached });
    this.#database = cached;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}

/**
 * Opens `path` (a file, whose folder is created if missing (`ensureDirectory`), or `':memory:'`) with foreign keys
 * on, a busy timeout, and WAL journaling for files. With WAL, `synchronous = NORMAL` syncs at
 * checkpoints rather than at every commit: a crash of the process loses nothing, and a power loss can
 * lose only the last commits, never consistency — a round whose settlement is lost is still open and
 * is settled again on start (rules.md §5: nothing lost, nothing counted twice).
 */
export function createSqliteDialect(path: string): SqliteDialect {
  if (path !== ':memory:') ensureDirectory(dirname(path));
  const database = new BetterSqlite3(path);
  if (path !== ':memory:') {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
  }
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new ImmediateSqliteDialect(database);
}
