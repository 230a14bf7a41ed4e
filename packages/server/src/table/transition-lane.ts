/**
 * Players' actions first (issue 11 point 10; docs/server.md "Actions first"): a process's round transitions, the deal
 * and the reveal that the reducer asks for (`deal-due`, `reveal-due`), each a ledger transaction with its views, take
 * turns in one lane, at most `maxInFlight` at a time, and a turn starts only after the event loop has read the
 * messages waiting (in its check phase, `setImmediate`). The action that asked for a transition (the last Deal, the
 * last setting) is answered first, as every other action is; the transition follows as the table's next operation.
 * Under a load that keeps the process busy, the wait moves from the players' actions, which a person sees answered or
 * not, to the deal and the reveal; a process with time to spare starts every transition at the next turn of its loop.
 * The cap is on the transitions running, not on those started a turn: on PostgreSQL a transition holds a pooled
 * connection for its round trips, and with the cap the bets' balance reads and the settings' records find one free
 * (500 players on one process: action p99 43 ms with 8 in flight; 301 ms with 4 started a turn and no cap).
 */

/**
 * How many transitions run at once in a process by default. Fewer made the actions' latency lower still and
 * SQLite's group commits smaller; more, the latency higher (500 players, SQLite: p99 about 40 ms with 4, 60 ms with
 * 8, 130 ms with 16, 260 ms with 32; about as many wagers a second with each). 8 rather than 4 leaves room for a
 * database farther away than loopback, whose transactions hold their turn longer.
 */
export const DEFAULT_TRANSITIONS_IN_FLIGHT = 8;

/** A process's lane of round transitions; see the module comment. */
export class TransitionLane {
  private readonly queue: (() => void)[] = [];
  private running = 0;
  private scheduled = false;

  /** @param maxInFlight how many transitions may run at once, ≥ 1 (default `DEFAULT_TRANSITIONS_IN_FLIGHT`) */
  constructor(readonly maxInFlight: number = DEFAULT_TRANSITIONS_IN_FLIGHT) {
    if (!Number.isInteger(maxInFlight) || maxInFlight < 1) throw new RangeError(`maxInFlight must be an integer ≥ 1, not ${maxInFlight}`);
  }

  /** Transitions waiting for their turn. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Transitions running (their turn started and not yet ended). */
  get inFlight(): number {
    return this.running;
  }

  /**
   * Waits for a turn: resolves, in a later check phase of the event loop, once fewer than `maxInFlight` transitions
   * run, first asked first served.
   * @returns the function that ends the turn (call it once, when the transition is over, failed or not)
   */
  turn(): Promise<() => void> {
    return new Promise((resolve) => {
      this.queue.push(() => {
        this.running++;
        let ended = false;
        resolve(() => {
          if (ended) return;
          ended = true;
          this.running--;
          this.schedule();
        });
      });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.running >= this.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.running < this.maxInFlight && this.queue.length > 0) this.queue.shift()!();
    });
  }
}
