/**
 * "Be the banker" after an approval timeout (tester at table-3): Bob took the bank and let the 35 s approval run
 * out; everyone then saw "You cannot take the bank right now." (`data-kinds="unknown"`), and the other players'
 * toast said "Bob stopped banking". The view says the house banks the next round (`banker.houseBanksNext`), the
 * reason is named in every language, and the others are told Bob's approval time ran out.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { BankerView, TableView } from '@paigow/protocol';
import { seatView, tableConfig, tableView } from '../testing/table-view.js';
import { bankBlocks, bankChange } from '../table-ui/bank-status.js';
import { TakeBank } from './BankStatus.js';
import { bankChangeText } from './useBankChange.js';
import { createI18n, LANGUAGES } from './i18n/index.js';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/[ \t\n]+/g, ' ');
const config = tableConfig({ seats: 3, playerBanking: true, bankMinCompPoints: 0, bankMinBalanceCents: 10_150, limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: null } });
const bob: BankerView = { kind: 'player', seat: 1, nickname: 'Bob', autoApprove: false, approved: false, leaving: false, roomCents: 0 };

/** Ada's view at table-3: Bob, at seat 1, asked to approve until 35 000 (`asked`), or the house banking after him. */
function ada(banker: BankerView, serverNowMs: number, over: Partial<TableView['you'] & object> = {}): TableView {
  const v = tableView({ config, phase: banker.kind === 'player' ? 'approval' : 'betting', serverNowMs, banker }, { seat: 0, nickname: 'Ada', balanceCents: 50_000, compPoints: 10, ...over });
  const bobSeat = seatView({ seat: 1, nickname: 'Bob', role: banker.kind === 'player' ? 'banker' : 'player', deadlineMs: banker.kind === 'player' ? 35_000 : null });
  return { ...v, seats: [v.seats[0], bobSeat, v.seats[2]] };
}
const asked = ada(bob, 1_000);
const timedOut = ada({ kind: 'house', houseBanksNext: true, ended: 'approval-timeout' }, 35_000);

function draw(lng: string, el: ReactElement): { shown: string; html: string; t: (k: string, o?: Record<string, unknown>) => string } {
  const i18n = createI18n(lng);
  const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, el));
  return { shown: text(html), html, t: (k, o) => i18n.t(k, o ?? {}) };
}

describe('"Be the banker" while the house banks the next round', () => {
  it('names the reason (bank/house-banks-next), not "unknown", and still lists the other missing requirements', () => {
    expect(bankBlocks(timedOut)).toEqual([{ kind: 'house-banks-next' }]);
    expect(bankBlocks(ada({ kind: 'house', houseBanksNext: true }, 35_000, { balanceCents: 100 }))).toEqual([
      { kind: 'house-banks-next' },
      { kind: 'balance', neededCents: 10_150, haveCents: 100 },
    ]);
  });

  it.each(LANGUAGES)('says it in %s', (lng) => {
    const r = draw(lng, createElement(TakeBank, { view: timedOut, money, feeRate: '1.5%', onTake: () => undefined }));
    expect(r.html).toContain('data-kinds="house-banks-next"');
    expect(r.shown).toContain(r.t('bank.reason.house-banks-next'));
    expect(r.shown).not.toContain(r.t('bank.reason.unknown'));
  });

  it('says it in English words', () => {
    expect(draw('en', createElement(TakeBank, { view: timedOut, money, feeRate: '1.5%', onTake: () => undefined })).shown).toContain(
      'The house banks the next round: the last bank ended before a round was dealt, or its approval timed out. Then you can take the bank.',
    );
  });
});

