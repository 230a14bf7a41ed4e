/**
 * A player-banker tester at a table whose bank could take 14.48 more, with 50.00 of their own already bet: the
 * bank's line said "The bank can take $14.48 more." while the reason Double was off said, at the same moment,
 * "The bank can take only $64.48 more." (the most their own bet may be, their 50.00 counted in). The reason now
 * says what it counts, the player's own bet, in every language; the bank's line keeps the bank's room.
 *
 * Then at table-3 (1–100) a player with $1 down whose bank could take $0.45 more read at once "The bank is full: it
 * cannot cover another bet this round." and "Your bet can be $1.45 at most: the bank can take no more.": bets are
 * whole units (`betUnitCents`, docs/server.md "Bets and chips"), so the most a bet can be is the player's bet plus
 * the whole units the room takes, and with no whole unit more the player reads only that the bank is full.
 */
import { describe, expect, it } from 'vitest';
import type { BankerView, TableView } from '@paigow/protocol';
import { tableConfig, tableView } from '../testing/table-view.js';
import { dragonRoomView, renderTableLayout } from '../testing/table-layout.js';
import { bankRoom } from '../table-ui/bank-status.js';
import { betsBlockText } from './BetTools.js';
import { createI18n, LANGUAGES } from './i18n/index.js';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const banker: BankerView = { kind: 'player', seat: 0, nickname: 'Ola', autoApprove: false, approved: true, leaving: false, roomCents: 1_448 };
const view = tableView({ config: tableConfig({ seats: 4, playerBanking: true }), phase: 'betting', banker }, { seat: 1, nickname: 'Max', bets: { main: 5_000, fortune: 0 } });

describe('why a bet is over what the bank can take', () => {
  it('names the most the player may bet, as the player’s own limit, not a second room of the bank', () => {
    const t = createI18n('en').t;
    const reason = betsBlockText(t, money, 'bank-full', view, view.you!, 10_000);
    // $50.00 down and the 14 whole units of the $14.48 room.
    expect(reason).toBe('Your bet can be $64.00 at most: the bank can take no more.');
    expect(t('bank.room', { amount: money(1_448) })).toBe('The bank can take $14.48 more.');
  });

  it.each(LANGUAGES)('gives the amount in %s', (lng) => {
    const t = createI18n(lng).t;
    expect(betsBlockText(t, money, 'bank-full', view, view.you!, 10_000)).toContain('$64.00');
  });
});

/** Table-3 (1–100, Ada in seat 0 with `mainCents` down) while Bea (seat 1) banks with `roomCents` left. */
function tableThree(roomCents: number, mainCents: number): TableView {
  const bea: BankerView = { kind: 'player', seat: 1, nickname: 'Bea', autoApprove: true, approved: true, leaving: false, roomCents };
  const v = dragonRoomView({ phase: 'betting', banker: bea }, { bets: { main: mainCents, fortune: 0 } });
  const seats = v.seats.map((s) => (s.seat === 1 ? { ...s, role: 'banker' as const } : s.seat === 0 ? { ...s, bets: { main: mainCents, fortune: 0 } } : s));
  return { ...v, seats };
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the most a bet can be against a player bank is in whole bet units', () => {
  it.each(LANGUAGES)('%s: 1.00 down and 1.45 of room: the bet can be 2.00, not 2.45', (lng) => {
    const t = createI18n(lng).t;
    const v = tableThree(145, 100);
    const reason = betsBlockText(t, money, 'bank-full', v, v.you!, 400);
    expect(reason).toContain('$2.00');
    expect(reason).not.toContain('$2.45');
  });

  it.each(LANGUAGES)('%s: 1.00 down and 0.45 of room: only that the bank is full, once, never a most of 1.45', (lng) => {
    const t = createI18n(lng).t;
    const v = tableThree(45, 100);
    expect(betsBlockText(t, money, 'bank-full', v, v.you!, 200)).toBe(t('bank.full'));
    const screen = text(renderTableLayout(v, lng));
    const full = text(t('bank.full').replace(/'/g, '&#x27;'));
    expect(screen.split(full).length - 1).toBe(1);
    expect(screen).not.toMatch(/1[.,]45/);
  });

  it('is the bet on the table plus the whole units of the room; with none on it, at least the table minimum', () => {
    const config = tableConfig({ seats: 3, playerBanking: true, limits: { main: { minCents: 500, maxCents: 50_000 }, fortune: null } });
    const at = (roomCents: number, mainCents: number) =>
      bankRoom(tableView({ config, phase: 'betting', banker: { ...banker, seat: 2, roomCents } }, { bets: { main: mainCents, fortune: 0 } }));
    expect(at(1_448, 5_000)).toEqual({ roomCents: 1_400, largestCents: 6_400, full: false });
    expect(at(99, 5_000)).toEqual({ roomCents: 0, largestCents: 5_000, full: true });
    // $3 more fits a bet already down, not a new one under the $5 minimum.
    expect(at(300, 500)).toEqual({ roomCents: 300, largestCents: 800, full: false });
    expect(at(300, 0)).toEqual({ roomCents: 300, largestCents: 0, full: true });
    expect(at(500, 0)).toEqual({ roomCents: 500, largestCents: 500, full: false });
  });
});
