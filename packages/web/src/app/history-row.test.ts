/**
 * A history row reads like its round (issue 10 point 12, found by QA): when a Fortune bet was lost beside a
 * main bet that pushed, the row does not say "Push" beside a loss; it names the main bet's outcome as such
 * and colours the net by its sign.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry, RoundResultView, SeatResultView } from '@paigow/engine';
import { History } from './History.js';
import { createI18n } from './i18n/index.js';

const i18n = createI18n('en');
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const money = (cents: number, signed = false) => `${signed && cents > 0 ? '+' : cents < 0 ? '−' : ''}$${Math.abs(cents) / 100}`;

const seat = (over: Partial<SeatResultView>): SeatResultView => ({
  seat: 0,
  nickname: 'Ada',
  you: true,
  cards: ['As', 'Kh', 'Jk', '7d', '7c', '3s', 'Td'],
  setting: { high: ['7d', '7c', 'Td', '3s', 'Kh'], low: ['As', 'Jk'] },
  setBy: 'player',
  houseWayRule: null,
  bets: { main: 1000, fortune: 1400 },
  high: 'win',
  low: 'lose',
  outcome: 'push',
  commissionCents: 0,
  fortune: { line: null, netCents: -1400 },
  envy: null,
  netCents: -1400,
  compPointsDelta: 24,
  ...over,
});

const entry = (mine: SeatResultView): HistoryEntry => {
  const result: RoundResultView = {
    roundId: 'r-1',
    tableId: 'table-1',
    banker: { kind: 'house' },
    bankerHand: { cards: ['Qs', 'Qd', '9h', '8c', '5s', '4d', '2h'], setting: { high: ['Qs', 'Qd', '8c', '5s', '2h'], low: ['9h', '4d'] }, rule: '9.one-pair' },
    players: [mine],
    bankerNetCents: -mine.netCents,
    bankerFeeCents: 0,
    bankerCompPointsDelta: 0,
    settledAtMs: 1,
  };
  return { roundId: 'r-1', tableId: 'table-1', role: 'player', status: 'settled', netCents: mine.netCents, compPointsDelta: mine.compPointsDelta, result, refundReason: null, openedAt: 0, closedAt: 1 };
};

function draw(e: HistoryEntry): string {
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(History, { entries: [e], money, tableNames: new Map([['table-1', 'Table 1']]) })));
}

describe('a history row', () => {
  it('names the main bet beside a Fortune bet, and colours the net by its sign', () => {
    const html = draw(entry(seat({})));
    expect(text(html)).toContain('Main bet: Push');
    expect(html).toContain('history-row__net--lose');
    expect(html).not.toMatch(/<strong>\s*Push\s*<\/strong>/);
  });

  it('says the outcome alone without a Fortune bet', () => {
    const html = draw(entry(seat({ bets: { main: 1000, fortune: 0 }, fortune: null, netCents: 0, outcome: 'push' })));
    expect(text(html)).toContain('Push');
    expect(text(html)).not.toContain('Main bet');
    expect(html).toContain('history-row__net--push');
  });
});
