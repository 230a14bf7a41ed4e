/**
 * rules.md §5 "Interruptions" and "Timers" for a player banker with auto-approve on: a tester at table-3 lost its
 * banker's connection, and for 46 s (its seat held) rounds were approved and dealt under its bank while it could not
 * see the table. Past the reconnection grace auto-approve approves no new round: the round waits for the approval, the
 * banker leaves the bank at the approval timer (35 s), and one back in time has the waiting round approved at once.
 */
import { describe, expect, it } from 'vitest';
import { apply, nextDeadline } from './apply.js';
import type { TableState } from './state.js';
import { dealWith, effectsOf, must, seatPlayers, testTable } from '../testing/table.js';
import { viewFor } from '@paigow/protocol';

const STRONG = 'As Ah Ks Kh Qs Qh 2c';
const WEAK = '3c 4d 7h 9s Jd 6c 2d';

const GRACE_MS = 15_000;
const APPROVAL_MS = 35_000;

/** 'bank' banks with auto-approve on against 'p' (both with 200.00 and 200 comp points), and 'p' bets 10.00 under it. */
function betUnderAutoApprove(): TableState {
  let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p'], 20_000, 200);
  s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
  s = must(s, { type: 'auto-approve', playerId: 'bank', on: true, clientSeed: 'bank-seed', nowMs: s.nowMs });
  return must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
}

/** `betUnderAutoApprove`, and 'p' is dealt round 'r1' under the bank. */
function dealtUnderAutoApprove(): TableState {
  const s = betUnderAutoApprove();
  return must(must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('r1', STRONG, WEAK)), { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
}

/**
 * `dealtUnderAutoApprove`, and the banker's connection is lost 1 s after the deal. Returns the table and the time of
 * the drop.
 */
function bankerDropsInRound(): { s: TableState; droppedAtMs: number } {
  let s = dealtUnderAutoApprove();
  const droppedAtMs = s.nowMs + 1_000;
  s = must(s, { type: 'leave', playerId: 'bank', nowMs: droppedAtMs });
  return { s, droppedAtMs };
}

/** 'p' sets its hand by the house way at `nowMs`: the round is revealed and settled, and the next one is asked for. */
function settleAt(s: TableState, nowMs: number): TableState {
  return must(s, { type: 'house-way', playerId: 'p', roundId: 'r1', nowMs });
}

describe('auto-approve and a banker whose connection is lost (rules.md §5 "Interruptions", "Timers")', () => {
  it('past the reconnection grace approves no new round: the round waits for the approval and the banker leaves the bank at its timer', () => {
    const { s: dropped, droppedAtMs } = bankerDropsInRound();
    const settledAtMs = droppedAtMs + GRACE_MS;
    let s = settleAt(dropped, settledAtMs);
    expect(s.lastRound?.roundId).toBe('r1');
    expect(s.phase).toBe('approval');
    expect(s.banker).toMatchObject({ playerId: 'bank', autoApprove: true, approved: false, approvalDeadlineMs: settledAtMs + APPROVAL_MS });
    expect(effectsOf(s).filter((effect) => effect.kind === 'reserve-bank')).toEqual([]); // no cover committed for it
    expect(viewFor(s, 'p').banker).toMatchObject({ kind: 'player', autoApprove: true, approved: false });
    const refused = apply(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 1_000, nowMs: settledAtMs });
    expect(refused.ok ? null : refused.error.code).toBe('action/out-of-phase');
    // The approval timer ends before the seat hold (60 s from the drop): the banker leaves the bank, the house banks.
    expect(nextDeadline(s)).toBe(settledAtMs + APPROVAL_MS);
    s = must(s, { type: 'tick', nowMs: settledAtMs + APPROVAL_MS });
    expect(s.banker).toBeNull();
    expect(s.players.bank.seat).toBe(0);
    expect(viewFor(s, 'p').banker).toEqual({ kind: 'house', houseBanksNext: true, ended: 'approval-timeout' });
    expect(effectsOf(s)).toContainEqual({ kind: 'notice', playerId: 'bank', notice: expect.objectContaining({ code: 'notice/left-bank', params: { reason: 'approval-timeout' } }) });
  });

  it('approves the waiting round at once when the banker comes back within the approval time', () => {
    const { s: dropped, droppedAtMs } = bankerDropsInRound();
    let s = settleAt(dropped, droppedAtMs + GRACE_MS + 2_000);
    expect(s.phase).toBe('approval');
    const backAtMs = s.nowMs + 20_000;
    s = must(s, { type: 'join', playerId: 'bank', nickname: 'nick-bank', balanceCents: s.players.bank.balanceCents, compPoints: s.players.bank.compPoints, nowMs: backAtMs });
    expect(s.phase).toBe('betting');
    expect(s.banker).toMatchObject({ playerId: 'bank', autoApprove: true, approved: true, approvalDeadlineMs: null, clientSeed: 'bank-seed' });
    expect(effectsOf(s)).toContainEqual(expect.objectContaining({ kind: 'reserve-bank', playerId: 'bank' }));
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 1_000, nowMs: backAtMs });
    expect(s.players.p.bets.main).toBe(1_000);
  });

  it('within the grace approves as always, and a round approved before the grace ran out is not undone', () => {
    const { s: dropped, droppedAtMs } = bankerDropsInRound();
    let s = settleAt(dropped, droppedAtMs + GRACE_MS - 1);
    expect(s.phase).toBe('betting');
    expect(s.banker).toMatchObject({ approved: true });
    expect(effectsOf(s)).toContainEqual(expect.objectContaining({ kind: 'reserve-bank', playerId: 'bank' }));
    // Past the grace the approved round stays approved: p bets and is dealt under the bank.
    s = must(s, { type: 'tick', nowMs: droppedAtMs + GRACE_MS + 1_000 });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('r2', STRONG, WEAK));
    expect(s.round).toMatchObject({ roundId: 'r2', banker: { playerId: 'bank' } });
  });
});

