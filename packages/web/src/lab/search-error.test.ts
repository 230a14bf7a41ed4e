/**
 * The lab search's refusals name what they are about (a player's finding: "As As Kd" read only "The same card
 * appears twice"), inside one natural sentence in each language (a tester's: "This is not a card. (Zz)"), and a
 * found hand is announced with a short summary (a tester's: the result appeared silently).
 */
import { describe, expect, it } from 'vitest';
import { createI18n, LANGUAGES } from '../app/i18n/index.js';
import { searchError, searchFoundText } from './HandSearch.js';

const i18n = createI18n('en');
const t = i18n.t.bind(i18n);

describe('the lab search refusals', () => {
  it('names the card typed twice, the word that is not a card, or how many of the seven were typed, in one sentence', () => {
    expect(searchError(t, 'As As Kd', 'card/duplicate')).toBe('A♠ is typed twice.');
    expect(searchError(t, 'As, Kd 9c Zz 5s', 'card/malformed')).toBe('Zz is not a card.');
    expect(searchError(t, 'As Kd 9c', 'card/wrong-count')).toBe('A hand is seven cards; you typed 3.');
    expect(searchError(t, 'Jk As Jk', 'card/second-joker')).toBe('The deck holds only one joker.');
  });

  it.each(LANGUAGES)('puts the value inside the sentence in %s, with no parenthesis after it', (lng) => {
    const tl = createI18n(lng).t;
    const refusals = [searchError(tl, 'Jk Kd 9c 7h 5s 3d Zz', 'card/malformed'), searchError(tl, 'As As Kd', 'card/duplicate'), searchError(tl, 'As Kd 9c', 'card/wrong-count')];
    for (const text of refusals) {
      expect(text).not.toMatch(/\(/);
      expect(text).toMatch(/[.!]$/);
    }
    expect(refusals[0]).toContain('Zz');
    expect(refusals[1]).toContain('A♠');
    expect(refusals[2]).toContain('3');
  });
});

describe('the lab search result', () => {
  it('is announced with a short summary: alike, or which house way sets it better', () => {
    expect(searchFoundText(t, null)).toBe('Hand looked up. Both house ways set this hand alike.');
    expect(searchFoundText(t, { name: 'House Way A', cost: '0.01234' })).toBe('Hand looked up. They set this hand differently; the better setting is the House Way A\'s, by 0.01234 per unit.');
    expect(searchFoundText(createI18n('de').t, null)).toMatch(/^Hand nachgeschlagen\. \S/);
  });
});
