/**
 * The watchers of a process's tables (docs/server.md "Admission control"): each player connected at a table,
 * in the order it came (its first connection there), so that admission control can close the one that has
 * watched longest without a seat to take in a player who has joined past the process's limit. Kept by the table
 * rooms. A player is evictable only once it has been at the table without a seat for `WATCHER_GRACE_MS`: a player
 * who has just come (or just stood up) has that long to sit before a newcomer can take its place.
 */

/**
 * How long a player must have been connected at a table without a seat (since it came, or since it last left
 * its seat) before its place may go to a newcomer at the process's player limit, ms: a player who came to play
 * has this long to pick a seat, and a stream of arrivals cannot close each other in turn before they sit.
 */
export const WATCHER_GRACE_MS = 30_000;

/** One player's connections at one table, as its room sees them. */
export interface WatcherPlace {
  /** Whether the player is watching there now: counted by admission control (at the table, a client connected) and without a seat. */
  readonly watching: () => boolean;
  /** Tells the player's clients there why, and closes them. */
  readonly close: () => void;
}

/** What admission control asks of the watchers. */
export interface WatcherPlaces {
  /** Whether a player somewhere is evictable: it only watches, for `WATCHER_GRACE_MS` at least, and is not being closed already. */
  any(): boolean;
  /** Players being closed to make room (still counted until their clients have left): counted as gone. */
  closing(): number;
  /** Closes the evictable player connected longest. @returns false when nobody is evictable */
  replaceLongest(): boolean;
}

interface Entry {
  readonly place: WatcherPlace;
  /** Since when the player has been at the table without a seat (epoch ms), or null while it has one. */
  since: number | null;
  /** Closed to make room: its clients are leaving. */
  closing: boolean;
}

/** One per server, shared by its rooms. */
export class Watchers implements WatcherPlaces {
  /** By table and player; a `Map` keeps the order they came in. */
  private readonly places = new Map<string, Entry>();

  /**
   * @param graceMs how long a player must have watched before it is evictable (`WATCHER_GRACE_MS`)
   * @param now the clock, epoch ms
   */
  constructor(
    private readonly graceMs: number = WATCHER_GRACE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A client of `playerId` joined `tableId`: its place is noted unless the player is there already (it keeps its
   * rank); a player being closed that joins again comes in anew.
   */
  enter(tableId: string, playerId: string, place: WatcherPlace): void {
    const key = placeKey(tableId, playerId);
    const entry = this.places.get(key);
    if (entry !== undefined && !entry.closing) return;
    this.places.delete(key);
    this.places.set(key, { place, since: this.now(), closing: false });
  }

  /** Whether `playerId` has a seat at `tableId` now (the room tells each change): the grace starts again when it leaves its seat. */
  seated(tableId: string, playerId: string, seated: boolean): void {
    const entry = this.places.get(placeKey(tableId, playerId));
    if (entry === undefined) return;
    if (seated) entry.since = null;
    else if (entry.since === null) entry.since = this.now();
  }

  /** The last client of `playerId` at `tableId` left, and the table no longer counts it. */
  leave(tableId: string, playerId: string): void {
    this.places.delete(placeKey(tableId, playerId));
  }

  any(): boolean {
    const now = this.now();
    for (const entry of this.places.values()) if (this.evictable(entry, now)) return true;
    return false;
  }

  closing(): number {
    let count = 0;
    for (const entry of this.places.values()) if (entry.closing) count += 1;
    return count;
  }

  replaceLongest(): boolean {
    const now = this.now();
    for (const entry of this.places.values()) {
      if (!this.evictable(entry, now)) continue;
      // Kept, marked, until its clients have left: meanwhile it still counts at its table, but as gone here.
      entry.closing = true;
      entry.place.close();
      return true;
    }
    return false;
  }

  private evictable(entry: Entry, now: number): boolean {
    return !entry.closing && entry.since !== null && now - entry.since >= this.graceMs && entry.place.watching();
  }
}

/** A table id has no NUL (docs/operations.md: letters, digits, `.`, `_`, `-`). */
function placeKey(tableId: string, playerId: string): string {
  return `${tableId}\u0000${playerId}`;
}
