/**
 * The table the player was seated at, remembered in localStorage across a closed tab (a tester closed the tab
 * mid-round, opened the site again and found the lobby with no sign of the seat the server still held, nor of
 * the hand whose timer ran on: the house way set it). The server holds a disconnected seat for the table's
 * `timers.reconnectMs` (60 s, docs/server.md "Timers"); the browser cannot know whether it still does, so the lobby
 * says only that the player was seated there a moment ago, and offers the way back (`Lobby.tsx`, `seat-return`)
 * until that hold has run out, counted from the last moment the page knew it was seated. A seat the server says a
 * client of the player plays at now (`GET /api/me` `seats`, `connected`) is another tab's or window's: the lobby
 * says so instead (`seatNotice`).
 */
import type { HeldSeat } from '@paigow/protocol';

/** The storage key of the remembered seat. */
export const SEAT_KEY = 'paigow.seat';

/** A seat remembered: whose (the player id: another account signed in on this browser has none), where, and until when. */
export interface RememberedSeat {
  readonly playerId: string;
  readonly tableId: string;
  /** Browser clock (ms) when the page last knew the player seated there. */
  readonly seenAtMs: number;
  /** How long the server holds a disconnected seat at that table (`timers.reconnectMs`), ms. */
  readonly holdMs: number;
}

/** Remembers `seat` (storage full or refused: not remembered, nothing else changes). */
export function rememberSeat(storage: Pick<Storage, 'setItem'> | null, seat: RememberedSeat): void {
  try {
    storage?.setItem(SEAT_KEY, JSON.stringify(seat));
  } catch {
    // Private mode or a full storage: the lobby simply shows no way back.
  }
}

/**
 * Forgets the seat remembered at `tableId` (the player left by the Lobby button, stood up, or the seat is gone);
 * a seat remembered at another table is kept.
 */
export function forgetSeat(storage: Pick<Storage, 'getItem' | 'removeItem'> | null, tableId: string): void {
  try {
    if (readSeat(storage)?.tableId === tableId) storage?.removeItem(SEAT_KEY);
  } catch {
    // A refused storage has nothing to forget.
  }
}

/**
 * The seat `playerId` may still hold at `nowMs` (ms): the one remembered for that player while its hold has not run
 * out (`seenAtMs + holdMs`), else `null` (none, another player's, run out, or unreadable).
 */
export function seatToReturn(storage: Pick<Storage, 'getItem'> | null, playerId: string, nowMs: number): RememberedSeat | null {
  const seat = readSeat(storage);
  if (seat === null || seat.playerId !== playerId) return null;
  return nowMs < seat.seenAtMs + seat.holdMs ? seat : null;
}

function readSeat(storage: Pick<Storage, 'getItem'> | null): RememberedSeat | null {
  try {
    const raw = storage?.getItem(SEAT_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<Record<keyof RememberedSeat, unknown>>;
    if (typeof s.playerId !== 'string' || typeof s.tableId !== 'string' || typeof s.seenAtMs !== 'number' || typeof s.holdMs !== 'number') return null;
    return { playerId: s.playerId, tableId: s.tableId, seenAtMs: s.seenAtMs, holdMs: s.holdMs };
  } catch {
    return null;
  }
}

/** What the lobby says of a seat: played now in another tab or window, or perhaps kept `holdMs` after a lost connection. */
export type SeatNotice = { readonly kind: 'playing'; readonly tableId: string } | { readonly kind: 'kept'; readonly tableId: string; readonly holdMs: number };

/**
 * The seat the lobby tells the player of: one the server says a client of the player is connected at (`seats`, from
 * `GET /api/me`: another tab or window plays there; the remembered table's first), else the `remembered` one while its
 * hold may run (`seatToReturn`), else none. A second tab's lobby said "You were seated at Table 1 a moment ago. A seat
 * is kept for 60 s after the connection is lost." while the first played there, connected (a player's finding).
 */
export function seatNotice(remembered: RememberedSeat | null, seats: readonly HeldSeat[]): SeatNotice | null {
  const playing = seats.filter((s) => s.connected);
  const here = playing.find((s) => s.tableId === remembered?.tableId) ?? playing[0];
  if (here !== undefined) return { kind: 'playing', tableId: here.tableId };
  return remembered === null ? null : { kind: 'kept', tableId: remembered.tableId, holdMs: remembered.holdMs };
}
