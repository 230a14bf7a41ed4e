/**
 * The plumbing the server's worker-thread pools share (the hint pool, `hint/pool.ts`; the grade pool,
 * `coach/grade-pool.ts`): at most `size` workers (node:worker_threads) running a plain-JavaScript entry,
 * started when first needed; jobs wait in order while every worker is busy (then, with a `source`, those it
 * holds); a worker that fails, stops or (with `timeoutMs`) takes too long is dropped, its job fails, and a new one
 * starts when a job needs it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The worker's Node flags: the parent's, without a `--conditions @paigow/source` (Vitest runs the
 * tests with it, to import workspace packages from their TypeScript sources; the plain-JavaScript
 * worker must import the built engine instead).
 */
export function workerExecArgv(parent: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < parent.length; i++) {
    const flag = parent[i];
    if ((flag === '--conditions' || flag === '-C') && parent[i + 1] === '@paigow/source') {
      i += 1;
      continue;
    }
    if (flag === '--conditions=@paigow/source' || flag === '-C=@paigow/source') continue;
    out.push(flag);
  }
  return out;
}

/**
 * A worker entry given by its path under `src/` (e.g. `hint/hint-worker.js`), found beside this module's
 * folder (`src/` under tests, `dist/` when built, if copied there) or else in `src/` from `dist/`.
 */
