import { describe, expect, it } from 'vitest';
import { forgetSeat, rememberSeat, SEAT_KEY, seatToReturn } from './seat-memory.js';

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
