/**
 * The idle-seat clock belongs to the player at the table, not to the sitting (docs/server.md "Timers"). A tester
 * kept a seat for good without ever betting by standing up and sitting down again every 4 min 59 s (or leaving
 * the room and joining again): each sit started the clock again, and six guests held a whole table.
 */
import { describe, expect, it } from 'vitest';
import { viewFor } from '@paigow/protocol';
import { apply, nextDeadline } from './apply.js';
import type { TableAction } from './actions.js';
import type { TableNotice } from './notices.js';
import type { TableState } from './state.js';
import { dealWith, effectsOf, must, seatPlayers, testTable } from '../testing/table.js';

const STRONG = 'As Ah Ks Kh Qs Qh 2c';
const WEAK = '3c 4d 7h 9s Jd 6c 2d';

/** The notices of the last `must`, as [playerId, code, params]. */
function notices(s: TableState): [string, TableNotice['code'], TableNotice['params']][] {
  return effectsOf(s).flatMap((e) => (e.kind === 'notice' ? [[e.playerId, e.notice.code, e.notice.params] as [string, TableNotice['code'], TableNotice['params']]] : []));
}

/** Applies an action that must be refused with `code`, leaves `state` untouched, and returns the refusal's message. */
function refused(state: TableState, action: TableAction, code: string): string {
  const before = structuredClone(state);
  const result = apply(state, action);
  expect(state).toEqual(before);
  if (result.ok) throw new Error(`${action.type} was not refused`);
  expect(result.error.code).toBe(code);
  return result.error.message;
}

const sit = (playerId: string, seat: number | null, nowMs: number): TableAction => ({ type: 'sit', playerId, seat, nowMs });
const stand = (playerId: string, nowMs: number): TableAction => ({ type: 'stand', playerId, nowMs });
const tick = (nowMs: number): TableAction => ({ type: 'tick', nowMs });
const join = (playerId: string, nowMs: number): TableAction => ({ type: 'join', playerId, nickname: `nick-${playerId}`, balanceCents: 100_000, compPoints: 0, nowMs });
const leave = (playerId: string, nowMs: number): TableAction => ({ type: 'leave', playerId, nowMs });

/** `playerId` bets 1.00, deals and has the house way set its hand: a round played, revealed at `nowMs`. */
function playRound(s: TableState, playerId: string, roundId: string, nowMs: number): TableState {
  let next = must(s, { type: 'bet', playerId, spot: 'main', amountCents: 100, nowMs });
  next = must(next, { type: 'ready', playerId, nowMs }, dealWith(roundId, STRONG, WEAK));
  next = must(next, { type: 'round-opened', roundId, nowMs });
  return must(next, { type: 'house-way', playerId, roundId, nowMs });
}

