import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { HintReply } from '@paigow/protocol';
import { CATALOGS, createI18n, formatPercent, LANGUAGES } from './i18n/index.js';
import { HintPanel } from './HintPanel.js';

const i18n = createI18n('en');

const reply: HintReply = {
  requestId: 'h1',
  best: { high: ['7d', '7c', 'Td', '3s', 'Kh'], low: ['As', 'Jk'], ev: 0.0412, evMargin: 0.0049, win: 0.3311, push: 0.4102, loss: 0.2587 },
  houseWay: { high: ['Jk', 'As', '7d', '7c', '3s'], low: ['Kh', 'Td'], ev: -0.0137, evMargin: 0.0051, rule: '9.one-pair' },
  samples: 90_000,
};

/** The panel for `value`, with `low` in the player's low hand (none moved yet by default), in `lng`. */
function render(value: HintReply | null, low: readonly string[] = [], lng = 'en'): string {
  const panel = createElement(HintPanel, { reply: value, canUse: true, onUse: () => undefined, low, onClose: () => undefined });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: lng === 'en' ? i18n : createI18n(lng) }, panel));
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the Hint panel', () => {
  it('says it is working while the server computes', () => {
    const html = render(null);
    expect(html).toContain('data-state="computing"');
    expect(html).not.toContain('hint-use');
  });

  it('shows the best setting and the house way, each with its EV as a signed percentage ± its margin', () => {
    const html = render(reply);
    expect(html).toContain('data-state="ready"');
    expect(html).toMatch(/data-testid="hint-best-cards" data-high="Kh Td 7d 7c 3s" data-low="Jk As"/);
    expect(html).toMatch(/data-testid="hint-house-way-cards" data-high="Jk As 7d 7c 3s" data-low="Kh Td"/);
    const words = text(html);
    expect(words).toContain('Best setting EV +4.1% ± 0.5%');
    expect(words).toContain('House way EV −1.4% ± 0.5%');
    expect(words).toContain('Win 33.1% · Push 41.0% · Lose 25.9%');
    expect(words).toContain('Use this setting');
    expect(words).not.toContain('The house way is the best setting here.');
    expect(html).toContain('90,000 banker hands');
  });

  // A player's finding: it pressed "Use this setting", took the hand for played, and its decision timer ran out.
  it('says, once the cards are arranged as the best setting, that they are not played until Split, in every language', () => {
    expect(render(reply, ['Kh'])).toContain('data-testid="hint-use"');
    for (const lng of LANGUAGES) {
      const html = render(reply, ['Jk', 'As'], lng);
      const split = CATALOGS[lng].table.split;
      expect(html, lng).not.toContain('data-testid="hint-use"');
      expect(html, lng).toContain('data-testid="hint-arranged"');
      // The note names the button as the button reads.
      expect(CATALOGS[lng].hint.arranged, lng).toContain(split);
      expect(text(html), lng).toContain(CATALOGS[lng].hint.arranged.replace(/\s+/g, ' '));
    }
  });

  it('says so when the house way is the best setting', () => {
    const same = { ...reply, best: { ...reply.best, high: reply.houseWay.high, low: ['Td', 'Kh'], ev: reply.houseWay.ev } };
    expect(text(render(same))).toContain('The house way is the best setting here.');
  });
});

describe('formatPercent', () => {
  it('formats fractions with one decimal, signed on request, without a sign for what rounds to zero', () => {
    expect(formatPercent('en', 0.0412, true)).toBe('+4.1%');
    expect(formatPercent('en', -0.0137, true)).toBe('−1.4%');
    expect(formatPercent('en', 0.0049)).toBe('0.5%');
    expect(formatPercent('en', 0.00001, true)).toBe('0.0%');
    expect(formatPercent('en', -0.00001, true)).toBe('0.0%');
  });
});

// A screen-reader tester heard the whole panel as one live region: "× Hint Best setting EV −58.2% ± 0.4% 8♦7♣3♠2♥2♣|Q♥J♥ …".
describe('what a screen reader hears of the Hint', () => {
  const live = (html: string) => /<p class="visually-hidden" role="status" data-testid="hint-said">([^<]*)<\/p>/.exec(html)?.[1] ?? null;

  it.each(LANGUAGES)('is a summary in words, in a live region of its own, not the panel with its × and suit symbols (%s)', (lng) => {
    const html = render(reply, [], lng);
    // The panel itself is no live region; its × is hidden behind the button's label.
    expect(/<section[^>]*data-testid="hint-panel"[^>]*>/.exec(html)?.[0]).not.toMatch(/role=|aria-live/);
    expect(html).toContain('<span aria-hidden="true">×</span>');
    expect((html.match(/role="status"|aria-live/g) ?? []).length).toBe(1);
    const said = live(html);
    const t = createI18n(lng).t;
    expect(said).not.toBeNull();
    expect(said).not.toMatch(/[×♠♥♦♣|]/);
    // The best setting's cards by name, highest first as drawn; its EV; the house way's EV.
    for (const name of [t('card.name', { rank: t('card.ranks.K'), suit: t('card.suits.h') }), t('card.name', { rank: t('card.ranks.A'), suit: t('card.suits.s') }), t('card.jokerName')]) expect(said, name).toContain(name);
    expect(said!.indexOf(t('card.name', { rank: t('card.ranks.K'), suit: t('card.suits.h') }))).toBeLessThan(said!.indexOf(t('card.name', { rank: t('card.ranks.T'), suit: t('card.suits.d') })));
    expect(said).toContain(t('hint.ev', { ev: formatPercent(lng, reply.best.ev, true), margin: formatPercent(lng, reply.best.evMargin) }));
    expect(said).toContain(t('hint.saidHouseWay', { ev: t('hint.ev', { ev: formatPercent(lng, reply.houseWay.ev, true), margin: formatPercent(lng, reply.houseWay.evMargin) }) }));
    expect(said).not.toContain(CATALOGS[lng].hint.use);
  });

  it('says it is working while the server computes', () => {
    expect(live(render(null))).toBe(CATALOGS.en.hint.computing);
  });

  it('reads in English as a sentence', () => {
    expect(live(render(reply))).toBe(
      'Hint. Best setting: high hand king of hearts, ten of diamonds, seven of diamonds, seven of clubs, and three of spades; low hand joker and ace of spades; EV +4.1% ± 0.5%. House way: EV −1.4% ± 0.5%.',
    );
  });
});
