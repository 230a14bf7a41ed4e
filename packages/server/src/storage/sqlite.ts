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
 * tried again after a pause, so the event loop never stalls on the lock. On a file, WAL checkpoints run
 * in a worker thread with its own connection (`sqlite-checkpointer.ts`), not inside the main thread's commits.
 */
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDatabase } from 'kysely';
import { ensureDirectory } from './folders.js';
import { BusyRetryingConnection, ConnectionGate, DEFAULT_BUSY_WAIT, type BusyWait } from './sqlite-busy.js';
import { startWalCheckpointer, type WalCheckpointer } from './sqlite-checkpointer.js';
import { GroupCommit, type ConnectionTurn } from './sqlite-group-commit.js';

/**
 * Kysely's SQLite driver with `BEGIN IMMEDIATE`, asynchronous busy waits (`sqlite-busy.ts`) and group commit
 * (`sqlite-group-commit.ts`: transactions queued for the connection share one `COMMIT`). The turn
 * on the connection is this driver's `ConnectionGate` instead of `SqliteDriver`'s own mutex (taken once,
 * at the first acquire, and never released), so that a wait for another process's lock can let other
 * callers use the connection. A file's checkpointer (`startCheckpointer`) starts with the driver (Kysely's
 * `init`, at the first query) and is stopped, its connection closed, when the driver is destroyed.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  #group: GroupCommit | undefined;
  readonly #gate = new ConnectionGate();
  #checkpointer: WalCheckpointer | undefined;
  constructor(
    database: SqliteDatabase,
    private readonly wait: BusyWait,
    private readonly startCheckpointer: (() => WalCheckpointer) | null,
    private readonly inTransaction: () => boolean,
    private readonly onFailure: (error: unknown) => void,
  ) {
    super({ database });
  }
  override async init(): Promise<void> {
    await super.init();
    this.#checkpointer ??= this.startCheckpointer?.();
  }
  override async destroy(): Promise<void> {
    // The checkpointer first: closing the main connection checkpoints the WAL itself, and a worker's tick meanwhile
    // can fail on the lock and be logged as a problem at a stop (a `sqlite-checkpoint` warn after `drained`, seen once in CI).
    await this.#checkpointer?.stop();
    await super.destroy();
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#gate.lock();
    this.#group ??= new GroupCommit(new BusyRetryingConnection(await super.acquireConnection(), this.wait, this.#gate), this.#gate, this.inTransaction);
    return this.#group.turn();
  }
  // Kysely hands back the connection it was given (optional here only to match `SqliteDriver`'s signature).
  override async releaseConnection(connection?: DatabaseConnection): Promise<void> {
    await this.#group!.release(connection as ConnectionTurn);
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#group!.begin(connection as ConnectionTurn).catch(this.#failed);
  }
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#group!.commit(connection as ConnectionTurn).catch(this.#failed);
  }
  /** Tells `onFailure` of a `BEGIN`'s or a `COMMIT`'s error (not in Kysely's log: the group commit runs them), and rethrows it. */
  readonly #failed = (error: unknown): never => {
    this.onFailure(error);
    throw error;
  };
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#group!.rollback(connection as ConnectionTurn);
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
  readonly #startCheckpointer: (() => WalCheckpointer) | null;
  readonly #inTransaction: () => boolean;
  readonly #onFailure: (error: unknown) => void;
  constructor(database: BetterSqlite3.Database, wait: BusyWait, startCheckpointer: (() => WalCheckpointer) | null, onFailure: (error: unknown) => void) {
    const cached = withStatementCache(database);
    super({ database: cached });
    this.#database = cached;
    this.#wait = wait;
    this.#startCheckpointer = startCheckpointer;
    this.#inTransaction = () => database.inTransaction;
    this.#onFailure = onFailure;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#database, this.#wait, this.#startCheckpointer, this.#inTransaction, this.#onFailure);
  }
}

/**
 * Opens `path` (a file, whose folder is created if missing (`ensureDirectory`), or `':memory:'`) with foreign keys
 * on, `busyWait` for another process's lock (`sqlite-busy.ts`), and WAL journaling for files. With WAL, `synchronous = NORMAL` syncs at
 * checkpoints rather than at every commit: a crash of the process loses nothing, and a power loss can
 * lose only the last commits, never consistency — a round whose settlement is lost is still open and
 * is settled again on start (rules.md §5: nothing lost, nothing counted twice).
 * A file's checkpoints are not SQLite's automatic ones, run by the commit that fills the WAL past 1,000 pages on
 * the main thread (they made the average COMMIT 1.02 ms instead of 0.48 ms in the server benchmark), but a
 * worker thread's, with its own connection (`sqlite-checkpointer.ts`: passive every 250 ms, and a short restart
 * once the WAL is long), from the first query until the database is destroyed; should the worker stop on its
 * own, automatic checkpoints are back and `onProblem` is told.
 * @param onProblem told (one sentence) of a failed checkpoint and of the checkpoint worker stopping on its own
 * @param onFailure told of each error of a transaction's `BEGIN` or `COMMIT` (a full disk fails the `COMMIT`), which
 *   the group commit runs outside Kysely's log (`createDatabase` notes the storage faults among them)
 */
export function createSqliteDialect(
  path: string,
  busyWait: BusyWait = DEFAULT_BUSY_WAIT,
  onProblem?: (message: string) => void,
  onFailure: (error: unknown) => void = () => undefined,
): SqliteDialect {
  if (path !== ':memory:') ensureDirectory(dirname(path));
  const database = new BetterSqlite3(path);
  if (path !== ':memory:') {
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
  }
  database.pragma('foreign_keys = ON');
  database.pragma(`busy_timeout = ${busyWait.attemptMs}`);
  const startCheckpointer = path === ':memory:' ? null : () => startWalCheckpointer(database, { onProblem });
  return new ImmediateSqliteDialect(database, busyWait, startCheckpointer, onFailure);
}