describe("the other players' notice when the bank ends", () => {
  it('tells a timed-out approval from a banker who stopped, and a bank left before its first round', () => {
    expect(bankChange(asked, timedOut)).toEqual({ kind: 'approval-timeout', nickname: 'Bob' });
    // Bob pressed Stop banking while asked to approve, before any round under his bank.
    expect(bankChange(asked, ada({ kind: 'house', houseBanksNext: true, ended: 'left' }, 20_000))).toEqual({ kind: 'house-banks-next', nickname: 'Bob' });
    // Bob stopped after banking a round: the house banks, and the bank is open to the others.
    const banking = ada({ ...bob, approved: true }, 1_000);
    expect(bankChange({ ...banking, phase: 'betting' }, ada({ kind: 'house', ended: 'left' }, 2_000))).toEqual({ kind: 'stopped', nickname: 'Bob' });
    // Bob's balance no longer covered a bank after a round, or he stayed away past his seat hold (tester: both read
    // "Bob stopped banking" before).
    expect(bankChange({ ...banking, phase: 'betting' }, ada({ kind: 'house', ended: 'balance' }, 2_000))).toEqual({ kind: 'balance', nickname: 'Bob' });
    expect(bankChange({ ...banking, phase: 'betting' }, ada({ kind: 'house', ended: 'disconnected' }, 2_000))).toEqual({ kind: 'away', nickname: 'Bob' });
    // Bob's comp points fell below what banking needs (rules.md §5): not "Bob stopped banking" either.
    expect(bankChange({ ...banking, phase: 'betting' }, ada({ kind: 'house', ended: 'comp-points' }, 2_000))).toEqual({ kind: 'comp-points', nickname: 'Bob' });
    expect(bankChange(asked, asked)).toBeNull();
    expect(bankChange(timedOut, timedOut)).toBeNull();
  });

  it.each(LANGUAGES)("says in %s that Bob's approval time ran out and the house banks the next round", (lng) => {
    const i18n = createI18n(lng);
    const t = i18n.t.bind(i18n) as Parameters<typeof bankChangeText>[0];
    const said = bankChangeText(t, { kind: 'approval-timeout', nickname: 'Bob' });
    expect(said).toBe(i18n.t('notices.bankTimedOut', { nickname: 'Bob' }));
    expect(said).toContain('Bob');
    expect(said).not.toBe(bankChangeText(t, { kind: 'stopped', nickname: 'Bob' }));
    expect(bankChangeText(t, { kind: 'house-banks-next', nickname: 'Bob' })).toBe(i18n.t('notices.bankEndedUndealt', { nickname: 'Bob' }));
  });

  it('says it in English words', () => {
    const i18n = createI18n('en');
    const t = i18n.t.bind(i18n) as Parameters<typeof bankChangeText>[0];
    expect(bankChangeText(t, { kind: 'approval-timeout', nickname: 'Bob' })).toBe('Bob’s approval time ran out: the house banks the next round.');
    expect(bankChangeText(t, { kind: 'stopped', nickname: 'Bob' })).toBe('Bob stopped banking: the house banks now.');
    expect(bankChangeText(t, { kind: 'balance', nickname: 'Bob' })).toBe('Bob’s balance no longer covers the bank: the house banks now.');
    expect(bankChangeText(t, { kind: 'away', nickname: 'Bob' })).toBe('Bob was away too long and lost the seat: the house banks now.');
    expect(bankChangeText(t, { kind: 'comp-points', nickname: 'Bob' })).toBe('Bob’s comp points no longer cover the bank: the house banks now.');
  });

  it.each(LANGUAGES)('says in %s why the bank ended, each reason in its own words', (lng) => {
    const i18n = createI18n(lng);
    const t = i18n.t.bind(i18n) as Parameters<typeof bankChangeText>[0];
    const kinds = ['approval-timeout', 'house-banks-next', 'balance', 'comp-points', 'away', 'stopped'] as const;
    const said = kinds.map((kind) => bankChangeText(t, { kind, nickname: 'Bob' }));
    expect(new Set(said).size).toBe(kinds.length);
    for (const text of said) {
      expect(text).toContain('Bob');
      expect(text).not.toMatch(/notices\./);
    }
  });
});
