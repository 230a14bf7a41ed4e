/**
 * A full table (a keyboard and screen-reader tester's finding): with 6 of 6 seats taken the lobby tile read
 * "6 seated · 6 seats · … · Sit down", and the table opened as a spectator said "Pick a seat to play." beside a big
 * Sit down. Now the tile says the table is full and offers to watch, and the table offers no Sit down while no seat
 * is free, saying so in the phase line, in every language.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { LobbyTable, TableView, YouView } from '@paigow/protocol';
import { seatView, tableConfig, tableView } from '../testing/table-view.js';
import { renderTableLayout } from '../testing/table-layout.js';
import { seatFree } from '../table-ui/felt.js';
import { CATALOGS, createI18n, LANGUAGES } from './i18n/index.js';
import { TableTile, tableFull } from './Lobby.js';
import { PhaseMessage } from './PhaseMessage.js';

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
const text = (html: string) => norm(html.replace(/<[^>]+>/g, ' '));

const lobbyTable = (seatsTaken: number): LobbyTable => ({
  tableId: 'table-2',
  name: 'Table 2 (5–500)',
  seats: 6,
  seatsTaken,
  limits: { main: { minCents: 500, maxCents: 50_000 }, fortune: null },
  playerBanking: false,
  houseWay: 'seeds',
  envyBonus: false,
  banker: 'house',
  bankMinCompPoints: null,
  phase: 'betting',
});

/** Table 2 watched by Ada (a spectator) with `taken` of its six seats taken. */
function watched(taken: number): TableView {
  const base = tableView({ config: tableConfig({ tableId: 'table-2', seats: 6 }) }, { role: 'spectator', seat: null });
  const seats = base.seats.map((s) => (s.seat < taken ? seatView({ seat: s.seat, nickname: `P${s.seat}`, role: 'player' }) : seatView({ seat: s.seat })));
  return { ...base, seats };
}

describe('a full table', () => {
  it('is full when every seat is taken', () => {
    expect(tableFull(lobbyTable(6))).toBe(true);
    expect(tableFull(lobbyTable(5))).toBe(false);
    expect(seatFree(watched(6))).toBe(false);
    expect(seatFree(watched(5))).toBe(true);
  });

  it.each(LANGUAGES)('has a lobby tile that says so and offers to watch, not to sit down (%s)', (lng) => {
    const draw = (taken: number) => renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, createElement(TableTile, { table: lobbyTable(taken), onOpen: () => undefined })));
    const { lobby } = CATALOGS[lng];
    const full = draw(6);
    expect(full).toContain('data-testid="table-full-table-2"');
    expect(text(full)).toContain(norm(lobby.full));
    expect(text(full).endsWith(norm(lobby.watch))).toBe(true);
    const open = draw(5);
    expect(open).not.toContain('table-full-');
    expect(text(open).endsWith(norm(lobby.sit))).toBe(true);
    expect(lobby.watch).not.toBe(lobby.sit);
  });

  it.each(LANGUAGES)('offers no Sit down to a spectator while no seat is free, and says the table is full (%s)', (lng) => {
    const i18n = createI18n(lng);
    const phase = (v: TableView) =>
      text(renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(PhaseMessage, { view: v, you: v.you as YouView, stage: { kind: 'empty' }, status: 'open', waiting: null, waitDeadline: null }))));
    expect(phase(watched(6))).toBe(norm(CATALOGS[lng].phase.full));
    expect(phase(watched(5))).toBe(norm(CATALOGS[lng].phase.spectator));
    expect(CATALOGS[lng].phase.full).not.toBe(CATALOGS[lng].phase.spectator);
    expect(renderTableLayout(watched(6), lng)).not.toContain('data-testid="sit-down"');
    expect(renderTableLayout(watched(5), lng)).toContain('data-testid="sit-down"');
  });
});
