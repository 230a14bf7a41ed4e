/**
 * A history row reads like its round (issue 10 point 12, found by QA; a player's finding): it is headed by the round's
 * net over every bet, as the result banner is ("Main bet: Win" headed a row of −$2.15, a $3 main bet won beside a $5
 * Fortune bet lost), names the main bet's outcome beside the bets, and colours the net by its sign.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { HistoryEntry, SeatResultView } from '@paigow/protocol';
import { houseRound, seatResult } from '../testing/table-view.js';
import { History } from './History.js';
import { createI18n, formatMoney } from './i18n/index.js';
import { ResultBanner } from './ResultBanner.js';
import { seatResultOf } from '../table-ui/model.js';

const i18n = createI18n('en');
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const money = (cents: number, signed = false) => `${signed && cents > 0 ? '+' : cents < 0 ? '−' : ''}$${Math.abs(cents) / 100}`;

/** Ada's push on the main bet beside a lost Fortune bet of 14.00. */
const seat = (over: Partial<SeatResultView>): SeatResultView =>
  seatResult({ bets: { main: 1000, fortune: 1400 }, low: 'lose', outcome: 'push', commissionCents: 0, fortune: { line: null, netCents: -1400 }, netCents: -1400, compPointsDelta: 24, ...over });

const entry = (mine: SeatResultView): HistoryEntry => {
  const result = houseRound({ players: [mine], bankerNetCents: -mine.netCents });
  return { roundId: 'r-1', tableId: 'table-1', role: 'player', status: 'settled', netCents: mine.netCents, compPointsDelta: mine.compPointsDelta, result, refundReason: null, openedAt: 0, closedAt: 1 };
};

function draw(e: HistoryEntry): string {
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(History, { entries: [e], money, tableNames: new Map([['table-1', 'Table 1']]) })));
}

