import { describe, expect, it } from 'vitest';
import { tableConfig } from './config.js';
import { hintHand } from './apply.js';
import { dealWith, must, seatPlayers, testTable } from '../testing/table.js';
import { viewFor } from '@paigow/protocol';
import type { TableState } from './state.js';

// Foxwoods rule 7's exception puts the ace in front (A-Q); the seeds' house way keeps the straight (rule 5).
const PLAYER = 'Ah Kh Kd Qc Jc Ts 3d';
const BANKER = 'As Ks Kc Qd Jd Th 3c';

function dealt(houseWay?: string): TableState {
  let s = seatPlayers(testTable(houseWay === undefined ? {} : { houseWay }), ['a']);
  s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 1_000, nowMs: s.nowMs });
  s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('r1', PLAYER, BANKER));
  return must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs + 10 });
}

describe("a table's house way (issue 16 point 1)", () => {
  it("is a table setting: the seeds' by default, Foxwoods by name, anything else refused", () => {
    const base = { tableId: 't', limits: { main: { minCents: 100, maxCents: 1_000 } } };
    const seeds = tableConfig(base);
    expect(seeds.ok && seeds.value.houseWay).toBe('seeds');
    const fox = tableConfig({ ...base, houseWay: 'foxwoods' });
    expect(fox.ok && fox.value.houseWay).toBe('foxwoods');
    const bad = tableConfig({ ...base, houseWay: 'trump-plaza' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe('config/invalid');
      expect(bad.error.message).toContain('seeds, foxwoods');
    }
  });

  it('the House Way button and the banker play the table\'s house way; clients and the Hint are told which', () => {
    let s = dealt('foxwoods');
    expect(viewFor(s, 'a').config.houseWay).toBe('foxwoods');
    const hint = hintHand(s, 'a', 'r1');
    expect(hint.ok && hint.value.houseWay).toBe('foxwoods');
    s = must(s, { type: 'house-way', roundId: 'r1', playerId: 'a', nowMs: s.nowMs });
    expect(s.lastRound?.players[0]).toMatchObject({ setBy: 'house-way', houseWayRule: '7.one-pair-ace-front' });
    expect(s.lastRound?.bankerHand.rule).toBe('7.one-pair-ace-front');
    expect([...(s.lastRound?.bankerHand.setting.low ?? [])].sort()).toEqual(['As', 'Qd']);
  });

  it("the seeds' table keeps the straight for both hands", () => {
    let s = dealt();
    expect(viewFor(s, 'a').config.houseWay).toBe('seeds');
    s = must(s, { type: 'house-way', roundId: 'r1', playerId: 'a', nowMs: s.nowMs });
    expect(s.lastRound?.players[0]).toMatchObject({ houseWayRule: '5.straight-or-flush' });
    expect(s.lastRound?.bankerHand.rule).toBe('5.straight-or-flush');
  });
});
