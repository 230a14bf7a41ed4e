/**
 * The `join-failed` lines of the matchmaking route (docs/operations.md "Logs"). During a failover every join of a
 * table without a host fails alike (a tester saw 48 lines in 15 s, one per join): each table and kind of failure
 * writes its first line, then at most one every `LOG_REPEAT_MS`, which counts in `repeated` the joins not written
 * in between (log/throttle.ts).
 */
import { briefError, LineThrottles, LOG_REPEAT_MS, type Logger } from '../log/index.js';

/**
 * `message` without the arguments Colyseus quotes in a remote call's error
 * (`requesting "reserveSeatFor with args [...]"`): they hold the player's token and address.
 */
export function withoutArguments(message: string): string {
  const start = message.indexOf(' with args ');
  if (start < 0) return message;
  // Colyseus' ending, kept; anything else after the arguments may be part of them, and goes.
  const ending = /"\. \(\d+ms exceeded\)$/.exec(message);
  return ending !== null && ending.index > start ? message.slice(0, start) + message.slice(ending.index) : `${message.slice(0, start)} (arguments removed)`;
}

/** Why a join failed on the server's side: its token could not be checked, its table did not answer, or anything else. */
export type JoinFailure = 'session-unchecked' | 'table-unanswered' | 'other';

/** The throttled `join-failed` lines of one matchmaking route. */
export class JoinFailureLines {
  /** By table (or `''`: any id the deployment neither lists nor knows) and kind of failure. */
  private readonly throttles: LineThrottles;

  /**
   * @param logger where the lines go (`warn`)
   * @param repeatMs the least time between two lines of one table and kind, ms (default `LOG_REPEAT_MS`)
   */
  constructor(
    private readonly logger: Logger,
    repeatMs: number = LOG_REPEAT_MS,
  ) {
    this.throttles = new LineThrottles(repeatMs);
  }

  /**
   * A join of `tableId` failed: writes `message` as a `warn` `join-failed` line with `tableId` and `err` (its type and
   * message, without the arguments Colyseus quotes: the player's token), unless a line of the same table and
   * `failure` was written in the last `repeatMs`.
   * @param listed whether `tableId` is a table the deployment lists or knows: the lines are throttled per table only
   *   for those (a bounded set); the joins of any other id a client sends share one throttle
   */
  write(tableId: string, listed: boolean, failure: JoinFailure, error: unknown, message: string): void {
    this.throttles.offer(`${listed ? tableId : ''}\u0000${failure}`, (repeated) => {
      const { type, message: text } = briefError(error);
      this.logger.warn({ event: 'join-failed', tableId, err: { type, message: withoutArguments(text) }, ...(repeated > 0 ? { repeated } : {}) }, message);
    });
  }
}
