/**
 * The lease keeper (docs/server.md "Processes, leases and recovery", issue 11 point 4a): this process's
 * lease is renewed by a worker thread with its own database connection (`lease-worker.js`), so an
 * overloaded or blocked main event loop cannot starve it and let a peer recover live rounds. The main
 * loop pings the worker every heartbeat; the worker stops renewing once the last ping is `stallMs` old,
 * so a truly hung process still loses its lease.
 *
 * Fencing: `held(nowMs)` says, without waiting for anything, whether the database confirmed the lease
 * less than `leaseMs` ago and never found the instance stopped. The tables deal and settle only while it
 * holds (`TableRunner`'s `fence`); a process that lost its lease, or cannot confirm it, stops acting on its
 * rounds at once. The worker writes what the database said into shared memory, which the main thread
 * reads synchronously.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { briefError, type Logger } from '../log/index.js';
import { faultKindOf } from '../storage/faults.js';
import { ANSWER_MARGIN_MS, KEEPALIVE_IDLE_MS } from '../storage/postgres.js';
import { workerExecArgv } from '../workers/pool.js';

/** Where the lease is kept: the SQLite file, or a PostgreSQL URL and schema. */
export type LeaseTarget = { readonly sqlitePath: string } | { readonly databaseUrl: string; readonly schema: string };

/** What a `LeaseKeeper` needs. */
export interface LeaseKeeperOptions {
  readonly target: LeaseTarget;
  readonly instanceId: string;
  /** An instance whose last renewal is older than this is dead (peers may recover its rounds), ms. */
  readonly leaseMs: number;
  /** How often the worker renews the lease (and the main loop pings it), ms. */
  readonly heartbeatMs: number;
  /** The worker stops renewing once the main loop has not pinged it for this long, ms (`DEFAULT_STALL_MS`). */
  readonly stallMs: number;
  /** Each renewal's outcome (`renewed` false: the instance was found stopped) and its time (epoch ms), on the main thread. */
  readonly onRenewed?: (renewed: boolean, atMs: number) => void;
  /** A renewal the database did not answer, or the worker failing: a sentence, and the error's brief form (`briefError`). */
  readonly onProblem?: (message: string, err: BriefError) => void;
}

/** An error's one-line form, as log lines carry it under `err` (`briefError`). */
export type BriefError = ReturnType<typeof briefError>;

/** The production bound of a main-loop stall after which the lease is no longer renewed: 30 s. */
export const DEFAULT_STALL_MS = 30_000;

const RENEWED = 0;
const LOST = 1;
const PINGED = 2;

type WorkerMessage = { renewed: boolean; atMs: number } | { error: BriefError } | { stopped: true };

