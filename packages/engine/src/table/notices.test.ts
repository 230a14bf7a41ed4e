/**
 * What the table reducer tells a player that no request of its own caused (docs/protocol.md `notice`):
 * timers, interruptions, void deals and balance changes elsewhere (rules.md §5). Also the chips rule for
 * bets (`betUnitCents`) and comp points of a banker, which may go below zero (docs/server.md).
 */
import { describe, expect, it } from 'vitest';
import { makeNotice, viewFor } from '@paigow/protocol';
import { NOTICE_CODES, tableNotice, type TableNotice } from './notices.js';
import { apply, betDeadline, nextDeadline } from './apply.js';
import { tableConfig } from './config.js';
import type { TableState } from './state.js';
import { bettingWindowTick, dealWith, effectsOf, must, seatPlayers, testTable } from '../testing/table.js';

const STRONG = 'As Ah Ks Kh Qs Qh 2c';
const WEAK = '3c 4d 7h 9s Jd 6c 2d';

/** The notices of the last action, as [playerId, code, params]. */
function notices(s: TableState): [string, TableNotice['code'], TableNotice['params']][] {
  return effectsOf(s).flatMap((e) => (e.kind === 'notice' ? [[e.playerId, e.notice.code, e.notice.params] as [string, TableNotice['code'], TableNotice['params']]] : []));
}

