import { describe, expect, it } from 'vitest';
import { houseWays } from '../house-way/index.js';
import { cards, handOf } from '../notation/index.js';
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

  it('carries the house way explanations (rule id, key, params, text) of the banker and of each hand the house set (version 2, issue 12 point 3)', () => {
    expect(ROUND_RESULT_VERSION).toBe(2);
    const stored = readRoundResult(storedResult());
    const banker = houseWays.seeds.set(handOf('3c 4d 7h 9s Jd 6c 2d'));
    const player = houseWays.seeds.set(handOf('As Ah Ks Kh Qs Qh 2c'));
    expect(stored?.bankerHand).toMatchObject({ rule: banker.rule, explanation: { key: `houseWay.${banker.rule}`, params: banker.explanation.params, text: banker.explanation.text } });
    expect(stored?.players[0]).toMatchObject({ setBy: 'house-way', houseWayRule: player.rule, houseWayExplanation: player.explanation });
  });

  it('a hand the player set has no explanation', () => {
    let s = seatPlayers(testTable(), ['a']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }, dealWith('r1', 'As Ah Ks Kh Qs Qh 2c', '3c 4d 7h 9s Jd 6c 2d'));
    s = must(s, { type: 'round-opened', roundId: 'r1', nowMs: s.nowMs });
    const [first, second] = cards('As Ah', 2);
    s = must(s, { type: 'set', roundId: 'r1', playerId: 'a', low: [first, second], nowMs: s.nowMs });
    expect(s.lastRound?.players[0]).toMatchObject({ setBy: 'player', houseWayRule: null, houseWayExplanation: null });
  });

  it('reads a version 1 result (stored before the explanations travelled) as it is, without them', () => {
    const stored = storedResult() as { bankerHand: Record<string, unknown>; players: Record<string, unknown>[] };
    const { explanation: _banker, ...bankerHand } = stored.bankerHand;
    const players = stored.players.map(({ houseWayExplanation: _player, ...rest }) => rest);
    const v1 = { ...stored, version: 1, bankerHand, players };
    const read = readRoundResult(v1);
    expect(read).toEqual(v1);
    expect(read?.bankerHand.explanation).toBeUndefined();
    expect(read?.players[0].houseWayExplanation).toBeUndefined();
  });

  it('reads nothing else: another version, a partial result, no document', () => {
    const stored = storedResult() as Record<string, unknown>;
    expect(readRoundResult({ ...stored, version: ROUND_RESULT_VERSION + 1 })).toBeNull();
    expect(readRoundResult({ ...stored, version: 0 })).toBeNull();
    expect(readRoundResult({ roundId: 'r1' })).toBeNull();
    expect(readRoundResult({ alice: 'win' })).toBeNull();
    expect(readRoundResult(null)).toBeNull();
    expect(readRoundResult('all lose')).toBeNull();
  });
});
