/**
 * Issue 10 point 4: a decision names its round (docs/protocol.md). A Split or House Way for another
 * round than the one in play is refused with `action/stale` and never applied to the round in play.
 */
import { describe, expect, it } from 'vitest';
import { apply } from './apply.js';
import { dealWith, must, seatPlayers, testTable } from '../testing/table.js';

const STRONG = 'As Ah Ks Kh Qs Qh 2c';
const WEAK = '3c 4d 7h 9s Jd 6c 2d';

describe('a decision for another round (issue 10 point 4)', () => {
  it('refuses a House Way click for round r1 that reaches the table after r2 was dealt', () => {
    let s = seatPlayers(testTable(), ['a']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('r1', STRONG, WEAK));
    s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'r1', playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'rebet', playerId: 'a', nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('r2', WEAK, STRONG));
    s = must(s, { type: 'round-opened', roundId: 'r2', nowMs: s.nowMs });

    const late = apply(s, { type: 'house-way', roundId: 'r1', playerId: 'a', nowMs: s.nowMs });
    expect(late.ok === false && late.error.code).toBe('action/stale');
    const lateSplit = apply(s, { type: 'set', roundId: 'r1', playerId: 'a', low: s.round!.hands[0].cards.slice(0, 2) as [number, number], nowMs: s.nowMs });
    expect(lateSplit.ok === false && lateSplit.error.code).toBe('action/stale');
    expect(s.round!.hands[0].setting).toBeNull();

    s = must(s, { type: 'house-way', roundId: 'r2', playerId: 'a', nowMs: s.nowMs });
    expect(s.lastRound?.roundId).toBe('r2');
  });

  it('refuses a decision naming a round after that round was revealed', () => {
    let s = seatPlayers(testTable(), ['a']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('r1', STRONG, WEAK));
    s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
    s = must(s, { type: 'house-way', roundId: 'r1', playerId: 'a', nowMs: s.nowMs });
    const again = apply(s, { type: 'house-way', roundId: 'r1', playerId: 'a', nowMs: s.nowMs });
    expect(again.ok === false && again.error.code).toBe('action/stale');
  });
});