describe('the idle-seat clock survives standing up and sitting down again (docs/server.md "Timers")', () => {
  it('stand and sit every idleSeatMs − 1 ms without playing: the seat is still freed for idle at the original deadline', () => {
    let s = seatPlayers(testTable(), ['squat']);
    const t0 = s.nowMs;
    const idleMs = s.config.timers.idleSeatMs;
    s = must(s, stand('squat', t0 + idleMs - 1));
    s = must(s, sit('squat', 0, t0 + idleMs - 1));
    expect(s.players.squat.seat).toBe(0);
    // Before the fix the sit started the clock again: the deadline moved to t0 + 2 × idleMs − 1, and so on for good.
    expect(nextDeadline(s)).toBe(t0 + idleMs);
    s = must(s, tick(t0 + idleMs));
    expect(s.players.squat.seat).toBeNull();
    expect(s.seats).not.toContain('squat');
    expect(notices(s)).toEqual([['squat', 'notice/left-table', { reason: 'idle', waitSeconds: 300 }]]);
    // The script's next round of stand-and-sit finds the seat refused.
    refused(s, sit('squat', 0, t0 + 2 * (idleMs - 1)), 'action/idle-wait');
  });

  it('keeps the clock through several sittings: a sit within the window continues it', () => {
    let s = seatPlayers(testTable(), ['squat']);
    const t0 = s.nowMs;
    const idleMs = s.config.timers.idleSeatMs;
    for (let at = 60_000; at < idleMs; at += 60_000) {
      s = must(s, stand('squat', t0 + at));
      s = must(s, sit('squat', (at / 60_000) % 2 === 0 ? 0 : 2, t0 + at + 30_000));
      expect(nextDeadline(s)).toBe(t0 + idleMs);
    }
    s = must(s, tick(t0 + idleMs));
    expect(s.players.squat.seat).toBeNull();
    expect(notices(s)).toContainEqual(['squat', 'notice/left-table', { reason: 'idle', waitSeconds: 300 }]);
  });

  it('leave the room, join again and sit: the same clock, the seat is freed at the original deadline', () => {
    let s = seatPlayers(testTable(), ['squat']);
    const t0 = s.nowMs;
    const idleMs = s.config.timers.idleSeatMs;
    s = must(s, stand('squat', t0 + idleMs - 1));
    s = must(s, leave('squat', t0 + idleMs - 1));
    expect(s.players.squat).toBeUndefined();
    s = must(s, join('squat', t0 + idleMs - 1));
    s = must(s, sit('squat', 0, t0 + idleMs - 1));
    // Before the fix the join and the sit each started the clock again.
    expect(nextDeadline(s)).toBe(t0 + idleMs);
    s = must(s, tick(t0 + idleMs));
    expect(s.players.squat.seat).toBeNull();
    expect(notices(s)).toEqual([['squat', 'notice/left-table', { reason: 'idle', waitSeconds: 300 }]]);
    s = must(s, leave('squat', t0 + idleMs + 1));
    s = must(s, join('squat', t0 + idleMs + 2));
    refused(s, sit('squat', null, t0 + idleMs + 2), 'action/idle-wait');
  });

  it('a seat lost to a disconnection, then a join and a sit: the same clock', () => {
    let s = seatPlayers(testTable(), ['squat']);
    const t0 = s.nowMs;
    const idleMs = s.config.timers.idleSeatMs;
    const holdMs = s.config.timers.reconnectMs;
    s = must(s, leave('squat', t0 + 60_000));
    s = must(s, tick(t0 + 60_000 + holdMs));
    expect(s.players.squat).toBeUndefined();
    s = must(s, join('squat', t0 + 200_000));
    s = must(s, sit('squat', 0, t0 + 200_000));
    expect(nextDeadline(s)).toBe(t0 + idleMs);
    s = must(s, tick(t0 + idleMs));
    expect(s.players.squat.seat).toBeNull();
  });

  it('refuses a sit whose clock has run out with action/idle-wait, saying in how many seconds; after the window a fresh clock', () => {
    let s = seatPlayers(testTable(), ['squat']);
    const t0 = s.nowMs;
    const idleMs = s.config.timers.idleSeatMs;
    // Stood up, 2 s before its time, it waits: the continued clock has run out by now.
    s = must(s, stand('squat', t0 + idleMs - 2_000));
    const message = refused(s, sit('squat', 0, t0 + idleMs + 1_000), 'action/idle-wait');
    // The window ends idleSeatMs after it left the seat: t0 + 2 × idleMs − 2 s, 297 s from now.
    expect(message).toMatch(/\bin 297 s\b/);
    expect(refused(s, sit('squat', null, t0 + 2 * idleMs - 2_001), 'action/idle-wait')).toMatch(/\bin 1 s\b/);
    // Leaving the room and joining again changes nothing.
    const back = must(must(s, leave('squat', t0 + idleMs + 5_000)), join('squat', t0 + idleMs + 6_000));
    expect(refused(back, sit('squat', 3, t0 + idleMs + 6_000), 'action/idle-wait')).toMatch(/\bin 292 s\b/);
    // After the window: seated with a fresh clock.
    const after = t0 + 2 * idleMs - 2_000;
    s = must(s, sit('squat', 0, after));
    expect(s.players.squat.seat).toBe(0);
    expect(s.players.squat.activeAtMs).toBe(after);
    expect(nextDeadline(s)).toBe(after + idleMs);
    s = must(s, tick(after + idleMs - 1));
    expect(s.players.squat.seat).toBe(0);
    s = must(s, tick(after + idleMs));
    expect(s.players.squat.seat).toBeNull();
  });

  it('refuses the sit of a player stood up for idle until idleSeatMs after it lost the seat', () => {
    let s = seatPlayers(testTable(), ['squat']);
    const t0 = s.nowMs;
    const idleMs = s.config.timers.idleSeatMs;
    s = must(s, tick(t0 + idleMs));
    expect(s.players.squat.seat).toBeNull();
    expect(refused(s, sit('squat', 0, t0 + idleMs + 1), 'action/idle-wait')).toMatch(/\bin 300 s\b/);
    s = must(s, sit('squat', 0, t0 + 2 * idleMs));
    expect(nextDeadline(s)).toBe(t0 + 3 * idleMs);
  });

  it('never touches a player who plays rounds, the banker, or a player with bets down', () => {
    let s = seatPlayers(testTable(), ['p']);
    const t0 = s.nowMs;
    const idleMs = s.config.timers.idleSeatMs;
    // For half an hour p plays a round every 4 minutes, standing up, leaving, joining and sitting again between them.
    for (let k = 1; k <= 7; k += 1) {
      const at = t0 + k * 240_000;
      s = must(s, tick(at - 60_000));
      expect(s.players.p.seat).not.toBeNull();
      s = playRound(s, 'p', `r${k}`, at);
      expect(notices(s).filter(([, code]) => code === 'notice/left-table')).toEqual([]);
      s = must(s, stand('p', at + 10_000));
      if (k % 2 === 0) s = must(must(s, leave('p', at + 10_000)), join('p', at + 20_000));
      s = must(s, sit('p', k % 3, at + 30_000));
      expect(nextDeadline(s)).toBe(at + idleMs);
    }

    // The banker is not stood up, and leaving the bank starts its clock again.
    let b = seatPlayers(testTable({ playerBanking: true }), ['bank', 'q'], 50_000, 60);
    const b0 = b.nowMs;
    b = must(b, { type: 'take-bank', playerId: 'bank', nowMs: b0 });
    b = must(b, { type: 'auto-approve', playerId: 'bank', on: true, nowMs: b0 });
    b = must(b, { type: 'tick', nowMs: b0 + 3 * idleMs });
    expect(b.players.bank.seat).toBe(0);
    b = must(b, stand('bank', b0 + 3 * idleMs));
    b = must(b, sit('bank', 0, b0 + 3 * idleMs + 1_000));
    expect(b.players.bank.activeAtMs).toBe(b0 + 3 * idleMs);

    // A player with bets down keeps its seat past its time, whatever clock it sat with.
    let c = seatPlayers(testTable({ timers: { betMs: 3_600_000 } }), ['c']);
    const c0 = c.nowMs;
    c = must(c, stand('c', c0 + idleMs - 10_000));
    c = must(c, sit('c', 0, c0 + idleMs - 5_000));
    c = must(c, { type: 'bet', playerId: 'c', spot: 'main', amountCents: 100, nowMs: c0 + idleMs - 1_000 });
    c = must(c, tick(c0 + 2 * idleMs));
    expect(c.players.c.seat).toBe(0);
  });

  it('forgets a left seat idleSeatMs after it was left, and shows nobody the clocks', () => {
    let s = seatPlayers(testTable({ timers: { betMs: 3_600_000 } }), ['squat', 'p']);
    const t0 = s.nowMs;
    const idleMs = s.config.timers.idleSeatMs;
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 100, nowMs: t0 }); // p keeps its seat throughout
    s = must(s, stand('squat', t0 + 10_000));
    expect(s.idleClocks).toEqual({ squat: { activeAtMs: t0, leftAtMs: t0 + 10_000 } });
    // Sitting again takes the record back into the seat.
    const again = must(s, sit('squat', 0, t0 + 20_000));
    expect(again.idleClocks).toEqual({});
    expect(again.players.squat.activeAtMs).toBe(t0);
    // The views carry neither the record nor anyone's clock.
    for (const viewer of ['squat', 'p', null]) {
      expect(JSON.stringify(viewFor(s, viewer))).not.toMatch(/idleClocks|activeAtMs|leftAtMs/);
    }
    s = must(s, leave('squat', t0 + 11_000));
    s = must(s, tick(t0 + 10_000 + idleMs - 1));
    expect(Object.keys(s.idleClocks)).toEqual(['squat']);
    // Any action at or after the end of the window forgets it: the state does not grow without bound.
    s = must(s, tick(t0 + 10_000 + idleMs));
    expect(s.idleClocks).toEqual({});

    // Many players who came, sat and went: only those who left a seat within the last idleSeatMs are kept.
    let m = testTable();
    const m0 = m.nowMs;
    for (let k = 0; k < 40; k += 1) {
      const at = m0 + k * 60_000;
      const id = `guest-${k}`;
      m = must(m, join(id, at));
      m = must(m, sit(id, null, at));
      m = must(m, stand(id, at + 1_000));
      m = must(m, leave(id, at + 1_000));
      expect(Object.keys(m.idleClocks).length).toBeLessThanOrEqual(Math.ceil(idleMs / 60_000));
    }
    expect(Object.keys(m.players)).toEqual([]);
  });
});
