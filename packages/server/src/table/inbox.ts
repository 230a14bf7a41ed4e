/**
 * Sending the player inbox from this process (docs/server.md "The player inbox"; the events themselves are
 * in the database: `ledger/player-events.ts`). Three paths find a player's events: the change that wrote
 * them (its runner reads the player's events past what was sent, so one written meanwhile by another
 * process goes too), a join (every event not acknowledged: the client may be a new tab), and the sweep of
 * the server's heartbeat (events other processes wrote, e.g. a round they recovered, for the players
 * connected here). This keeps, per player, the highest `seq` this process sent, so that each event goes
 * out once per process whichever path finds it first. A `seq` is taken only after every smaller one of
 * the same player was committed (`player-events.ts`), so a read that sees one sees those before it.
 */
import type { TableNotice } from '@paigow/engine';
import { noticeMessage, type InboxNotice } from '@paigow/protocol';
import type { EventAck, Ledger, PlayerEvent, PlayerEventInput } from '../ledger/index.js';
import { StatementBatch } from '../storage/statement-batch.js';

/** The `notice` message of a stored event. */
export function inboxNotice(event: PlayerEvent): InboxNotice {
  return { ...noticeMessage(event.notice), seq: event.seq, tableId: event.tableId };
}

/** The `notice` message of a notice the database could not store (`seq: null`: sent once, never again). */
export function unstoredNotice(notice: TableNotice, tableId: string | null): InboxNotice {
  return { ...noticeMessage(notice), seq: null, tableId };
}

/**
 * How long an acknowledgement waits to be written with others, ms: each settled round brings one from each of its
 * players, and one statement marks all those of the process meanwhile (an acknowledgement lost to a crash only
 * means the notice is sent again at the next join).
 */
export const ACK_BATCH_MS = 50;

/** One process's sending of the player inboxes; see the module comment. One per server (`startServer`). */
export class InboxDelivery {
  /** Per player, the highest `seq` this process sent. */
  private readonly sent = new Map<string, number>();
  /** Acknowledgements waiting to be written with others. */
  private readonly acks: StatementBatch<EventAck, number>;

  constructor(private readonly ledger: Pick<Ledger, 'recordEvents' | 'unackedEvents' | 'ackEvents'>) {
    this.acks = new StatementBatch(ACK_BATCH_MS, (acks) => ledger.ackEvents(acks));
  }

  /**
   * Marks `playerId`'s event `seq` acknowledged (the `ack-notice` message), with the others of the next
   * `ACK_BATCH_MS` in one statement.
   * @throws the database's error (rejects; the event is sent again at the next join)
   */
  async acknowledge(playerId: string, seq: number): Promise<void> {
    await this.acks.add({ playerId, seq });
  }

  /**
   * Writes `events` (a change that moved no money) in one transaction.
   * @throws the database's error (nothing written)
   */
  async record(events: readonly PlayerEventInput[]): Promise<void> {
    if (events.length > 0) await this.ledger.recordEvents(events);
  }

  /**
   * The events of `playerIds` not acknowledged and not yet sent by this process, by player then `seq`;
   * they count as sent from now on.
   * @throws the database's error
   */
  async fresh(playerIds: readonly string[]): Promise<PlayerEvent[]> {
    if (playerIds.length === 0) return [];
    const events = await this.ledger.unackedEvents(playerIds, this.sent);
    return events.filter((event) => this.claim(event));
  }

  /**
   * Every event of `playerId` not acknowledged, oldest first (for a client that joins: it may have none of
   * them); they count as sent from now on.
   * @throws the database's error
   */
  async backlog(playerId: string): Promise<PlayerEvent[]> {
    const events = await this.ledger.unackedEvents([playerId]);
    for (const event of events) this.claim(event);
    return events;
  }

  /**
   * Forgets what this process sent to every player not in `connected` (those with a client at its tables: a set, or a
   * map by player id), so that the record does not grow with every player the process ever served: one who comes
   * back is sent every event it has not acknowledged at its join (`backlog`), and the web client shows an event once
   * by its `seq`.
   */
  forgetAllBut(connected: { has(playerId: string): boolean }): void {
    for (const playerId of this.sent.keys()) if (!connected.has(playerId)) this.sent.delete(playerId);
  }

  private claim(event: PlayerEvent): boolean {
    if (event.seq <= (this.sent.get(event.playerId) ?? 0)) return false;
    this.sent.set(event.playerId, event.seq);
    return true;
  }
}

/**
 * How long an acknowledged event is kept (docs/server.md "The player inbox": for support questions about
 * what a player was told, and when), ms: 7 days.
 */
export const ACKED_RETENTION_MS = 7 * 24 * 3_600_000;
/** How long an event never acknowledged is kept (a player away this long finds its rounds in the history), ms: 90 days. */
export const UNACKED_RETENTION_MS = 90 * 24 * 3_600_000;
/** How often a server prunes the inboxes (at start, then at most this often with the heartbeat), ms: 1 hour. */
export const INBOX_PRUNE_EVERY_MS = 3_600_000;

/**
 * Deletes the events past their retention (`ACKED_RETENTION_MS`, `UNACKED_RETENTION_MS`) as of `nowMs`.
 * @returns how many were deleted
 * @throws the database's error
 */
export function pruneInbox(ledger: Pick<Ledger, 'pruneEvents'>, nowMs: number): Promise<number> {
  return ledger.pruneEvents(nowMs - ACKED_RETENTION_MS, nowMs - UNACKED_RETENTION_MS);
}
