/** The seats of one table per client address (`SeatAddresses`, docs/server.md "Limits"). */
import { describe, expect, it } from 'vitest';
import { SeatAddresses } from './seat-addresses.js';

describe('SeatAddresses', () => {
  it('counts the seats being taken, so two sits at once cannot both take the last place', () => {
    const seated = new Set<string>(['a']);
    const seats = new SeatAddresses(2, (playerId) => seated.has(playerId));
    seats.joined('a', '203.0.113.7');
    expect(seats.claim('b', '203.0.113.7')).toBeNull();
    expect(seats.claim('c', '203.0.113.7')?.code).toBe('seat/address-limit');
    // The table refused b's sit (the seat was taken): its place is free again.
    seats.settle('b');
    expect(seats.claim('c', '203.0.113.7')).toBeNull();
    seated.add('c');
    seats.settle('c');
    expect(seats.claim('d', '203.0.113.7')?.code).toBe('seat/address-limit');
    expect(seats.claim('d', '198.51.100.1')).toBeNull();
  });

  it('never refuses a seated player, and forgets a seat once its player stands', () => {
    const seated = new Set<string>();
    const seats = new SeatAddresses(1, (playerId) => seated.has(playerId));
    expect(seats.claim('a', 'x')).toBeNull();
    seated.add('a');
    seats.settle('a');
    expect(seats.claim('a', 'x')).toBeNull(); // the table answers it (action/duplicate)
    seats.settle('a');
    expect(seats.claim('b', 'x')).toMatchObject({ code: 'seat/address-limit', message: expect.stringContaining('hold 1 of this table') });
    seated.delete('a');
    expect(seats.claim('b', 'x')).toBeNull();
  });
});
