/**
 * WAL checkpoints off the main thread, for a SQLite file (docs/server.md "Database faults").
 *
 * Why: better-sqlite3 runs every statement on the Node main thread, and SQLite's automatic checkpoint (once
 * the WAL holds 1,000 pages) runs inside the COMMIT that crossed the mark, copying pages into the database
 * file and syncing it. In the server benchmark a COMMIT cost 1.04 ms on average, and 130 commits a run took over
 * 5 ms; with this worker, 0.44 ms and 6. So the main connection turns them off
 * (`wal_autocheckpoint = 0`) and a worker thread (`checkpoint-worker.js`), with its own connection to the
 * same file, checkpoints every `everyMs`.
 *
 * Passive checkpoints do the copying: they never wait for and never block the writer. But passive
 * checkpoints alone do not bound the WAL under a steady load: the writer starts the WAL again from its
 * beginning only when it finds it wholly copied, and a passive checkpoint always leaves the commits made
 * while it ran (in the 500-player benchmark the WAL grew to 680 MB in 20 s). So once the WAL holds
 * `restartFrames` frames, the worker copies again, then runs a RESTART checkpoint (TRUNCATE when the file is
 * over `TRUNCATE_BYTES`, to give the disk back). That one holds the write lock while it copies what is left
 * (what was committed during the passive checkpoint just before: a few frames, and two syncs, a few ms), and
 * with a busy timeout of 0 it takes the lock only when it is free and never waits for anything while holding
 * it. A main-thread write meanwhile waits on its own `busy_timeout` (10 ms at most, then asynchronously), a
 * few times a second at most, where the automatic checkpoint stalled each commit that ran it for the whole
 * copy. When the lock was taken, the worker tries again `RETRY_MS` later.
 *
 * If the worker stops on its own (it failed to start or crashed), the main connection goes back to automatic
 * checkpoints, so the WAL never grows without bound.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import { workerEntryPath, workerExecArgv } from '../workers/pool.js';

/** How often the worker runs a passive checkpoint by default, ms. */
export const CHECKPOINT_EVERY_MS = 250;

/** How soon the worker tries a restart again when the write lock was taken (or a reader was on the WAL), ms. */
export const RETRY_MS = 10;

/** Frames in the WAL (pages written, ~4 KiB each) from which the worker makes the next commit start it again, by default: 16 MiB. */
export const RESTART_FRAMES = 4096;

/** WAL file size past which the restart also truncates the file, bytes (64 MiB). */
export const TRUNCATE_BYTES = 64 * 2 ** 20;

/** SQLite's own `wal_autocheckpoint` (pages), restored on the main connection when the worker stops on its own. */
export const AUTOMATIC_CHECKPOINT_PAGES = 1000;

/** How long `stop` lets the worker close its connection before it is terminated, ms. */
const STOP_WAIT_MS = 2_000;

/** Options of `startWalCheckpointer`. */
export interface WalCheckpointerOptions {
  /** Pause between two ticks (a passive checkpoint, and a restart when the WAL is long), ms (default `CHECKPOINT_EVERY_MS`). */
  readonly everyMs?: number;
  /** WAL frames from which a tick tries a restart (default `RESTART_FRAMES`). */
  readonly restartFrames?: number;
  /**
   * Told, as one sentence, when a checkpoint failed (once, until one succeeds again; the worker tries again
   * every tick) and when the worker stopped on its own (automatic checkpoints are then back on). Default: nothing.
   */
  readonly onProblem?: (message: string) => void;
}

/** A running checkpointer (`startWalCheckpointer`). */
export interface WalCheckpointer {
  /** Whether the worker thread is still running (false once it has ended, whether by `stop` or on its own). */
  readonly running: boolean;
  /**
   * Stops the worker: it closes its connection and ends (it is terminated if it has not after 2 s). Resolves once
   * the thread has ended; never rejects; a second call waits for the same end. Does not touch the main connection.
   */
  stop(): Promise<void>;
}

/**
 * Turns off `database`'s automatic checkpoints and starts the worker thread that checkpoints its file instead
 * (see the module comment). The worker is `unref()`'d: it never keeps the process alive. A checkpoint that fails
 * is tried again at the next tick; if the worker stops without `stop` being called, `database` gets
 * `wal_autocheckpoint = AUTOMATIC_CHECKPOINT_PAGES` back (when still open) and `onProblem` is told.
 * @param database an open better-sqlite3 connection to a file (not `:memory:`) in WAL mode; its `name` is the
 *   path the worker opens
 * @throws TypeError if `database` is closed
 */
export function startWalCheckpointer(database: BetterSqlite3.Database, options: WalCheckpointerOptions = {}): WalCheckpointer {
  if (!database.open) throw new TypeError('startWalCheckpointer: the database connection is not open');
  const everyMs = options.everyMs ?? CHECKPOINT_EVERY_MS;
  const worker = new Worker(workerEntryPath('storage/checkpoint-worker.js'), {
    execArgv: workerExecArgv(),
    workerData: { path: database.name, everyMs, retryMs: RETRY_MS, restartFrames: options.restartFrames ?? RESTART_FRAMES, truncateBytes: TRUNCATE_BYTES },
  });
  worker.unref();
  database.pragma('wal_autocheckpoint = 0');
  let running = true;
  let stopping: Promise<void> | null = null;
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const stoppedOnItsOwn = (reason: string): void => {
    if (!running) return;
    running = false;
    if (stopping !== null) return;
    try {
      if (database.open) database.pragma(`wal_autocheckpoint = ${AUTOMATIC_CHECKPOINT_PAGES}`);
    } catch (error) {
      options.onProblem?.(`sqlite: cannot turn automatic checkpoints back on (${(error as Error).message})`);
    }
    options.onProblem?.(`sqlite: the WAL checkpoint worker stopped (${reason}); automatic checkpoints are back on`);
  };
  worker.on('message', (message: { error?: string }) => {
    if (typeof message.error === 'string') options.onProblem?.(`sqlite: a WAL checkpoint failed (${message.error}); tried again every ${everyMs} ms`);
  });
  // A better-sqlite3 error thrown in the worker arrives as `{ code }` only (its message is not cloned).
  worker.on('error', (error: { message?: string; code?: string }) => stoppedOnItsOwn(error.message ?? error.code ?? String(error)));
  worker.on('exit', (code) => stoppedOnItsOwn(`exit code ${code}`));
  return {
    get running() {
      return running;
    },
    stop() {
      stopping ??= (async () => {
        // Held while it stops, so that a process awaiting this does not end half-way.
        worker.ref();
        const terminate = setTimeout(() => void worker.terminate(), STOP_WAIT_MS);
        worker.postMessage({ stop: true });
        await ended;
        clearTimeout(terminate);
      })();
      return stopping;
    },
  };
}
