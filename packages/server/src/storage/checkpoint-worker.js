// @ts-check
/**
 * Worker-thread entry of the WAL checkpointer (`sqlite-checkpointer.ts`, whose module comment says why):
 * copies the SQLite file's WAL back into the database with its own connection, so that the main thread's
 * commits never do it.
 *
 * Plain JavaScript for the same reason as `lease/lease-worker.js`: it is loaded as it is both by the built
 * server and under Vitest (which does not transform worker threads); it imports only Node and better-sqlite3.
 *
 * workerData: `{ path, everyMs, retryMs, restartFrames, truncateBytes }`. Each tick runs
 * `PRAGMA wal_checkpoint(PASSIVE)`, which neither waits for nor blocks the main connection. When the WAL then
 * holds `restartFrames` frames or more, it runs a second passive checkpoint (to copy what was committed during
 * the first), then `wal_checkpoint(RESTART)`, or `TRUNCATE` when the WAL file is over `truncateBytes`. The
 * busy timeout is 0: that checkpoint takes the write lock only if it is free at once and never waits for a
 * reader while it holds it. When it could not finish only because the lock was taken (or a reader was on the
 * WAL), the next tick comes after `retryMs` instead of `everyMs` (both counted from the end of this one); not
 * when a reader's older snapshot kept frames from being copied (a backup in progress: that waits for its end).
 * A tick that fails (an I/O error; a busy lock is no error here) is skipped: it posts `{ error }` once, then
 * tries again every tick, and posts again only after one has succeeded. On `{ stop: true }` it closes its
 * connection and ends.
 */
import { statSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

if (!parentPort) throw new Error('checkpoint-worker must run in a worker thread');
const port = parentPort;
const { path, everyMs, retryMs, restartFrames, truncateBytes } = workerData;

// `fileMustExist`: the main connection created the file; never create an empty one where it was deleted.
const database = new BetterSqlite3(path, { fileMustExist: true, timeout: 0 });
let failing = false;
let timer = /** @type {NodeJS.Timeout | null} */ (setTimeout(tick, everyMs));

/** @param {string} mode @returns {{ busy: number, log: number, checkpointed: number }} */
function checkpoint(mode) {
  return /** @type {{ busy: number, log: number, checkpointed: number }[]} */ (database.pragma(`wal_checkpoint(${mode})`))[0];
}

function tick() {
  let soon = false;
  try {
    if (checkpoint('PASSIVE').log >= restartFrames) {
      checkpoint('PASSIVE');
      const walBytes = statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0;
      const { busy, log, checkpointed } = checkpoint(walBytes > truncateBytes ? 'TRUNCATE' : 'RESTART');
      // Soon again when only the lock was in the way; not while a reader's old snapshot holds frames back.
      soon = busy === 1 && checkpointed === log;
    }
    failing = false;
  } catch (error) {
    if (!failing) port.postMessage({ error: error instanceof Error ? error.message : String(error) });
    failing = true;
  }
  timer = setTimeout(tick, soon ? retryMs : everyMs);
}

port.on('message', (/** @type {{ stop?: boolean }} */ message) => {
  if (message.stop !== true) return;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  database.close();
  port.close();
});
