/**
 * The grade pool (docs/server.md "The coach"): worker threads (node:worker_threads) that run the engine's exact
 * analysis of a hand (`analyzeHand`, what `paigow analyze` computes: a fraction of a second of one core), so that
 * the tables' queues and the event loop never wait for a grade. Hands equal up to a renaming of the suits are
 * analysed once (`canonicalHand`): the pool keeps the scores of the most recent classes, and a class already
 * being computed is not queued twice. Workers start at the first task; the queue is bounded, and a task that
 * finds it full is refused at once (its grade is not computed: grades never hold up play).
 */
import { canonicalHand, scoresForHand, type Card, type HouseWayId, type SettingAnalysis, type SettingScore } from '@paigow/engine';
import { WorkerPool, type WorkerJob } from '../workers/pool.js';
import { EventLoopLoad } from '../workers/event-loop-load.js';

/** The exact scores of every setting of a hand (what grading needs). */
export interface ExactScores {
  /**
   * The 21 settings of `hand` in `settings(hand)` order, scored exactly against the banker's house way over the
   * 53,524,680 banker hands from the other 46 cards (`analyzeHand`, rules.md §3, §3.1).
   * @param commissionBps commission on a win, basis points
   * @param houseWay the banker's house way
   * @returns rejects when the queue is full, the pool is closed, or a worker failed
   */
  scores(hand: readonly Card[], commissionBps: number, houseWay: HouseWayId, urgency?: Urgency): Promise<SettingAnalysis[]>;
}

/**
 * `'background'` (default): a grade nobody waits for, computed when the tables leave the main thread idle.
 * `'waited'`: a player waits for the answer (the daily challenge): it goes before the background hands, starts
 * even while the tables are busy, and is never refused for a full queue.
 */
export type Urgency = 'background' | 'waited';

/** Options of a `GradePool`. */
export interface GradePoolOptions {
  /** Worker threads (default 1: grading is background work beside the tables and the hints). */
  readonly size?: number;
  /** Hand classes waiting at most (default 5,000); beyond, a task is refused. */
  readonly maxQueue?: number;
  /** Hand classes whose scores are kept (default 20,000, about 20 MB). */
  readonly cacheSize?: number;
  /** Called with each analysis's time in ms, measured in the worker. */
  readonly onComputed?: (computeMs: number) => void;
  /**
   * Whether grading is background work that yields to play (default true; `grade-worker.js`): the workers run
   * under SCHED_IDLE at nice 19, and no analysis starts while the main thread's event loop is busy (`mayStart`).
   * False only where grades must come at once whatever the machine's load (a test).
   */
  readonly background?: boolean;
  /**
   * Whether an analysis may start now (default for background work: the main thread's event-loop utilization
   * over the last second is under `BUSY_UTILIZATION`; otherwise always). Queued hands wait meanwhile.
   */
  readonly mayStart?: () => boolean;
}

/**
 * Above this event-loop utilization of the main thread (0–1) the grade pool starts no analysis: the tables are
 * busy, and on a machine whose cores share caches and memory (or are hyperthreads of one core), an analysis
 * running beside play slows play down even at the lowest priority (issue 17: grading adds no latency).
 */
export const BUSY_UTILIZATION = 0.5;

interface Task extends WorkerJob {
  readonly key: string;
  readonly cards: readonly Card[];
  readonly commissionBps: number;
  readonly houseWay: HouseWayId;
  readonly waiters: { resolve(scores: SettingScore[]): void; reject(error: Error): void }[];
}

const FIELDS = 5;

function decode(scores: Float64Array): SettingScore[] {
  const out: SettingScore[] = [];
  for (let k = 0; k < scores.length; k += FIELDS) {
    out.push({ legal: scores[k] === 1, win: scores[k + 1], push: scores[k + 2], loss: scores[k + 3], ev: scores[k + 4] });
  }
  return out;
}