describe('notices (docs/protocol.md "Server → client messages")', () => {
  it('a bet timer that runs out returns the bet: "timeout", or "round-dealt-without-you" when the others deal', () => {
    let s = seatPlayers(testTable(), ['a', 'b']);
    const t0 = s.nowMs;
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 300, nowMs: t0 });
    s = must(s, { type: 'bet', playerId: 'b', spot: 'fortune', amountCents: 200, nowMs: t0 });
    expect(notices(s)).toEqual([]);
    const alone = must(s, { type: 'tick', nowMs: t0 + 45_000 });
    expect(notices(alone)).toEqual([['b', 'notice/bet-returned', { amountCents: 500, reason: 'timeout' }]]);
    expect(alone.phase).toBe('betting');

    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: t0 + 1_000 });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: t0 + 1_000 }, dealWith('x', STRONG, WEAK));
    const dealt = must(s, { type: 'tick', nowMs: t0 + 45_000 }, dealWith('r', STRONG, WEAK));
    expect(dealt.phase).toBe('dealing');
    expect(notices(dealt)).toEqual([['b', 'notice/bet-returned', { amountCents: 500, reason: 'round-dealt-without-you' }]]);
  });

  it('a decision timeout: the house way sets the hand, then the player leaves the table', () => {
    let s = seatPlayers(testTable(), ['a']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('r1', STRONG, WEAK));
    s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
    s = must(s, { type: 'tick', nowMs: nextDeadline(s)! });
    expect(notices(s)).toEqual([
      ['a', 'notice/house-way-set', { roundId: 'r1', reason: 'timeout' }],
      ['a', 'notice/left-table', { reason: 'timeout' }],
    ]);
  });

  it('a disconnection past the reconnection grace returns bets not dealt, and has the house way set a dealt hand', () => {
    let s = seatPlayers(testTable(), ['a', 'b']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 800, nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 100, nowMs: s.nowMs });
    const gone = must(s, { type: 'leave', playerId: 'a', nowMs: s.nowMs });
    expect(notices(gone)).toEqual([]); // not yet: a reload is no interruption (rules.md §5)
    const graceOverBeforeDeal = must(gone, { type: 'tick', nowMs: s.nowMs + 15_000 });
    expect(notices(graceOverBeforeDeal)).toEqual([['a', 'notice/bet-returned', { amountCents: 800, reason: 'disconnect' }]]);
    const nothingToReturn = must(must(must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 0, nowMs: s.nowMs }), { type: 'leave', playerId: 'a', nowMs: s.nowMs }), { type: 'tick', nowMs: s.nowMs + 15_000 });
    expect(notices(nothingToReturn)).toEqual([]);

    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'b', nowMs: s.nowMs }, dealWith('r2', STRONG, WEAK, '2h 3h 4h 5h 7s 8s 9h'));
    // Past the reconnection grace (rules.md §5, 15 s by default) the house way sets the hand.
    const beforeOpen = must(s, { type: 'leave', playerId: 'b', nowMs: s.nowMs });
    const opened = must(beforeOpen, { type: 'round-opened', roundId: 'r2', nowMs: s.nowMs });
    expect(notices(opened)).toEqual([]);
    const graceOver = must(opened, { type: 'tick', nowMs: s.nowMs + 15_000 });
    expect(notices(graceOver)).toEqual([['b', 'notice/house-way-set', { roundId: 'r2', reason: 'disconnect' }]]);
    s = must(s, { type: 'round-opened', roundId: 'r2', nowMs: s.nowMs });
    s = must(s, { type: 'leave', playerId: 'a', nowMs: s.nowMs });
    expect(notices(s)).toEqual([]);
    s = must(s, { type: 'tick', nowMs: s.nowMs + 15_000 });
    expect(notices(s)).toEqual([['a', 'notice/house-way-set', { roundId: 'r2', reason: 'disconnect' }]]);
  });

  it('a void deal tells every player of the round, the banker included', () => {
    let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p'], 20_000, 60);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'auto-approve', playerId: 'bank', on: true, nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 700, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('v', STRONG, WEAK));
    s = must(s, { type: 'round-failed', roundId: 'v', reason: 'ledger/insufficient-funds', nowMs: s.nowMs });
    expect(notices(s)).toEqual([
      ['p', 'notice/round-void', { roundId: 'v', reason: 'ledger/insufficient-funds' }],
      ['bank', 'notice/round-void', { roundId: 'v', reason: 'ledger/insufficient-funds' }],
    ]);
  });

  it('bets the balance no longer covers (a round at another table) are returned with reason "balance"', () => {
    let s = seatPlayers(testTable(), ['a']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 5_000, nowMs: s.nowMs });
    const still = must(s, { type: 'sync', playerId: 'a', balanceCents: 5_000, compPoints: 0, nowMs: s.nowMs });
    expect(notices(still)).toEqual([]);
    s = must(s, { type: 'sync', playerId: 'a', balanceCents: 4_900, compPoints: 0, nowMs: s.nowMs });
    expect(s.players.a.bets).toEqual({ main: 0, fortune: 0 });
    expect(notices(s)).toEqual([['a', 'notice/bet-returned', { amountCents: 5_000, reason: 'balance' }]]);
  });

  it('a banker leaves the bank on an approval timeout, or when its balance falls below the requirement', () => {
    let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p'], 20_000, 60);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    const timedOut = must(s, { type: 'tick', nowMs: s.nowMs + 35_000 });
    expect(notices(timedOut)).toEqual([['bank', 'notice/left-bank', { reason: 'approval-timeout' }]]);

    // 20,000 − a paid win of 10,000 − its fee 150 = 9,850 < 10,150 needed.
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 10_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('b', STRONG, WEAK));
    s = must(s, { type: 'round-opened', roundId: 'b', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'p', nowMs: s.nowMs });
    expect(s.banker).toBeNull();
    expect(notices(s)).toEqual([['bank', 'notice/left-bank', { reason: 'balance' }]]);
    // The other players' view says why the house banks now (they read "stopped banking" before).
    expect(viewFor(s, 'p').banker).toEqual({ kind: 'house', ended: 'balance' });
  });

  it('a banker away past its seat hold loses the seat and the bank, and is told so (it was told nothing)', () => {
    let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p'], 20_000, 60);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'leave', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'tick', nowMs: s.nowMs + s.config.timers.reconnectMs });
    expect(s.banker).toBeNull();
    expect(notices(s)).toContainEqual(['bank', 'notice/left-bank', { reason: 'disconnected' }]);
    // No round was dealt under that bank: the house banks the next one (docs/protocol.md "Banker").
    expect(viewFor(s, 'p').banker).toEqual({ kind: 'house', houseBanksNext: true, ended: 'disconnected' });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 100, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('h1', STRONG, WEAK));
    s = must(s, { type: 'round-opened', roundId: 'h1', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'h1', playerId: 'p', nowMs: s.nowMs });
    expect(viewFor(s, 'p').banker).toEqual({ kind: 'house', ended: 'disconnected' });
    // Until a player takes the bank again.
    s = must(s, { type: 'take-bank', playerId: 'p', nowMs: s.nowMs });
    s = must(s, { type: 'leave-bank', playerId: 'p', nowMs: s.nowMs });
    expect(viewFor(s, 'p').banker).toMatchObject({ kind: 'house', ended: 'left' });
  });

  it('every notice has a code starting with "notice/", its params and an English message', () => {
    expect(NOTICE_CODES.every((code) => code.startsWith('notice/'))).toBe(true);
    expect(makeNotice('notice/bet-returned', { amountCents: 123_456, reason: 'balance' })).toEqual({
      code: 'notice/bet-returned',
      params: { amountCents: 123_456, reason: 'balance' },
      message: 'Your bets (1,234.56) went back to your balance: your balance no longer covers them after a round or a bank at another table.',
    });
    expect(makeNotice('notice/round-recovered', { roundId: 'r', outcome: 'lose', netCents: -250, setBy: 'recovery' }).message).toContain('you lost 2.50');
  });
});

