/**
 * Cards drawn as text are said by their names (a keyboard and screen-reader tester, fault 5, in every language): the
 * history rows, the Hint's and the verify page's cards read as symbols ("K♠ J♣ 10♠ 9♦ 8♣ | 8♥ 4♥", the letters English
 * in every language), and the house-way explanation buttons' names ended in the "▾" drawn after them. The symbols stay
 * on screen, hidden from a screen reader; it hears the names in the page's language beside them.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry, TableView } from '@paigow/protocol';
import { stageOf } from '../table-ui/model.js';
import { cardNames } from '../table-ui/card-name.js';
import { HAND, HAND_EXPLANATION, houseRound, seatResult, tableView } from '../testing/table-view.js';
import { createI18n, LANGUAGES } from './i18n/index.js';
import { History } from './History.js';
import { MiniCardList, MiniHands } from './MiniCards.js';
import { Explanation } from './HouseWayExplanation.js';

const SUITS = /[♠♥♦♣]/;
const draw = (lng: string, el: ReactElement) => renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, el));
/** The text a screen reader gets: what is not inside an `aria-hidden` element (the mini cards hold no element). */
const spoken = (html: string) => html.replace(/<(\w+)[^>]*aria-hidden="true"[^>]*>[^<]*<\/\1>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/[ \t\n]+/g, ' ');
const shown = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/[ \t\n]+/g, ' ');
const names = (lng: string, cards: readonly string[]) => cardNames(createI18n(lng).t, cards);

describe.each(LANGUAGES)('cards in text (%s)', (lng) => {
  it('says a setting with the cards named, highest first, and keeps the symbols on screen', () => {
    const html = draw(lng, createElement(MiniHands, { high: ['9d', 'Ks', '8c', 'Js', 'Ts'], low: ['4h', '8h'] }));
    const said = spoken(html);
    expect(said).not.toMatch(SUITS);
    expect(said).not.toContain('|');
    const i18n = createI18n(lng);
    expect(said).toContain(i18n.t('a11y.hands', { high: names(lng, ['Ks', 'Js', 'Ts', '9d', '8c']).join(', '), low: names(lng, ['8h', '4h']).join(', ') }));
    expect(shown(html)).toContain('K♠');
  });

  it('says a hand as dealt (the verify page) with its cards named, the joker by its word', () => {
    const html = draw(lng, createElement(MiniCardList, { cards: [...HAND] }));
    expect(spoken(html)).not.toMatch(SUITS);
    expect(spoken(html)).toContain(names(lng, HAND).join(', '));
    expect(shown(html)).toContain('A♠');
  });

  it('says the cards of a history row by their names', () => {
    const mine = seatResult({});
    const entry: HistoryEntry = { roundId: 'r-1', tableId: 'table-1', role: 'player', status: 'settled', netCents: mine.netCents, compPointsDelta: 0, result: houseRound({ players: [mine] }), refundReason: null, openedAt: 0, closedAt: 1 };
    const html = draw(lng, createElement(History, { entries: [entry], money: (c: number) => `$${c / 100}`, tableNames: new Map() }));
    expect(spoken(html)).not.toMatch(SUITS);
    for (const name of names(lng, [...mine.setting.high, ...mine.setting.low])) expect(spoken(html)).toContain(name);
    expect(shown(html)).toMatch(SUITS);
  });

  it('names a house-way explanation button with the cards by their names, without the symbols or the "▾"', () => {
    const view: TableView = tableView({ phase: 'setting', roundId: 'r-2' }, { cards: [...HAND], houseWay: { rule: '8.split-aces', explanation: HAND_EXPLANATION } });
    const html = draw(lng, createElement(Explanation, { view, stage: stageOf(view), who: 'you' }));
    // Its accessible name: the visually hidden words (the symbols shown are hidden from a screen reader).
    const label = /<span class="visually-hidden">([^<]*)<\/span>/.exec(html)?.[1] ?? '';
    expect(html).toMatch(/class="explanation__text" aria-hidden="true"/);
    expect(html).not.toMatch(/aria-label=/);
    expect(label).not.toMatch(SUITS);
    expect(label).not.toContain('▾');
    for (const name of names(lng, ['7d', '7c'])) expect(label).toContain(name);
    expect(shown(html)).toContain('7♦');
  });
});
