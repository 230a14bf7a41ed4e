/**
 * How long a round may wait for the ledger (docs/server.md "Database faults"; issue: every phase of a
 * round has a deadline after which it is settled or refunded). The phases with players' timers (bets,
 * the banker's approval, decisions: rules.md §5 "Timers") are the reducer's; these are the phases where
 * the table waits for the database: the deal (`openRound`) and the settlement (`settleRound`).
 */

/** Deadlines and back-off for ledger writes of a round, all in ms. */
export interface RoundDeadlines {
  /**
   * How long a deal whose ledger transaction fails (a database fault) is tried again before the round
   * is void and its bets go back on the felt. One attempt is itself bounded (PostgreSQL's lock timeout
   * and connection timeout; SQLite's busy wait), so the table leaves `dealing` within about this plus one
   * attempt.
   */
  readonly dealMs: number;
  /** How long a failed settlement is tried again before the round is refunded instead. */
  readonly settleMs: number;
  /** The first pause between two attempts; each pause doubles, up to `maxRetryPauseMs`. */
  readonly firstRetryPauseMs: number;
  readonly maxRetryPauseMs: number;
}

/** Production deadlines: a deal is retried for 10 s, a settlement for 2 minutes; pauses 200 ms doubling to 10 s. */
export const DEFAULT_ROUND_DEADLINES: RoundDeadlines = Object.freeze({
  dealMs: 10_000,
  settleMs: 120_000,
  firstRetryPauseMs: 200,
  maxRetryPauseMs: 10_000,
});

/**
 * The pause before attempt `attempt + 1` (the first retry is attempt 1): `firstRetryPauseMs · 2^(attempt−1)`,
 * at most `maxRetryPauseMs` (ms).
 */
export function retryPauseMs(deadlines: RoundDeadlines, attempt: number): number {
  return Math.min(deadlines.firstRetryPauseMs * 2 ** Math.max(0, attempt - 1), deadlines.maxRetryPauseMs);
}

/** Resolves after `ms`, or at once when `signal` aborts (a timer that does not keep the process alive). */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms).unref();
    signal?.addEventListener('abort', done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
