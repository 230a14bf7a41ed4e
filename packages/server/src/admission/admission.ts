/**
 * Admission control (docs/server.md "Admission control", issue 11 point 4b): a process that is overloaded
 * refuses new players with `server/overloaded` rather than slowing every player down. It is overloaded when
 * its event loop's delay (p99 over the last short window, `ServerHealth.eventLoopLagMs`) passes a limit, or
 * the number of players at its tables reaches one and none of them is evictable (`Watchers`: without a seat, and
 * `WATCHER_GRACE_MS` past its first arrival at the process and its last round played at that table). At that number, a player's seat reservation is taken while someone is
 * evictable, and when that player's client has joined (`joined`), the evictable player connected longest is closed
 * to bring the count back to the limit: watchers who never sit do not shut players out, reservations never used
 * close nobody, a newcomer has time to sit, and the process's load stays bounded by the number. Players already
 * seated play on; the lobby shows the tables as full while a new player is refused.
 */
import type { RuleError } from '@paigow/engine';
import type { WatcherPlaces } from './watchers.js';

/** The limits, each with its environment variable. */
export interface AdmissionLimits {
  /**
   * Players with a client connected at this process's tables (a player at two tables counts twice, seated or
   * watching; one being closed to make room counts as gone) at which a new player takes an evictable watcher's
   * place once it has joined, or is refused when nobody is evictable (`PAIGOW_MAX_PLAYERS`).
   */
  readonly maxPlayers: number;
  /** Event-loop delay, p99 over the last window, above which new players and new seats are refused, ms (`PAIGOW_ADMIT_MAX_LAG_MS`). */
  readonly maxEventLoopLagMs: number;
  /**
   * How long after a player's first arrival at the process, and after the last round it played at a table, its place
   * there without a seat may go to a newcomer, ms (the server's `Watchers`; default `WATCHER_GRACE_MS`, 30 s; no
   * environment variable: tests shorten it).
   */
  readonly watcherGraceMs?: number;
}

/**
 * The defaults: 1,000 players, and a delay of 500 ms (half of what makes `/readyz` say overloaded by default; a
 * server given its own `/readyz` limit and no admission delay takes half of that: new players are refused well
 * before the process stops taking any traffic). Measured with
 * `npm run bench -- server` (docs/server.md "Benchmark") on a two-core machine: up to 1,000 players who act as
 * fast as the server answers, the process settles its most wagers a second with no timer over a second late;
 * at 1,200 it settles fewer and timers ran up to 1.55 s late.
 */
export const DEFAULT_ADMISSION: AdmissionLimits = Object.freeze({ maxPlayers: 1_000, maxEventLoopLagMs: 500 });

/** What an `Admission` reads, each time it decides. */
export interface AdmissionProbe {
  /** The event loop's delay, p99 over the last window, ms. */
  readonly eventLoopLagMs: () => number;
  /** Players with a client connected at this process's tables now. */
  readonly players: () => number;
  /** Those of them with a seat there. */
  readonly seated: () => number;
  /** The players who only watch, one of whom makes room for a player who joined past the limit (default: none). */
  readonly watchers?: WatcherPlaces;
}

/** Decides whether this process takes a new player or a new seat. One per server (`startServer`). */
export class Admission {
  private refusedCount = 0;

  constructor(
    readonly limits: AdmissionLimits,
    private readonly probe: AdmissionProbe,
  ) {}

  /**
   * Why a new player would be refused now (`server/overloaded`, with the limit passed), or null when it would be
   * taken: the delay is over its limit, or the players reach theirs and none of them is evictable (or as many have a
   * seat). Changes nothing.
   */
  refusal(): RuleError | null {
    const lag = this.lagRefusal();
    if (lag !== null) return lag;
    const nobodyEvictable = !(this.probe.watchers?.any() ?? false);
    return this.seatsFull() || (this.full() && nobodyEvictable) ? this.fullRefusal() : null;
  }

  /**
   * A player not at the table asks to join it (its seat reservation): why it is refused (counted in `refusals`),
   * or null when it is taken. At the player limit it is taken while someone is evictable, and closes nobody yet
   * (`joined` does, once its client has joined); it is refused when nobody is evictable, or when as many players as
   * the limit have a seat.
   */
  admit(): RuleError | null {
    const refused = this.refusal();
    if (refused !== null) this.refusedCount += 1;
    return refused;
  }

  /**
   * The client of a player who was not at its table has joined it (it is counted now): while the players counted
   * (those being closed count as gone) are over the limit, the evictable player connected longest is closed, one
   * for this player at most. Nobody is closed when nobody is evictable (joins taken at one moment may then pass the
   * limit; a sit stops at it).
   */
  joined(): void {
    if (this.probe.players() - this.closing() > this.limits.maxPlayers) this.probe.watchers?.replaceLongest();
  }

  /**
   * A player connected at the table without a seat asks for one: why it is refused (counted), or null. It is counted
   * among the players already, so a seat adds none: it is refused while the delay is over its limit, or when as
   * many players as the limit have a seat (joins taken together before the count caught up cannot all sit).
   */
  admitSit(): RuleError | null {
    const refused = this.lagRefusal() ?? (this.seatsFull() ? this.fullRefusal() : null);
    if (refused !== null) this.refusedCount += 1;
    return refused;
  }

  /** New players and seats refused so far. */
  get refusals(): number {
    return this.refusedCount;
  }

  private lagRefusal(): RuleError | null {
    const lagMs = this.probe.eventLoopLagMs();
    if (lagMs <= this.limits.maxEventLoopLagMs) return null;
    return { code: 'server/overloaded', message: `this server is busy (event-loop delay ${Math.round(lagMs)} ms): try again in a minute or pick another table` };
  }

  private full(): boolean {
    return this.probe.players() - this.closing() >= this.limits.maxPlayers;
  }

  private closing(): number {
    return this.probe.watchers?.closing() ?? 0;
  }

  private seatsFull(): boolean {
    return this.probe.seated() >= this.limits.maxPlayers;
  }

  private fullRefusal(): RuleError {
    return { code: 'server/overloaded', message: `this server is full (${this.probe.players()} players): try again in a minute or pick another table` };
  }
}
