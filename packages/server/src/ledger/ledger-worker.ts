/**
 * Worker-thread entry of the ledger thread (`ledger-thread.ts`, docs/server.md "The ledger thread"): the ledger on a
 * database connection of its own, whose statements' round trips and SQLite's synchronous work are taken by this
 * thread's event loop, not the tables'.
 *
 * Protocol: `workerData` is the `LedgerWorkerData` (where the data is). For each `{ id, method, args }` (a `Ledger`
 * method and its arguments, structured-cloned) it posts `{ id, value }` or `{ id, error }` (`BrokenError`: a
 * `DatabaseFault`'s kind and its driver error's brief form, or another error's name and message). Besides, it posts
 * `{ note }` for every error its statements met (the main thread's `WriteFaults` judges, for `/readyz`), `{ problem }`
 * for SQLite's checkpoint problems (a sentence), and on `{ metrics: id }` `{ metrics: id, value }`: the series it
 * measures (`THREAD_SERIES`, `prom-client`'s JSON form). On `{ close: true }` it closes its database once its calls in
 * flight are answered, and posts `{ closed: true }`.
 *
 * Built with the server (`dist/ledger/ledger-worker.js`) and loaded from there under tests too: Vitest does not
 * transform worker threads.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase } from '../storage/database.js';
import { databaseStatementSeconds, roundsRefunded } from '../metrics/index.js';
import { createLedger, type Ledger } from './ledger.js';
import { brokenError, type LedgerWorkerData, type LedgerWorkerRequest } from './ledger-thread.js';

if (parentPort === null) throw new Error('ledger-worker must run in a worker thread');
const port = parentPort;
const where = workerData as LedgerWorkerData;
const database = createDatabase(
  'sqlitePath' in where ? { ...where, onProblem: (problem) => port.postMessage({ problem }) } : where,
);
// Read by the main thread's `/readyz`, not here: the worker's statement errors are noted there.
database.writes.note = (error) => port.postMessage({ note: brokenError(error) });
const ledger: Ledger = createLedger(database);
/** The metrics the ledger and its database move (`ledger.ts`, `storage/`): the ones this thread measures. */
const THREAD_SERIES = [databaseStatementSeconds, roundsRefunded];

/** Calls not answered yet; with `closing`, the database closes when the last is. */
let inFlight = 0;
let closing = false;
let destroyed = false;
const closeWhenIdle = (): void => {
  if (!closing || inFlight > 0 || destroyed) return;
  destroyed = true;
  void database.db.destroy().finally(() => port.postMessage({ closed: true }));
};

port.on('message', (message: LedgerWorkerRequest) => {
  if ('close' in message) {
    closing = true;
    closeWhenIdle();
    return;
  }
  if ('metrics' in message) {
    const id = message.metrics;
    void Promise.all(THREAD_SERIES.map((metric) => metric.get())).then((value) => port.postMessage({ metrics: id, value }));
    return;
  }
  const { id, method, args } = message;
  inFlight += 1;
  Promise.resolve()
    .then(() => (ledger[method] as (...given: unknown[]) => Promise<unknown>)(...args))
    .then(
      (value) => port.postMessage({ id, value }),
      (error: unknown) => port.postMessage({ id, error: brokenError(error) }),
    )
    .finally(() => {
      inFlight -= 1;
      closeWhenIdle();
    });
});