describe('bets are built from chips (rules.md §5: chips of 1, 5, 25, 100; table setting betUnitCents)', () => {
  it('refuses amounts that are not a multiple of the bet unit, on both spots', () => {
    let s = seatPlayers(testTable(), ['a']);
    for (const amountCents of [550, 101, 150]) {
      const refused = apply(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents, nowMs: s.nowMs });
      expect(refused.ok ? null : refused.error.code).toBe('bet/invalid-amount');
    }
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    const fortune = apply(s, { type: 'bet', playerId: 'a', spot: 'fortune', amountCents: 250, nowMs: s.nowMs });
    expect(fortune.ok ? null : fortune.error.code).toBe('bet/invalid-amount');
    s = must(s, { type: 'bet', playerId: 'a', spot: 'fortune', amountCents: 200, nowMs: s.nowMs });
    expect(s.players.a.bets).toEqual({ main: 500, fortune: 200 });
  });

  it('takes the unit from the table settings and shows it in the view', () => {
    expect(viewFor(testTable(), null).config.betUnitCents).toBe(100);
    let s = seatPlayers(testTable({ betUnitCents: 25 }), ['a']);
    expect(viewFor(s, 'a').config.betUnitCents).toBe(25);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 125, nowMs: s.nowMs });
    expect(apply(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 130, nowMs: s.nowMs }).ok).toBe(false);
  });

  it('refuses a unit that is not positive or does not divide the limits', () => {
    const main = { minCents: 100, maxCents: 10_000 };
    expect(tableConfig({ tableId: 't', limits: { main }, betUnitCents: 0 }).ok).toBe(false);
    expect(tableConfig({ tableId: 't', limits: { main }, betUnitCents: 2.5 }).ok).toBe(false);
    const undivided = tableConfig({ tableId: 't', limits: { main: { minCents: 150, maxCents: 10_000 } } });
    expect(undivided.ok ? null : undivided.error.code).toBe('config/invalid');
  });
});

describe('a banker\'s comp points (rules.md §5; docs/server.md "Comp points")', () => {
  it('lose 1 per unit wagered against it and may go below zero: 69 → −41 after 110 units', () => {
    let s = seatPlayers(testTable({ playerBanking: true, limits: { main: { minCents: 100, maxCents: 10_000 } } }), ['bank'], 50_000, 69);
    s = must(s, { type: 'join', playerId: 'p', nickname: 'p', balanceCents: 50_000, compPoints: 0, nowMs: s.nowMs });
    s = must(s, { type: 'sit', playerId: 'p', seat: 1, nowMs: s.nowMs });
    s = must(s, { type: 'join', playerId: 'q', nickname: 'q', balanceCents: 50_000, compPoints: 0, nowMs: s.nowMs });
    s = must(s, { type: 'sit', playerId: 'q', seat: 2, nowMs: s.nowMs });
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 10_000, nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'q', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'q', nowMs: s.nowMs }, dealWith('big', WEAK, '3h 4s 8c Tc Qd 5d 2h', STRONG));
    s = must(s, { type: 'round-opened', roundId: 'big', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'p', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: s.round!.roundId, playerId: 'q', nowMs: s.nowMs });
    const settle = effectsOf(s).find((e) => e.kind === 'settle-round');
    expect(settle?.kind === 'settle-round' && settle.compPoints).toContainEqual({ playerId: 'bank', delta: -110 });
    expect(s.players.bank.compPoints).toBe(-41);
    const view = viewFor(s, 'bank');
    expect(view.you?.compPoints).toBe(-41);
    expect(view.lastRound?.bankerCompPointsDelta).toBe(-110);
    expect(view.you?.canTakeBank).toBe(false);
  });
});

