import { describe, expect, it } from 'vitest';
import { awayOfNotice, awayOfRecovered, awayOfSettled, mergeAway } from './away.js';

describe('"While you were away" from the inbox (rules.md §5: a reconnecting player sees the rounds it missed)', () => {
  const settled = (roundId: string, netCents: number, tableId: string | null = 't1', setBy: string = 'disconnect') => ({
    code: 'notice/round-settled',
    params: { roundId, outcome: netCents > 0 ? 'win' : netCents < 0 ? 'lose' : 'push', netCents, setBy },
    tableId,
  });

  it('lists a round settled while the player was away (the house set the hand)', () => {
    expect(awayOfNotice(settled('r1', 2375), 't1', null)).toEqual({ roundId: 'r1', tableId: 't1', outcome: 'win', netCents: 2375, setBy: 'disconnect' });
    expect(awayOfSettled({ roundId: 'r2', outcome: 'bank', netCents: -1553, setBy: null }, 't1')).toEqual({ roundId: 'r2', tableId: 't1', outcome: 'bank', netCents: -1553, setBy: null });
    // Unreadable params: nothing; an unknown outcome or setter: read from the net, not told.
    expect(awayOfSettled({ roundId: 'r1' }, 't1')).toBeNull();
    expect(awayOfSettled({ roundId: 'r1', outcome: 'odd', netCents: -300, setBy: 'ghost' }, 't1')).toMatchObject({ outcome: 'lose', setBy: null });
  });

  it('skips the round already on screen at this table, not the same id at another table', () => {
    expect(awayOfNotice(settled('r1', 950), 't1', 'r1')).toBeNull();
    expect(awayOfNotice(settled('r1', 950, 't2'), 't1', 'r1')).toMatchObject({ roundId: 'r1', tableId: 't2' });
    expect(awayOfNotice(settled('r1', 950, null), 't1', 'r1')).toBeNull(); // no table: this one
    expect(awayOfNotice({ code: 'notice/bet-returned', params: { amountCents: 500 }, tableId: 't1' }, 't1', null)).toBeNull();
  });

  it('tells a refunded round as void, even on screen', () => {
    expect(awayOfNotice({ code: 'notice/round-recovered', params: { roundId: 'r1', outcome: 'refunded', netCents: 0 }, tableId: 't1' }, 't1', 'r1')).toEqual({
      roundId: 'r1',
      tableId: 't1',
      outcome: 'void',
      netCents: 0,
      setBy: null,
    });
  });

  it('reads a notice/round-recovered and merges rounds once each', () => {
    const recovered = awayOfRecovered({ roundId: 'r1', outcome: 'lose', netCents: -2500, setBy: 'recovery' }, 't1');
    expect(recovered).toEqual({ roundId: 'r1', tableId: 't1', outcome: 'lose', netCents: -2500, setBy: 'recovery' });
    // The server stopped, not the player: a recovered round never says it disconnected; what it set, it set.
    expect(awayOfRecovered({ roundId: 'r1', outcome: 'win', netCents: 900, setBy: 'player' }, 't1')?.setBy).toBe('player');
    // A notice written before it carried `setBy`: nothing is said of the hand.
    expect(awayOfRecovered({ roundId: 'r1', outcome: 'lose', netCents: -2500 }, 't1')?.setBy).toBeNull();
    expect(awayOfRecovered({ roundId: 'r1' }, 't1')).toBeNull();
    expect(awayOfRecovered({ roundId: 'r1', outcome: 'odd', netCents: 300 }, 't1')?.outcome).toBe('win');
    expect(awayOfRecovered({ roundId: 'r1', outcome: 'refunded', netCents: 0 }, 't1')?.outcome).toBe('void');
    const list = mergeAway([], [recovered!]);
    expect(mergeAway(list, [{ ...recovered!, netCents: 0 }])).toBe(list);
    expect(mergeAway(list, [{ ...recovered!, roundId: 'r2' }])).toHaveLength(2);
  });
});
