/**
 * rules.md §5 "Timers" and docs/server.md "Balances": a player banker is asked to approve the next round only once the
 * ledger has recorded the last one (`round-settled`), so its approval clock starts then. A tester held the database
 * for 45 s at a settlement: the table asked the banker to approve at once, refused its Approve (`action/out-of-phase`:
 * the settlement was still retried), and the banker lost the bank for `approval-timeout` 35 s later, through no fault of
 * its own.
 */
import { describe, expect, it } from 'vitest';
import { apply, nextDeadline } from './apply.js';
import type { TableState } from './state.js';
import { dealWith, must, seatPlayers, testTable } from '../testing/table.js';

const STRONG = 'As Ah Ks Kh Qs Qh 2c';
const WEAK = '3c 4d 7h 9s Jd 6c 2d';
const APPROVAL_MS = 35_000;

/** 'bank' banks (approving by hand) against 'p', who is dealt round 'r1' and then sets it by the house way at `revealAtMs`: the settlement is not answered yet. */
function revealedUnanswered(): { s: TableState; revealAtMs: number } {
  let s = seatPlayers(testTable({ playerBanking: true }), ['bank', 'p'], 20_000, 200);
  s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
  s = must(s, { type: 'approve', playerId: 'bank', clientSeed: 'bank-seed', nowMs: s.nowMs });
  s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
  s = must(must(s, { type: 'ready', playerId: 'p', nowMs: s.nowMs }, dealWith('r1', STRONG, WEAK)), { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
  const revealAtMs = s.nowMs + 5_000;
  const set = apply(s, { type: 'house-way', playerId: 'p', roundId: 'r1', nowMs: revealAtMs });
  if (!set.ok) throw new Error(set.error.message);
  const revealed = apply(set.value.state, { type: 'reveal', roundId: 'r1', nowMs: revealAtMs });
  if (!revealed.ok) throw new Error(revealed.error.message);
  return { s: revealed.value.state, revealAtMs };
}

describe("the banker's approval clock and a settlement the ledger has not answered (rules.md §5)", () => {
  it('does not run until the round is recorded: the banker keeps the bank however long the settlement is retried', () => {
    const { s: revealed, revealAtMs } = revealedUnanswered();
    expect(revealed.phase).toBe('approval');
    expect(revealed.banker).toMatchObject({ playerId: 'bank', settlingRoundId: 'r1', approvalDeadlineMs: null });
    // Two minutes of retries: no approval deadline, and the bank is still the player's.
    const later = revealAtMs + 120_000;
    const ticked = apply(revealed, { type: 'tick', nowMs: later });
    const s = ticked.ok ? ticked.value.state : revealed;
    expect(s.banker).toMatchObject({ playerId: 'bank', approvalDeadlineMs: null });
    expect(nextDeadline(s) === null || nextDeadline(s)! > later).toBe(true);
  });

  it('starts once the ledger answers, and the banker may approve then', () => {
    const { s: revealed, revealAtMs } = revealedUnanswered();
    const recordedAtMs = revealAtMs + 45_000;
    let s = must(revealed, { type: 'tick', nowMs: recordedAtMs });
    s = must(s, {
      type: 'round-settled',
      roundId: 'r1',
      players: ['bank', 'p'].map((playerId) => ({ playerId, balanceCents: s.players[playerId].balanceCents, compPoints: s.players[playerId].compPoints })),
      nowMs: recordedAtMs,
    });
    expect(s.banker).toMatchObject({ playerId: 'bank', settlingRoundId: null, approvalDeadlineMs: recordedAtMs + APPROVAL_MS });
    s = must(s, { type: 'approve', playerId: 'bank', clientSeed: 'bank-seed-2', nowMs: recordedAtMs + 1_000 });
    expect(s.phase).toBe('betting');
    expect(s.banker).toMatchObject({ playerId: 'bank', approved: true });
  });
});
