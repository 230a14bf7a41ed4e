/**
 * Comp points are written like the page's other numbers (tester: the lobby showed a banker's negative comp
 * points as "-29", with a hyphen, while money has "−"): in the page's language, "−" (U+2212) for negatives,
 * in the lobby, the table's top bar (`comp-points`) and the reason Be the banker is disabled.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Api } from '../net/http.js';
import { tableConfig, tableView } from '../testing/table-view.js';
import { bankBlockText } from './BankStatus.js';
import { createI18n, formatMoney, formatPoints } from './i18n/index.js';
import { Lobby } from './Lobby.js';
import { TableTopBar } from './TableTopBar.js';

/** The text of the element with `data-testid="<testid>"` (no nested elements). */
const testidText = (html: string, testid: string) => new RegExp(`data-testid="${testid}"[^>]*>([^<]*)<`).exec(html)?.[1];

/** The points of each language: a negative value and one with a thousands separator. */
const WANT: readonly (readonly [string, number, string])[] = [
  ['en', -29, '−29'],
  ['en', -1234, '−1,234'],
  ['en', 1234, '1,234'],
  ['de', -1234, '−1.234'],
  ['fr', -1234, '−1\u202f234'],
  ['ru', -1234, '−1\u00a0234'],
  ['es', -29, '−29'],
  ['es', 0, '0'],
];

describe('formatPoints', () => {
  it.each(WANT)('%s, %i → %s', (lng, points, want) => {
    expect(formatPoints(lng, points)).toBe(want);
  });

  it('uses the minus sign money uses, never a hyphen', () => {
    expect(formatPoints('en', -29)[0]).toBe(formatMoney('en', -2900)[0]);
    expect(formatPoints('en', -29)).not.toContain('-');
  });
});

describe('where comp points are shown', () => {
  it.each(WANT)('the lobby, %s, %i → %s', (lng, points, want) => {
    const session = { token: 't', player: { id: 'p1', nickname: 'Ada', balanceCents: 100_000, compPoints: points, language: null } };
    const lobby = createElement(Lobby, { api: {} as Api, session, onSit: () => undefined, onSignOut: () => undefined, onPlayer: () => undefined });
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, lobby));
    expect(testidText(html, 'comp-points')).toBe(want);
    expect(html).toContain(`data-points="${points}"`);
  });

  it.each(WANT)('the table’s top bar, %s, %i → %s', (lng, points, want) => {
    const view = tableView({ config: tableConfig() }, { compPoints: points });
    const you = view.you;
    if (you === null) throw new Error('the fixture has a viewer');
    const bar = createElement(TableTopBar, {
      view,
      you,
      lastRound: null,
      tableNames: new Map<string, string>(),
      money: (cents: number, signed?: boolean) => formatMoney(lng, cents, signed),
      onLeave: () => undefined,
      onTopUp: () => undefined,
    });
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, bar));
    expect(testidText(html, 'comp-points')).toBe(want);
  });

  it('why Be the banker is disabled: "you have −29"', () => {
    const t = createI18n('en').t;
    const text = bankBlockText(t, (c) => formatMoney('en', c), { kind: 'comp-points', needed: 1500, have: -29 }, '1.5%', 'en');
    expect(text).toBe('Banking needs 1,500 comp points; you have −29.');
  });
});
