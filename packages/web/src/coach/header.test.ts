/**
 * The coach, trainer and daily-challenge pages have the site header the lobby, the table and the lab have
 * (tester: no language switcher, Help or balance there), and the trainer shows its cards in the table's order.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { cardTexts, parseCards, type Card } from '@paigow/engine';
import type { PlayerSummary } from '@paigow/protocol';
import { createI18n } from '../app/i18n/index.js';
import type { Api } from '../net/http.js';
import { sortForDisplay } from '../table-ui/model.js';
import { CoachPage } from './CoachPage.js';
import { DailyPage } from './DailyPage.js';
import { cardsForDisplay, TrainerPage } from './TrainerPage.js';
import { HouseWayLab } from '../lab/HouseWayLab.js';
import { AuditPage } from '../fairness/AuditPage.js';
import { VerifyPage } from '../fairness/VerifyPage.js';

const player: PlayerSummary = { id: 'p1', nickname: 'Hal', balanceCents: 123_450, compPoints: 42, language: null };
// The pages ask the server in effects, which a static render never runs.
const api = {} as Api;
const render = (page: ReactElement) => renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n('en') }, page));
/** The header's markup. */
const header = (html: string) => /<header class="topbar">.*?<\/header>/s.exec(html)?.[0] ?? '';

describe('the site header over the coach pages', () => {
  const noop = () => undefined;
  it.each([
    ['coach', () => createElement(CoachPage, { api, token: 't', player, onBack: noop })],
    ['daily', () => createElement(DailyPage, { api, token: 't', player, onBack: noop })],
    ['trainer', () => createElement(TrainerPage, { player, onBack: noop })],
  ])('%s: the language switcher, Help, the way back and the balance', (_name, page) => {
    const bar = header(render(page()));
    for (const id of ['language', 'help-open', 'four-colour', 'coach-back', 'balance', 'comp-points']) expect(bar).toContain(`data-testid="${id}"`);
    expect(bar).toContain('$1,234.50');
    expect(bar).toContain('Hal');
  });

  it('trainer without sign-in: the header without a balance', () => {
    const bar = header(render(createElement(TrainerPage, { player: null, onBack: noop })));
    expect(bar).toContain('data-testid="language"');
    expect(bar).toContain('data-testid="help-open"');
    expect(bar).not.toContain('data-testid="balance"');
  });
});

describe('the site\'s navigation', () => {
  const noop = () => undefined;
  // A tester: the verify page had no link to the coach, which the lobby had.
  it.each([
    ['coach', () => createElement(CoachPage, { api, token: 't', player, onBack: noop })],
    ['daily', () => createElement(DailyPage, { api, token: 't', player, onBack: noop })],
    ['trainer', () => createElement(TrainerPage, { player: null, onBack: noop })],
    ['house-way-lab', () => createElement(HouseWayLab, { onLeave: noop })],
    ['verify', () => createElement(VerifyPage, { roundId: 'r1', onBack: noop })],
    ['fairness-audit', () => createElement(AuditPage, { onBack: noop })],
  ])('%s: the lab, the coach, the trainer and the daily challenge, the page shown marked', (name, page) => {
    const nav = /<nav [^>]*data-testid="site-nav".*?<\/nav>/s.exec(render(page()))?.[0] ?? '';
    const links = Array.from(nav.matchAll(/<a [^>]*data-testid="([a-z-]+)"/g), (m) => m[1]);
    expect(links).toEqual(['lab-link', 'coach-link', 'trainer-link', 'daily-link']);
    const current = /<a [^>]*href="#\/([a-z-]+)"[^>]*aria-current="page"/.exec(nav)?.[1] ?? null;
    expect(current).toBe(['verify', 'fairness-audit'].includes(name) ? null : name);
  });
});

describe('the trainer\'s cards', () => {
  it('are shown in the table\'s order (sortForDisplay), not as dealt', () => {
    const parsed = parseCards(['3s', 'As', 'Jk', 'Td', 'Ac', '7h', 'Kc']);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const dealt: Card[] = parsed.value;
    expect(cardTexts(cardsForDisplay(dealt))).toEqual(sortForDisplay(cardTexts(dealt)));
    expect(cardTexts(cardsForDisplay(dealt))).toEqual(['Jk', 'As', 'Ac', 'Kc', 'Td', '7h', '3s']);
  });
});
