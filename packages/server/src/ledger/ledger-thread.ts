/**
 * The ledger thread (docs/server.md "The ledger thread"; issue 11 point 3 names it): a `Ledger` whose calls run on a
 * worker thread with a database connection of its own (`ledger-worker.ts`). A PostgreSQL transaction is a dozen round
 * trips, and on a loaded process each answer waits for a turn of the tables' event loop (100–300 ms a turn when
 * saturated): on the worker's quiet loop a transaction holds its pooled connection for milliseconds, and the tables' loop
 * sees one message a call instead of one a statement. On SQLite the statements' own time (about a fifth of a loaded
 * process's) leaves the tables' thread. The price: the arguments and answers are copied between threads (structured
 * clone), so a process spends more CPU in all; `npm run bench -- server` measures both.
 *
 * What crosses: every `Ledger` method's arguments and answer (plain data, `Map`s, `Result`s); a thrown `DatabaseFault`
 * comes back a `DatabaseFault` of the same kind, its cause the driver error's brief form (`{ message, code }`, which
 * `faultKindOf` and `faultSummary` read as they read the driver's); any other error, a plain `Error` of its name and message.
 * A worker that dies (an uncaught error, killed) fails every call waiting on it `connection-lost`; the next call starts
 * another. The worker's statement errors reach `writes` (the main `Database`'s `WriteFaults`, `/readyz`), its `paigow_`
 * metrics reach `/metrics` through `metrics()`.
 */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { MetricObjectWithValues, MetricValue } from 'prom-client';
import { briefError } from '../log/index.js';
import type { DatabaseOptions } from '../storage/database.js';
import { DatabaseFault, type DatabaseFaultKind } from '../storage/faults.js';
import type { WriteFaults } from '../storage/write-faults.js';
import { workerExecArgv } from '../workers/pool.js';
import type { Ledger } from './ledger.js';

/** `createDatabase`'s options for a SQLite file. */
type SqliteOptions = Extract<DatabaseOptions, { readonly sqlitePath: string }>;
/** Where the worker's database is: `createDatabase`'s options without functions (they cannot cross to a thread). */
export type LedgerWorkerData = Omit<SqliteOptions, 'onProblem'> | Exclude<DatabaseOptions, SqliteOptions>;

/** The `Ledger` methods that run on the thread: all but `closedFairRoundPages` (an iterator, read by the operator's audit). */
type ThreadMethod = Exclude<keyof Ledger, 'closedFairRoundPages'>;

/** What the main thread posts the worker. */
export type LedgerWorkerRequest =
  | { readonly id: number; readonly method: ThreadMethod; readonly args: readonly unknown[] }
  | { readonly metrics: number }
  | { readonly close: true };

/** An error as it crosses from the worker: a `DatabaseFault`'s kind and cause, else a name and message. */
export interface BrokenError {
  readonly fault?: DatabaseFaultKind;
  readonly name: string;
  readonly message: string;
  readonly code?: string;
}

/**
 * `error` in a form that crosses threads (`BrokenError`): a `DatabaseFault` as its kind and its driver error's brief form
 * (`briefError`), anything else (a driver error too) as its own brief form.
 */
export function brokenError(error: unknown): BrokenError {
  const fault = error instanceof DatabaseFault ? error : null;
  const brief = briefError(fault === null ? error : fault.cause);
  return { ...(fault === null ? {} : { fault: fault.kind }), name: brief.type, message: brief.message, ...(brief.code === undefined ? {} : { code: brief.code }) };
}

/** The error a `BrokenError` stands for: a `DatabaseFault` of its kind, else an `Error` of its name, message and code. */
function mended(broken: BrokenError): Error {
  const cause = Object.assign(new Error(broken.message), { name: broken.name, ...(broken.code === undefined ? {} : { code: broken.code }) });
  return broken.fault === undefined ? cause : new DatabaseFault(broken.fault, cause);
}

/** Every method that runs on the thread; the type makes a method added to `Ledger` fail to compile until it is listed. */
const THREAD_METHODS = Object.keys({
  openRound: true,
  settleRound: true,
  refundRound: true,
  openRounds: true,
  recoverableRounds: true,
  claimRound: true,
  releaseRounds: true,
  recordEvents: true,
  unackedEvents: true,
  ackEvents: true,
  pruneEvents: true,
  saveRoundSecret: true,
  history: true,
  balance: true,
  reserveBank: true,
  releaseBank: true,
  releaseMovedBank: true,
  spendable: true,
  figures: true,
  releaseOrphanReservations: true,
  topUp: true,
  accountBalances: true,
  sumOfBalances: true,
  audit: true,
  roundFairness: true,
  closedFairRounds: true,
} satisfies Record<ThreadMethod, true>) as ThreadMethod[];