describe('a banker who leaves on purpose (the lobby\'s Leave: docs/server.md "Interruptions")', () => {
  // A tester's banker left by the Lobby with bets down and auto-approve on: 25 rounds were dealt and settled under
  // its bank in the 15 s of its reconnection grace.
  it('with bets down and no round dealt, ends the bank at once: the bets go back and the house banks the next round', () => {
    let s = betUnderAutoApprove();
    s = must(s, { type: 'leave', playerId: 'bank', deliberate: true, nowMs: s.nowMs + 1_000 });
    expect(s.banker).toBeNull();
    expect(s.players.p.bets.main).toBe(0);
    expect(effectsOf(s)).toContainEqual({ kind: 'release-bank', playerId: 'bank' });
    expect(effectsOf(s)).toContainEqual({ kind: 'notice', playerId: 'p', notice: expect.objectContaining({ code: 'notice/bet-returned', params: expect.objectContaining({ reason: 'bank-changed' }) }) });
    expect(viewFor(s, 'p').banker).toEqual({ kind: 'house', houseBanksNext: true, ended: 'left' });
    // The next round is the house's, not the banker's who left.
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs });
    // The banker who left still has its seat (held as any): the deal waits out the betting window for its bet.
    s = must(s, { type: 'tick', nowMs: nextDeadline(s) ?? s.nowMs }, dealWith('r1', STRONG, WEAK));
    expect(s.round).toMatchObject({ roundId: 'r1', banker: null });
  });

  it('with a round dealt under the bank, settles that round and then ends the bank: no round is approved after it', () => {
    let s = dealtUnderAutoApprove();
    s = must(s, { type: 'leave', playerId: 'bank', deliberate: true, nowMs: s.nowMs + 1_000 });
    expect(s.banker).toMatchObject({ playerId: 'bank', leaving: true });
    s = settleAt(s, s.nowMs + 1_000);
    expect(s.lastRound?.roundId).toBe('r1');
    expect(s.banker).toBeNull();
    expect(s.phase).toBe('betting');
    expect(effectsOf(s)).toContainEqual({ kind: 'release-bank', playerId: 'bank' });
  });

  it('a lost connection (not on purpose) keeps the bank through the grace, as before', () => {
    const bet = betUnderAutoApprove();
    const s = must(bet, { type: 'leave', playerId: 'bank', nowMs: bet.nowMs + 1_000 });
    expect(s.banker).toMatchObject({ playerId: 'bank', approved: true });
    expect(s.players.p.bets.main).toBe(1_000);
  });
});
