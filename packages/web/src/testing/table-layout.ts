/**
 * The table screen drawn from a fixed view, for tests (server-side rendering, no browser): the Dragon Room, a
 * three-seat table where a player may bank, and `renderTableLayout`, the screen's HTML for a view.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { FORTUNE_PAY_TABLE } from '@paigow/engine';
import type { TableView, YouView } from '@paigow/protocol';
import { createI18n } from '../app/i18n/index.js';
import { TableLayout } from '../app/TableScreen.js';
import type { Api } from '../net/http.js';
import type { LiveTable } from '../app/useTable.js';
import { houseRound, liveTable, seatResult, seatView, tableConfig, tableView } from './table-view.js';

/** Ada's result in `dragonRoomRound`: main bet 10.00 and Fortune 5.00 (a flush), net +24.50, 15 comp points. */
export const adaResult = seatResult({ bets: { main: 1000, fortune: 500 }, fortune: { line: 'flush', netCents: 1500 }, netCents: 2450, compPointsDelta: 15 });

/** A round of the Dragon Room the house banked, Ada its one player. */
export const dragonRoomRound = houseRound({ tableId: 'table-3', players: [adaResult], bankerNetCents: -2450 });

/**
 * The Dragon Room (`table-3`): three seats, limits 1.00–100.00, Fortune 1.00–25.00, a player may bank (10,150 cents
 * needed); Ada (the viewer, 65 comp points, last bets 10.00 + 5.00) in seat 0, Bea in seat 1; `over` and `youOver`
 * replace the view's and Ada's fields.
 */
export function dragonRoomView(over: Partial<TableView> = {}, youOver: Partial<YouView> = {}): TableView {
  const config = tableConfig({
    tableId: 'table-3',
    name: 'Dragon Room',
    seats: 3,
    limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } },
    playerBanking: true,
    bankMinBalanceCents: 10_150,
    fortunePayTable: { ...FORTUNE_PAY_TABLE },
  });
  const base = tableView({ config, serverNowMs: 1_000 }, { playerId: 'p-ada', compPoints: 65, lastBets: { main: 1000, fortune: 500 }, ...youOver });
  const seats = base.seats.map((s) => (s.seat === 1 ? seatView({ seat: 1, nickname: 'Bea', role: 'player' }) : s));
  return { ...base, seats, ...over };
}

/**
 * The table screen's HTML for view `v` (Ada signed in), in language `lng`; `over` replaces the live table's fields
 * (its connection `status`, open by default; the server's last refusal, `error`).
 */
export function renderTableLayout(v: TableView, lng = 'en', over: Partial<LiveTable> = {}): string {
  const props = {
    api: {} as Api,
    session: { token: 't', player: { id: 'p-ada', nickname: 'Ada', balanceCents: v.you?.balanceCents ?? 0, compPoints: 0 } },
    tableId: v.tableId,
    onLeave: () => undefined,
    onSessionLost: () => undefined,
    onPlayer: () => undefined,
    table: liveTable(v, { receivedAtMs: 1_000, send: () => 'r-1', ...over }),
  } as unknown as Parameters<typeof TableLayout>[0];
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, createElement(TableLayout, props)));
}
