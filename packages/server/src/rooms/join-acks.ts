/**
 * The deadline of a WebSocket client's join acknowledgement (docs/server.md "Limits", "Joins never acknowledged"). Once a
 * room has taken a client's join, Colyseus sends it `JOIN_ROOM` and counts it as joining until it sends the one byte
 * `JOIN_ROOM` back; meanwhile everything sent to it waits in Colyseus' queue for it (`_enqueuedMessages`, not the
 * socket, so `PAIGOW_MAX_BUFFERED_BYTES` never saw it). An attacker's clients that never sent it back stayed joining
 * for good (the transport's pings kept them alive): 200 of them locked a table (a room makes room only by closing
 * watchers that have joined), 10 a server at its player limit (admission counted only joined watchers as evictable),
 * and 180 of them grew the process by 76 MB in 40 s. Colyseus' own clients acknowledge within a round trip. A client
 * that has not acknowledged `JOIN_ACK_TIMEOUT_MS` after it was sent `JOIN_ROOM` is closed with `JOIN_ACK_CLOSE_CODE`,
 * counted (`paigow_rate_limited_total{kind="ws-join-ack"}`) and logged (`join-not-acknowledged`, at most one line every
 * `LOG_REPEAT_MS`).
 */
import { LineThrottle, LOG_REPEAT_MS, type Logger } from '../log/index.js';
import { rateLimitedRequests } from '../metrics/index.js';

/**
 * How long a client has to acknowledge its join, ms, from the moment it was sent `JOIN_ROOM`: a real client does it
 * within a round trip (milliseconds; seconds on the worst mobile link), and the deadline bounds what one that never
 * does can hold (its place at the table, in the process's player count, its queued messages).
 */
export const JOIN_ACK_TIMEOUT_MS = 10_000;

/**
 * The WebSocket close code of a client that did not acknowledge its join in time (4000 + HTTP's 408 Request Timeout, as
 * the room's other close codes): it is told nothing else, since it reads nothing before it acknowledges. colyseus.js
 * rejects the join with it (or, its acknowledgement sent, reports it as a leave: the web client joins again).
 */
export const JOIN_ACK_CLOSE_CODE = 4408;

/** The `join-not-acknowledged` lines of this process: one, then at most one every `LOG_REPEAT_MS`, counting the closes between. */
const lines = new LineThrottle(LOG_REPEAT_MS);

/**
 * One room's clients that were sent `JOIN_ROOM` and have not acknowledged it, in the order they were sent it, each
 * with its deadline.
 */
export class JoinAcks<C> {
  private readonly awaiting = new Map<C, NodeJS.Timeout>();

  /**
   * @param timeoutMs how long a client has to acknowledge, ms (`JOIN_ACK_TIMEOUT_MS`)
   * @param late called with a client still awaited at its deadline (it is no longer awaited then): the room closes it
   */
  constructor(
    private readonly timeoutMs: number,
    private readonly late: (client: C) => void,
  ) {}

  /** `client` was sent `JOIN_ROOM` now: its acknowledgement is awaited for `timeoutMs`. */
  sent(client: C): void {
    this.settled(client);
    const timer = setTimeout(() => {
      if (!this.awaiting.delete(client)) return;
      this.late(client);
    }, this.timeoutMs);
    // A deadline keeps no process alive (the room's disposal clears them all).
    timer.unref();
    this.awaiting.set(client, timer);
  }

  /**
   * `client` acknowledged its join, left, or is being closed: no longer awaited.
   * @returns whether it was awaited
   */
  settled(client: C): boolean {
    const timer = this.awaiting.get(client);
    if (timer === undefined) return false;
    clearTimeout(timer);
    this.awaiting.delete(client);
    return true;
  }

  /** Whether `client` was sent `JOIN_ROOM` and has not acknowledged it. */
  awaits(client: C): boolean {
    return this.awaiting.has(client);
  }

  /** The clients awaited, the one sent `JOIN_ROOM` longest ago first. */
  clients(): IterableIterator<C> {
    return this.awaiting.keys();
  }

  /** Drops every deadline (the room is disposed). */
  close(): void {
    for (const timer of this.awaiting.values()) clearTimeout(timer);
    this.awaiting.clear();
  }
}

/**
 * Counts a client closed for not acknowledging its join (`paigow_rate_limited_total{kind="ws-join-ack"}`) and logs it:
 * `warn` lines `join-not-acknowledged` with the last one's `tableId`, `playerId` and `ip`, `timeoutMs`, and `closed` (the
 * clients closed so since the previous such line, this one included), at most one every `LOG_REPEAT_MS`.
 * @param logger where the line goes
 * @param client the table, player (undefined when its join was refused) and address of the client closed
 * @param timeoutMs the deadline it missed, ms
 */
export function countUnacknowledged(logger: Logger, client: { readonly tableId: string; readonly playerId: string | undefined; readonly ip: string | undefined }, timeoutMs: number): void {
  rateLimitedRequests.inc({ kind: 'ws-join-ack' });
  lines.offer((repeated) =>
    logger.warn(
      { event: 'join-not-acknowledged', ...client, timeoutMs, closed: repeated + 1 },
      `closed a WebSocket client that did not acknowledge its join within ${timeoutMs} ms; ${repeated + 1} closed since the last such line`,
    ),
  );
}
