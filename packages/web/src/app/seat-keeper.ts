/**
 * Which seat the client asks for, and when (rules.md §5 "Interruptions"; docs/protocol.md
 * "Disconnection": the server holds a seat 60 s, and forgets it on a restart). Pure: `useTable` feeds it
 * the connection's events and sends the `sit` it returns.
 *
 * - First join (the lobby's "click sits down"): no seat in the first view → `sit {seat: null}`.
 * - A later join (a reconnection): no seat in its first view, but one held before → `sit {seat: previous}`;
 *   if that is refused (taken), `sit {seat: null}` (any free seat).
 * - Not seated in a view while connected (stood up, left on a timeout: `notice/left-table`) → nothing to
 *   take back after the next reconnection.
 */

export interface SeatKeeper {
  /** Joins so far (1 = the first connection). */
  readonly joins: number;
  /** Whether this connection's first view was looked at. */
  readonly seen: boolean;
  /** The seat to take back after a reconnection, or `null`. */
  readonly want: number | null;
  /** The last seat held at this table (for "Sit again"), or `null`. */
  readonly last: number | null;
  /** The request id of a `sit` to a given seat, awaiting its answer (refused → any free seat). */
  readonly request: string | null;
}

/** What to send: nothing, or `sit {seat}` (`track`: remember its request id with `sent`). */
export type SitOrder = { readonly seat: number | null; readonly track: boolean } | null;

/** The keeper of a connection not yet joined: no seat wanted, none held. */
export const NEW_KEEPER: SeatKeeper = { joins: 0, seen: false, want: null, last: null, request: null };

/** The table was joined (the first time, or again after the socket dropped). */
export function joined(k: SeatKeeper): SeatKeeper {
  return { ...k, joins: k.joins + 1, seen: false };
}

/**
 * A view arrived with the viewer's seat (`null`: not seated).
 * @returns the new state and the `sit` to send, if any
 */
export function viewed(k: SeatKeeper, seat: number | null): { readonly keeper: SeatKeeper; readonly sit: SitOrder } {
  if (seat !== null) return { keeper: { ...k, seen: true, want: seat, last: seat, request: null }, sit: null };
  if (k.seen) {
    // Not seated while connected: the player stood up or was stood up; nothing to take back
    // (unless a `sit` of ours is still on its way).
    return { keeper: k.request === null ? { ...k, want: null } : k, sit: null };
  }
  const keeper = { ...k, seen: true };
  if (k.joins <= 1) return { keeper, sit: { seat: null, track: false } };
  if (k.want !== null) return { keeper, sit: { seat: k.want, track: true } };
  return { keeper, sit: null };
}

/** A tracked `sit` was sent with this request id. */
export function sent(k: SeatKeeper, requestId: string): SeatKeeper {
  return { ...k, request: requestId };
}

/**
 * A request was refused. When it is our `sit` to a given seat, any free seat will do.
 * @returns `handled`: the refusal was ours to deal with (not the player's, so not shown)
 */
export function refused(k: SeatKeeper, requestId: string | null): { readonly keeper: SeatKeeper; readonly sit: SitOrder; readonly handled: boolean } {
  if (requestId === null || requestId !== k.request) return { keeper: k, sit: null, handled: false };
  return { keeper: { ...k, request: null }, sit: { seat: null, track: false }, handled: true };
}

/** The player left the table on a timeout (`notice/left-table`): it is not taken back by itself. */
export function leftTable(k: SeatKeeper): SeatKeeper {
  return { ...k, want: null };
}

/** "Sit again": the last seat held (tracked, so a refusal falls back to any seat), else any seat. */
export function sitAgain(k: SeatKeeper): SitOrder {
  return k.last === null ? { seat: null, track: false } : { seat: k.last, track: true };
}
