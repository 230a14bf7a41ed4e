/**
 * Issue 10 point 6 and rules.md §5: "a player earns 1 point per whole unit wagered; a banker loses 1
 * point per unit wagered against it". Whole units: a bet of 2.50 earns 2 points and costs the banker 2.
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '@paigow/protocol';
import { apply } from './apply.js';
import type { TableEffect, TableState } from './state.js';
import { bettingWindowTick, dealWith, effectsOf, must, seatPlayers, testTable } from '../testing/table.js';

const STRONG = 'As Ah Ks Kh Qs Qh 2c';
const WEAK = '3c 4d 7h 9s Jd 6c 2d';

function compPoints(s: TableState): Extract<TableEffect, { kind: 'settle-round' }>['compPoints'] {
  const settle = effectsOf(s).find((e): e is Extract<TableEffect, { kind: 'settle-round' }> => e.kind === 'settle-round');
  if (settle === undefined) throw new Error('the round was not settled');
  return settle.compPoints;
}

describe('comp points are whole units (rules.md §5, issue 10 point 6)', () => {
  it('a bet of 2.50 against a banking player earns 2 points, and the banker loses 2', () => {
    let s = seatPlayers(testTable({ playerBanking: true, betUnitCents: 50 }), ['bank', 'p'], 50_000, 60);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 250, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('c1', WEAK, STRONG));
    s = must(s, { type: 'round-opened', roundId: 'c1', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'c1', playerId: 'p', nowMs: s.nowMs });
    expect(compPoints(s)).toEqual([
      { playerId: 'p', delta: 2 },
      { playerId: 'bank', delta: -2 },
    ]);
    expect(s.players.p.compPoints).toBe(62);
    expect(s.players.bank.compPoints).toBe(58);
    expect(s.lastRound).toMatchObject({ bankerCompPointsDelta: -2, players: [{ compPointsDelta: 2 }] });
  });

  it('the banker pays the whole units of all the main stakes against it: three bets of 0.50 cost it 1, earning none', () => {
    let s = seatPlayers(testTable({ playerBanking: true, betUnitCents: 50, limits: { main: { minCents: 50, maxCents: 10_000 } } }), ['bank', 'a', 'b', 'c'], 50_000, 60);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    for (const id of ['a', 'b', 'c']) s = must(s, { type: 'bet', playerId: id, spot: 'main', amountCents: 50, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'b', nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'c', nowMs: s.nowMs }, dealWith('c3', WEAK, '3h 4h 7c 9c Jc 6h 2h', '3s 4s 7d 9d Jh 6s 2s', STRONG));
    s = must(s, { type: 'round-opened', roundId: 'c3', nowMs: s.nowMs });
    for (const id of ['a', 'b', 'c']) s = must(s, { type: 'house-way', roundId: 'c3', playerId: id, nowMs: s.nowMs });
    expect(compPoints(s)).toEqual([
      { playerId: 'a', delta: 0 },
      { playerId: 'b', delta: 0 },
      { playerId: 'c', delta: 0 },
      { playerId: 'bank', delta: -1 },
    ]);
  });

  it('a bet of 2.50 against the house earns 2 points; 0.50 earns none', () => {
    let s = seatPlayers(testTable({ betUnitCents: 50, limits: { main: { minCents: 50, maxCents: 10_000 } } }), ['a', 'b']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 250, nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 50, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'b', nowMs: s.nowMs }, dealWith('c2', WEAK, '3h 4h 7c 9c Jc 6h 2h', STRONG));
    s = must(s, { type: 'round-opened', roundId: 'c2', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'c2', playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'c2', playerId: 'b', nowMs: s.nowMs });
    expect(compPoints(s)).toEqual([
      { playerId: 'a', delta: 2 },
      { playerId: 'b', delta: 0 },
    ]);
  });
});

/** The notices of the last action, as [playerId, code, params]. */
function noticesOf(s: TableState): [string, string, unknown][] {
  return effectsOf(s).flatMap((e) => (e.kind === 'notice' ? [[e.playerId, e.notice.code, e.notice.params] as [string, string, unknown]] : []));
}