describe('an idle seat (docs/server.md "Timers"; a tester held every seat of the lobby with six guests who never bet)', () => {
  it('stands up a connected player who neither bets nor plays for idleSeatMs, with notice/left-table "idle"', () => {
    let s = seatPlayers(testTable(), ['idle', 'p']);
    const t0 = s.nowMs;
    const idleMs = s.config.timers.idleSeatMs;
    expect(nextDeadline(s)).toBe(t0 + idleMs);
    // 'p' plays a round meanwhile: its clock starts again at the reveal.
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 100, nowMs: t0 + 60_000 });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: t0 + 60_000 });
    s = must(s, bettingWindowTick(s), dealWith('r1', STRONG, WEAK)); // 'idle' has no bet: dealt at t0 + 70 s
    s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: t0 + 70_000 });
    s = must(s, { type: 'house-way', roundId: 'r1', playerId: 'p', nowMs: t0 + 71_000 });
    s = must(s, { type: 'tick', nowMs: t0 + idleMs - 1 });
    expect(s.players.idle.seat).not.toBeNull();
    s = must(s, { type: 'tick', nowMs: t0 + idleMs });
    // Before the fix the seat was held as long as the connection stayed open.
    expect(s.players.idle.seat).toBeNull();
    expect(s.seats).not.toContain('idle');
    expect(notices(s)).toEqual([['idle', 'notice/left-table', { reason: 'idle', waitSeconds: 300 }]]);
    expect(s.players.p.seat).not.toBeNull();
    expect(nextDeadline(s)).toBe(t0 + 71_000 + idleMs);
  });

  it('never stands up the banker, nor a player with bets down; once the bets are off, the clock still counts from the sit', () => {
    let s = seatPlayers(testTable({ playerBanking: true, timers: { betMs: 600_000 } }), ['bank', 'p'], 50_000, 60);
    const t0 = s.nowMs;
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: t0 });
    s = must(s, { type: 'auto-approve', playerId: 'bank', on: true, nowMs: t0 });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 100, nowMs: t0 + 1_000 });
    s = must(s, { type: 'tick', nowMs: t0 + s.config.timers.idleSeatMs + 10_000 });
    expect(s.players.bank.seat).not.toBeNull();
    expect(s.players.p.seat).not.toBeNull();
    // Cleared past its time (300 s from the sit): the seat stands up with the clear itself.
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 0, nowMs: t0 + 400_000 });
    expect(s.players.p.seat).toBeNull();
    expect(notices(s)).toEqual([['p', 'notice/left-table', { reason: 'idle', waitSeconds: 300 }]]);
  });

  it('stands up a seat past its time at the clear of a bet cleared and placed again in one burst (before the tick)', () => {
    let s = seatPlayers(testTable(), ['squat', 'p']);
    const t0 = s.nowMs;
    const idleMs = s.config.timers.idleSeatMs;
    s = must(s, { type: 'bet', playerId: 'squat', spot: 'main', amountCents: 100, nowMs: t0 + idleMs - 10_000 });
    s = must(s, { type: 'bet', playerId: 'squat', spot: 'main', amountCents: 0, nowMs: t0 + idleMs + 1 });
    // Before the fix the seat stood up only at the tick, and the bet placed again before it kept the seat.
    expect(s.players.squat.seat).toBeNull();
    expect(notices(s)).toContainEqual(['squat', 'notice/left-table', { reason: 'idle', waitSeconds: 300 }]);
    const again = apply(s, { type: 'bet', playerId: 'squat', spot: 'main', amountCents: 100, nowMs: t0 + idleMs + 2 });
    expect(again.ok).toBe(false);
  });

  it('is not kept by a bet placed and cleared every few minutes and never dealt (an attacker held a seat for good)', () => {
    let s = seatPlayers(testTable(), ['squat', 'p']);
    const t0 = s.nowMs;
    const idleMs = s.config.timers.idleSeatMs;
    for (let at = 60_000; at < idleMs; at += 60_000) {
      s = must(s, { type: 'bet', playerId: 'squat', spot: 'main', amountCents: 100, nowMs: t0 + at });
      s = must(s, { type: 'bet', playerId: 'squat', spot: 'main', amountCents: 0, nowMs: t0 + at + 10_000 });
    }
    s = must(s, { type: 'tick', nowMs: t0 + idleMs });
    // Before the fix each bet started the idle clock again: the seat was held as long as the script ran.
    expect(s.players.squat.seat).toBeNull();
    expect(notices(s)).toContainEqual(['squat', 'notice/left-table', { reason: 'idle', waitSeconds: 300 }]);
  });
});

