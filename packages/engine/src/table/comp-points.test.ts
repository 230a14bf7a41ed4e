/**
 * Issue 10 point 6 and rules.md §5: "a player earns 1 point per whole unit wagered; a banker loses 1
 * point per unit wagered against it". Whole units: a bet of 2.50 earns 2 points and costs the banker 2.
 */
import { describe, expect, it } from 'vitest';
import type { TableEffect, TableState } from './state.js';
import { dealWith, effectsOf, must, seatPlayers, testTable } from '../testing/table.js';

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