describe('a banker keeps the bank only with the comp points banking needs (rules.md §5, seed 002 "Minimum Gutpunkte und Saldo")', () => {
  /** `bank` (51 points, a balance enough for any bank) banks; `p` and `q` bet `stakes` (cents, 0: no bet); the banker wins. */
  function bankedRound(stakes: { readonly p: number; readonly q: number }): TableState {
    let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p', 'q'], 1_000_000, 51);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    const bettors = (['p', 'q'] as const).filter((id) => stakes[id] > 0);
    for (const id of bettors) s = must(s, { type: 'bet', playerId: id, spot: 'main', amountCents: stakes[id], nowMs: s.nowMs });
    const hands = bettors.map((_, i) => (i === 0 ? WEAK : '3h 4h 7c 9c Jc 6h 2h'));
    const material = dealWith('cp', ...hands, STRONG);
    bettors.forEach((id, i) => {
      s = must(s, { type: 'ready', playerId: id, nowMs: s.nowMs }, i === bettors.length - 1 ? material : undefined);
    });
    // A seated player without a bet: the betting window holds the deal.
    if (bettors.length < 2) s = must(s, bettingWindowTick(s), material);
    s = must(s, { type: 'round-opened', roundId: 'cp', nowMs: s.nowMs });
    for (const id of bettors) s = must(s, { type: 'house-way', roundId: 'cp', playerId: id, nowMs: s.nowMs });
    return s;
  }

  it('a banker at 51 points banking 200 units ends at −149 (no floor) and leaves the bank, told "comp-points" (tester: it kept the bank round after round)', () => {
    const s = bankedRound({ p: 10_000, q: 10_000 });
    // The points are deducted in full: the rule has no floor (docs/server.md "Comp points").
    expect(s.players.bank.compPoints).toBe(-149);
    expect(s.lastRound).toMatchObject({ bankerCompPointsDelta: -200 });
    // Its balance still covers a bank: only the comp points fall short.
    expect(s.players.bank.balanceCents).toBeGreaterThan(10_150);
    expect(s.banker).toBeNull();
    expect(s.phase).toBe('betting');
    expect(noticesOf(s)).toEqual([['bank', 'notice/left-bank', { reason: 'comp-points' }]]);
    expect(effectsOf(s)).toContainEqual({ kind: 'release-bank', playerId: 'bank' });
    // The others are told why the house banks now; the player may not approve or take the bank back.
    expect(viewFor(s, 'p').banker).toEqual({ kind: 'house', ended: 'comp-points' });
    expect(apply(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs }).ok).toBe(false);
    const again = apply(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    expect(again.ok ? null : again.error.code).toBe('bank/not-eligible');
    // Another eligible player may take the bank at once (as after a balance that fell short).
    expect(s.houseBanksNext).toBe(false);
  });

  it('a banker left with exactly the minimum (51 − 1 = 50) banks on and is asked to approve the next round', () => {
    const s = bankedRound({ p: 100, q: 0 });
    expect(s.players.bank.compPoints).toBe(50);
    expect(s.banker).toMatchObject({ playerId: 'bank', approved: false });
    expect(s.phase).toBe('approval');
    expect(noticesOf(s)).toEqual([]);
  });

  it('one unit more (51 − 2 = 49) ends the bank', () => {
    const s = bankedRound({ p: 100, q: 100 });
    expect(s.players.bank.compPoints).toBe(49);
    expect(s.banker).toBeNull();
    expect(noticesOf(s)).toEqual([['bank', 'notice/left-bank', { reason: 'comp-points' }]]);
  });

  it('a banker short of both the balance and the comp points is told "balance" (one notice)', () => {
    // 20,000 − a paid win of 10,000 − its fee 150 = 9,850 < 10,150 needed; 60 − 100 points = −40.
    let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p'], 20_000, 60);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 10_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('b', STRONG, WEAK));
    s = must(s, { type: 'round-opened', roundId: 'b', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'b', playerId: 'p', nowMs: s.nowMs });
    expect(s.players.bank.compPoints).toBe(-40);
    expect(s.banker).toBeNull();
    expect(noticesOf(s)).toEqual([['bank', 'notice/left-bank', { reason: 'balance' }]]);
  });
});

