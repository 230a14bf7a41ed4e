/** The lab search's refusals name what they are about (a player's finding: "As As Kd" read only "The same card appears twice"). */
import { describe, expect, it } from 'vitest';
import { createI18n } from '../app/i18n/index.js';
import { searchError } from './HandSearch.js';

const i18n = createI18n('en');
const t = i18n.t.bind(i18n);

describe('the lab search refusals', () => {
  it('names the card typed twice, the word that is not a card, or how many of the seven were typed', () => {
    expect(searchError(t, 'As As Kd', 'card/duplicate')).toBe('The same card appears twice. (A♠)');
    expect(searchError(t, 'As, Kd 9c Zz 5s', 'card/malformed')).toBe('That is not a card. (Zz)');
    expect(searchError(t, 'As Kd 9c', 'card/wrong-count')).toBe('Wrong number of cards. (3/7)');
    expect(searchError(t, 'Jk As Jk', 'card/second-joker')).toBe('The deck holds only one joker.');
  });
});
