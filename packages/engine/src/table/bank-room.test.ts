import { describe, expect, it } from 'vitest';
import { apply } from './apply.js';
import { bankRoomCents, coverableCents } from './bank-room.js';
import { dealWith, must, seatPlayers, testTable } from '../testing/table.js';
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

describe("the bank's room through a dealt round (tester at table-3: the banker's cover line grew after the deal)", () => {
  const STRONG = 'As Ah Ks Kh Qs Qh 2c';
  const WEAK = '3c 4d 7h 9s Jd 6c 2d';
  const OTHER = '5s 6s 7s 8s Js Tc 2h';

  /** Dave banks at a 3-seat table of max 100.00 with `balanceCents`, approved; Bob bets 20.00 and is dealt with Cat. */
  function dealtAgainst(balanceCents: number): { before: number; after: number; coverAfter: number } {
    let s = seatPlayers(testTable({ seats: 3, playerBanking: true }), ['dave', 'bob', 'cat'], balanceCents, 60);
    s = must(s, { type: 'take-bank', playerId: 'dave', nowMs: s.nowMs });
    s = must(s, { type: 'approve', playerId: 'dave', nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'bob', spot: 'main', amountCents: 2_000, nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'cat', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'bob', nowMs: s.nowMs });
    const before = viewFor(s, 'dave').banker;
    s = must(s, { type: 'ready', playerId: 'cat', nowMs: s.nowMs }, dealWith('r1', STRONG, OTHER, WEAK));
    s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
    expect(s.phase).toBe('setting');
    const view = viewFor(s, 'dave');
    const onTable = view.seats.reduce((sum, seat) => sum + (seat.role === 'banker' ? 0 : seat.bets.main), 0);
    if (before.kind !== 'player' || view.banker.kind !== 'player') throw new Error('a player banks');
    return { before: before.roomCents, after: view.banker.roomCents, coverAfter: view.banker.roomCents + onTable };
  }

  it('keeps the room the committed cover leaves after the deal, though the escrow took the stakes from the balance', () => {
    // Full cover: 2 seats × 100.00 + 1.5% = 203.00, covering 200.00 of main bets; 30.00 are down.
    expect(dealtAgainst(100_000)).toEqual({ before: 17_000, after: 17_000, coverAfter: 20_000 });
  });

  it('keeps it too when the balance held only the bank requirement (the escrow leaves less than the cover)', () => {
    // Cover = the whole balance 150.00, covering 147.78 with the fee; after the deal the balance is 119.55.
    const r = dealtAgainst(15_000);
    expect(r.after).toBe(r.before);
    expect(r.coverAfter).toBe(coverableCents(15_000, 150));
  });
});

describe("the bank's room between rounds (a player banker tester: the last round's cover was shown until the next approval)", () => {
  it('is what the coming approval commits: after a round the bank won, its new balance, not the last cover', () => {
    // 100 comp points: the round costs the bank 30 (one a unit wagered against it), 50 are needed to bank the next.
    let s = seatPlayers(testTable({ seats: 3, playerBanking: true }), ['dave', 'bob', 'cat'], 15_000, 100);
    s = must(s, { type: 'take-bank', playerId: 'dave', nowMs: s.nowMs });
    s = must(s, { type: 'approve', playerId: 'dave', nowMs: s.nowMs });
    // The whole balance is the cover: 150.00 of the 203.00 a full table needs.
    expect(viewFor(s, 'bob').banker).toMatchObject({ roomCents: coverableCents(15_000, 150) });
    s = must(s, { type: 'bet', playerId: 'bob', spot: 'main', amountCents: 2_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'bob', nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'cat', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'cat', nowMs: s.nowMs }, dealWith('r1', 'As Ah Ks Kh Qs Qh 2c', '5s 6s 7s 8s Js Tc 2h', '3c 4d 7h 9s Jd 6c 2d'));
    s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'r1', playerId: 'bob', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'r1', playerId: 'cat', nowMs: s.nowMs });
    s = must(s, { type: 'round-settled', roundId: 'r1', players: [{ playerId: 'dave', balanceCents: 18_000, compPoints: 70 }], nowMs: s.nowMs });
    expect(s.phase).toBe('approval');
    const waiting = viewFor(s, 'bob').banker;
    s = must(s, { type: 'approve', playerId: 'dave', nowMs: s.nowMs });
    const approved = viewFor(s, 'bob').banker;
    expect(waiting).toMatchObject({ roomCents: coverableCents(18_000, 150) });
    expect(approved).toMatchObject({ roomCents: coverableCents(18_000, 150) });
  });
});
