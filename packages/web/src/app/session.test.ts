import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from './i18n/index.js';
import { newTabHref, parseRoute, routeHash } from './session.js';
import { VerifyLink } from '../fairness/VerifyLink.js';

describe('routes', () => {
  it('round-trips the table route through the hash', () => {
    expect(parseRoute(routeHash({ screen: 'table', tableId: 'table-1' }))).toEqual({ screen: 'table', tableId: 'table-1' });
    expect(parseRoute('#/')).toEqual({ screen: 'lobby' });
    expect(parseRoute('')).toEqual({ screen: 'lobby' });
    expect(parseRoute('#/table/a%20b')).toEqual({ screen: 'table', tableId: 'a b' });
  });

  it('round-trips the coach\'s pages (issue 17)', () => {
    for (const screen of ['coach', 'trainer', 'daily'] as const) expect(parseRoute(routeHash({ screen }))).toEqual({ screen });
    expect(routeHash({ screen: 'daily' })).toBe('#/daily');
  });
});

describe('a link that opens a new tab', () => {
  // A player's finding: Verify, opened from the history of a visit in German (?lang=de), was in English.
  it("carries the page's language", () => {
    expect(newTabHref({ screen: 'verify', roundId: 'r 1', you: 0 }, 'de')).toBe('?lang=de#/verify/r%201?you=0');
    expect(newTabHref({ screen: 'fairness-audit' }, 'es')).toBe('?lang=es#/fairness-audit');
    const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n('de') }, createElement(VerifyLink, { roundId: 'r-1', you: 2, said: 'Prüfen: Runde' })));
    expect(html).toContain('href="?lang=de#/verify/r-1?you=2"');
    expect(html).toContain('target="_blank"');
  });
});
