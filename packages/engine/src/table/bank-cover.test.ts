/**
 * Issue 10 point 2 in the reducer: the banker's cover is committed at its approval (`reserve-bank`, the
 * ledger's answer `bank-cover`), bets are checked against it, and one player's shortfall at the deal
 * (`round-short`) never voids the round for the others (docs/server.md "The banker's cover").
 */
import { describe, expect, it } from 'vitest';
import { apply } from './apply.js';
import type { TableEffect, TableState } from './state.js';
import { bettingWindowTick, dealWith, effectsOf, must, seatPlayers, testTable } from '../testing/table.js';

const STRONG = 'As Ah Ks Kh Qs Qh 2c';
const WEAK = '3c 4d 7h 9s Jd 6c 2d';
const THIRD = '2h 3h 4h 5h 7s 8s 9h';

const noticesOf = (s: TableState) =>
  effectsOf(s).flatMap((e) => (e.kind === 'notice' ? [[e.playerId, e.notice.code, e.notice.params] as const] : []));
const effectsOfKind = <K extends TableEffect['kind']>(s: TableState, kind: K) =>
  effectsOf(s).filter((e): e is Extract<TableEffect, { kind: K }> => e.kind === kind);

/** 'bank' banks at a 6-seat table with limits 1.00–100.00 and approves; 'p' and 'q' play. */
function banked(balanceCents = 100_000): TableState {
  let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p', 'q'], balanceCents, 60);
  s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
  return must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
}

describe('the banker’s cover, committed at its approval (issue 10 point 2)', () => {
  it('asks the ledger to hold the most the bank can lose in a round: 5 seats × 100.00 + 1.5%', () => {
    const s = banked();
    expect(effectsOfKind(s, 'reserve-bank')).toEqual([{ kind: 'reserve-bank', playerId: 'bank', minCents: 10_150, maxCents: 50_750 }]);
    const poorer = banked(20_000);
    expect(effectsOfKind(poorer, 'reserve-bank')).toEqual([{ kind: 'reserve-bank', playerId: 'bank', minCents: 10_150, maxCents: 20_000 }]);
  });

  it('checks bets against the cover the ledger holds', () => {
    let s = must(banked(), { type: 'bank-cover', playerId: 'bank', coverCents: 15_225, nowMs: 0 });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 10_000, nowMs: s.nowMs });
    const over = apply(s, { type: 'bet', playerId: 'q', spot: 'main', amountCents: 5_100, nowMs: s.nowMs });
    expect(over.ok === false && over.error.code).toBe('bet/banker-cannot-cover');
    must(s, { type: 'bet', playerId: 'q', spot: 'main', amountCents: 5_000, nowMs: s.nowMs }); // 150.00 + 2.25 = 152.25
  });

  it('a banker whose cover the ledger cannot hold leaves the bank, told why', () => {
    const s = must(banked(), { type: 'bank-cover', playerId: 'bank', coverCents: null, nowMs: 0 });
    expect(s.banker).toBeNull();
    expect(effectsOfKind(s, 'release-bank')).toEqual([{ kind: 'release-bank', playerId: 'bank' }]);
    expect(noticesOf(s)).toEqual([['bank', 'notice/left-bank', { reason: 'balance' }]]);
  });

  it('releases the cover when the banker stops banking', () => {
    const s = must(banked(), { type: 'leave-bank', playerId: 'bank', nowMs: 0 });
    expect(effectsOfKind(s, 'release-bank')).toEqual([{ kind: 'release-bank', playerId: 'bank' }]);
  });
});

describe('one player’s shortfall at the deal (issue 10 point 2)', () => {
  function readyToDeal(): TableState {
    let s = seatPlayers(testTable(), ['a', 'b', 'c']);
    for (const id of ['a', 'b', 'c']) s = must(s, { type: 'bet', playerId: id, spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'b', nowMs: s.nowMs });
    return must(s, { type: 'ready', playerId: 'c', nowMs: s.nowMs }, dealWith('r1', STRONG, WEAK, THIRD));
  }

  it('returns the short player’s bet and deals again at once for everyone else', () => {
    const s = must(readyToDeal(), { type: 'round-short', roundId: 'r1', playerIds: ['b'], nowMs: 5 }, dealWith('r2', STRONG, THIRD, WEAK));
    expect(noticesOf(s)).toEqual([['b', 'notice/bet-returned', { amountCents: 1_000, reason: 'balance' }]]);
    const opened = effectsOfKind(s, 'open-round');
    expect(opened.map((e) => e.roundId)).toEqual(['r2']);
    expect(opened[0].holds.map((h) => h.playerId)).toEqual(['a', 'c']);
    expect(s.phase).toBe('dealing');
    expect(s.players.b).toMatchObject({ bets: { main: 0, fortune: 0 }, balanceCents: 100_000 });
    expect(s.players.a.balanceCents).toBe(99_000);
  });

  it('a short banker loses the bank before the deal, and the bets placed against it are returned', () => {
    let s = banked();
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 2_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs });
    s = must(s, bettingWindowTick(s), dealWith('b1', STRONG, WEAK)); // q has no bet
    s = must(s, { type: 'round-short', roundId: 'b1', playerIds: ['bank'], nowMs: s.nowMs }, dealWith('b2', STRONG, WEAK));
    expect(s.banker).toBeNull();
    expect(s.phase).toBe('betting');
    expect(effectsOfKind(s, 'open-round')).toEqual([]);
    expect(noticesOf(s)).toEqual([
      ['p', 'notice/bet-returned', { amountCents: 2_000, reason: 'bank-changed' }],
      ['bank', 'notice/left-bank', { reason: 'balance' }],
    ]);
    expect(s.players.p.balanceCents).toBe(100_000);
  });
});
