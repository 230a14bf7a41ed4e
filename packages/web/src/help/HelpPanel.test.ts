/**
 * The help panel drawn from a table's settings (server-side rendering, no browser; issue 14 point 3):
 * this table's rates, its house way's rules, its banking requirements and timers, in the chosen language.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { FORTUNE_PAY_TABLE } from '@paigow/engine';
import type { TableConfigView } from '@paigow/protocol';
import { LANGUAGES } from '@paigow/i18n';
import { createI18n } from '../app/i18n/index.js';
import { HELP_CATALOGS } from './content/index.js';
import { HelpPanel } from './HelpPanel.js';
import { HELP_SECTIONS, type HelpSection } from './route.js';

const config: TableConfigView = {
  tableId: 'fox',
  name: 'Fox 5–200',
  seats: 6,
  limits: { main: { minCents: 500, maxCents: 20_000 }, fortune: { minCents: 100, maxCents: 2_500 } },
  betUnitCents: 100,
  commissionBps: 400,
  bankerFeeBps: 125,
  playerBanking: true,
  bankMinCompPoints: 75,
  bankMinBalanceCents: 20_250,
  fortunePayTable: FORTUNE_PAY_TABLE,
  envyBonus: { minFortuneBetCents: 500, amountsCents: { seven_card_straight_flush_natural: 500_000, royal_flush_plus_royal_match: 100_000, seven_card_straight_flush_with_joker: 100_000, five_aces: 50_000, royal_flush: 10_000, straight_flush: 5_000, four_of_a_kind: 2_500 } },
  houseWay: 'foxwoods',
  timers: { betMs: 45_000, decisionMs: 30_000, approvalMs: 35_000, reconnectMs: 60_000, reconnectGraceMs: 12_000, idleSeatMs: 240_000 },
} as TableConfigView;

function draw(section: HelpSection, lng = 'en', table: TableConfigView | null = config): string {
  const i18n = createI18n(lng);
  const base = table ? '#/table/fox' : '#';
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(HelpPanel, { location: { base, section }, config: table, onClose: () => undefined })));
}

describe('the help panel at a table', () => {
  // A tester stood up for idling found nothing about it in Help, in any language.
  it.each(['en', 'ru', 'fr', 'de', 'es'])('tells the idle-seat rule with this table’s time (%s)', (lng) => {
    const html = draw('timers', lng);
    const catalog = HELP_CATALOGS[lng as keyof typeof HELP_CATALOGS].timers;
    // The sentence up to the count, then the count itself.
    expect(html).toContain(`${catalog.idle_other.split('{{count}}')[0]}240`);
  });
  it('gives both commission models with this table’s rates and a worked example', () => {
    const html = draw('commission');
    expect(html).toContain('a commission of 4%: a bet of $100 that wins pays $96');
    expect(html).toContain('a fee of 1.25% of the total wagered');
    expect(html).toContain('costs the banker $1.25');
    expect(html).toContain('Fox 5–200');
    expect(draw('commission', 'de')).toContain('4\u00a0% Provision');
  });
  it('lists every rule of this table’s house way', () => {
    const html = draw('house-way');
    expect(html).toContain('data-house-way="foxwoods"');
    for (const rule of Object.values(HELP_CATALOGS.en.houseWay.foxwoods)) expect(html).toContain(rule);
    expect(html).not.toContain(HELP_CATALOGS.en.houseWay.seeds.r3);
  });
  it('states Foxwoods’ ace-in-front exception and four of a kind beside three of a kind', () => {
    const html = draw('house-way');
    expect(html).toContain('with one pair of tens to kings and an ace singleton, the ace and the highest other singleton go in the low hand');
    expect(html).toContain('with a pair or a three of a kind beside them, they stay together');
  });
  it('states the seeds’ three conditions for playing a straight or flush as two pairs, and that straight flushes apply them first', () => {
    const html = draw('house-way', 'en', { ...config, houseWay: 'seeds' });
    expect(html).toContain('data-house-way="seeds"');
    expect(html).toContain('an ace singleton (an unpaired joker is one), or a pair of jacks or better and a pair of sixes or better, or a pair of aces and any other pair');
    expect(html).toContain('Straight flush or royal flush: first, rule 5’s two-pair exceptions apply');
  });
  it('says the main bet’s limits, not only the Fortune ones', () => {
    expect(draw('settlement')).toContain('Bets at this table are from $5 to $200.');
    expect(draw('settlement', 'de')).toContain('Einsätze an diesem Tisch: 5\u00a0$ bis 200\u00a0$.');
    expect(draw('settlement', 'en', null)).not.toContain('data-testid="help-main-limits"');
  });
  it('says what banking needs here and what it costs in comp points', () => {
    const html = draw('banking');
    expect(html).toContain('Banking needs 75 comp points and a balance of $202.50');
    expect(html).toContain('$100 wagered against you costs 100 comp points');
  });
  it('says the table’s timers and reconnection grace, with the language’s plurals', () => {
    expect(draw('timers')).toContain('you have 30 seconds to set your hand');
    expect(draw('timers')).toContain('less than 12 seconds');
    expect(draw('timers', 'ru')).toContain('меньше чем на 12 секунд');
  });
  it('shows the Fortune pay table and the envy bonus', () => {
    const html = draw('fortune');
    expect(html).toContain('8,000 to 1');
    expect(html).toContain('Envy bonus: with a Fortune bet of at least $5');
    expect((html.match(/data-testid="help-fortune-line"/g) ?? []).length).toBe(Object.keys(FORTUNE_PAY_TABLE).length);
  });
  it('draws cards named in the player’s language', () => {
    expect(draw('low', 'ru')).toContain('aria-label="туз пик"');
    expect(draw('low', 'fr')).toContain('aria-label="as de pique"');
  });
  it('names a built-in table as the lobby and the table do, in the player’s language', () => {
    const builtIn = { ...config, tableId: 'table-4', name: 'Foxwoods house way (1–100)' } as TableConfigView;
    const shown = { ru: 'House Way Foxwoods', fr: 'Règle de la maison Foxwoods', de: 'Art des Hauses von Foxwoods', es: 'Reglas de la casa de Foxwoods' } as const;
    for (const lng of ['ru', 'fr', 'de', 'es'] as const) {
      const name = createI18n(lng).t('tableNames.table-4');
      expect(name, lng).not.toBe('Foxwoods house way (1–100)');
      expect(name, lng).toContain(shown[lng]);
      for (const section of ['banking', 'commission'] as const) {
        const html = draw(section, lng, builtIn);
        expect(html, `${lng} ${section}`).toContain(name);
        expect(html, `${lng} ${section}`).not.toContain('Foxwoods house way (1–100)');
      }
    }
    // A table the operator named (or a built-in id renamed) keeps its own name.
    expect(draw('banking', 'fr', { ...config, tableId: 'table-4', name: 'Salle Jade' } as TableConfigView)).toContain('Salle Jade');
  });
  it('away from a table, uses the usual figures and says so', () => {
    const html = draw('commission', 'en', null);
    expect(html).toContain('a commission of 5%');
    expect(html).toContain('the usual ones');
    expect(draw('banking', 'en', null)).toContain('the banker’s fee of 1.5%');
  });
  // A player's finding: "The figures below are the usual ones" headed every section, the hand rankings too.
  it('says whose figures they are only in the sections that state a table’s figures', () => {
    for (const section of ['hands', 'low', 'foul'] as const) expect(draw(section, 'en', null), section).not.toContain('the usual ones');
    for (const section of ['settlement', 'timers'] as const) expect(draw(section, 'en', null), section).toContain('the usual ones');
  });
  // A player's finding: help opened from the lobby ended with "The envy bonus is off at this table."
  it('away from a table, says nothing that only a table could say, in every language', () => {
    for (const lng of LANGUAGES) {
      const help = HELP_CATALOGS[lng];
      const lobby = HELP_SECTIONS.map((section) => draw(section, lng, null)).join('');
      for (const sentence of [help.fortune.envyOff, help.fortune.none, help.banking.noBank]) expect(lobby, lng).not.toContain(sentence);
      expect(lobby, lng).not.toContain('data-testid="help-main-limits"');
      // At a table without it, the envy bonus is said to be off.
      expect(draw('fortune', lng, { ...config, envyBonus: null }), lng).toContain(help.fortune.envyOff);
    }
  });

  // A tester's: at a table where a player banks, nothing said that the Fortune bet is the house's, not the banker's.
  it('says where a player may bank that the Fortune bet and the envy bonus are the house’s, in every language, and nothing of it where only the house banks', () => {
    for (const lng of LANGUAGES) {
      const sentence = HELP_CATALOGS[lng].fortune.house;
      expect(draw('fortune', lng), lng).toContain(sentence);
      expect(draw('banking', lng), lng).toContain(sentence);
      expect(draw('fortune', lng, null), lng).toContain(sentence);
      expect(draw('fortune', lng, { ...config, playerBanking: false }), lng).not.toContain(sentence);
      expect(draw('banking', lng, { ...config, playerBanking: false }), lng).not.toContain(sentence);
    }
  });

  // A player's finding: the Fortune page defined "royal match" in every language, where only English's pay table uses it.
  it("explains the pay table's royal-match line in that line's own words, in every language", () => {
    for (const lng of LANGUAGES) {
      const line = createI18n(lng).t('fortuneLine.royal_flush_plus_royal_match');
      const sentence = HELP_CATALOGS[lng].fortune.royalMatch;
      expect(draw('fortune', lng), lng).toContain(line);
      expect(sentence.toLocaleLowerCase(lng), lng).toContain(lng === 'en' ? 'royal match' : line.toLocaleLowerCase(lng));
    }
  });
});
