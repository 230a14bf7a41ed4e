import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@paigow/protocol';
import { houseRound, seatResult } from '../testing/table-view.js';
import { createI18n, formatMoney } from './i18n/index.js';
import { RoundPlayers } from './RoundPlayers.js';
import { History } from './History.js';

const i18n = createI18n('en');
const money = (cents: number, signed = false) => formatMoney('en', cents, signed);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const render = (el: ReturnType<typeof createElement>) => renderToStaticMarkup(createElement(I18nextProvider, { i18n }, el));

const pat = seatResult({
  seat: 1,
  nickname: 'Punter Pat',
  you: false,
  setting: { high: ['As', 'Jk', '7d', '7c', '3s'], low: ['Kh', 'Td'] },
  setBy: 'timeout',
  houseWayRule: '9.one-pair',
  high: 'lose',
  low: 'copy',
  outcome: 'lose',
  commissionCents: 0,
  netCents: -1000,
});

const round = houseRound({
  roundId: 'r9',
  tableId: 'table-3',
  banker: { kind: 'player', seat: 0, nickname: 'Bea', you: true },
  players: [pat],
  bankerNetCents: 985,
  bankerFeeCents: 15,
  bankerCompPointsDelta: -10,
});

describe("the round's players after the reveal", () => {
  it('tells the banker "Punter Pat lost $10 → you +$10", with the hands and how they were set', () => {
    const html = render(createElement(RoundPlayers, { round, money, asBanker: true }));
    expect(text(html)).toContain('Punter Pat');
    expect(text(html)).toContain('lost $10 → you +$10');
    expect(text(html)).toContain('house way (time ran out)');
    expect(html).toContain('data-banker-cents="1000"');
    expect(html).toContain('data-net-cents="-1000"');
    // The money is the banker's side of it; the marks beside Pat's hands are Pat's own (his high hand lost, his low
    // hand a copy): the banker's there ("WIN" beside a player who lost) were read as the player's (a player's finding).
    expect(html).toContain('data-banker-result="win"');
    expect([...html.matchAll(/data-mark="(\w+)"/g)].map((m) => m[1])).toEqual(['lose', 'copy']);
  });

  it("shows another player at a shared table its own result, with the player's sign", () => {
    const html = render(createElement(RoundPlayers, { round: { ...round, banker: { kind: 'house' } }, money }));
    expect(text(html)).toContain('Lost $10');
    expect(text(html)).toContain('Bet $10');
    expect(html).not.toContain('data-banker-cents');
  });

  // A tester's: a main bet won (+$0.95) beside a $2 Fortune bet lost read "Won $1.05" in green, for a net of −$1.05.
  it("words and colours a player's row by its net over every bet, the main bet's outcome kept in data-result", () => {
    const lee = seatResult({ seat: 2, nickname: 'Lee', you: false, high: 'win', low: 'win', outcome: 'win', commissionCents: 5, netCents: -105 });
    const html = render(createElement(RoundPlayers, { round: { ...round, banker: { kind: 'house' }, players: [lee] }, money }));
    expect(text(html)).toContain('Lost $1.05');
    expect(html).toContain('history-row--lose');
    expect(html).toContain('data-result="win"');
  });
});

describe('a history row', () => {
  const entry: HistoryEntry = {
    roundId: 'r9',
    tableId: 'table-3',
    role: 'player',
    status: 'settled',
    netCents: 1500,
    compPointsDelta: 37,
    result: {
      ...round,
      banker: { kind: 'house' },
      players: [{ ...pat, you: true, setBy: 'player', bets: { main: 3200, fortune: 500 }, outcome: 'push', fortune: { line: 'flush', netCents: 2000 }, netCents: 1500 }],
    },
    refundReason: null,
    openedAt: 1,
    closedAt: 2,
  };

  it('names the table and gives the Fortune stake, line and money beside the bet', () => {
    const html = render(createElement(History, { entries: [entry], money, tableNames: new Map([['table-3', 'Dragon Room']]) }));
    expect(html).toContain('data-table-id="table-3"');
    expect(text(html)).toContain('Dragon Room');
    expect(text(html)).toContain('Bet $32');
    expect(text(html)).toContain('Fortune $5: Flush +$20');
    expect(html).toContain('data-stake-cents="500"');
  });

  it('says when the house set the hand, and sums up a banked round', () => {
    const timedOut = { ...entry, result: { ...entry.result!, players: [{ ...entry.result!.players[0], setBy: 'timeout' as const }] } };
    expect(text(render(createElement(History, { entries: [timedOut], money, tableNames: new Map() })))).toContain('Set by the house way (time ran out)');
    const banked: HistoryEntry = { ...entry, role: 'banker', netCents: 985, result: round };
    expect(text(render(createElement(History, { entries: [banked], money, tableNames: new Map() })))).toContain('You banked against 1 player ($10 wagered)');
  });
});
