/**
 * Issue 10 point 1: a bet placed against a player banker never settles on house terms. The policy
 * (docs/server.md "Changing the bank"): a change of bank is refused while bets are down, taking the bank
 * and stopping banking alike; when the bank is lost without asking (a seat hold that ran out), the bets
 * placed under it are returned with a notice.
 */
import { describe, expect, it } from 'vitest';
import { apply } from './apply.js';
import type { TableAction } from './actions.js';
import type { TableState } from './state.js';
import { bettingWindowTick, dealWith, effectsOf, must, seatPlayers, testTable } from '../testing/table.js';

const STRONG = 'As Ah Ks Kh Qs Qh 2c';
const WEAK = '3c 4d 7h 9s Jd 6c 2d';

/** 'bank' banks (approved), 'p' has a 100.00 bet on the table, not dealt. */
function betAgainstBanker(): TableState {
  // The bet timer outlasts the seat hold here, so that the bet is still down when the banker's seat goes.
  let s = seatPlayers(testTable({ playerBanking: true, timers: { betMs: 90_000 } }), ['bank', 'p'], 50_000, 60);
  s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
  s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
  return must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 10_000, nowMs: s.nowMs });
}

function refusedWith(state: TableState, action: TableAction): string {
  const result = apply(state, action);
  return result.ok ? 'accepted' : result.error.code;
}

describe('changing the bank while bets are down (issue 10 point 1)', () => {
  it('refuses Stop banking while a bet is down; the bet then settles against the banker, without commission', () => {
    let s = betAgainstBanker();
    expect(refusedWith(s, { type: 'leave-bank', playerId: 'bank', nowMs: s.nowMs })).toBe('bank/bets-down');
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('r1', STRONG, WEAK));
    s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'r1', playerId: 'p', nowMs: s.nowMs });
    expect(s.lastRound?.banker).toMatchObject({ kind: 'player', playerId: 'bank' });
    expect(s.lastRound?.players[0]).toMatchObject({ outcome: 'win', commissionCents: 0, netCents: 10_000 });
  });

  it('refuses the banker standing up while a bet is down (it would hand the bet to the house)', () => {
    const s = betAgainstBanker();
    expect(refusedWith(s, { type: 'stand', playerId: 'bank', nowMs: s.nowMs })).toBe('bank/bets-down');
  });

  it('lets the banker stop once the bets are gone, as taking the bank needs no bets down', () => {
    let s = betAgainstBanker();
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 0, nowMs: s.nowMs });
    s = must(s, { type: 'leave-bank', playerId: 'bank', nowMs: s.nowMs });
    expect(s.banker).toBeNull();
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    expect(refusedWith(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs })).toBe('bank/not-eligible');
  });

  it('returns the bets with notice "bank-changed" when a disconnected banker loses its seat', () => {
    let s = betAgainstBanker();
    s = must(s, { type: 'leave', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'tick', nowMs: s.nowMs + s.config.timers.reconnectMs });
    expect(s.banker).toBeNull();
    expect(s.players.p.bets).toEqual({ main: 0, fortune: 0 });
    expect(effectsOf(s)).toContainEqual({
      kind: 'notice',
      playerId: 'p',
      notice: expect.objectContaining({ code: 'notice/bet-returned', params: { amountCents: 10_000, reason: 'bank-changed' } }),
    });
  });
});

describe('an approval timeout hands the bank to the house for a round (rules.md §5; a tester kept table-3 from dealing)', () => {
  it('refuses take-bank to everyone until the house has banked a round, then opens the bank again', () => {
    let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'other', 'p'], 50_000, 60);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'tick', nowMs: s.nowMs + 35_000 });
    expect(s.banker).toBeNull();
    expect(s.phase).toBe('betting');
    // Before the fix the banker took the bank back at once, and the table waited for its approval again, for ever.
    expect(refusedWith(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs })).toBe('bank/house-banks-next');
    expect(refusedWith(s, { type: 'take-bank', playerId: 'other', nowMs: s.nowMs })).toBe('bank/house-banks-next');
    // The house banks the next round: the bets are taken and dealt against it.
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs });
    s = must(s, bettingWindowTick(s), dealWith('r1', STRONG, WEAK)); // 'other' has no bet
    s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'r1', playerId: 'p', nowMs: s.nowMs });
    expect(s.lastRound?.banker).toMatchObject({ kind: 'house' });
    expect(refusedWith(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs })).toBe('accepted');
  });
});

