/**
 * The hint pool (docs/server.md "Hints"): a few worker threads (node:worker_threads) that compute
 * table Hints with the engine's `settingHint` (`HINT_SAMPLES` = 100,000 sampled banker hands, ±0.5% EV at 95%) so that
 * the tables' serial queues and the event loop never wait for one. One pool per server process,
 * created by `startServer`; its workers start only when first needed (`prewarm()` at the first deal,
 * or the first `compute`), and each warms up once before its first hint.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_HOUSE_WAY, HINT_SAMPLES, type Card, type Hand, type HouseWayId, type SettingHint } from '@paigow/engine';

/** What a table runner needs to compute hints (`TableRunner` option `hints`). */
export interface HintService {
  /**
   * The best setting of `cards` and the house way's, with their EVs (`settingHint`, rules.md §3, §3.1).
   * @param cards the player's own seven cards
   * @param commissionBps commission on a win, basis points (0 when a player banks)
   * @param houseWay the table's house way: the banker's, and the one the hint compares with (default: the seeds')
   * @returns the hint; rejects when it cannot be computed (a worker failed or timed out, the pool is closed)
   */
  compute(cards: Hand, commissionBps: number, houseWay?: HouseWayId): Promise<SettingHint>;
  /** Starts the workers now if they are not running (e.g. when a round is dealt), so the first hint is quick. */
  prewarm?(): void;
}

/** Options of a `HintPool`. */
export interface HintPoolOptions {
  /** Worker threads (default: 2, or 1 on a machine with fewer than 3 cores). */
  readonly size?: number;
  /** Banker hands per hint (default `HINT_SAMPLES` = 100,000). */
  readonly samples?: number;
  /** A hint not computed within this many ms fails and its worker is replaced (default 20,000; warm-up included). */
  readonly timeoutMs?: number;
  /** Called with each hint's computation time in ms, measured in the worker (for benchmarks and logs). */
  readonly onComputed?: (computeMs: number) => void;
}

/** The worker entry: `src/hint/hint-worker.js`, found from `src/hint/` (tests) or `dist/hint/` (built). */
function hintWorkerPath(): string {
  const beside = fileURLToPath(new URL('./hint-worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL('../../src/hint/hint-worker.js', import.meta.url));
}

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

interface Task {
  readonly id: number;
  readonly cards: readonly Card[];
  readonly commissionBps: number;
  readonly houseWay: HouseWayId;
  resolve(hint: SettingHint): void;
  reject(error: Error): void;
}

interface Slot {
  readonly worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

type WorkerMessage = { ready: true; warmupMs: number } | { id: number; hint: SettingHint; computeMs: number } | { id: number; error: string };

/** A small pool of hint workers, started lazily. */
export class HintPool implements HintService {
  private readonly size: number;
  private readonly samples: number;
  private readonly timeoutMs: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: HintPoolOptions = {}) {
    this.size = Math.max(1, Math.floor(options.size ?? (availableParallelism() >= 3 ? 2 : 1)));
    this.samples = options.samples ?? HINT_SAMPLES;
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  /** Worker threads running now (0 until the first `prewarm` or `compute`). */
  get running(): number {
    return this.slots.length;
  }

  /** See `HintService.compute`. Tasks wait in order when every worker is busy. */
  compute(cards: Hand, commissionBps: number, houseWay: HouseWayId = DEFAULT_HOUSE_WAY): Promise<SettingHint> {
    if (this.closed) return Promise.reject(new Error('the hint pool is closed'));
    return new Promise<SettingHint>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, cards: [...cards], commissionBps, houseWay, resolve, reject });
      this.dispatch();
    });
  }

  /** See `HintService.prewarm`: starts every worker (each warms up once). */
  prewarm(): void {
    while (!this.closed && this.slots.length < this.size) this.spawn();
  }

  /** Stops the workers; waiting and running hints fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the hint pool is closed'));
    const slots = this.slots.splice(0);
    for (const slot of slots) this.fail(slot, new Error('the hint pool is closed'));
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(hintWorkerPath(), { execArgv: workerExecArgv() });
    // The pool never keeps a process alive on its own (the server's sockets do).
    worker.unref();
    const slot: Slot = { worker, task: null, timer: null };
    worker.on('message', (message: WorkerMessage) => this.received(slot, message));
    worker.on('error', (error) => this.lost(slot, error));
    worker.on('exit', (code) => this.lost(slot, new Error(`a hint worker stopped (exit code ${code})`)));
    this.slots.push(slot);
    return slot;
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      let slot = this.slots.find((s) => s.task === null);
      if (slot === undefined) {
        if (this.slots.length >= this.size) return;
        slot = this.spawn();
      }
      const task = this.queue.shift() as Task;
      slot.task = task;
      slot.timer = setTimeout(() => this.lost(slot, new Error(`the hint took more than ${this.timeoutMs} ms`)), this.timeoutMs);
      slot.timer.unref();
      slot.worker.postMessage({ id: task.id, cards: task.cards, samples: this.samples, commissionBps: task.commissionBps, houseWay: task.houseWay });
    }
  }

  private received(slot: Slot, message: WorkerMessage): void {
    if ('ready' in message) return;
    const task = slot.task;
    if (task === null || task.id !== message.id) return;
    this.finish(slot);
    if ('error' in message) task.reject(new Error(message.error));
    else {
      this.options.onComputed?.(message.computeMs);
      task.resolve(message.hint);
    }
    this.dispatch();
  }

  private finish(slot: Slot): void {
    if (slot.timer !== null) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
  }

  private fail(slot: Slot, error: Error): void {
    const task = slot.task;
    this.finish(slot);
    task?.reject(error);
  }

  /** A worker failed, stopped or timed out: its hint fails, and it is replaced when needed. */
  private lost(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    this.fail(slot, error);
    void slot.worker.terminate();
    this.dispatch();
  }
}
