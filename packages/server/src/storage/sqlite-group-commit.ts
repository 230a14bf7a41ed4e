/**
 * Group commit for the one SQLite connection (docs/server.md "Database faults"): the transactions that queue for
 * the connection while one runs share one SQLite transaction and one `COMMIT`.
 *
 * Why: every table's deal, settlement and saved settings is a transaction of its own, run one after another on
 * the one connection. Under load several wait at any moment, and each `COMMIT` wrote every page it changed to
 * the WAL again (the accounts of the house and the escrow, the last pages of the transfers and their indexes):
 * about 0.45 ms a commit, a quarter of the time the server spent in SQLite (`npm run bench -- server`).
 *
 * How: the first transaction of a group opens the SQLite transaction (`BEGIN IMMEDIATE`); each one, the first
 * included, runs inside a savepoint, so that one that fails is rolled back alone (`ROLLBACK TO`) and the others
 * keep their work. A transaction that ends while others wait hands the connection on and is told it committed
 * only when the group's `COMMIT` is done; the one that ends with none waiting, even after one more turn of the
 * event loop (the messages already read may start some), or the group's `MAX_GROUP`th, commits for all. In the
 * 500-player benchmark, groups of about eight: a commit every eight transactions instead of every one.
 * A transaction rolled back after others of its group answers only once they are committed (its refusal may rest
 * on what they wrote). A statement outside a transaction is committed before it returns (an open group is
 * committed first). So nothing is reported committed before it is, and a crash loses only transactions no one
 * was told were committed. When the `COMMIT` fails, or SQLite rolls the group back by itself (a full disk),
 * every transaction of the group fails.
 */
import { CompiledQuery, type DatabaseConnection, type QueryResult } from 'kysely';
import { databaseStatementSeconds } from '../metrics/index.js';
import type { BusyRetryingConnection, ConnectionGate } from './sqlite-busy.js';

/** Most transactions in one group: bounds how long the first waits for its commit (a few ms). */
export const MAX_GROUP = 16;

const BEGIN = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
const SAVEPOINT = CompiledQuery.raw('savepoint paigow_transaction');
const ROLLBACK_TO = CompiledQuery.raw('rollback to paigow_transaction');
const RELEASE = CompiledQuery.raw('release paigow_transaction');

/**
 * Runs `statement` (the group's `BEGIN IMMEDIATE` or `COMMIT`, which the connection runs itself, outside Kysely's
 * log) and records its time, its busy waits included, in `paigow_db_statement_seconds` under `kind`, outcome `ok` or
 * `error` (an outside writer holding the file: "database is locked"), as Kysely's log does for PostgreSQL's.
 */
async function observed(kind: 'begin' | 'commit', statement: () => Promise<void>): Promise<void> {
  const started = performance.now();
  let outcome: 'ok' | 'error' = 'error';
  try {
    await statement();
    outcome = 'ok';
  } finally {
    databaseStatementSeconds.observe({ kind, outcome }, (performance.now() - started) / 1000);
  }
}

/** Refuses a turn that handed the connection on (it no longer holds it): one transaction a turn. */
function usable(turn: ConnectionTurn): void {
  if (turn.handedOn) throw new Error('this connection turn handed the SQLite connection on: acquire another');
}

/** One caller's turn on the connection, from Kysely's `acquireConnection` to its `releaseConnection`. */
export class ConnectionTurn implements DatabaseConnection {
  /** Inside this caller's transaction (its savepoint). */
  inTransaction = false;
  /** This caller's transaction waits for its group's commit: the connection was handed on already. */
  handedOn = false;
  constructor(private readonly group: GroupCommit) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.group.execute<R>(this, query);
  }
  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.group.connection.streamQuery<R>(query, chunkSize);
  }
}

/** The group commit of one connection; see the module comment. The driver calls it for every turn. */
export class GroupCommit {
  /** The SQLite transaction of the current group is open. */
  #open = false;
  /** The transactions of the group that handed the connection on, waiting for its commit. */
  #waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];

  /**
   * @param inTransaction whether SQLite has a transaction open (better-sqlite3's `Database.inTransaction`): an error
   *   such as a full disk makes SQLite roll back the whole transaction by itself
   */
  constructor(
    readonly connection: BusyRetryingConnection,
    private readonly gate: ConnectionGate,
    private readonly inTransaction: () => boolean,
    private readonly maxGroup: number = MAX_GROUP,
  ) {}

  /** A new turn (the caller holds the gate). */
  turn(): ConnectionTurn {
    return new ConnectionTurn(this);
  }