/** The worker entry: `src/lease/lease-worker.js`, found from `src/lease/` (tests) or `dist/lease/` (built). */
function leaseWorkerPath(): string {
  const beside = fileURLToPath(new URL('./lease-worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL('../../src/lease/lease-worker.js', import.meta.url));
}

/** Renews one instance's lease off the main thread; see the module comment. `start()` it once the instance row exists. */
export class LeaseKeeper {
  private readonly slots = new BigInt64Array(new SharedArrayBuffer(3 * BigInt64Array.BYTES_PER_ELEMENT));
  private worker: Worker | null = null;
  private pinger: NodeJS.Timeout | null = null;
  /** Epoch ms of the last renewal confirmed, as the main thread heard of it. */
  private confirmedAtMs = Number.NEGATIVE_INFINITY;
  /** A renewal failed since the last one confirmed. */
  private broken = false;
  /** Epoch ms of the first renewal of the current unbroken run (`mayRecoverPeers`); from the start, none broken. */
  private unbrokenSinceMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: LeaseKeeperOptions) {}

  /**
   * Starts the worker, counting the lease as renewed now (call it right after the instance's registration).
   * Its statements time out after half the lease, so a stuck connection shows as a problem in time; on PostgreSQL the
   * worker gives up on an answer itself `ANSWER_MARGIN_MS` later (the server's timeout cannot cross a network partition).
   * The lease's times are the system clock's (`Date.now`), in the worker and here alike.
   */
  start(): void {
    Atomics.store(this.slots, RENEWED, BigInt(Date.now()));
    this.ping();
    const { target, instanceId, heartbeatMs, stallMs, leaseMs } = this.options;
    const statementTimeoutMs = Math.max(100, Math.floor(leaseMs / 2));
    const worker = new Worker(leaseWorkerPath(), {
      execArgv: workerExecArgv(),
      workerData: { target, instanceId, heartbeatMs, stallMs, statementTimeoutMs, answerMarginMs: ANSWER_MARGIN_MS, keepAliveIdleMs: KEEPALIVE_IDLE_MS, shared: this.slots.buffer },
    });
    worker.unref();
    this.confirmedAtMs = Date.now();
    worker.on('message', (message: WorkerMessage) => {
      if ('renewed' in message) {
        if (message.renewed) this.confirmed(message.atMs);
        this.options.onRenewed?.(message.renewed, message.atMs);
      } else if ('error' in message) {
        this.broken = true;
        this.options.onProblem?.(`lease: the renewal failed (${message.error.message})`, message.error);
      }
    });
    worker.on('error', (error) => this.options.onProblem?.(`lease: the lease worker failed (${error.message})`, briefError(error)));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    this.pinger = setInterval(() => this.ping(), heartbeatMs);
    this.pinger.unref();
  }

  /** Tells the worker the main loop turns (also done every `heartbeatMs` by the keeper's own timer). */
  ping(): void {
    Atomics.store(this.slots, PINGED, BigInt(Date.now()));
  }

  /**
   * Whether this process may act on its rounds at `nowMs`: the database confirmed its lease less than
   * `leaseMs` ago and never found the instance stopped or unknown. Synchronous (shared memory).
   */
  held(nowMs: number = Date.now()): boolean {
    return Atomics.load(this.slots, LOST) === 0n && nowMs - Number(Atomics.load(this.slots, RENEWED)) < this.options.leaseMs;
  }

  /**
   * Whether this process may judge its peers' leases at `nowMs` (recover the rounds of those not renewed within
   * `leaseMs`): its own renewals go on (none failed since the last confirmed, which is at most `breakMs` old: two
   * renewal periods or half a lease), and have gone on without such a break for at least `leaseMs`, or never broke since the start. During and
   * after a break, a database outage most likely, the
   * peers' renewals failed as well: each must have a whole lease to renew its own and finish its rounds with the
   * settings its players made (an operator: a peer recovered a round 1 s after a 25 s cut and replaced two players'
   * settings, held by the live owner waiting to retry its settlement, with the house way).
   */
  mayRecoverPeers(nowMs: number = Date.now()): boolean {
    const going = !this.broken && nowMs - this.confirmedAtMs <= this.breakMs;
    return going && nowMs - this.unbrokenSinceMs >= this.options.leaseMs;
  }

  /**
   * The longest wait between two renewals that is not a break, ms: two renewal periods, or half a lease if longer
   * (a busy machine delays renewals by hundreds of ms, and a short heartbeat must not count that as an outage).
   */
  private get breakMs(): number {
    return Math.max(2 * this.options.heartbeatMs, this.options.leaseMs / 2);
  }

  /** A renewal the database confirmed at `atMs`: starts a new unbroken run after a break. */
  private confirmed(atMs: number): void {
    if (this.broken || atMs - this.confirmedAtMs > this.breakMs) this.unbrokenSinceMs = atMs;
    this.broken = false;
    this.confirmedAtMs = atMs;
  }

  /** True once a renewal found the instance stopped or unknown: the lease is lost for good. */
  get lost(): boolean {
    return Atomics.load(this.slots, LOST) !== 0n;
  }

  /** Epoch ms of the last renewal the database confirmed. */
  get renewedAtMs(): number {
    return Number(Atomics.load(this.slots, RENEWED));
  }

  /** Stops renewing: the worker closes its connection and ends (the lease then runs out, or `endLease` ends it). */
  async stop(): Promise<void> {
    if (this.pinger !== null) clearInterval(this.pinger);
    this.pinger = null;
    const worker = this.worker;
    this.worker = null;
    if (worker === null) return;
    const stopped = new Promise<void>((resolve) => {
      const timeout = setTimeout(resolve, 2_000);
      timeout.unref();
      worker.on('message', (message: WorkerMessage) => {
        if ('stopped' in message) {
          clearTimeout(timeout);
          resolve();
        }
      });
      worker.once('exit', () => {
        clearTimeout(timeout);
        resolve();
      });
    });
    worker.postMessage({ stop: true });
    await stopped;
    await worker.terminate();
  }

  /** Ends the worker at once, without closing its connection: what a crashed worker leaves (tests, drills). */
  async kill(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

/**
 * The keeper's `onProblem` writing to `logger`: one `warn` line `lease-problem` with `instanceId`, `err` (type,
 * message, code) and, when the database is at fault (`faultKindOf`: the connection lost or refused, the statement
 * cancelled, …), its `fault` (docs/operations.md "Logs"). `warn`: the renewal is tried again at the next heartbeat,
 * and `lease-lost` or the fencing say when it matters.
 */
export function leaseProblemReporter(logger: Logger, instanceId: string): (message: string, err: BriefError) => void {
  return (message, err) => {
    const fault = faultKindOf(err);
    logger.warn({ event: 'lease-problem', instanceId, err, ...(fault === null ? {} : { fault }) }, message);
  };
}
