/**
 * Waiting for another process's SQLite write lock without freezing the server (docs/server.md
 * "Database faults"). better-sqlite3 is synchronous: with SQLite's own `busy_timeout`, a statement that
 * finds the file locked by another process (an operator's `sqlite3` shell in a transaction, a second
 * `paigow serve` by mistake) sleeps on the event loop until the lock is free, and every table and
 * `/healthz` freeze meanwhile. Here SQLite's own wait is a few milliseconds; past it the statement fails
 * with `SQLITE_BUSY` and is tried again after an asynchronous pause that grows (back-off), so the event
 * loop keeps turning while the lock is held, up to a total wait after which the caller gets the
 * `SQLITE_BUSY` error (a `DatabaseFault` 'busy' out of `transact`).
 */
import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';
import { faultKindOf } from './faults.js';

/** How long to wait for another process's lock, all in ms. */
export interface BusyWait {
  /** SQLite's own `busy_timeout`: how long one attempt may block the event loop. */
  readonly attemptMs: number;
  /** The first pause between attempts; each pause doubles, up to `maxPauseMs`. */
  readonly firstPauseMs: number;
  readonly maxPauseMs: number;
  /** After this long the last `SQLITE_BUSY` is thrown. */
  readonly totalMs: number;
}

/** The production wait: 10 ms attempts, pauses of 5 → 100 ms, up to 5 s in all (as SQLite's former busy timeout). */
export const DEFAULT_BUSY_WAIT: BusyWait = Object.freeze({ attemptMs: 10, firstPauseMs: 5, maxPauseMs: 100, totalMs: 5_000 });

/** True for better-sqlite3's `SQLITE_BUSY*` / `SQLITE_LOCKED*` errors. */
function isBusy(error: unknown): boolean {
  return faultKindOf(error) === 'busy';
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one connection's turn, first come first served: held by a caller from Kysely's
 * `acquireConnection` to its `releaseConnection` (a statement, or a whole transaction).
 */
export class ConnectionGate {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  /** Resolves when the caller holds the connection. */
  async lock(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** How many callers wait for the connection. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Hands the connection to the next caller waiting, if any. */
  unlock(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.held = false;
    else next();
  }
}

/**
 * Runs `attempt` until it does not fail with `SQLITE_BUSY`, pausing asynchronously between attempts
 * (`wait`'s back-off), at most `wait.totalMs` in all. During each pause the connection is handed to the
 * callers waiting for it (`gate`), when given: the caller holds it but is in no transaction, so they
 * may use it meanwhile (reads are not blocked by another process's write lock under WAL).
 * @returns `attempt`'s value
 * @throws `attempt`'s error: at once when it is not `SQLITE_BUSY`, else the last one after `wait.totalMs`
 */
async function retryWhileBusy<T>(attempt: () => Promise<T>, wait: BusyWait, gate?: ConnectionGate, now: () => number = Date.now): Promise<T> {
  const started = now();
  let pauseMs = wait.firstPauseMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error) || now() - started + pauseMs > wait.totalMs) throw error;
    }
    gate?.unlock();
    await pause(pauseMs);
    await gate?.lock();
    pauseMs = Math.min(pauseMs * 2, wait.maxPauseMs);
  }
}

/**
 * The one SQLite connection, with `SQLITE_BUSY` retried asynchronously (`retryWhileBusy`) where that is
 * safe: a statement outside a transaction (it failed as a whole), `BEGIN IMMEDIATE` (the write lock is
 * taken there, so a transaction never finds the file busy later) and `COMMIT` (SQLite keeps the
 * transaction open when COMMIT is busy). Statements inside a transaction are not retried. While a
 * statement outside a transaction or a `BEGIN` waits, other callers may use the connection (`gate`).
 */
export class BusyRetryingConnection implements DatabaseConnection {
  #inTransaction = false;
  constructor(
    private readonly connection: DatabaseConnection,
    private readonly wait: BusyWait,
    private readonly gate: ConnectionGate,
  ) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#inTransaction) return this.connection.executeQuery<R>(query);
    return retryWhileBusy(() => this.connection.executeQuery<R>(query), this.wait, this.gate);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(query, chunkSize);
  }

  /**
   * Runs `sql` (`begin immediate`), retried while busy; the transaction is open afterwards. `alreadyOpen` is asked
   * before each attempt: while this caller waited for another process's lock, the caller it let use the
   * connection may have opened the transaction (`sqlite-group-commit.ts`), and then nothing more is run.
   */
  async begin(query: CompiledQuery, alreadyOpen: () => boolean = () => false): Promise<void> {
    await retryWhileBusy((): Promise<QueryResult<unknown>> => (alreadyOpen() ? Promise.resolve({ rows: [] }) : this.connection.executeQuery(query)), this.wait, this.gate);
    this.#inTransaction = true;
  }

  /** Commits, retried while busy (keeping the connection: the transaction is open); the transaction is over afterwards (else still open, for the rollback). */
  async commit(query: CompiledQuery): Promise<void> {
    await retryWhileBusy(() => this.connection.executeQuery(query), this.wait);
    this.#inTransaction = false;
  }

  /** Rolls back the open transaction, if one is open (a `begin` that failed opened none). */
  async rollback(query: CompiledQuery): Promise<void> {
    if (!this.#inTransaction) return;
    this.#inTransaction = false;
    await this.connection.executeQuery(query);
  }
}