describe('a bank left before any round was dealt under it hands the next round to the house (a tester kept table-3 from dealing)', () => {
  /** 'bank' takes the bank; 'p' and 'other' play. */
  const banked = (): TableState => {
    const s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'other', 'p'], 50_000, 60);
    return must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
  };

  it('leaving while asked to approve, then taking the bank back at once, is refused until the house has banked a round', () => {
    let s = banked();
    // The griefer: a second before the approval timer, leave and take the bank again, for ever; no bet was ever taken.
    s = must(s, { type: 'tick', nowMs: s.nowMs + 34_000 });
    s = must(s, { type: 'leave-bank', playerId: 'bank', nowMs: s.nowMs });
    expect(s.phase).toBe('betting');
    expect(refusedWith(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs })).toBe('bank/house-banks-next');
    expect(refusedWith(s, { type: 'take-bank', playerId: 'other', nowMs: s.nowMs })).toBe('bank/house-banks-next');
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs });
    s = must(s, bettingWindowTick(s), dealWith('r1', STRONG, WEAK)); // 'other' has no bet
    s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'r1', playerId: 'p', nowMs: s.nowMs });
    expect(s.lastRound?.banker).toMatchObject({ kind: 'house' });
    expect(refusedWith(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs })).toBe('accepted');
  });

  it('so is standing up, sitting down and taking the bank back at once (an attacker kept table-3 in approval for good)', () => {
    let s = banked();
    s = must(s, { type: 'tick', nowMs: s.nowMs + 30_000 });
    s = must(s, { type: 'stand', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'sit', playerId: 'bank', seat: 0, nowMs: s.nowMs });
    expect(refusedWith(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs })).toBe('bank/house-banks-next');
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs });
    s = must(s, bettingWindowTick(s), dealWith('r1', STRONG, WEAK)); // 'bank' and 'other' have no bet
    expect(s.round?.banker).toBeNull();
  });

  it('so is a balance fallen short at another table, then made good there (an attacker took the bank back 20 ms later)', () => {
    let s = banked();
    s = must(s, { type: 'sync', playerId: 'bank', balanceCents: 10_000, compPoints: 60, nowMs: s.nowMs + 30_000 });
    expect(s.banker).toBeNull();
    s = must(s, { type: 'sync', playerId: 'bank', balanceCents: 50_000, compPoints: 60, nowMs: s.nowMs + 20 });
    expect(refusedWith(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs })).toBe('bank/house-banks-next');
  });

  it('so is approving and leaving before anyone could bet', () => {
    let s = banked();
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'leave-bank', playerId: 'bank', nowMs: s.nowMs });
    expect(refusedWith(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs })).toBe('bank/house-banks-next');
  });

  it('a banker who banked a round may stop between rounds and another player takes the bank at once', () => {
    let s = banked();
    s = must(s, { type: 'approve', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs });
    s = must(s, bettingWindowTick(s), dealWith('r1', STRONG, WEAK)); // 'other' has no bet
    s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'r1', playerId: 'p', nowMs: s.nowMs });
    s = must(s, { type: 'round-settled', roundId: 'r1', players: [{ playerId: 'bank', balanceCents: 49_000, compPoints: 60 }], nowMs: s.nowMs });
    expect(s.phase).toBe('approval');
    s = must(s, { type: 'leave-bank', playerId: 'bank', nowMs: s.nowMs });
    expect(refusedWith(s, { type: 'take-bank', playerId: 'other', nowMs: s.nowMs })).toBe('accepted');
  });
});