describe('the bet timer (protocol.md "Multi-player Deal rule": one slow player delays the others by at most the bet time)', () => {
  it('deals a ready player within the bet time of its Deal, though two others bet in turn and bet again whenever their bets come back', () => {
    let s = seatPlayers(testTable(), ['ready', 'a', 'b']);
    const t0 = s.nowMs;
    const betMs = s.config.timers.betMs;
    const bound = t0 + 10_000 + betMs;
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: t0 });
    s = must(s, { type: 'bet', playerId: 'ready', spot: 'main', amountCents: 100, nowMs: t0 + 10_000 });
    s = must(s, { type: 'ready', playerId: 'ready', nowMs: t0 + 10_000 });
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 100, nowMs: t0 + 20_000 });
    // a's bet comes back at its own deadline, b's bet keeps the round from dealing; a bets again at once.
    s = must(s, { type: 'tick', nowMs: t0 + betMs });
    expect(notices(s)).toEqual([['a', 'notice/bet-returned', { amountCents: 100, reason: 'timeout' }]]);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: t0 + betMs });
    // Before the fix b's bet ran to t0 + 20 s + betMs, a's new one to t0 + 2 × betMs, and so on: the round never dealt.
    expect(betDeadline(s, s.players.a)).toBe(bound);
    expect(betDeadline(s, s.players.b)).toBe(bound);
    expect(nextDeadline(s)).toBe(bound);
    const dealt = apply(s, { type: 'tick', nowMs: bound });
    expect(dealt.ok).toBe(true);
    if (!dealt.ok) return;
    expect(dealt.value.effects.some((e) => e.kind === 'deal-due')).toBe(true);
    for (const playerId of ['a', 'b']) {
      expect(dealt.value.effects).toContainEqual({ kind: 'notice', playerId, notice: tableNotice('notice/bet-returned', { amountCents: 100, reason: 'round-dealt-without-you' }) });
    }
  });

  it('keeps a seat its own bet time when that ends first, and counts from the Deal of a player still ready', () => {
    let s = seatPlayers(testTable(), ['a', 'b', 'c']);
    const t0 = s.nowMs;
    const betMs = s.config.timers.betMs;
    s = must(s, { type: 'bet', playerId: 'c', spot: 'main', amountCents: 100, nowMs: t0 });
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 100, nowMs: t0 });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: t0 + 1_000 });
    expect(betDeadline(s, s.players.c)).toBe(t0 + betMs);
    // a changes its bet (not ready any more), b bets, a presses Deal again: b's bound counts from that Deal.
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 200, nowMs: t0 + 2_000 });
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 100, nowMs: t0 + 10_000 });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: t0 + 20_000 });
    expect(betDeadline(s, s.players.b)).toBe(t0 + 10_000 + betMs);
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 0, nowMs: t0 + 30_000 });
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 100, nowMs: t0 + 30_000 });
    expect(betDeadline(s, s.players.b)).toBe(t0 + 20_000 + betMs);
  });
});
