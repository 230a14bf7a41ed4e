/**
 * Waiting for another process's SQLite write lock without freezing the server (docs/server.md
 * "Database faults"). better-sqlite3 is synchronous: with SQLite's own `busy_timeout`, a statement that
 * finds the file locked by another process (an operator's `sqlite3` shell in a transaction, a second
 * `paigow serve` by mistake) sleeps on the event loop until the lock is free, and every table and
 * `/healthz` freeze meanwhile. Here SQLite's own wait is a few milliseconds; past it the statement fails
 * with `SQLITE_BUSY` and is tried again after an asynchronous pause that grows (back-off), so the event
 * loop keeps turning while the lock is held, up to a total wait after which the caller gets the
 * `SQLITE_BUSY` error (a `DatabaseFault` 'busy' out of `transact`).
 *
 * The total wait is one per outage, not one per statement (`BusyOutage`): a table carries out its operations one
 * after another, and each write of each operation waited its own 5 s afresh, so four decisions sent together while
 * another process held the file were answered after 5, 10, 15 and 20 s (an attacker's trial: the house way that
 * completed the round was answered only when the lock ended, after 20 s). Now the statements that find the file
 * busy share the wait that began first: once it has run out, a statement that finds the file still busy fails
 * after its one attempt, until a write goes through or no statement has found the file busy for a whole wait.
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
 * What one connection knows of another process holding the file: since when statements have found it busy, and
 * when one last did. The statements that find it busy share one wait (`BusyWait.totalMs`) from the first of them
 * (see the module comment). The outage is over once a statement that needs the write lock goes through (a `BEGIN`,
 * a write, or any statement that had found the file busy; reads are not blocked under WAL and prove nothing), or
 * once no statement has found the file busy for `totalMs` (a new lock is then a new outage, with a wait of its own).
 */
export class BusyOutage {
  #since: number | null = null;
  #lastBusyAt = 0;
  constructor(private readonly wait: BusyWait) {}

  /** A statement that began at `startedMs` found the file busy at `nowMs`: when its wait ends (epoch ms). */
  busy(startedMs: number, nowMs: number): number {
    if (this.#since === null || nowMs - this.#lastBusyAt > this.wait.totalMs) this.#since = startedMs;
    this.#lastBusyAt = nowMs;
    return Math.min(startedMs, this.#since) + this.wait.totalMs;
  }

  /** The write lock was had: the outage, if any, is over. */
  over(): void {
    this.#since = null;
  }
}

/**
 * Runs `attempt` until it does not fail with `SQLITE_BUSY`, pausing asynchronously between attempts
 * (`wait`'s back-off), at most `wait.totalMs` in all and no longer than the wait `outage` began first. During each
 * pause the connection is handed to the callers waiting for it (`gate`), when given: the caller holds it but is in
 * no transaction, so they may use it meanwhile (reads are not blocked by another process's write lock under WAL).
 * @param writes whether `attempt` needs the write lock (its success ends the outage)
 * @returns `attempt`'s value
 * @throws `attempt`'s error: at once when it is not `SQLITE_BUSY`, else the last one when the wait has run out
 */
async function retryWhileBusy<T>(attempt: () => Promise<T>, wait: BusyWait, outage: BusyOutage, writes: boolean, gate?: ConnectionGate, now: () => number = Date.now): Promise<T> {
  const started = now();
  let pauseMs = wait.firstPauseMs;
  let foundBusy = false;
  for (;;) {
    try {
      const value = await attempt();
      if (writes || foundBusy) outage.over();
      return value;
    } catch (error) {
      if (!isBusy(error)) throw error;
      foundBusy = true;
      const at = now();
      if (at + pauseMs > outage.busy(started, at)) throw error;
    }
    gate?.unlock();
    await pause(pauseMs);
    await gate?.lock();
    pauseMs = Math.min(pauseMs * 2, wait.maxPauseMs);
  }
}

/** Whether `sql`, run outside a transaction, only reads (it then needs no write lock under WAL). */
function reads(sql: string): boolean {
  return /^\s*select\b/i.test(sql);
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
  /** Shared by every statement of this connection (`BusyOutage`). */
  readonly outage: BusyOutage;
  constructor(
    private readonly connection: DatabaseConnection,
    private readonly wait: BusyWait,
    private readonly gate: ConnectionGate,
  ) {
    this.outage = new BusyOutage(wait);
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#inTransaction) return this.connection.executeQuery<R>(query);
    return retryWhileBusy(() => this.connection.executeQuery<R>(query), this.wait, this.outage, !reads(query.sql), this.gate);
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
    await retryWhileBusy((): Promise<QueryResult<unknown>> => (alreadyOpen() ? Promise.resolve({ rows: [] }) : this.connection.executeQuery(query)), this.wait, this.outage, true, this.gate);
    this.#inTransaction = true;
  }

  /** Commits, retried while busy (keeping the connection: the transaction is open); the transaction is over afterwards (else still open, for the rollback). */
  async commit(query: CompiledQuery): Promise<void> {
    await retryWhileBusy(() => this.connection.executeQuery(query), this.wait, this.outage, true);
    this.#inTransaction = false;
  }

  /** Rolls back the open transaction, if one is open (a `begin` that failed opened none). */
  async rollback(query: CompiledQuery): Promise<void> {
    if (!this.#inTransaction) return;
    this.#inTransaction = false;
    await this.connection.executeQuery(query);
  }
}
