/**
 * The SQLite dialect: one better-sqlite3 connection.
 *
 * Serialization: Kysely's `SqliteDriver` hands its single connection to one caller at a time
 * (a mutex held from `acquireConnection` to `releaseConnection`, i.e. for a whole
 * transaction), so transactions inside one process never interleave. Against other
 * processes using the same file, transactions start with `BEGIN IMMEDIATE`: the write lock is
 * taken at the start, so a transaction never fails half-way on a lock upgrade. This is SQLite's
 * equivalent of locking the accounts `FOR UPDATE`. While another process holds the lock, the wait
 * is asynchronous (`sqlite-busy.ts`): SQLite's own `busy_timeout` is a few ms, then the statement is
 * tried again after a pause, so the event loop never stalls on the lock.
 */
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase } from 'kysely';
import { ensureDirectory } from './folders.js';
import { BusyRetryingConnection, ConnectionGate, DEFAULT_BUSY_WAIT, type BusyWait } from './sqlite-busy.js';

/**
 * Kysely's SQLite driver with `BEGIN IMMEDIATE` and asynchronous busy waits (`sqlite-busy.ts`). The turn
 * on the connection is this driver's `ConnectionGate` instead of `SqliteDriver`'s own mutex (taken once,
 * at the first acquire, and never released), so that a wait for another process's lock can let other
 * callers use the connection.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  #connection: BusyRetryingConnection | undefined;
  readonly #gate = new ConnectionGate();
  constructor(
    database: SqliteDatabase,
    private readonly wait: BusyWait,
  ) {
    super({ database });
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#gate.lock();
    this.#connection ??= new BusyRetryingConnection(await super.acquireConnection(), this.wait, this.#gate);
    return this.#connection;
  }
  override async releaseConnection(): Promise<void> {
    this.#gate.unlock();
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as BusyRetryingConnection).begin(CompiledQuery.raw('begin immediate'));
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as BusyRetryingConnection).commit(CompiledQuery.raw('commit'));
  }
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as BusyRetryingConnection).rollback(CompiledQuery.raw('rollback'));
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
  readonly #wait: BusyWait;
  constructor(database: BetterSqlite3.Database, wait: BusyWait) {
    const cached = withStatementCache(database);
    super({ database: cached });
    this.#database = cached;
    this.#wait = wait;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#database, this.#wait);
  }
}

/**
 * Opens `path` (a file, whose folder is created if missing (`ensureDirectory`), or `':memory:'`) with foreign keys
 * on, `busyWait` for another process's lock (`sqlite-busy.ts`), and WAL journaling for files. With WAL, `synchronous = NORMAL` syncs at
 * checkpoints rather than at every commit: a crash of the process loses nothing, and a power loss can
 * lose only the last commits, never consistency — a round whose settlement is lost is still open and
 * is settled again on start (rules.md §5: nothing lost, nothing counted twice).
 */
export function createSqliteDialect(path: string, busyWait: BusyWait = DEFAULT_BUSY_WAIT): SqliteDialect {
  if (path !== ':memory:') ensureDirectory(dirname(path));
  const database = new BetterSqlite3(path);
  if (path !== ':memory:') {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
  }
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${busyWait.attemptMs}`);
  return new ImmediateSqliteDialect(database, busyWait);
}
