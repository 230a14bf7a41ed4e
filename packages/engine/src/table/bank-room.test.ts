import { describe, expect, it } from 'vitest';
import { apply } from './apply.js';
import { bankRoomCents, coverableCents } from './bank-room.js';
import { must, seatPlayers, testTable } from '../testing/table.js';
import { viewFor } from '@paigow/protocol';

describe('what the bank can still take (rules.md §3.1, §5: a banking player covers every main bet plus its fee)', () => {
  it('finds the largest total of main bets a balance covers with the fee', () => {
    expect(coverableCents(10_150, 150)).toBe(10_000); // 100.00 + 1.50
    expect(coverableCents(10_149, 150)).toBe(9_999); // 99.99 + 1.50 (1.49985 rounds half up)
    expect(coverableCents(5_075, 150)).toBe(5_000);
    expect(coverableCents(0, 150)).toBe(0);
    expect(coverableCents(-5, 150)).toBe(0);
    expect(coverableCents(777, 0)).toBe(777);
  });

  it('shows players the room left, 0 when the bank is full, and agrees with the bets the table accepts', () => {
    let s = seatPlayers(testTable({ playerBanking: true }), ['a', 'b', 'c'], 10_150, 50);
    expect(bankRoomCents(s)).toBeNull();
    s = must(s, { type: 'take-bank', playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'auto-approve', playerId: 'a', on: true, nowMs: s.nowMs });
    expect(viewFor(s, 'b').banker).toMatchObject({ kind: 'player', roomCents: 10_000 });
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 6_000, nowMs: s.nowMs });
    expect(viewFor(s, 'c').banker).toMatchObject({ roomCents: 4_000 });
    // One unit over the room is refused; the room itself is accepted, and then the bank is full.
    const over = apply(s, { type: 'bet', playerId: 'c', spot: 'main', amountCents: 4_100, nowMs: s.nowMs });
    expect(over.ok ? null : over.error.code).toBe('bet/banker-cannot-cover');
    s = must(s, { type: 'bet', playerId: 'c', spot: 'main', amountCents: 4_000, nowMs: s.nowMs });
    expect(viewFor(s, 'b').banker).toMatchObject({ roomCents: 0 });
    expect(viewFor(s, 'a').banker).toMatchObject({ roomCents: 0 });
  });
});
