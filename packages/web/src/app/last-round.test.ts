import { describe, expect, it } from 'vitest';
import type { HistoryEntry, RoundResultView, TableView } from '@paigow/protocol';
import { historyLastRound, lastRoundOf, liveLastRound } from './last-round.js';

const round = (roundId: string, tableId: string, settledAtMs: number): RoundResultView => ({
  version: 1,
  roundId,
  tableId,
  banker: { kind: 'house' },
  bankerHand: { cards: [], setting: { high: [], low: [] }, rule: '9.one-pair', explanation: null },
  players: [],
  bankerNetCents: 0,
  bankerFeeCents: 0,
  bankerCompPointsDelta: 0,
  settledAtMs,
});

/** A table view whose last round (settled at `atMs`) was `netCents` for the viewer. */
const view = (tableId: string, roundId: string, atMs: number, netCents: number): TableView =>
  ({
    tableId,
    lastRound: round(roundId, tableId, atMs),
    you: { lastResult: { roundId, outcome: netCents > 0 ? 'win' : netCents < 0 ? 'lose' : 'push', netCents } },
  }) as unknown as TableView;

const entry = (roundId: string, tableId: string, closedAt: number | null, netCents: number, status: HistoryEntry['status'] = 'settled'): HistoryEntry => ({
  roundId,
  tableId,
  role: 'player',
  status,
  netCents,
  compPointsDelta: 0,
  result: null,
  refundReason: null,
  openedAt: (closedAt ?? 0) - 30_000,
  closedAt,
});

describe("the top bar's last round (rules.md §5: the last round's win or loss, at any table)", () => {
  it("shows a newer round from another table instead of this table's older one", () => {
    // Won at table 1 (t=1000), then lost at table 2 (t=5000), now seated at table 1 again.
    const history = [entry('r-2', 'table-2', 5_000, -2_500), entry('r-1', 'table-1', 1_000, 2_375)];
    expect(lastRoundOf(view('table-1', 'r-1', 1_000, 2_375), history)).toEqual({ roundId: 'r-2', tableId: 'table-2', atMs: 5_000, netCents: -2_500 });
  });

  it("shows this table's round as soon as it is settled, before the history is read again", () => {
    const history = [entry('r-2', 'table-2', 5_000, -2_500)];
    expect(lastRoundOf(view('table-1', 'r-3', 9_000, 1_000), history)).toEqual({ roundId: 'r-3', tableId: 'table-1', atMs: 9_000, netCents: 1_000 });
    // The same round in both: the view's figures.
    expect(lastRoundOf(view('table-1', 'r-3', 9_000, 1_000), [entry('r-3', 'table-1', 9_000, 1_000), ...history])?.roundId).toBe('r-3');
  });

  it('skips open and refunded rounds, and falls back on whichever source knows a round', () => {
    const history = [entry('r-5', 'table-2', null, 0, 'open'), entry('r-4', 'table-2', 8_000, 0, 'refunded'), entry('r-2', 'table-2', 5_000, -2_500)];
    expect(historyLastRound(history)?.roundId).toBe('r-2');
    expect(lastRoundOf(null, history)?.roundId).toBe('r-2');
    expect(lastRoundOf(view('table-1', 'r-1', 1_000, 2_375), null)?.roundId).toBe('r-1');
    expect(lastRoundOf(null, null)).toBeNull();
    expect(lastRoundOf(null, [])).toBeNull();
  });

  it('takes no round from a view whose last round the viewer had no part in', () => {
    const watched = { tableId: 'table-1', lastRound: round('r-9', 'table-1', 9_000), you: { lastResult: null } } as unknown as TableView;
    expect(liveLastRound(watched)).toBeNull();
    expect(lastRoundOf(watched, [entry('r-2', 'table-2', 5_000, -2_500)])?.roundId).toBe('r-2');
  });
});
