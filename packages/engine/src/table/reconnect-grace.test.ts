/**
 * Issue 10 point 3, rules.md §5 "Interruptions": a connection lost after the deal is an interruption
 * only past the reconnection grace (`timers.reconnectGraceMs`, default 15 s, never past the decision
 * deadline). A player back within it finds its round as it left it and decides.
 */
import { describe, expect, it } from 'vitest';
import { nextDeadline } from './apply.js';
import type { TableState } from './state.js';
import { dealWith, effectsOf, must, seatPlayers, testTable } from '../testing/table.js';
import { viewFor } from '@paigow/protocol';

const STRONG = 'As Ah Ks Kh Qs Qh 2c';
const WEAK = '3c 4d 7h 9s Jd 6c 2d';

/** 'a' and 'b' dealt into round 'r', the deal recorded at `s.nowMs`. */
function dealt(table: TableState = testTable()): TableState {
  let s = seatPlayers(table, ['a', 'b']);
  for (const id of ['a', 'b']) s = must(s, { type: 'bet', playerId: id, spot: 'main', amountCents: 500, nowMs: s.nowMs });
  s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs });
  s = must(s, { type: 'ready', playerId: 'b', nowMs: s.nowMs }, dealWith('r', STRONG, WEAK, '2h 3h 4h 5h 7s 8s 9h'));
  return must(s, { type: 'round-opened', roundId: 'r', nowMs: s.nowMs });
}

const join = (s: TableState, id: string, nowMs: number) =>
  must(s, { type: 'join', playerId: id, nickname: `nick-${id}`, balanceCents: s.players[id].balanceCents, compPoints: 0, nowMs });

describe('the reconnection grace (rules.md §5, issue 10 point 3)', () => {
  it('a player back within the grace finds its cards unset and decides itself', () => {
    let s = dealt();
    const start = s.nowMs;
    s = must(s, { type: 'leave', playerId: 'a', nowMs: start + 2_000 });
    expect(s.round!.hands[0].setting).toBeNull();
    expect(effectsOf(s).filter((e) => e.kind === 'notice')).toEqual([]);
    expect(nextDeadline(s)).toBe(start + 2_000 + 15_000);
    s = must(s, { type: 'tick', nowMs: start + 3_000 });
    s = join(s, 'a', start + 3_000);
    const view = viewFor(s, 'a');
    expect(view.you).toMatchObject({ cards: expect.any(Array), setting: null, deadlineKind: 'decision', deadlineMs: start + 45_000 });
    s = must(s, { type: 'tick', nowMs: start + 20_000 }); // past where the grace would have ended: nothing happens
    expect(s.round!.hands[0].setting).toBeNull();
    s = must(s, { type: 'house-way', roundId: 'r', playerId: 'b', nowMs: start + 21_000 });
    s = must(s, { type: 'set', roundId: 'r', playerId: 'a', low: s.round!.hands[0].cards.filter((_, i) => i === 0 || i === 1) as [number, number], nowMs: start + 22_000 });
    expect(s.lastRound?.players[0]).toMatchObject({ setBy: 'player' });
  });

  it('past the grace the house way sets the hand and the player is told', () => {
    let s = dealt();
    const start = s.nowMs;
    s = must(s, { type: 'leave', playerId: 'a', nowMs: start + 1_000 });
    s = must(s, { type: 'tick', nowMs: start + 16_000 });
    expect(s.round!.hands[0]).toMatchObject({ setBy: 'disconnect' });
    expect(effectsOf(s)).toContainEqual({
      kind: 'notice',
      playerId: 'a',
      notice: expect.objectContaining({ code: 'notice/house-way-set', params: { roundId: 'r', reason: 'disconnect' } }),
    });
  });

  it('never runs past the player’s own decision deadline', () => {
    let s = dealt(testTable({ timers: { decisionMs: 10_000, reconnectGraceMs: 15_000 } }));
    const start = s.nowMs;
    s = must(s, { type: 'leave', playerId: 'a', nowMs: start + 4_000 });
    expect(nextDeadline(s)).toBe(start + 10_000);
    s = must(s, { type: 'tick', nowMs: start + 10_000 }); // b's decision timer runs out at the same time: the reveal
    expect(s.lastRound?.players.map((p) => p.setBy)).toEqual(['disconnect', 'timeout']);
  });

  it('also covers a drop while the deal is being recorded', () => {
    let s = seatPlayers(testTable(), ['a']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('r', STRONG, WEAK));
    const start = s.nowMs;
    s = must(s, { type: 'leave', playerId: 'a', nowMs: start });
    s = must(s, { type: 'round-opened', roundId: 'r', nowMs: start + 100 });
    expect(s.round!.hands[0].setting).toBeNull();
    s = join(s, 'a', start + 1_000);
    s = must(s, { type: 'house-way', roundId: 'r', playerId: 'a', nowMs: start + 1_500 });
    expect(s.lastRound?.players[0]).toMatchObject({ setBy: 'house-way' });
  });
});

describe('the seat hold of a player not in the round in play (docs/server.md: a disconnected seat is held 60 s, then it stands up)', () => {
  it('stands up when its hold runs out, during the others’ round; the next deadline is never one already past', () => {
    let s = seatPlayers(testTable(), ['a', 'b', 'c']);
    const t0 = s.nowMs;
    s = must(s, { type: 'leave', playerId: 'c', nowMs: t0 });
    // 45 s later a and b deal; c, gone before the Deal, holds nothing.
    for (const id of ['a', 'b']) s = must(s, { type: 'bet', playerId: id, spot: 'main', amountCents: 500, nowMs: t0 + 45_000 });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: t0 + 45_000 });
    s = must(s, { type: 'ready', playerId: 'b', nowMs: t0 + 45_000 }, dealWith('r', STRONG, WEAK, '2h 3h 4h 5h 7s 8s 9h'));
    s = must(s, { type: 'round-opened', roundId: 'r', nowMs: t0 + 45_000 });
    expect(nextDeadline(s)).toBe(t0 + 60_000);
    s = must(s, { type: 'tick', nowMs: t0 + 60_000 });
    // Before the fix: c kept its seat until the round ended (t0 + 90 s), and the deadline stayed t0 + 60 s, past.
    expect(s.phase).toBe('setting');
    expect(s.players.c).toBeUndefined();
    expect(s.seats).not.toContain('c');
    expect(nextDeadline(s)).toBe(t0 + 90_000);
    expect(nextDeadline(s)! > s.nowMs).toBe(true);
  });
});
