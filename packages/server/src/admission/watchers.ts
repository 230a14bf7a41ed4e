/**
 * The watchers of a process's tables (docs/server.md "Admission control"): each player connected at a table,
 * in the order it came (its first connection there), so that admission control can close the one that has
 * watched longest without a seat to take in a player who has joined past the process's limit. Kept by the table
 * rooms. A player without a seat is evictable once `WATCHER_GRACE_MS` have passed since the later of its first
 * arrival at any of the process's tables and the end of the last round it was dealt in at that table: a player who
 * has just come has that long to sit, and one who has just played a round keeps its place that long after it.
 * Sitting down and standing up without being dealt in restarts nothing, nor does leaving and joining again (at that
 * table or another) while the player is remembered: an attacker's watchers that did either every 20 s were never
 * evictable, and kept every newcomer out.
 */

/**
 * How long a player must have been at the process's tables, and away from a round at a table, before its place
 * there without a seat may go to a newcomer at the process's player limit, ms: a player who came to play has this
 * long to pick a seat, and a stream of arrivals cannot close each other in turn before they sit.
 */
export const WATCHER_GRACE_MS = 30_000;

/**
 * How long a player's first arrival is remembered after its last client at the process's tables left, ms (5
 * minutes, a table's default idle-seat time, `idleSeatMs`): one that joins again within it has no new grace.
 */
export const WATCHER_MEMORY_MS = 300_000;

/** One player's connections at one table, as its room sees them. */
export interface WatcherPlace {
  /** Whether the player is watching there now: counted by admission control (at the table, a client connected) and without a seat. */
  readonly watching: () => boolean;
  /** Tells the player's clients there why, and closes them. */
  readonly close: () => void;
}

/** What admission control asks of the watchers. */
export interface WatcherPlaces {
  /** Whether a player somewhere is evictable: it only watches, past its grace (`Watchers`), and is not being closed already. */
  any(): boolean;
  /** Players being closed to make room (still counted until their clients have left): counted as gone. */
  closing(): number;
  /** Closes the evictable player connected longest. @returns false when nobody is evictable */
  replaceLongest(): boolean;
}

interface Entry {
  readonly playerId: string;
  readonly place: WatcherPlace;
  /** Closed to make room: its clients are leaving. */
  closing: boolean;
}

/** A player's arrival at the process's tables. */
interface Arrival {
  /** Its first arrival at any of them (epoch ms), kept while it has a place and `memoryMs` after its last one. */
  readonly firstAtMs: number;
  /** Its places (tables where a client of its is connected). */
  places: number;
}

/** One per server, shared by its rooms. */
export class Watchers implements WatcherPlaces {
  /** By table and player; a `Map` keeps the order they came in. */
  private readonly places = new Map<string, Entry>();
  /** By player. */
  private readonly arrivals = new Map<string, Arrival>();
  /** Players with no place left, by when their last one ended (epoch ms), oldest first: forgotten `memoryMs` after. */
  private readonly departed = new Map<string, number>();
  /** By table and player: dealt in the round in play there. */
  private readonly inRound = new Set<string>();
  /** By table and player: when the last round it was dealt in there ended (epoch ms), oldest first; forgotten `graceMs` after. */
  private readonly played = new Map<string, number>();

  /**
   * @param graceMs how long a player's place without a seat is kept after it came, or after its last round there (`WATCHER_GRACE_MS`)
   * @param now the clock, epoch ms
   * @param memoryMs how long a player's first arrival is remembered after its last place ended (`WATCHER_MEMORY_MS`)
   */
  constructor(
    private readonly graceMs: number = WATCHER_GRACE_MS,
    private readonly now: () => number = Date.now,
    private readonly memoryMs: number = WATCHER_MEMORY_MS,
  ) {}

