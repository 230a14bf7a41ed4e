/**
 * The hint pool (docs/server.md "Hints"): a few worker threads (node:worker_threads) that compute
 * table Hints with the engine's `settingHint` (`HINT_SAMPLES` = 100,000 sampled banker hands, ±0.5% EV at 95%) so that
 * the tables' serial queues and the event loop never wait for one. One pool per server process,
 * created by `startServer`; its workers start only when first needed (`prewarm()` at the first deal,
 * or the first `compute`), and each warms up once before its first hint.
 */
import { availableParallelism } from 'node:os';
import { DEFAULT_HOUSE_WAY, HINT_SAMPLES, type Card, type Hand, type HouseWayId, type SettingHint } from '@paigow/engine';
import { WorkerPool, type WorkerJob } from '../workers/pool.js';

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

interface Task extends WorkerJob {
  readonly cards: readonly Card[];
  readonly commissionBps: number;
  readonly houseWay: HouseWayId;
  resolve(hint: SettingHint): void;
  reject(error: Error): void;
}

/** A small pool of hint workers (`hint/hint-worker.js`), started lazily. */
export class HintPool implements HintService {
  private readonly samples: number;
  private readonly workers: WorkerPool<Task, { hint: SettingHint; computeMs: number }>;
  private nextId = 1;

  constructor(options: HintPoolOptions = {}) {
    this.samples = options.samples ?? HINT_SAMPLES;
    this.workers = new WorkerPool({
      entry: 'hint/hint-worker.js',
      label: 'hint',
      size: Math.max(1, Math.floor(options.size ?? (availableParallelism() >= 3 ? 2 : 1))),
      timeoutMs: options.timeoutMs ?? 20_000,
      message: (task) => ({ id: task.id, cards: task.cards, samples: this.samples, commissionBps: task.commissionBps, houseWay: task.houseWay }),
      done: (task, reply) => {
        options.onComputed?.(reply.computeMs);
        task.resolve(reply.hint);
      },
      failed: (task, error) => task.reject(error),
    });
  }

  /** Worker threads running now (0 until the first `prewarm` or `compute`). */
  get running(): number {
    return this.workers.running;
  }

  /** See `HintService.compute`. Tasks wait in order when every worker is busy. */
  compute(cards: Hand, commissionBps: number, houseWay: HouseWayId = DEFAULT_HOUSE_WAY): Promise<SettingHint> {
    return new Promise<SettingHint>((resolve, reject) => {
      this.workers.push({ id: this.nextId++, cards: [...cards], commissionBps, houseWay, resolve, reject });
    });
  }

  /** See `HintService.prewarm`: starts every worker (each warms up once). */
  prewarm(): void {
    this.workers.prewarm();
  }

  /** Stops the workers; waiting and running hints fail. */
  close(): Promise<void> {
    return this.workers.close();
  }
}
