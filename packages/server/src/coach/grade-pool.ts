/**
 * The grade pool (docs/server.md "The coach"): worker threads (node:worker_threads) that run the engine's exact
 * analysis of a hand (`analyzeHand`, what `paigow analyze` computes: a fraction of a second of one core), so that
 * the tables' queues and the event loop never wait for a grade. Hands equal up to a renaming of the suits are
 * analysed once (`canonicalHand`): the pool keeps the scores of the most recent classes, and a class already
 * being computed is not queued twice. Workers start at the first task. The hands of the tables wait by player,
 * the players served in turn, so that a few players dealing as fast as they can (bots) do not hold up everyone's
 * grades; the queue is bounded, and when it is full the player with the most waiting hands loses its own oldest
 * (its grade is not computed: grades never hold up play), never another player's.
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
   * @param player whose hand it is (default `''`): a background hand waits in its player's turn
   * @returns rejects with `GradeQueueFull` when the hand was skipped for a full queue; rejects when the pool is
   *   closed or a worker failed
   */
  scores(hand: readonly Card[], commissionBps: number, houseWay: HouseWayId, urgency?: Urgency, player?: string): Promise<SettingAnalysis[]>;
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
  /**
   * Background hand classes waiting at most (default 5,000; at least 1); a hand beyond skips the oldest waiting
   * hand of the player with the most (the newcomer's own on a tie).
   */
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

interface Waiter {
  /** Whose hand it is (`scores`'s `player`). */
  readonly player: string;
  resolve(scores: SettingScore[]): void;
  reject(error: Error): void;
}

interface Task extends WorkerJob {
  readonly key: string;
  readonly cards: readonly Card[];
  readonly commissionBps: number;
  readonly houseWay: HouseWayId;
  waiters: Waiter[];
  /** The player in whose turn it waits (`GradePool.turns`); null once it is the worker pool's (urgent, or taken). */
  turn: string | null;
}

const FIELDS = 5;

function decode(scores: Float64Array): SettingScore[] {
  const out: SettingScore[] = [];
  for (let k = 0; k < scores.length; k += FIELDS) {
    out.push({ legal: scores[k] === 1, win: scores[k + 1], push: scores[k + 2], loss: scores[k + 3], ev: scores[k + 4] });
  }
  return out;
}

/**
 * A hand skipped because `maxQueue` hands waited and its player had the most of them: its grade is not computed
 * (grades never hold up play).
 */
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
  /**
   * Background tasks waiting, by player, each player's oldest first. The players are served in turn: the Map's
   * order, a player whose hand was taken going to the back.
   */
  private readonly turns = new Map<string, Task[]>();
  /** Tasks in `turns`. */
  private queued = 0;
  private nextId = 1;
  /** The main thread's load, when the pool yields to it by default. */
  private readonly load: EventLoopLoad | null;
  /** Analyses run by the workers (each a class not found in the cache). */
  computed = 0;
  /**
   * The refusal of every skipped hand, made once: under a long overload nearly every hand is skipped, and an error
   * with its stack trace for each was 1% of the main thread (`npm run bench -- server`).
   */
  private readonly queueFull: GradeQueueFull;

  constructor(options: GradePoolOptions = {}) {
    this.maxQueue = Math.max(1, Math.floor(options.maxQueue ?? 5_000));
    this.queueFull = new GradeQueueFull(this.maxQueue);
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
      source: { waiting: () => this.queued, take: () => this.takeTurn() },
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
    return this.workers.waiting + this.queued;
  }

  /** See `ExactScores.scores`. */
  async scores(hand: readonly Card[], commissionBps: number, houseWay: HouseWayId, urgency: Urgency = 'background', player = ''): Promise<SettingAnalysis[]> {
    const canonical = canonicalHand(hand);
    const key = `${houseWay}|${commissionBps}|${canonical.key}`;
    return scoresForHand(hand, canonical, await this.classScores(key, canonical.cards, commissionBps, houseWay, urgency, player));
  }

  /** Stops the workers; waiting and running tasks fail. */
  close(): Promise<void> {
    this.load?.close();
    const closing = this.workers.close();
    const error = this.workers.closedError();
    for (const turn of this.turns.values()) {
      for (const task of turn) {
        this.pending.delete(task.key);
        for (const waiter of task.waiters) waiter.reject(error);
      }
    }
    this.turns.clear();
    this.queued = 0;
    return closing;
  }

  private classScores(key: string, cards: readonly Card[], commissionBps: number, houseWay: HouseWayId, urgency: Urgency, player: string): Promise<SettingScore[]> {
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return Promise.resolve(cached);
    }
    if (this.workers.closed) return Promise.reject(this.workers.closedError());
    return new Promise<SettingScore[]>((resolve, reject) => {
      const waiter: Waiter = { player, resolve, reject };
      const running = this.pending.get(key);
      if (running !== undefined) {
        running.waiters.push(waiter);
        if (urgency === 'waited') this.hurry(running);
        return;
      }
      const task: Task = { id: this.nextId++, key, cards, commissionBps, houseWay, waiters: [waiter], turn: null };
      this.pending.set(key, task);
      if (urgency === 'waited') {
        this.workers.push(task, true);
        return;
      }
      while (this.queued >= this.maxQueue) this.skipOldest(player);
      this.enqueue(task, player);
      this.workers.wake();
    });
  }

  /** Puts `task` last in `player`'s turn. */
  private enqueue(task: Task, player: string): void {
    task.turn = player;
    const turn = this.turns.get(player);
    if (turn === undefined) this.turns.set(player, [task]);
    else turn.push(task);
    this.queued += 1;
  }

  /** Takes `task` out of `player`'s turn `turn`, which holds it. */
  private dequeue(player: string, turn: Task[], task: Task): void {
    turn.splice(turn.indexOf(task), 1);
    if (turn.length === 0) this.turns.delete(player);
    task.turn = null;
    this.queued -= 1;
  }

  /** The worker pool's next background task: the oldest of the player whose turn it is, who then goes last. */
  private takeTurn(): Task {
    const [player, turn] = this.turns.entries().next().value as [string, Task[]];
    const task = turn[0];
    this.dequeue(player, turn, task);
    // Served: behind every other player with hands waiting.
    if (turn.length > 0) {
      this.turns.delete(player);
      this.turns.set(player, turn);
    }
    return task;
  }

  /** A player waits for `task`'s grade (the daily challenge): it leaves its turn and goes before the background hands. */
  private hurry(task: Task): void {
    if (task.turn === null) {
      this.workers.hurry(task);
      return;
    }
    const turn = this.turns.get(task.turn) as Task[];
    this.dequeue(task.turn, turn, task);
    this.workers.push(task, true);
  }

  /**
   * The queue is full as `player` adds a hand: the player with the most waiting hands (`player` itself on a tie)
   * loses its oldest, so that a flood only ever skips the flooder's own hands. Other players waiting for the
   * same class keep it: it waits on in the first one's turn.
   */
  private skipOldest(player: string): void {
    let loser = player;
    let longest = this.turns.get(player)?.length ?? 0;
    for (const [other, turn] of this.turns) {
      if (turn.length > longest) {
        loser = other;
        longest = turn.length;
      }
    }
    const turn = this.turns.get(loser) as Task[];
    const task = turn[0];
    this.dequeue(loser, turn, task);
    for (const waiter of task.waiters) if (waiter.player === loser) waiter.reject(this.queueFull);
    task.waiters = task.waiters.filter((waiter) => waiter.player !== loser);
    if (task.waiters.length === 0) this.pending.delete(task.key);
    else this.enqueue(task, task.waiters[0].player);
  }
}
