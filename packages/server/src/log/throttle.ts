/**
 * Log lines of events that come in bursts a client or an outage can cause at will (a Redis client failing every
 * few hundred ms, thousands of bogus WebSockets, connections over the per-IP cap): at most one line per interval,
 * the next one saying how many were not written meanwhile. Without it one client could write ~1 GB of log an hour.
 */

/** How long a throttled event goes unwritten after one of its lines, ms (docs/operations.md "Logs"). */
export const LOG_REPEAT_MS = 5_000;

/**
 * One event's throttle: `offer` writes its line when none was written in the last `repeatMs` ms, and otherwise
 * only counts the occurrence. A burst is one line at its start, then one per `repeatMs` while it lasts; the count of
 * a burst's tail is carried by the next line, whenever the event comes again (nothing is written on a timer).
 */
export class LineThrottle {
  private writtenAtMs: number | null = null;
  private unwritten = 0;
  /** When the event last came, epoch ms. */
  seenAtMs: number | null = null;

  /**
   * @param repeatMs the least time between two lines, ms (default `LOG_REPEAT_MS`)
   * @param now the clock, epoch ms (default `Date.now`; tests pass their own)
   */
  constructor(
    private readonly repeatMs: number = LOG_REPEAT_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * One occurrence of the event: calls `write(repeated)` when no line was written in the last `repeatMs` ms,
   * `repeated` being the occurrences not written since the previous line (0 at the first line); otherwise counts
   * it and writes nothing.
   * @returns whether `write` was called
   */
  offer(write: (repeated: number) => void): boolean {
    const atMs = this.now();
    this.seenAtMs = atMs;
    if (this.writtenAtMs !== null && atMs - this.writtenAtMs < this.repeatMs) {
      this.unwritten += 1;
      return false;
    }
    const repeated = this.unwritten;
    this.writtenAtMs = atMs;
    this.unwritten = 0;
    write(repeated);
    return true;
  }
}

/**
 * `LineThrottle`s by key (a table and a kind of failure, a kind of database fault, a player…): each key's lines are
 * throttled on their own, its first line always written. Past `maxKeys` keys (keys a client can make, such as its
 * player id), those whose event has not come for `repeatMs` are forgotten: their next line is written as a first one,
 * without the count of a burst's unwritten tail.
 */
export class LineThrottles {
  private readonly throttles = new Map<string, LineThrottle>();

  /**
   * @param repeatMs the least time between two lines of one key, ms (default `LOG_REPEAT_MS`)
   * @param now the clock, epoch ms (default `Date.now`)
   * @param maxKeys how many keys are kept before the quiet ones are forgotten (default: no limit, for few keys)
   */
  constructor(
    private readonly repeatMs: number = LOG_REPEAT_MS,
    private readonly now: () => number = Date.now,
    private readonly maxKeys: number = Infinity,
  ) {}

  /** `LineThrottle.offer` on the throttle of `key` (made at its first occurrence). */
  offer(key: string, write: (repeated: number) => void): boolean {
    let throttle = this.throttles.get(key);
    if (throttle === undefined) {
      if (this.throttles.size >= this.maxKeys) this.forgetQuiet();
      this.throttles.set(key, (throttle = new LineThrottle(this.repeatMs, this.now)));
    }
    return throttle.offer(write);
  }

  /** How many keys are kept. */
  get size(): number {
    return this.throttles.size;
  }

  private forgetQuiet(): void {
    const atMs = this.now();
    for (const [key, throttle] of this.throttles) if (throttle.seenAtMs === null || atMs - throttle.seenAtMs >= this.repeatMs) this.throttles.delete(key);
  }
}
