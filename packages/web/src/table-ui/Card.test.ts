/**
 * A card the player can click is a button whose name is the card's full name in the player's language,
 * and it holds no text that could contradict that name (issue 14 point 5; WCAG 2.5.3, axe
 * label-content-name-mismatch): the rank letters and the joker's word are drawn by CSS.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { DECK_SIZE } from '@paigow/engine';
import { createI18n, LANGUAGES } from '../app/i18n/index.js';
import { PlayingCard } from './Card.js';

describe('PlayingCard', () => {
  /** The ace of spades in each language (glossary.md's card words). */
  const ACE_OF_SPADES = { en: 'ace of spades', ru: 'туз пик', fr: 'as de pique', de: 'Pik-Ass', es: 'as de picas' } as const;

  it.each(LANGUAGES)('names each of the 53 cards in %s and shows no text of its own', (lng) => {
    const i18n = createI18n(lng);
    const names = new Set<string>();
    for (let card = 0; card < DECK_SIZE; card++) {
      const html = renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(PlayingCard, { card, onClick: () => undefined })));
      expect(html.startsWith('<button')).toBe(true);
      const name = /aria-label="([^"]+)"/.exec(html)?.[1] ?? '';
      names.add(name);
      expect(html.replace(/<[^>]*>/g, ''), name).toBe('');
    }
    expect(names.size).toBe(DECK_SIZE);
    expect(names).toContain(ACE_OF_SPADES[lng]);
  });
});
