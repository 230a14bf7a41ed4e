/**
 * A keyboard and screen-reader tester on the trainer (de) and the daily challenge (es): the cards had no
 * pressed state ("Pik-Drei" stayed "Pik-Drei" when picked), nothing was announced when a card was picked,
 * after Enter on Split the focus fell to the page body and the grade ("Sie haben 31,87 % des Einsatzes
 * verschenkt.") was never announced. The cards are toggle buttons (`aria-pressed`), a polite live region says the
 * low hand as it is picked and then the grade, and the focus goes on as on the table (coach/focus.ts).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { parseCards, type Card } from '@paigow/engine';
import { createI18n } from '../app/i18n/index.js';
import { coachAnnouncement } from './announce.js';
import { coachFocusCandidates } from './focus.js';
import { PickCards, toggleLow } from './PickCards.js';

const cardsOf = (texts: string): Card[] => {
  const parsed = parseCards(texts.split(' '));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

describe('the trainer\'s and the daily challenge\'s cards', () => {
  const hand = cardsOf('Jk Ah Kd 9c 7h 5s 3s');
  const [threeOfSpades, aceOfHearts] = cardsOf('3s Ah') as [Card, Card];

  it('are toggle buttons, pressed while picked for the low hand (de)', () => {
    const i18n = createI18n('de');
    const html = renderToStaticMarkup(
      createElement(I18nextProvider, { i18n }, createElement(PickCards, { cards: hand, low: [threeOfSpades], testid: 'trainer-card', disabled: false, onToggle: () => undefined })),
    );
    const buttons = html.match(/<button[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(7);
    const pressed = buttons.filter((b) => b.includes('aria-pressed="true"'));
    expect(pressed).toHaveLength(1);
    expect(pressed[0]).toContain('aria-label="Pik-Drei"');
    expect(buttons.filter((b) => b.includes('aria-pressed="false"'))).toHaveLength(6);
  });

  it('picks two at most and unpicks a picked one', () => {
    expect(toggleLow([], threeOfSpades)).toEqual([threeOfSpades]);
    expect(toggleLow([threeOfSpades], threeOfSpades)).toEqual([]);
    const two = toggleLow([threeOfSpades], aceOfHearts);
    expect(toggleLow(two, hand[0]!)).toEqual(two);
  });

  it('are announced by name as they are picked, and the grade once it comes (de, es)', () => {
    const de = createI18n('de');
    expect(coachAnnouncement(de.t, 'de', { kind: 'picked', low: [threeOfSpades] })).toBe('Niedrige Hand: Pik-Drei');
    expect(coachAnnouncement(de.t, 'de', { kind: 'picked', low: [] })).toBe('Noch keine Karte in der niedrigen Hand.');
    const grade = { playedEv: -0.3, bestEv: 0.0187, houseWayEv: 0.0187, evLost: 0.3187 };
    const deGrade = coachAnnouncement(de.t, 'de', { kind: 'grade', grade });
    expect(deGrade).toMatch(/^Sie haben 31,87\s%\sdes Einsatzes verschenkt\. /);
    const es = createI18n('es');
    expect(coachAnnouncement(es.t, 'es', { kind: 'picked', low: [threeOfSpades, aceOfHearts] })).toBe('Mano baja: tres de picas y as de corazones');
    expect(coachAnnouncement(es.t, 'es', { kind: 'grade', grade: { ...grade, evLost: 0 } })).toMatch(/^\S.*\. .*\S$/);
    expect(coachAnnouncement(es.t, 'es', null)).toBe('');
  });

  it('keep the keyboard focus after Split: on Next hand in the trainer, on the next hand\'s cards in the daily challenge', () => {
    expect(coachFocusCandidates({ testid: 'trainer-set', card: null }, { page: 'trainer' })).toEqual(['[data-testid="trainer-set"]', '[data-testid="trainer-next"]']);
    expect(coachFocusCandidates({ testid: 'daily-set', card: null }, { page: 'daily' })).toEqual([
      '[data-testid="daily-set"]',
      '[data-testid="daily-card"]',
      '[data-testid="daily-grade"]',
    ]);
    expect(coachFocusCandidates({ testid: 'trainer-card', card: '3s' }, { page: 'trainer' })[0]).toBe('[data-testid="trainer-card"][data-card="3s"]');
  });
});
