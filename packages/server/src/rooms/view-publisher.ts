/**
 * How a table room sends views (issue 11 point 4c; docs/server.md "Per-client views as messages"): after a
 * change of the table, the player whose request it answers (`ack`) and the players it sends a notice get
 * their view at once, before the notice; every other client is marked and gets ONE view, the latest, when
 * the event loop has handled what it already read (`setImmediate`). So several changes in a row (a busy
 * table, or a loaded process reading many messages at once) cost one view per client, not one per change;
 * and a view the client already has (`sameView`) is not sent again unless it answers its request. Every
 * request is still answered by a view that shows its own change.
 */
import type { InboxNotice, TableView } from '@paigow/protocol';
import type { TableChange } from '../table/runner.js';
import { sameView } from './view-diff.js';

/** A connection that takes messages (a Colyseus client). */
export interface ViewClient {
  send(type: string, message: unknown): void;
}

/** What a `ViewPublisher` reads. */
export interface ViewPublisherOptions<C extends ViewClient> {
  /** `viewFor` of the table's current state for a player (null: the anonymous view). */
  readonly view: (playerId: string | null) => TableView;
  /** The room's clients by player id (read when sending). */
  readonly clientsOf: ReadonlyMap<string, ReadonlySet<C>>;
}

/** Sends one table room's views; see the module comment. */
export class ViewPublisher<C extends ViewClient> {
  /** Players whose view is due at the next flush. */
  private readonly due = new Set<string>();
  private flushing: NodeJS.Immediate | null = null;
  private readonly lastSent = new WeakMap<C, TableView>();

  constructor(private readonly options: ViewPublisherOptions<C>) {}

  /** A change of the table (`TableRunner` listener). */
  publish(change: TableChange): void {
    const noticed = new Set(change.notices.map((entry) => entry.playerId));
    for (const playerId of this.options.clientsOf.keys()) {
      if (change.ack?.playerId === playerId) this.sendNow(playerId, change.ack.requestId);
      else if (noticed.has(playerId)) this.sendNow(playerId, null);
      else this.due.add(playerId);
    }
    for (const { playerId, notice } of change.notices) {
      for (const client of this.options.clientsOf.get(playerId) ?? []) client.send('notice', notice satisfies InboxNotice);
    }
    this.flushing ??= setImmediate(() => this.flush());
  }

  /** Sends the views still due. */
  flush(): void {
    this.flushing = null;
    for (const playerId of [...this.due]) this.sendNow(playerId, null);
  }

  /** Stops (the room is disposed): nothing more is sent. */
  close(): void {
    if (this.flushing !== null) clearImmediate(this.flushing);
    this.flushing = null;
    this.due.clear();
  }

  /** Sends `playerId`'s clients its view now, with `ack`; a client that has this view already gets it only with an ack. */
  private sendNow(playerId: string, ack: string | null): void {
    this.due.delete(playerId);
    const view: TableView = { ...this.options.view(playerId), ack };
    for (const client of this.options.clientsOf.get(playerId) ?? []) {
      if (ack === null && sameView(this.lastSent.get(client), view)) continue;
      this.lastSent.set(client, view);
      client.send('view', view);
    }
  }
}