export function workerEntryPath(entry: string): string {
  const beside = fileURLToPath(new URL(`../${entry}`, import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL(`../../src/${entry}`, import.meta.url));
}

/** What a job gets once its pool is closed (the server is stopping): not a fault, nothing to report. */
export class PoolClosed extends Error {
  constructor(label: string) {
    super(`the ${label} pool is closed`);
    this.name = 'PoolClosed';
  }
}

/** One unit of work; `id` ties a worker's reply to it. */
export interface WorkerJob {
  readonly id: number;
}

/**
 * Jobs waiting outside a pool's own queue, in an order the source keeps (the grade pool serves its players in
 * turn): a free worker takes the next of them once the queue is empty and `mayStart` allows.
 */
export interface JobSource<J> {
  /** Jobs it holds. */
  waiting(): number;
  /** Removes and returns its next job; called only while `waiting()` > 0. */
  take(): J;
}

/** Options of a `WorkerPool` handling jobs `J` whose successful replies are `R` (each with the job's `id`). */
export interface WorkerPoolOptions<J extends WorkerJob, R> {
  /** The worker entry's path under `src/`, e.g. `hint/hint-worker.js`. */
  readonly entry: string;
  /** What the pool computes, in its error messages ("hint" → "the hint pool is closed"). */
  readonly label: string;
  /** Worker threads at most (≥ 1). */
  readonly size: number;
  /** A job not answered within this many ms fails and its worker is replaced (default: no limit). */
  readonly timeoutMs?: number;
  /** Given to each worker as its `workerData` (default none). */
  readonly workerData?: unknown;
  /**
   * Whether a job may start now (default: always). While it says no, queued jobs wait and the pool asks again
   * every `HELD_RETRY_MS`: background work that yields to other work (the grade pool yields to play).
   */
  readonly mayStart?: () => boolean;
  /**
   * Where jobs not `push`ed wait (default none); `wake` says one came. They count as not urgent, and `close` leaves
   * them to the source to fail.
   */
  readonly source?: JobSource<J>;
  /** The message posted to a worker for `job`. */
  message(job: J): unknown;
  /** A worker answered `job` (any message with an `id` and no `error`). */
  done(job: J, reply: R): void;
  /** `job` failed: the worker's `error`, a lost worker, a timeout, or the pool closed. */
  failed(job: J, error: Error): void;
}

interface Slot<J> {
  readonly worker: Worker;
  job: J | null;
  timer: NodeJS.Timeout | null;
}

/** How often a pool whose `mayStart` said no asks again, ms. */
export const HELD_RETRY_MS = 250;

/** Workers started lazily and a queue of jobs (messages without an `id`, such as a ready signal, are ignored). */
export class WorkerPool<J extends WorkerJob, R> {
  private readonly slots: Slot<J>[] = [];
  private readonly queue: J[] = [];
  private stopped = false;
  /** The next `dispatch` while `mayStart` holds the queue. */
  private held: NodeJS.Timeout | null = null;
  /** Waiting jobs someone waits for, at the head of `queue` (`push`). */
  private readonly urgent = new Set<J>();

  constructor(private readonly options: WorkerPoolOptions<J, R>) {}

  /** Worker threads running now (0 until the first `prewarm` or `push`). */
  get running(): number {
    return this.slots.length;
  }

  /** Jobs waiting for a worker in the pool's own queue (not those of `source`). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Whether `close` was called. */
  get closed(): boolean {
    return this.stopped;
  }

  /** The error jobs get once the pool is closed. */
  closedError(): PoolClosed {
    return new PoolClosed(this.options.label);
  }

  /**
   * Queues `job`; it runs on the first free worker (fails at once with `closedError` when closed).
   * @param urgent someone waits for it: it goes before the jobs not urgent and `mayStart` does not hold it
   */
  push(job: J, urgent = false): void {
    if (this.stopped) {
      this.options.failed(job, this.closedError());
      return;
    }
    this.queue.push(job);
    if (urgent) this.hurry(job);
    else this.dispatch();
  }

  /** Makes `job`, if it is still waiting, urgent (see `push`). */
  hurry(job: J): void {
    const index = this.queue.indexOf(job);
    if (index < 0 || this.urgent.has(job)) return;
    this.queue.splice(index, 1);
    this.queue.splice(this.urgent.size, 0, job);
    this.urgent.add(job);
    this.dispatch();
  }

  /** A job came into `source`: it starts now if a worker is free and `mayStart` allows. */
  wake(): void {
    this.dispatch();
  }

  /** Starts every worker now. */
  prewarm(): void {
    while (!this.stopped && this.slots.length < this.options.size) this.spawn();
  }

  /** Stops the workers; waiting and running jobs fail with `closedError`. */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.held !== null) clearTimeout(this.held);
    this.held = null;
    const error = this.closedError();
    this.urgent.clear();
    for (const job of this.queue.splice(0)) this.options.failed(job, error);
    const slots = this.slots.splice(0);
    for (const slot of slots) this.fail(slot, error);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot<J> {
    const worker = new Worker(workerEntryPath(this.options.entry), { execArgv: workerExecArgv(), workerData: this.options.workerData });
    // A pool never keeps a process alive on its own (the server's sockets do).
    worker.unref();
    const slot: Slot<J> = { worker, job: null, timer: null };
    worker.on('message', (message: R | { id?: number; error?: string }) => this.received(slot, message));
    worker.on('error', (error) => this.lost(slot, error));
    worker.on('exit', (code) => this.lost(slot, new Error(`a ${this.options.label} worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  private dispatch(): void {
    const source = this.options.source;
    while (!this.stopped) {
      const head = this.queue.at(0);
      if (head === undefined && (source === undefined || source.waiting() === 0)) return;
      if ((head === undefined || !this.urgent.has(head)) && this.options.mayStart?.() === false) {
        this.held ??= setTimeout(() => {
          this.held = null;
          this.dispatch();
        }, HELD_RETRY_MS);
        this.held.unref();
        return;
      }
      let slot = this.slots.find((s) => s.job === null);
      if (slot === undefined) {
        if (this.slots.length >= this.options.size) return;
        slot = this.spawn();
      }
      // `source` is defined when the queue is empty (checked above).
      const job = head === undefined ? (source as JobSource<J>).take() : (this.queue.shift() as J);
      this.urgent.delete(job);
      slot.job = job;
      const { timeoutMs } = this.options;
      if (timeoutMs !== undefined) {
        const busy = slot;
        slot.timer = setTimeout(() => this.lost(busy, new Error(`the ${this.options.label} took more than ${timeoutMs} ms`)), timeoutMs);
        slot.timer.unref();
      }
      slot.worker.postMessage(this.options.message(job));
    }
  }

  private received(slot: Slot<J>, message: R | { id?: number; error?: string }): void {
    const reply = message as { id?: number; error?: string };
    const job = slot.job;
    if (reply.id === undefined || job === null || job.id !== reply.id) return;
    this.finish(slot);
    if (typeof reply.error === 'string') this.options.failed(job, new Error(reply.error));
    else this.options.done(job, message as R);
    this.dispatch();
  }

  private finish(slot: Slot<J>): void {
    if (slot.timer !== null) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  private fail(slot: Slot<J>, error: Error): void {
    const job = slot.job;
    this.finish(slot);
    if (job !== null) this.options.failed(job, error);
  }

  /** A worker failed, stopped or timed out: its job fails, and it is replaced when needed. */
  private lost(slot: Slot<J>, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    this.fail(slot, error);
    void slot.worker.terminate();
    this.dispatch();
  }
}
