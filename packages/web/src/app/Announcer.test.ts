/** The table's announcements do not flood (issue 14 point 5): the timer is said only as it crosses a threshold. */
import { describe, expect, it } from 'vitest';
import { createI18n, formatMoney, LANGUAGES } from './i18n/index.js';
import { announcementText, crossedThreshold, dealtSaid, gradeToAnnounce, resultToAnnounce, TIMER_THRESHOLDS_S, toldAtOpening, type Announced } from './Announcer.js';
import { resultTexts } from './ResultBanner.js';
import type { ResultModel } from '../table-ui/model.js';
import { cardName } from '../table-ui/card-name.js';
import { parseCard } from '@paigow/engine';

describe('crossedThreshold', () => {
  it('announces a countdown from 45 s only at 30, 10 and 5 s', () => {
    const said: number[] = [];
    for (let s = 45; s > 0; s--) {
      const c = crossedThreshold(s, s - 1);
      if (c !== null) said.push(c);
    }
    expect(said).toEqual([30, 10, 5]);
    expect(TIMER_THRESHOLDS_S).toEqual([30, 10, 5]);
  });
  it('says the lowest threshold when a tick jumps over several, and nothing when the countdown starts below one', () => {
    expect(crossedThreshold(12, 4)).toBe(5);
    expect(crossedThreshold(8, 7)).toBeNull();
    expect(crossedThreshold(10, 10)).toBeNull();
  });
});

describe('cardName', () => {
  const card = (text: string) => {
    const c = parseCard(text);
    if (!c.ok) throw new Error(text);
    return c.value;
  };
  it.each([
    ['en', 'As', 'ace of spades'],
    ['ru', 'As', 'туз пик'],
    ['fr', 'Qh', 'dame de cœur'],
    ['de', 'As', 'Pik-Ass'],
    ['es', 'Td', 'diez de diamantes'],
    // Among card names the joker is written as glossary.md writes it, lower case but in German (a tester read "low hand: Joker, five of hearts").
    ['en', 'Jk', 'joker'],
    ['ru', 'Jk', 'джокер'],
    ['fr', 'Jk', 'joker'],
    ['de', 'Jk', 'Joker'],
    ['es', 'Jk', 'comodín'],
  ])('%s %s is "%s"', (lng, text, name) => {
    const i18n = createI18n(lng);
    expect(cardName(i18n.t, card(text))).toBe(name);
  });
});

describe('the announcement follows the language (it kept the English "Main bet: you lose $100")', () => {
  const lost: ResultModel = { roundId: 'r-7', outcome: 'lose', netCents: -10_000, commissionCents: 0, fortune: null, envy: null, asBanker: false };
  const words = (lng: string) => {
    const i18n = createI18n(lng);
    return { text: resultTexts(lost, i18n.t, (c: number, signed = false) => formatMoney(lng, c, signed)).join('. '), t: i18n.t.bind(i18n) };
  };
  const saidInEnglish: Announced = { kind: 'result', roundId: 'r-7', text: words('en').text, lng: 'en' };

  it.each(LANGUAGES.filter((l) => l !== 'en'))('re-words the result said in English once the player switches to %s', (lng) => {
    const now = words(lng);
    const shown = announcementText(saidInEnglish, { roundId: 'r-7', text: now.text }, lng, now.t);
    expect(shown).toBe(now.text);
    expect(shown).not.toBe(saidInEnglish!.kind === 'result' ? saidInEnglish!.text : '');
    expect(shown).not.toContain('You lost');
  });

  it('re-words a timer threshold, and never leaves the old language once its round is gone', () => {
    const ru = words('ru');
    expect(announcementText({ kind: 'timer', count: 10 }, null, 'ru', ru.t)).toBe(ru.t('a11y.secondsLeft', { count: 10 }));
    expect(announcementText(saidInEnglish, null, 'ru', ru.t)).toBe('');
    expect(announcementText(saidInEnglish, null, 'en', words('en').t)).toBe(words('en').text);
    expect(words('en').text).toBe('You lost $100');
  });
});


// A tester opening #/table/table-2 heard the previous round's "Apuesta principal: pierdes 5 $" before anything else.
describe('the result is announced when a round is settled while the player watches, not when the table opens', () => {
  it('says nothing of the round on the felt when the table opened, and says the next one', () => {
    // The Announcer starts with the round on the felt as told.
    const openedWith = toldAtOpening({ roundId: 'r-7' });
    expect(openedWith).toBe('r-7');
    expect(toldAtOpening(null)).toBeNull();
    expect(resultToAnnounce(openedWith, 'r-7')).toBeNull();
    expect(resultToAnnounce(openedWith, null)).toBeNull();
    expect(resultToAnnounce(openedWith, 'r-8')).toBe('r-8');
    // Opened on an empty felt: the first round settled is news.
    expect(resultToAnnounce(null, 'r-1')).toBe('r-1');
    // Said once only.
    expect(resultToAnnounce('r-8', 'r-8')).toBeNull();
  });
});

// A tester heard nothing after Deal but the focus landing on the first card; the grade was shown only on the felt.
describe('the deal and the grade are announced, once per round', () => {
  const cards = ['7d', '2c', 'As', 'Jk', 'Kh', 'Td', '3s'];

  it('says the dealt hand in words, highest first as drawn, then what to do', () => {
    const i18n = createI18n('en');
    expect(dealtSaid(i18n.t, cards)).toBe(
      'Your cards: joker, ace of spades, king of hearts, ten of diamonds, seven of diamonds, three of spades, and two of clubs. Set your hand: two cards to the low hand, then Split — or use House Way.',
    );
  });

  it.each(LANGUAGES)('names every card in words and gives the phase line in %s', (lng) => {
    const i18n = createI18n(lng);
    const said = dealtSaid(i18n.t, cards);
    for (const text of cards) expect(said, text).toContain(cardName(i18n.t, card(text)));
    expect(said).toContain(i18n.t('phase.setting'));
    expect(said).not.toMatch(/\b(7d|As|Jk|Td)\b|[♠♥♦♣]/);
  });

  it('says a deal once, and not the one on the felt when the table opened', () => {
    const opened = toldAtOpening({ roundId: 'r-3' });
    expect(resultToAnnounce(opened, 'r-3')).toBeNull();
    expect(resultToAnnounce(opened, 'r-4')).toBe('r-4');
    expect(resultToAnnounce('r-4', 'r-4')).toBeNull();
  });

  it('says the grade after the result said while the player watched, once, never for a round found revealed', () => {
    expect(gradeToAnnounce('r-8', null, 'r-8')).toBe('r-8');
    expect(gradeToAnnounce('r-8', 'r-8', 'r-8')).toBeNull();
    expect(gradeToAnnounce(null, null, 'r-7')).toBeNull();
    expect(gradeToAnnounce('r-8', null, null)).toBeNull();
  });

  it('re-words the deal in the language switched to', () => {
    const en = createI18n('en');
    const fr = createI18n('fr');
    const said: Announced = { kind: 'dealt', roundId: 'r-4', text: dealtSaid(en.t, cards), lng: 'en' };
    expect(announcementText(said, { roundId: 'r-4', text: dealtSaid(fr.t, cards) }, 'fr', fr.t.bind(fr))).toBe(dealtSaid(fr.t, cards));
  });
});

function card(text: string) {
  const c = parseCard(text);
  if (!c.ok) throw new Error(text);
  return c.value;
}
