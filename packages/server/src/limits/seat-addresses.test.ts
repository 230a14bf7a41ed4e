/** The seats of one table per client address (`SeatAddresses`, docs/server.md "Limits"). */
import { describe, expect, it } from 'vitest';
import { isLoopbackKey, limitKey } from '../http/client-address.js';
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

  it("never counts the server's own machine: six players from loopback sit (a banker tester fills a table from one machine)", () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const seated = new Set<string>();
      const seats = new SeatAddresses(3, (playerId) => seated.has(playerId));
      for (const playerId of ['a', 'b', 'c', 'd', 'e', 'f']) {
        expect(seats.claim(playerId, limitKey(address))).toBeNull();
        seated.add(playerId);
        seats.settle(playerId);
      }
      // An address from elsewhere is still counted beside them.
      for (const playerId of ['g', 'h', 'i']) expect(seats.claim(playerId, '203.0.113.7')).toBeNull();
      expect(seats.claim('j', '203.0.113.7')?.code).toBe('seat/address-limit');
    }
    expect(['127.0.0.1', '127.8.0.1', '::1'].map((address) => isLoopbackKey(limitKey(address)))).toEqual([true, true, true]);
    expect(['128.0.0.1', '10.0.0.1', '2001:db8::1', '::ffff:10.1.2.3'].map((address) => isLoopbackKey(limitKey(address)))).toEqual([false, false, false, false]);
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