/** What `startLedgerThread` needs. */
export interface LedgerThreadOptions {
  /** The worker's database. */
  readonly database: LedgerWorkerData;
  /** The main `Database`'s write faults: told of every error the worker's statements meet (`WriteFaults.note` keeps the storage faults). */
  readonly writes: WriteFaults;
  /** The ledger on the main thread's connection, for `closedFairRoundPages`. */
  readonly local: Ledger;
  /** Told (a sentence) of SQLite's checkpoint problems in the worker, and of a worker that stopped on its own. */
  readonly onProblem?: (message: string) => void;
}

/** A ledger on a worker thread (`startLedgerThread`). */
export interface LedgerThread {
  readonly ledger: Ledger;
  /**
   * The worker's `paigow_` series, `prom-client`'s JSON form (to add to the main registry's: `/metrics`); none while no
   * worker runs, or when it does not answer within `METRICS_WAIT_MS`.
   */
  metrics(): Promise<MetricObjectWithValues<MetricValue<string>>[]>;
  /** Closes the worker's database and stops it; later calls fail `connection-lost`. Calls in flight finish first. */
  close(): Promise<void>;
}

/** How long `metrics()` waits for the worker's series before it answers without them, ms. */
export const METRICS_WAIT_MS = 1_000;

interface Waiting {
  readonly resolve: (value: never) => void;
  readonly reject: (error: unknown) => void;
}

/** The worker's entry: built with the server, and taken from `dist/` under tests too (see `ledger-worker.ts`). */
const WORKER_ENTRY = fileURLToPath(new URL('../../dist/ledger/ledger-worker.js', import.meta.url));

/**
 * Starts the ledger thread: a worker, started now, whose `Ledger` answers `ledger`'s calls (see the module comment).
 * The worker's PostgreSQL pool is a second one of `maxConnections`, beside the main thread's.
 */
export function startLedgerThread(options: LedgerThreadOptions): LedgerThread {
  let worker: Worker | null = null;
  let closed = false;
  let next = 0;
  const waiting = new Map<number, Waiting>();

  const start = (): Worker => {
    const started = new Worker(WORKER_ENTRY, { workerData: options.database, execArgv: workerExecArgv() });
    started.on('message', (message: { id?: number; value?: unknown; error?: BrokenError; note?: BrokenError; problem?: string; metrics?: number; closed?: true }) => {
      if (message.note !== undefined) {
        options.writes.note(mended(message.note));
        return;
      }
      if (message.problem !== undefined) {
        options.onProblem?.(message.problem);
        return;
      }
      const id = message.metrics ?? message.id;
      if (id === undefined) return;
      const call = waiting.get(id);
      if (call === undefined) return;
      waiting.delete(id);
      if (message.error !== undefined) call.reject(mended(message.error));
      else call.resolve(message.value as never);
    });
    // An uncaught error in the worker ends it: 'error' then 'exit'. Everything it held fails; the next call starts another.
    const ended = (why: unknown): void => {
      if (worker !== started) return;
      worker = null;
      const fault = new DatabaseFault('connection-lost', why);
      for (const call of waiting.values()) call.reject(fault);
      waiting.clear();
      if (!closed) options.onProblem?.(`ledger thread: the worker stopped (${fault.message}); the next call starts another`);
    };
    started.on('error', (error) => ended(error));
    started.on('exit', (code) => ended(new Error(`the ledger worker exited with status ${code}`)));
    return started;
  };

  const post = <T>(request: (id: number) => LedgerWorkerRequest): Promise<T> => {
    if (closed) return Promise.reject(new DatabaseFault('connection-lost', new Error('the ledger thread is closed')));
    worker ??= start();
    const id = next++;
    const target = worker;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: never) => void, reject });
      target.postMessage(request(id));
    });
  };

  const ledger = { closedFairRoundPages: (limit: number) => options.local.closedFairRoundPages(limit) } as Record<string, unknown>;
  for (const method of THREAD_METHODS) ledger[method] = (...args: unknown[]) => post((id) => ({ id, method, args }));
  worker = start();

  return {
    ledger: ledger as unknown as Ledger,
    metrics: async () => {
      if (worker === null || closed) return [];
      const answered = post<MetricObjectWithValues<MetricValue<string>>[]>((id) => ({ metrics: id }));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<[]>((resolve) => (timer = setTimeout(() => resolve([]), METRICS_WAIT_MS)));
      try {
        return await Promise.race([answered.catch(() => []), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      const running = worker;
      if (running === null) return;
      // The worker closes its database once its calls in flight are answered; one that does not in time is stopped.
      const done = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.on('message', (message: { closed?: true }) => {
        if (message.closed === true) void running.terminate();
      });
      running.postMessage({ close: true } satisfies LedgerWorkerRequest);
      const timer = setTimeout(() => void running.terminate(), CLOSE_WAIT_MS);
      await done;
      clearTimeout(timer);
    },
  };
}

/** How long `close()` waits for the worker to close its database before it stops it, ms. */
export const CLOSE_WAIT_MS = 5_000;
