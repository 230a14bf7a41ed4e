import { describe, expect, it } from 'vitest';
import { forgetSeat, rememberSeat, SEAT_KEY, seatNotice, seatToReturn } from './seat-memory.js';

/** A Storage of its own (the unit tests have no window). */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

const seat = { playerId: 'p1', tableId: 'table-1', seenAtMs: 1_000_000, holdMs: 60_000 };

describe('the seat remembered for the lobby after a closed tab', () => {
  it('offers the seat to its player until the server would have stood it up', () => {
    const storage = memoryStorage();
    rememberSeat(storage, seat);
    expect(seatToReturn(storage, 'p1', seat.seenAtMs + 1_000)).toEqual(seat);
    expect(seatToReturn(storage, 'p1', seat.seenAtMs + 59_999)).toEqual(seat);
    // The hold has run out: the seat is gone, whatever the browser remembers.
    expect(seatToReturn(storage, 'p1', seat.seenAtMs + 60_000)).toBeNull();
  });

  it('offers nothing to another player signed in on the same browser', () => {
    const storage = memoryStorage();
    rememberSeat(storage, seat);
    expect(seatToReturn(storage, 'p2', seat.seenAtMs + 1_000)).toBeNull();
  });

  it('forgets the seat of the table left, not one remembered at another table', () => {
    const storage = memoryStorage();
    rememberSeat(storage, seat);
    forgetSeat(storage, 'table-2');
    expect(seatToReturn(storage, 'p1', seat.seenAtMs)).toEqual(seat);
    forgetSeat(storage, 'table-1');
    expect(seatToReturn(storage, 'p1', seat.seenAtMs)).toBeNull();
  });

  it('reads nothing from a damaged entry or without a storage', () => {
    const storage = memoryStorage();
    storage.setItem(SEAT_KEY, '{"playerId":"p1","tableId":7}');
    expect(seatToReturn(storage, 'p1', 0)).toBeNull();
    storage.setItem(SEAT_KEY, 'not json');
    expect(seatToReturn(storage, 'p1', 0)).toBeNull();
    expect(seatToReturn(null, 'p1', 0)).toBeNull();
    expect(() => rememberSeat(null, seat)).not.toThrow();
  });
});

// A player's finding: with tab 1 seated and connected at Table 1, the site opened in a second tab said "You were seated
// at Table 1 a moment ago. A seat is kept for 60 s after the connection is lost." The server says which it is.
describe("the lobby's word on a seat", () => {
  it('says the player plays at a table where the server has a client of its connected: another tab or window', () => {
    expect(seatNotice(seat, [{ tableId: 'table-1', seat: 0, connected: true }])).toEqual({ kind: 'playing', tableId: 'table-1' });
    // Another browser or device: nothing remembered here, the server still knows.
    expect(seatNotice(null, [{ tableId: 'table-3', seat: 2, connected: true }])).toEqual({ kind: 'playing', tableId: 'table-3' });
    // Playing at two tables: the one this browser remembers first.
    const two = [
      { tableId: 'table-3', seat: 2, connected: true },
      { tableId: 'table-1', seat: 0, connected: true },
    ];
    expect(seatNotice(seat, two)).toEqual({ kind: 'playing', tableId: 'table-1' });
  });

  it('says the seat is kept after a lost connection when no client of the player is at the table', () => {
    expect(seatNotice(seat, [{ tableId: 'table-1', seat: 0, connected: false }])).toEqual({ kind: 'kept', tableId: 'table-1', holdMs: 60_000 });
    // A table the answering process does not host is not listed (docs/server.md "Matchmaking"): the memory decides.
    expect(seatNotice(seat, [])).toEqual({ kind: 'kept', tableId: 'table-1', holdMs: 60_000 });
    expect(seatNotice(null, [{ tableId: 'table-1', seat: 0, connected: false }])).toBeNull();
    expect(seatNotice(null, [])).toBeNull();
  });
});
