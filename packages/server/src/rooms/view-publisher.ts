/**
 * How a table room sends views (issue 11 point 4c; docs/server.md "Per-client views as messages"): after a
 * change of the table, the player whose request it answers (`ack`) and the players it sends a notice get
 * their view at once, before the notice; every other client is marked and gets ONE view, the latest, at most
 * `OTHERS_VIEW_DELAY_MS` later. So several changes in a row (players of a busy table acting one after another,
 * or a loaded process reading many messages at once) cost one view per client, not one per change.
 * A client's first view is sent whole (`view`), then only what changed in it (`view-patch`, `viewPatch`); a
 * view the client already has is not sent again unless it answers its request. Every request is still
 * answered by a view that shows its own change. A client still joining (`joining`) is sent its first view and nothing
 * more until it has joined: Colyseus queues what is sent to it until then, and an attacker's clients that never
 * finished joining had every patch of a busy table queued for them, without bound (docs/server.md "Limits"); once it
 * has joined (`joined`), one patch brings it from that first view to the latest.
 */
import type { InboxNotice, TableView, TableViewPatch } from '@paigow/protocol';
import type { TableChange } from '../table/runner.js';
import { viewPatch } from './view-diff.js';

/** A connection that takes messages (a Colyseus client). */
export interface ViewClient {
  send(type: string, message: unknown): void;
}

/**
 * How long other players' views may wait after a change, ms: Colyseus' own default patch rate (20 a second),
 * too short for a person to notice. Sent at the next turn of the event loop instead, a table whose six players
 * act one after another sent each of them a view after each action; the wait merges those, and the views,
 * their encoding and their socket writes were half a loaded process's time (`npm run bench -- server`).
 */
export const OTHERS_VIEW_DELAY_MS = 50;

/** What a `ViewPublisher` reads. */
export interface ViewPublisherOptions<C extends ViewClient> {
  /** `viewFor` of the table's current state for a player (null: the anonymous view). */
  readonly view: (playerId: string | null) => TableView;
  /** The room's clients by player id (read when sending). */
  readonly clientsOf: ReadonlyMap<string, ReadonlySet<C>>;
  /** How long other players' views may wait, ms (default `OTHERS_VIEW_DELAY_MS`). */
  readonly othersDelayMs?: number;
  /**
   * Whether `client` is still joining: what is sent to it waits (Colyseus' queue) until it has joined, so it is sent
   * its first view and nothing more until `joined` (default: never joining).
   */
  readonly joining?: (client: C) => boolean;
}

/** Sends one table room's views; see the module comment. */
export class ViewPublisher<C extends ViewClient> {
  /** Players whose view is due at the next flush. */
  private readonly due = new Set<string>();
  private flushing: NodeJS.Timeout | null = null;
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
    this.flushing ??= setTimeout(() => this.flush(), this.options.othersDelayMs ?? OTHERS_VIEW_DELAY_MS);
  }

  /**
   * Sends `playerId`'s clients that have no view yet their view now (a joining client, before the room sends it its
   * inbox backlog: a view is a client's first message, docs/protocol.md; an operator's bot rejoining a moved table
   * got a `notice` first, its view 50 ms later with the others').
   */
  sendFirstView(playerId: string): void {
    const clients = this.options.clientsOf.get(playerId) ?? [];
    if ([...clients].some((client) => !this.lastSent.has(client))) this.sendNow(playerId, null);
  }

  /**
   * `client` of `playerId` has joined (Colyseus has sent it what was queued for it: its first view, then its notices):
   * it is sent what changed since that view, in one patch, or nothing when nothing did. A client with no view yet
   * gets none here (its first comes with the table's join of its player, `sendFirstView`).
   */
  joined(client: C, playerId: string): void {
    const previous = this.lastSent.get(client);
    if (previous === undefined) return;
    const view: TableView = { ...this.options.view(playerId), ack: null };
    if (view.you === null) return;
    this.lastSent.set(client, view);
    const patch = viewPatch(previous, view);
    if (patch !== null) client.send('view-patch', patch);
  }

  /** Sends the views still due. */
  flush(): void {
    this.flushing = null;
    for (const playerId of [...this.due]) this.sendNow(playerId, null);
  }

  /** Stops (the room is disposed): nothing more is sent. */
  close(): void {
    if (this.flushing !== null) clearTimeout(this.flushing);
    this.flushing = null;
    this.due.clear();
  }

  /**
   * Sends `playerId`'s clients its view now, with `ack`: whole to a client that has none yet, else what changed
   * (`view-patch`); a client that has this view already gets a patch only with an ack. Nothing while the player is
   * not at the table (`you: null`): a client joining is among the room's clients before the table has its join, and
   * a change meanwhile sent it a first view without `you` (an operator's bot read `view.you.seat` and crashed;
   * docs/protocol.md: a player's view always has `you`); its join's view comes next. A client still joining that has
   * its first view is skipped (`joined` catches it up).
   */
  private sendNow(playerId: string, ack: string | null): void {
    this.due.delete(playerId);
    const view: TableView = { ...this.options.view(playerId), ack };
    if (view.you === null) return;
    for (const client of this.options.clientsOf.get(playerId) ?? []) {
      const previous = this.lastSent.get(client);
      if (previous !== undefined && this.options.joining?.(client) === true) continue;
      this.lastSent.set(client, view);
      if (previous === undefined) {
        client.send('view', view);
        continue;
      }
      const patch = viewPatch(previous, view);
      if (patch !== null) client.send('view-patch', patch);
      else if (ack !== null) client.send('view-patch', { serverNowMs: view.serverNowMs, ack } satisfies TableViewPatch);
    }
  }
}
