/**
 * Cards in text as the page shows them (the joker by the catalog's word, never "Jk"; suit symbols, never codes), in the
 * house-way explanations of every language, and the lobby's comp points for banking said to be needed every round.
 */
import { describe, expect, it } from 'vitest';
import { houseWays, parseHand } from '@paigow/engine';
import { CATALOGS, cardsText, createI18n, houseWayText } from './index.js';

const LANGS = ['en', 'ru', 'fr', 'de', 'es'] as const;

describe('cards in text', () => {
  it('shows the joker by the catalog\'s word and other cards with suit symbols', () => {
    for (const lng of LANGS) {
      const { t } = createI18n(lng);
      expect(cardsText(t, 'Jk As Td')).toBe(`${CATALOGS[lng].card.joker} A♠ 10♦`);
    }
  });

  it('a house-way explanation holding the joker names it by the word, in every language', () => {
    const hand = parseHand('2d 3d 4d 7d Jd Ad Jk');
    if (!hand.ok) throw new Error(hand.error.message);
    for (const lng of LANGS) {
      const { t } = createI18n(lng);
      for (const id of ['seeds', 'foxwoods'] as const) {
        const text = houseWayText(t, houseWays[id].set(hand.value).explanation);
        expect(text, `${lng} ${id}: ${text}`).not.toMatch(/\bJk\b|\b[2-9TJQKA][shdc]\b/);
      }
      const foxwoods = houseWayText(t, houseWays.foxwoods.set(hand.value).explanation);
      expect(foxwoods, `${lng}: ${foxwoods}`).toContain(CATALOGS[lng].card.joker);
    }
  });
});

describe('the lobby\'s comp points for banking', () => {
  it('says the points are needed before every round one banks, not only to start', () => {
    const every: Record<(typeof LANGS)[number], RegExp> = { en: /every round/, ru: /каждым раундом/, fr: /chaque manche/, de: /jeder Runde/, es: /cada ronda/ };
    for (const lng of LANGS) expect(CATALOGS[lng].lobby.bankCost, lng).toMatch(every[lng]);
  });
});

describe('the house-way lab\'s method line', () => {
  it('is the catalog\'s own sentence in every language, with the number of banker hands, not the data\'s English', () => {
    for (const lng of LANGS) {
      const method = CATALOGS[lng].lab.method;
      expect(method, lng).toContain('{{hands}}');
      expect(method, lng).not.toContain('{{method}}');
    }
  });
});
