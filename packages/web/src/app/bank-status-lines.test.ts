/**
 * The bank status lines (tester at table-3, playing as the banker): Stop banking pressed during a dealt round
 * is taken (`BankerView.leaving`), and the banker and the players are told the bank ends after this round, in
 * every language, not only by a greyed button.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { BankerView, TableView } from '@paigow/protocol';
import { seatView, tableConfig, tableView } from '../testing/table-view.js';
import { BankRoom, LeaveBank } from './BankStatus.js';
import { createI18n, LANGUAGES } from './i18n/index.js';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/[ \t\n]+/g, ' ');
const config = tableConfig({ seats: 3, playerBanking: true, limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: null } });
const bea = (over: Partial<Extract<BankerView, { kind: 'player' }>> = {}): BankerView => ({ kind: 'player', seat: 0, nickname: 'Bea', autoApprove: false, approved: true, leaving: false, roomCents: 0, ...over });

function draw(lng: string, el: ReactElement): { shown: string; html: string; t: (k: string, o?: Record<string, unknown>) => string } {
  const i18n = createI18n(lng);
  const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, el));
  return { shown: text(html), html, t: (k, o) => i18n.t(k, o ?? {}) };
}

/** A dealt round at table-3 banked by Bea; `role` is the viewer's. */
const dealt = (role: 'banker' | 'player', banker: BankerView): TableView =>
  tableView({ config, phase: 'setting', roundId: 'r-9', banker }, { role, seat: role === 'banker' ? 0 : 1, nickname: role === 'banker' ? 'Bea' : 'Ada' });

describe('Stop banking taken during a round', () => {
  it.each(LANGUAGES)('tells the banker (%s) its bank ends after this round', (lng) => {
    const leaving = draw(lng, createElement(LeaveBank, { view: dealt('banker', bea({ leaving: true })), onLeave: () => undefined }));
    expect(leaving.html).toContain('data-testid="leave-bank-note"');
    expect(leaving.shown).toContain(leaving.t('bank.leavingYou'));
    expect(leaving.html).toMatch(/data-testid="leave-bank"[^>]*disabled/);
    const staying = draw(lng, createElement(LeaveBank, { view: dealt('banker', bea()), onLeave: () => undefined }));
    expect(staying.html).not.toContain('leave-bank-note');
  });

  it.each(LANGUAGES)('tells the players (%s) in the bank status line, whatever the phase', (lng) => {
    const r = draw(lng, createElement(BankRoom, { view: dealt('player', bea({ leaving: true })), money }));
    expect(r.html).toContain('data-testid="bank-leaving"');
    expect(r.shown).toContain(r.t('bank.leaving', { nickname: 'Bea' }));
    expect(r.shown).toContain('Bea');
    expect(draw(lng, createElement(BankRoom, { view: dealt('player', bea()), money })).html).toBe('');
  });

  it('says it in English words', () => {
    expect(draw('en', createElement(LeaveBank, { view: dealt('banker', bea({ leaving: true })), onLeave: () => undefined })).shown).toContain('Your bank ends after this round.');
    expect(draw('en', createElement(BankRoom, { view: dealt('player', bea({ leaving: true })), money })).shown).toContain('Bea’s bank ends after this round.');
  });
});

describe("the banker's own cover and the room left (it never saw them)", () => {
  /** Betting at table-3: Bea banks from seat 0, Ada bet 25.00 from seat 1; the bank can take 150.00 more. */
  const betting = (banker: BankerView): TableView => {
    const v = tableView({ config, banker }, { role: 'banker', seat: 0, nickname: 'Bea' });
    return { ...v, seats: [v.seats[0], seatView({ seat: 1, nickname: 'Ada', role: 'player', bets: { main: 2_500, fortune: 0 } }), v.seats[2]] };
  };

  it.each(LANGUAGES)('shows the banker (%s) the main bets its cover pays and the room left, once approved', (lng) => {
    const r = draw(lng, createElement(BankRoom, { view: betting(bea({ roomCents: 15_000 })), money }));
    expect(r.html).toContain('data-testid="bank-cover"');
    expect(r.html).toContain('data-cover-cents="17500"');
    expect(r.shown).toContain(r.t('bank.yourCover', { cover: '$175.00', room: '$150.00' }));
    const full = draw(lng, createElement(BankRoom, { view: betting(bea({ roomCents: 50 })), money }));
    expect(full.shown).toContain(full.t('bank.yourCoverFull', { cover: '$25.00', room: '$0.00' }));
  });

  it("shows the banker's room and what its cover pays in whole bet units, what bets can use (a tester's read $49.09 more)", () => {
    const odd = draw('en', createElement(BankRoom, { view: betting(bea({ roomCents: 4_909 })), money }));
    expect(odd.shown).toContain('Your cover pays up to $74.00 in main bets; the bank can take $49.00 more.');
    expect(odd.html).toContain('data-cents="4900"');
    // 0.94 left of a 1.00 unit: full, not "$0.94 more".
    expect(draw('en', createElement(BankRoom, { view: betting(bea({ roomCents: 94 })), money })).shown).toContain('Your cover pays up to $25.00 in main bets; the bank is full this round.');
  });

  it('says nothing before the approval (no cover held yet), and keeps it through the dealt round', () => {
    expect(draw('en', createElement(BankRoom, { view: betting(bea({ approved: false, roomCents: 0 })), money })).html).toBe('');
    expect(draw('en', createElement(BankRoom, { view: betting(bea({ roomCents: 15_000 })), money })).shown).toContain('Your cover pays up to $175.00 in main bets; the bank can take $150.00 more.');
    expect(draw('en', createElement(BankRoom, { view: dealt('banker', bea({ approved: false, roomCents: 0 })), money })).html).toContain('bank-cover');
  });
});