describe('a history row', () => {
  it('leads with the net beside a Fortune bet, names the main bet\'s outcome beside the bets, and colours the net by its sign', () => {
    const html = draw(entry(seat({})));
    expect(html).toMatch(/<strong>\s*Loss\s*<\/strong>/);
    expect(text(html)).toContain('Bet $10 · Main bet: push — your bet comes back · Fortune $14: no winning hand −$14');
    expect(html).toContain('history-row--lose');
    expect(html).toContain('history-row__net--lose');
    expect(html).not.toMatch(/<strong>\s*(Push|Main bet)/);
  });

  it('heads a main bet won beside a larger Fortune bet lost as a loss (a player\'s round: $3 won, $5 lost, −$2.15)', () => {
    const won = seat({ bets: { main: 300, fortune: 500 }, outcome: 'win', high: 'win', low: 'win', commissionCents: 15, fortune: { line: null, netCents: -500 }, netCents: -215 });
    const html = draw(entry(won));
    expect(html).toMatch(/<strong>\s*Loss\s*<\/strong>/);
    expect(text(html)).toContain('Main bet won $2.85 after $0.15 commission');
    expect(html).toContain('history-row--lose');
    expect(html).toContain('data-result="win"');
  });

  it.each([
    ['ru', 'Проигрыш', 'Выигрыш'],
    ['fr', 'Perte', 'Gain'],
    ['de', 'Verlust', 'Gewinn'],
    ['es', 'Pérdida', 'Ganancia'],
  ])('heads the row by its net in %s', (lng, loss, win) => {
    const i18nOf = createI18n(lng);
    const drawn = (mine: SeatResultView): string =>
      renderToStaticMarkup(createElement(I18nextProvider, { i18n: i18nOf }, createElement(History, { entries: [entry(mine)], money, tableNames: new Map([['table-1', 'T']]) })));
    expect(drawn(seat({ outcome: 'win', netCents: -215, fortune: { line: null, netCents: -500 } }))).toMatch(new RegExp(`<strong>\\s*${loss}\\s*</strong>`));
    expect(drawn(seat({ outcome: 'lose', netCents: 500, fortune: { line: 'flush', netCents: 1_500 } }))).toMatch(new RegExp(`<strong>\\s*${win}\\s*</strong>`));
  });

  it('says the outcome alone without a Fortune bet', () => {
    const html = draw(entry(seat({ bets: { main: 1000, fortune: 0 }, fortune: null, netCents: 0, outcome: 'push' })));
    expect(text(html)).toContain('Push');
    expect(text(html)).not.toContain('Main bet');
    expect(html).toContain('history-row__net--push');
  });

  it("shows the coach's grade of the setting, with what it gave up at the bet placed (issue 17)", () => {
    const graded = { ...entry(seat({ bets: { main: 1000, fortune: 0 }, fortune: null, netCents: 0 })), grade: { playedEv: -0.0123, bestEv: 0.0377, houseWayEv: 0.0377, evLost: 0.05 } };
    const shown = text(draw(graded));
    expect(shown).toContain('Your setting: EV −1.23% · best +3.77% · house way +3.77%');
    expect(shown).toContain('You gave up 5.00% of the bet ($0.5)');
    expect(text(draw({ ...graded, grade: { playedEv: 0.0377, bestEv: 0.0377, houseWayEv: 0.0377, evLost: 0 } }))).toContain('You made the best setting.');
    expect(text(draw(entry(seat({}))))).not.toContain('Your setting');
  });

  it('reads a round still in play as in play: no result, the money held named as held, no Verify (the server answers 409)', () => {
    const open: HistoryEntry = { roundId: 'r-2', tableId: 'table-1', role: 'banker', status: 'open', netCents: -16037, compPointsDelta: 0, result: null, refundReason: null, openedAt: 0, closedAt: null };
    const html = draw(open);
    const shown = text(html);
    expect(shown).toContain('In play');
    expect(shown).toContain('Held: $160.37');
    expect(shown).not.toMatch(/Loss|Win|Push/);
    expect(shown).not.toContain('−$160.37');
    expect(html).not.toContain('history-verify');
    expect(html).toContain('data-result="open"');
    expect(html).not.toContain('history-row__net--lose');
  });

  // A tester's (en at 360×740, fr at 412×915): a $10 main bet lost beside a Fortune Straight that paid $10, net $0. The
  // banner said "You broke even" ("Ni gain ni perte") and the history row "Push" ("Égalité"): a push is the main bet's tie.
  describe('is headed as the result banner heads the round, for every net', () => {
    const nets: [string, 'win' | 'lose' | 'push' | 'even', Partial<SeatResultView>][] = [
      ['broke even through the Fortune bet', 'even', { outcome: 'lose', high: 'lose', low: 'lose', commissionCents: 0, bets: { main: 1000, fortune: 500 }, fortune: { line: 'straight', netCents: 1000 }, netCents: 0 }],
      ['the main bet pushed, nothing else played', 'push', { outcome: 'push', low: 'lose', commissionCents: 0, bets: { main: 1000, fortune: 0 }, fortune: null, netCents: 0 }],
      ['the main bet pushed, the Fortune bet lost', 'lose', { outcome: 'push', low: 'lose', commissionCents: 0, bets: { main: 1000, fortune: 500 }, fortune: { line: null, netCents: -500 }, netCents: -500 }],
      ['won', 'win', { outcome: 'win', high: 'win', low: 'win', commissionCents: 50, bets: { main: 1000, fortune: 0 }, fortune: null, netCents: 950 }],
      ['lost', 'lose', { outcome: 'lose', high: 'lose', low: 'lose', commissionCents: 0, bets: { main: 1000, fortune: 0 }, fortune: null, netCents: -1000 }],
    ];
    /** The banner's headline and the history row's heading of a round with `mine`, in `lng`. */
    const headings = (lng: string, mine: SeatResultView): { banner: string; history: string } => {
      const i18nOf = createI18n(lng);
      const moneyOf = (cents: number, signed = false) => formatMoney(lng, cents, signed);
      const wrap = (el: ReturnType<typeof createElement>) => renderToStaticMarkup(createElement(I18nextProvider, { i18n: i18nOf }, el));
      const banner = wrap(createElement(ResultBanner, { result: seatResultOf('r-1', mine), money: moneyOf }));
      const history = wrap(createElement(History, { entries: [entry(mine)], money: moneyOf, tableNames: new Map([['table-1', 'T']]) }));
      const headline = /data-kind="net"[^>]*>(.*?)(?:<span[^>]*data-kind=|<\/div>)/.exec(banner)?.[1] ?? '';
      const heading = /<strong>(.*?)<\/strong>/.exec(history)?.[1] ?? '';
      return { banner: text(headline).trim(), history: text(heading).trim() };
    };
    it.each(['en', 'ru', 'fr', 'de', 'es'])('%s', (lng) => {
      const i18nOf = createI18n(lng);
      for (const [name, word, over] of nets) {
        const mine = seat(over);
        const { banner, history } = headings(lng, mine);
        expect(banner, `${lng} ${name}: the banner's headline`).toBe(text(i18nOf.t(`result.${word}`, { amount: formatMoney(lng, Math.abs(mine.netCents)) })).trim());
        expect(history, `${lng} ${name}: the history's heading`).toBe(i18nOf.t(`history.outcome.${word}`));
      }
    });
    it('en and fr: "Broke even" and "Ni gain ni perte", not "Push" and "Égalité"', () => {
      expect(headings('en', seat(nets[0]![2]))).toEqual({ banner: 'You broke even', history: 'Broke even' });
      expect(headings('fr', seat(nets[0]![2]))).toEqual({ banner: 'Ni gain ni perte', history: 'Ni gain ni perte' });
      expect(headings('en', seat(nets[1]![2]))).toEqual({ banner: 'Push: your bet back', history: 'Push' });
    });
  });

  // A retester's: in German at 1366×768 a row read "Spieler als Bank (1–" / "100) · 21:16".
  it("keeps the limits at the end of the table's name on one line", () => {
    const html = renderToStaticMarkup(
      createElement(I18nextProvider, { i18n }, createElement(History, { entries: [entry(seat({}))], money, tableNames: new Map([['table-1', 'Spieler als Bank (1–100)']]) })),
    );
    expect(html).toContain('Spieler als Bank <span class="table-limits">(1–100)</span>');
  });
});