  /**
   * A client of `playerId` joined `tableId`: its place is noted unless the player is there already (it keeps its
   * rank); a player being closed that joins again comes in anew, last in rank. Its grace runs from its first
   * arrival at any table of the process while it is remembered (`WATCHER_MEMORY_MS`), else from now.
   */
  enter(tableId: string, playerId: string, place: WatcherPlace): void {
    const now = this.now();
    this.forget(now);
    const key = placeKey(tableId, playerId);
    const entry = this.places.get(key);
    if (entry !== undefined && !entry.closing) return;
    this.places.delete(key);
    this.places.set(key, { playerId, place, closing: false });
    if (entry !== undefined) return;
    this.departed.delete(playerId);
    const arrival = this.arrivals.get(playerId);
    if (arrival === undefined) this.arrivals.set(playerId, { firstAtMs: now, places: 1 });
    else arrival.places += 1;
  }

  /**
   * Whether `playerId` is dealt in the round in play at `tableId` now (its hand, or its bank, is in it); the room
   * tells it after each change of the table, for each player with a place there. The place is kept while it is, and for the grace after the first change
   * that shows it in no round (the round's end). Sitting and standing change nothing here.
   */
  dealtIn(tableId: string, playerId: string, dealt: boolean): void {
    const key = placeKey(tableId, playerId);
    if (!this.places.has(key)) return;
    if (dealt) this.inRound.add(key);
    else if (this.inRound.delete(key)) this.roundEnded(key, this.now());
  }

  /**
   * The last client of `playerId` at `tableId` left, and the table no longer counts it. A round it was dealt in
   * there counts as ended now; its first arrival is remembered for `WATCHER_MEMORY_MS` once it has no place left.
   */
  leave(tableId: string, playerId: string): void {
    const now = this.now();
    const key = placeKey(tableId, playerId);
    if (!this.places.delete(key)) return;
    if (this.inRound.delete(key)) this.roundEnded(key, now);
    const arrival = this.arrivals.get(playerId);
    if (arrival !== undefined && --arrival.places <= 0) this.departed.set(playerId, now);
    this.forget(now);
  }

  any(): boolean {
    const now = this.now();
    for (const [key, entry] of this.places) if (this.evictable(key, entry, now)) return true;
    return false;
  }

  closing(): number {
    let count = 0;
    for (const entry of this.places.values()) if (entry.closing) count += 1;
    return count;
  }

  replaceLongest(): boolean {
    const now = this.now();
    for (const [key, entry] of this.places) {
      if (!this.evictable(key, entry, now)) continue;
      // Kept, marked, until its clients have left: meanwhile it still counts at its table, but as gone here.
      entry.closing = true;
      entry.place.close();
      return true;
    }
    return false;
  }

  /** What is remembered of players gone and rounds ended (for tests: it does not grow). */
  remembered(): { readonly players: number; readonly rounds: number } {
    return { players: this.arrivals.size, rounds: this.played.size };
  }

  private roundEnded(key: string, now: number): void {
    this.played.delete(key);
    this.played.set(key, now);
  }

  /** Forgets the players gone `memoryMs` ago and the rounds ended `graceMs` ago (both maps are oldest first). */
  private forget(now: number): void {
    for (const [playerId, leftAtMs] of this.departed) {
      if (now - leftAtMs < this.memoryMs) break;
      this.departed.delete(playerId);
      this.arrivals.delete(playerId);
    }
    for (const [key, endedAtMs] of this.played) {
      if (now - endedAtMs < this.graceMs) break;
      this.played.delete(key);
    }
  }

  private evictable(key: string, entry: Entry, now: number): boolean {
    if (entry.closing || this.inRound.has(key)) return false;
    const since = Math.max(this.arrivals.get(entry.playerId)?.firstAtMs ?? now, this.played.get(key) ?? -Infinity);
    return now - since >= this.graceMs && entry.place.watching();
  }
}

/** A table id has no NUL (docs/operations.md: letters, digits, `.`, `_`, `-`). */
function placeKey(tableId: string, playerId: string): string {
  return `${tableId}\u0000${playerId}`;
}
