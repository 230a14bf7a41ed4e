/**
 * The watchers of a process's tables (docs/server.md "Admission control"): each player connected at a table,
 * in the order it came (its first connection there), so that admission control can close the one that has
 * watched longest without a seat to take a player in at the process's limit. Kept by the table rooms.
 */

/** One player's connections at one table, as its room sees them. */
export interface WatcherPlace {
  /** Whether the player is watching there now: counted by admission control (at the table, a client connected) and without a seat. */
  readonly watching: () => boolean;
  /** Tells the player's clients there why, and closes them. */
  readonly close: () => void;
}

/** What admission control asks of the watchers. */
export interface WatcherPlaces {
  /** Whether a player somewhere only watches (its place may be given to a player coming in). */
  any(): boolean;
  /** Closes the player who has been connected longest among those who only watch. @returns false when nobody only watches */
  replaceLongest(): boolean;
}

/** One per server, shared by its rooms. */
export class Watchers implements WatcherPlaces {
  /** By table and player; a `Map` keeps the order they came in. */
  private readonly places = new Map<string, WatcherPlace>();

  /** A client of `playerId` joined `tableId`: its place is noted unless the player is there already (it keeps its rank). */
  enter(tableId: string, playerId: string, place: WatcherPlace): void {
    const key = placeKey(tableId, playerId);
    if (!this.places.has(key)) this.places.set(key, place);
  }

  /** The last client of `playerId` at `tableId` left. */
  leave(tableId: string, playerId: string): void {
    this.places.delete(placeKey(tableId, playerId));
  }

  any(): boolean {
    for (const place of this.places.values()) if (place.watching()) return true;
    return false;
  }

  replaceLongest(): boolean {
    for (const [key, place] of this.places) {
      if (!place.watching()) continue;
      // Forgotten at once: while its clients close, it still counts, and no other player is given its place.
      this.places.delete(key);
      place.close();
      return true;
    }
    return false;
  }
}

/** A table id has no NUL (docs/operations.md: letters, digits, `.`, `_`, `-`). */
function placeKey(tableId: string, playerId: string): string {
  return `${tableId}\u0000${playerId}`;
}
