import { describe, expect, it } from 'vitest';
import type { HistoryEntry, RoundResultView, TableView } from '@paigow/engine';
import { awayOf, awayOfRecovered, mergeAway, missedRounds, trackRounds } from './away.js';

const CARDS = ['As', 'Kh', 'Jk', '7d', '7c', '3s', 'Td'];

function view(over: Partial<TableView>, you: Partial<NonNullable<TableView['you']>> = {}): TableView {
  return {
    protocolVersion: 1,
    tableId: 't1',
    config: {} as TableView['config'],
    phase: 'betting',
    roundId: null,
    serverNowMs: 0,
    seats: [],
    banker: { kind: 'house' },
    you: {
      playerId: 'p',
      nickname: 'Ada',
      seat: 0,
      role: 'player',
      balanceCents: 0,
      compPoints: 0,
      bets: { main: 0, fortune: 0 },
      lastBets: null,
      ready: false,
      cards: null,
      setting: null,
      houseWay: null,
      deadlineMs: null,
      deadlineKind: null,
      canTakeBank: false,
      lastResult: null,
      ...you,
    },
    lastRound: null,
    fairness: null,
    ack: null,
    ...over,
  };
}

const result = (roundId: string, you: boolean, netCents: number, setBy: 'player' | 'disconnect' = 'player'): RoundResultView => ({
  roundId,
  tableId: 't1',
  banker: { kind: 'house' },
  bankerHand: { cards: [], setting: { high: [], low: [] }, rule: '9.one-pair' },
  players: [
    {
      seat: 0,
      nickname: 'Ada',
      you,
      cards: CARDS,
      setting: { high: [], low: [] },
      setBy,
      houseWayRule: null,
      bets: { main: 2500, fortune: 0 },
      high: netCents > 0 ? 'win' : 'lose',
      low: netCents > 0 ? 'win' : 'lose',
      outcome: netCents > 0 ? 'win' : netCents < 0 ? 'lose' : 'push',
      commissionCents: 0,
      fortune: null,
      envy: null,
      netCents,
      compPointsDelta: 25,
    },
  ],
  bankerNetCents: -netCents,
  bankerFeeCents: 0,
  bankerCompPointsDelta: 0,
  settledAtMs: 1,
});

const entry = (roundId: string, status: HistoryEntry['status'], netCents: number, setBy: 'player' | 'disconnect' = 'player'): HistoryEntry => ({
  roundId,
  tableId: 't1',
  role: 'player',
  status,
  netCents,
  compPointsDelta: 0,
  result: status === 'settled' ? result(roundId, true, netCents, setBy) : null,
  refundReason: status === 'refunded' ? 'interrupted' : null,
  openedAt: 1,
  closedAt: status === 'open' ? null : 2,
});

describe('rounds awaited (rules.md §5: a reconnecting player sees the rounds it missed)', () => {
  it('remembers a round the player is dealt into, and forgets it once its result is on screen', () => {
    const dealt = view({ phase: 'setting', roundId: 'r1' }, { cards: CARDS });
    const awaiting = trackRounds([], dealt);
    expect(awaiting).toEqual(['r1']);
    expect(trackRounds(awaiting, dealt)).toBe(awaiting);
    expect(trackRounds(awaiting, view({ lastRound: result('r1', true, 2375) }))).toEqual([]);
    // Another player's round (the viewer sat it out) is not "seen" for the viewer.
    expect(trackRounds(awaiting, view({ lastRound: result('r1', false, 2375) }))).toEqual(['r1']);
  });

  it('does not remember rounds the player watches without cards, but does remember one it banks', () => {
    expect(trackRounds([], view({ phase: 'setting', roundId: 'r1' }))).toEqual([]);
    const banking = view(
      { phase: 'setting', roundId: 'r2', seats: [{ seat: 1, nickname: 'Bo', you: false, role: 'player', connected: true, bets: { main: 500, fortune: 0 }, ready: true, inRound: true, cardCount: 7, hasSet: false, deadlineMs: null }] },
      { role: 'banker' },
    );
    expect(trackRounds([], banking)).toEqual(['r2']);
  });

  it('after a server restart, finds the awaited round settled in the history: missed (the house set the hand)', () => {
    const history = [entry('r2', 'open', 0), entry('r1', 'settled', 2375, 'disconnect'), entry('r0', 'settled', -500)];
    const { missed, pending } = missedRounds(['r1', 'r2'], history, null);
    expect(missed).toEqual([{ roundId: 'r1', tableId: 't1', outcome: 'win', netCents: 2375, setBy: 'disconnect' }]);
    // Still open (or not in the page read): still awaited.
    expect(pending).toEqual(['r2']);
  });

  it('tells a refunded round as void, and skips the round already on screen', () => {
    expect(missedRounds(['r1'], [entry('r1', 'refunded', 0)], null).missed).toEqual([{ roundId: 'r1', tableId: 't1', outcome: 'void', netCents: 0, setBy: null }]);
    const onScreen = missedRounds(['r1'], [entry('r1', 'settled', 950)], 'r1');
    expect(onScreen).toEqual({ missed: [], pending: [] });
    expect(missedRounds([], [entry('r1', 'settled', 950)], null)).toEqual({ missed: [], pending: [] });
  });

  it('tells a banked round by its net', () => {
    const banked: HistoryEntry = { ...entry('r5', 'settled', -1553), role: 'banker', result: { ...result('r5', false, 1000), banker: { kind: 'player', seat: 0, nickname: 'Ada', you: true } } };
    expect(awayOf(banked)).toMatchObject({ outcome: 'bank', netCents: -1553 });
  });

  it('reads a notice/round-recovered and merges rounds once each', () => {
    const recovered = awayOfRecovered({ roundId: 'r1', outcome: 'lose', netCents: -2500 }, 't1');
    expect(recovered).toEqual({ roundId: 'r1', tableId: 't1', outcome: 'lose', netCents: -2500, setBy: 'disconnect' });
    expect(awayOfRecovered({ roundId: 'r1' }, 't1')).toBeNull();
    expect(awayOfRecovered({ roundId: 'r1', outcome: 'odd', netCents: 300 }, 't1')?.outcome).toBe('win');
    expect(awayOfRecovered({ roundId: 'r1', outcome: 'refunded', netCents: 0 }, 't1')?.outcome).toBe('void');
    const list = mergeAway([], [recovered!]);
    expect(mergeAway(list, [{ ...recovered!, netCents: 0 }])).toBe(list);
    expect(mergeAway(list, [{ ...recovered!, roundId: 'r2' }])).toHaveLength(2);
  });
});