  /**
   * Runs `query` for `turn`. Outside a transaction, the open group is committed first (its errors are the group's);
   * and should a group have been opened while the statement waited for another process's lock (the connection is
   * lent meanwhile, `sqlite-busy.ts`), it is committed before the statement's result is returned.
   */
  async execute<R>(turn: ConnectionTurn, query: CompiledQuery): Promise<QueryResult<R>> {
    usable(turn);
    if (turn.inTransaction) return this.connection.executeQuery<R>(query);
    if (this.#open) await this.#commit().catch(() => undefined);
    let result: QueryResult<R>;
    try {
      result = await this.connection.executeQuery<R>(query);
    } catch (error) {
      if (this.#open) await this.#commit().catch(() => undefined);
      throw error;
    }
    if (this.#open) await this.#commit();
    return result;
  }

  /** Starts `turn`'s transaction: the group's SQLite transaction if none is open, then its savepoint. */
  async begin(turn: ConnectionTurn): Promise<void> {
    usable(turn);
    // SQLite rolled the group back by itself (a full disk, an I/O error): its transactions failed; a new group starts.
    if (this.#open && !this.inTransaction()) this.#fail(new Error('SQLite rolled back the transaction of a group commit'));
    if (!this.#open) {
      await observed('begin', () => this.connection.begin(BEGIN, () => this.#open));
      this.#open = true;
    }
    await this.connection.executeQuery(SAVEPOINT);
    turn.inTransaction = true;
  }

  /**
   * Ends `turn`'s transaction: its savepoint is released into the group; resolves once the group is committed.
   * @throws the `COMMIT`'s error (then nothing of the group was kept)
   */
  async commit(turn: ConnectionTurn): Promise<void> {
    await this.connection.executeQuery(RELEASE);
    turn.inTransaction = false;
    return this.#finish(turn);
  }

  /**
   * `turn`'s transaction is over (committed into the group, or rolled back after reading the group's work): resolves
   * once the group is committed, handing the connection on first when others wait for it.
   * @throws the `COMMIT`'s error
   */
  async #finish(turn: ConnectionTurn): Promise<void> {
    // With no one waiting yet, the messages the event loop has read may still bring some: wait for them one turn.
    if (this.gate.queued === 0 && this.#waiting.length + 1 < this.maxGroup) await new Promise((resolve) => setImmediate(resolve));
    if (this.gate.queued > 0 && this.#waiting.length + 1 < this.maxGroup) {
      const committed = new Promise<void>((resolve, reject) => this.#waiting.push({ resolve, reject }));
      turn.handedOn = true;
      this.gate.unlock();
      return committed;
    }
    await this.#commit();
  }

  /** Rolls back `turn`'s transaction alone (its savepoint); if SQLite already rolled back the whole group, the group fails. */
  async rollback(turn: ConnectionTurn): Promise<void> {
    if (!turn.inTransaction) return;
    turn.inTransaction = false;
    try {
      await this.connection.executeQuery(ROLLBACK_TO);
      await this.connection.executeQuery(RELEASE);
    } catch (error) {
      this.#fail(error);
      await this.connection.rollback(ROLLBACK).catch(() => undefined);
      return;
    }
    // Its refusal may rest on what the group's earlier transactions wrote: it answers once that is committed (or
    // with the COMMIT's error, if it is not).
    if (this.#waiting.length > 0) await this.#finish(turn);
  }

  /** `turn` gives the connection back: the group is committed when no one waits for the connection. */
  async release(turn: ConnectionTurn): Promise<void> {
    if (turn.handedOn) return;
    if (this.#open && this.gate.queued === 0) await this.#commit().catch(() => undefined);
    this.gate.unlock();
  }

  /** Commits the group: its waiting transactions are told; on a failure they and the caller get the error. */
  async #commit(): Promise<void> {
    const waiting = this.#waiting;
    this.#waiting = [];
    try {
      await observed('commit', () => this.connection.commit(COMMIT));
    } catch (error) {
      this.#open = false;
      for (const transaction of waiting) transaction.reject(error);
      await this.connection.rollback(ROLLBACK).catch(() => undefined);
      throw error;
    }
    this.#open = false;
    for (const transaction of waiting) transaction.resolve();
  }

  /** The group's SQLite transaction is gone: every transaction waiting for its commit fails. */
  #fail(error: unknown): void {
    this.#open = false;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const transaction of waiting) transaction.reject(error);
  }
}