describe('a banker short of the comp points or the balance by a round at another table loses the bank here (rules.md §5)', () => {
  /** `bank` (60 points, a balance enough for any bank) banks, approved; `p` sits. */
  function banked(approved: boolean): TableState {
    let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p'], 1_000_000, 60);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    return approved ? must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs }) : s;
  }

  it('approved, no bets down: its points fall to 0 at another table (a tester: it went on banking here, dealt to −100)', () => {
    const s = must(banked(true), { type: 'sync', playerId: 'bank', balanceCents: 1_000_000, compPoints: 0, nowMs: 1 });
    expect(s.banker).toBeNull();
    expect(noticesOf(s)).toEqual([['bank', 'notice/left-bank', { reason: 'comp-points' }]]);
    expect(effectsOf(s)).toContainEqual({ kind: 'release-bank', playerId: 'bank' });
    // No round was dealt under that bank: the house banks the next one (a banker that took the bank back at once held the table).
    expect(viewFor(s, 'p').banker).toEqual({ kind: 'house', houseBanksNext: true, ended: 'comp-points' });
  });

  it('asked to approve: it may no longer approve (a tester: approval taken at −50 points)', () => {
    let s = banked(false);
    expect(s.phase).toBe('approval');
    s = must(s, { type: 'sync', playerId: 'bank', balanceCents: 1_000_000, compPoints: 49, nowMs: 1 });
    expect(s.banker).toBeNull();
    expect(s.phase).toBe('betting');
    expect(apply(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs }).ok).toBe(false);
  });

  it('with bets down against it: they are returned, as when the bank is lost; a balance short of a bank is told "balance"', () => {
    let s = must(banked(true), { type: 'bet', playerId: 'p', spot: 'main', amountCents: 1_000, nowMs: 1 });
    s = must(s, { type: 'sync', playerId: 'bank', balanceCents: 5_000, compPoints: 60, nowMs: 2 });
    expect(s.banker).toBeNull();
    expect(s.players.p.bets.main).toBe(0);
    expect(noticesOf(s)).toEqual([
      ['p', 'notice/bet-returned', { amountCents: 1_000, reason: 'bank-changed' }],
      ['bank', 'notice/left-bank', { reason: 'balance' }],
    ]);
  });

  it('keeps the bank with the points and the balance banking needs, and through a round dealt under it (checked when it settles)', () => {
    let s = must(banked(true), { type: 'sync', playerId: 'bank', balanceCents: 1_000_000, compPoints: 50, nowMs: 1 });
    expect(s.banker).toMatchObject({ playerId: 'bank', approved: true });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 1_000, nowMs: 2 });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: 3 }, dealWith('d', WEAK, STRONG));
    s = must(s, { type: 'sync', playerId: 'bank', balanceCents: 1_000_000, compPoints: 0, nowMs: 4 });
    expect(s.banker).toMatchObject({ playerId: 'bank' });
    s = must(s, { type: 'round-opened', roundId: 'd', nowMs: 5 });
    s = must(s, { type: 'house-way', roundId: 'd', playerId: 'p', nowMs: 6 });
    expect(s.banker).toBeNull();
    expect(noticesOf(s)).toEqual([['bank', 'notice/left-bank', { reason: 'comp-points' }]]);
  });

  it('figures that came while a round was dealt end the bank when its deal is refused or short (it never settles)', () => {
    for (const answer of ['round-failed', 'round-short'] as const) {
      let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p', 'q'], 1_000_000, 60);
      s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
      s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
      s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 1_000, nowMs: 2 });
      s = must(s, { type: 'bet', playerId: 'q', spot: 'main', amountCents: 1_000, nowMs: 2 });
      s = must(s, { type: 'ready', playerId: 'p', nowMs: 3 });
      s = must(s, { type: 'ready', playerId: 'q', nowMs: 3 }, dealWith('e', WEAK, '3h 4h 7c 9c Jc 6h 2h', STRONG));
      s = must(s, { type: 'sync', playerId: 'bank', balanceCents: 1_000_000, compPoints: 0, nowMs: 4 });
      expect(s.banker, answer).toMatchObject({ playerId: 'bank' });
      // The ledger found q short (or did not answer): without the check, the table dealt again at once to a 0-point banker.
      s = must(s, answer === 'round-failed' ? { type: 'round-failed', roundId: 'e', nowMs: 5 } : { type: 'round-short', roundId: 'e', playerIds: ['q'], nowMs: 5 });
      expect(s.banker, answer).toBeNull();
      expect(noticesOf(s), answer).toContainEqual(['bank', 'notice/left-bank', { reason: 'comp-points' }]);
      expect(effectsOf(s).some((effect) => effect.kind === 'deal-due'), answer).toBe(false);
    }
  });
});
