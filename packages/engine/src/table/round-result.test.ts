import { describe, expect, it } from 'vitest';
import { dealWith, effectsOf, must, seatPlayers, testTable } from '../testing/table.js';
import { readRoundResult, ROUND_RESULT_VERSION } from './round-result.js';

/** A round settled by the reducer, as the ledger stores it (JSON). */
function storedResult(): unknown {
  let s = seatPlayers(testTable(), ['a']);
  s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 500, nowMs: s.nowMs });
  s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('r1', 'As Ah Ks Kh Qs Qh 2c', '3c 4d 7h 9s Jd 6c 2d'));
  s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
  s = must(s, { type: 'house-way', roundId: 'r1', playerId: 'a', nowMs: s.nowMs });
  const settle = effectsOf(s).find((e) => e.kind === 'settle-round');
  if (settle?.kind !== 'settle-round') throw new Error('no settlement');
  return JSON.parse(JSON.stringify(settle.result)) as unknown;
}

describe('one stored round result shape, versioned (issue 12)', () => {
  it('the result the reducer makes is stored as it is, with its version, and read back whole', () => {
    const stored = storedResult();
    expect(stored).toMatchObject({ version: ROUND_RESULT_VERSION, roundId: 'r1', tableId: 'test' });
    expect(readRoundResult(stored)).toEqual(stored);
  });

  it('reads a result stored before the version field as version 1', () => {
    const { version: _version, ...older } = storedResult() as Record<string, unknown>;
    expect(readRoundResult(older)).toEqual({ ...older, version: 1 });
  });

  it('reads nothing else: another version, a partial result, no document', () => {
    const stored = storedResult() as Record<string, unknown>;
    expect(readRoundResult({ ...stored, version: 2 })).toBeNull();
    expect(readRoundResult({ roundId: 'r1' })).toBeNull();
    expect(readRoundResult({ alice: 'win' })).toBeNull();
    expect(readRoundResult(null)).toBeNull();
    expect(readRoundResult('all lose')).toBeNull();
  });
});