/** A hand refused because `maxQueue` hands wait already: its grade is not computed (grades never hold up play). */
export class GradeQueueFull extends Error {
  constructor(maxQueue: number) {
    super(`the grade queue is full (${maxQueue} hands)`);
    this.name = 'GradeQueueFull';
  }
}

/** A small pool of analysis workers (`coach/grade-worker.js`) with a cache of hand classes. */
export class GradePool implements ExactScores {
  private readonly maxQueue: number;
  private readonly cacheSize: number;
  private readonly workers: WorkerPool<Task, { scores: Float64Array; computeMs: number }>;
  /** Tasks queued or running, by class key. */
  private readonly pending = new Map<string, Task>();
  /** Scores by class key, least recently used first. */
  private readonly cache = new Map<string, SettingScore[]>();
  private nextId = 1;
  /** The main thread's load, when the pool yields to it by default. */
  private readonly load: EventLoopLoad | null;
  /** Analyses run by the workers (each a class not found in the cache). */
  computed = 0;

  constructor(options: GradePoolOptions = {}) {
    this.maxQueue = options.maxQueue ?? 5_000;
    this.cacheSize = options.cacheSize ?? 20_000;
    const background = options.background ?? true;
    this.load = background && options.mayStart === undefined ? new EventLoopLoad() : null;
    const load = this.load;
    const mayStart = options.mayStart ?? (load === null ? undefined : () => load.utilization < BUSY_UTILIZATION);
    this.workers = new WorkerPool({
      entry: 'coach/grade-worker.js',
      label: 'grade',
      size: Math.max(1, Math.floor(options.size ?? 1)),
      workerData: { background },
      ...(mayStart === undefined ? {} : { mayStart }),
      message: (task) => ({ id: task.id, cards: task.cards, commissionBps: task.commissionBps, houseWay: task.houseWay }),
      done: (task, reply) => {
        this.computed++;
        options.onComputed?.(reply.computeMs);
        const scores = decode(reply.scores);
        this.cache.set(task.key, scores);
        if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value as string);
        this.pending.delete(task.key);
        for (const waiter of task.waiters) waiter.resolve(scores);
      },
      failed: (task, error) => {
        this.pending.delete(task.key);
        for (const waiter of task.waiters) waiter.reject(error);
      },
    });
  }

  /** Hand classes waiting for a worker. */
  get waiting(): number {
    return this.workers.waiting;
  }

  /** See `ExactScores.scores`. */
  async scores(hand: readonly Card[], commissionBps: number, houseWay: HouseWayId, urgency: Urgency = 'background'): Promise<SettingAnalysis[]> {
    const canonical = canonicalHand(hand);
    const key = `${houseWay}|${commissionBps}|${canonical.key}`;
    return scoresForHand(hand, canonical, await this.classScores(key, canonical.cards, commissionBps, houseWay, urgency));
  }

  /** Stops the workers; waiting and running tasks fail. */
  close(): Promise<void> {
    this.load?.close();
    return this.workers.close();
  }

  private classScores(key: string, cards: readonly Card[], commissionBps: number, houseWay: HouseWayId, urgency: Urgency): Promise<SettingScore[]> {
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return Promise.resolve(cached);
    }
    if (this.workers.closed) return Promise.reject(this.workers.closedError());
    return new Promise<SettingScore[]>((resolve, reject) => {
      const running = this.pending.get(key);
      if (running !== undefined) {
        running.waiters.push({ resolve, reject });
        if (urgency === 'waited') this.workers.hurry(running);
        return;
      }
      if (urgency === 'background' && this.workers.waiting >= this.maxQueue) {
        reject(new GradeQueueFull(this.maxQueue));
        return;
      }
      const task: Task = { id: this.nextId++, key, cards, commissionBps, houseWay, waiters: [{ resolve, reject }] };
      this.pending.set(key, task);
      this.workers.push(task, urgency === 'waited');
    });
  }
}
