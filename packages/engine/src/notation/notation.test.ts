/** Card text notation (rules.md §1): parsing is case-insensitive, output canonical. */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOKER, RANK_CHARS, SUIT_CHARS, type Card } from '../cards/index.js';
import { PaiGowError } from '../errors/index.js';
import { houseWay } from '../house-way/index.js';
import { settings } from '../setting/index.js';
import { cards, cardTexts, formatCard, formatCards, handOf, parseCard, parseCards, parseHand, settingText, toHand } from './index.js';

const UNICODE = [['♠', '♤'], ['♥', '♡'], ['♦', '♢'], ['♣', '♧']];
/** U+FE0F / U+FE0E: the emoji / text presentation selectors that emoji pickers append to suit symbols. */
const PRESENTATION = ['', '\uFE0F', '\uFE0E'];

/** Every accepted spelling of a card (rules.md §1), chosen by fast-check. */
const spelling = (c: Card): fc.Arbitrary<string> => {
  if (c === JOKER) return fc.constantFrom('Jk', 'JK', 'jk', 'jK', 'joker', 'JOKER', 'Joker');
  const rankChar = RANK_CHARS[c >> 2];
  const suit = c & 3;
  const ranks = rankChar === 'T' ? ['T', 't', '10'] : [rankChar, rankChar.toLowerCase()];
  const suits = [SUIT_CHARS[suit], SUIT_CHARS[suit].toUpperCase(), ...UNICODE[suit].flatMap((u) => PRESENTATION.map((p) => u + p))];
  return fc.tuple(fc.constantFrom(...ranks), fc.constantFrom(...suits)).map(([r, s]) => r + s);
};

const anyCard = fc.integer({ min: 0, max: 52 });

describe('card notation (rules.md §1)', () => {
  it('formatCard then parseCard gives the card back, for all 53 cards', () => {
    for (let c = 0; c < 53; c++) expect(parseCard(formatCard(c))).toEqual({ ok: true, value: c });
  });

  it('canonical output is rank 23456789TJQKA then suit shdc, and Jk for the joker', () => {
    expect(formatCard(0)).toBe('2s');
    expect(formatCard(51)).toBe('Ac');
    expect(formatCard(4 * 8 + 2)).toBe('Td');
    expect(formatCard(JOKER)).toBe('Jk');
    expect(formatCards(cards('as 10d jk'))).toBe('As Td Jk');
    expect(() => formatCard(53)).toThrow(RangeError);
  });

  it('a setting has one text form (issue 12 point 6): each hand in canonical card texts, in its order, parsed back whole', () => {
    const setting = { high: cards('as ah 10d 9c 2s'), low: cards('jk kd') };
    expect(cardTexts(setting.low)).toEqual(['Jk', 'Kd']);
    expect(settingText(setting)).toEqual({ high: ['As', 'Ah', 'Td', '9c', '2s'], low: ['Jk', 'Kd'] });
    expect(parseCards(settingText(setting).high, 5)).toEqual({ ok: true, value: setting.high });
    expect(() => settingText({ high: [53], low: [] })).toThrow(RangeError);
  });

  it('round trip: any accepted spelling (10, lowercase, Unicode suits, Jk/JK/joker) parses to the card and formats canonically', () => {
    fc.assert(
      fc.property(anyCard.chain((c) => fc.tuple(fc.constant(c), spelling(c))), ([c, text]) => {
        const parsed = parseCard(text);
        expect(parsed).toEqual({ ok: true, value: c });
        expect(formatCard(c)).toBe(c === JOKER ? 'Jk' : RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3]);
      }),
      { numRuns: 2000 },
    );
  });

  it('round trip: parseCards reads distinct cards joined by spaces, commas or tabs, as one string or separate arguments', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(anyCard, { minLength: 1, maxLength: 10 }).chain((list) =>
          fc.tuple(fc.constant(list), fc.tuple(...list.map(spelling)), fc.constantFrom(' ', ',', ', ', '\t', '  ')),
        ),
        ([list, texts, separator]) => {
          expect(parseCards(texts.join(separator))).toEqual({ ok: true, value: list });
          expect(parseCards(texts)).toEqual({ ok: true, value: list });
          expect(parseCards(formatCards(list), list.length)).toEqual({ ok: true, value: list });
        },
      ),
    );
  });

  it('`10c` and `Tc` are the same card', () => {
    expect(parseCard('10c')).toEqual(parseCard('Tc'));
    expect(parseCard('10c')).toEqual({ ok: true, value: cards('Tc')[0] });
    expect(parseCards('10c Tc')).toEqual({ ok: false, error: { code: 'card/duplicate', message: 'duplicate card Tc' } });
  });

  it('A♠ and A♥︎ with presentation selectors are accepted', () => {
    expect(parseCard('A♠')).toEqual({ ok: true, value: 48 });
    expect(parseCard('A♥\uFE0F')).toEqual({ ok: true, value: 49 });
    expect(parseCard('10♦\uFE0E')).toEqual({ ok: true, value: 34 });
  });

  it('refuses duplicate cards with card/duplicate', () => {
    expect(parseCards('As Kd as')).toEqual({ ok: false, error: { code: 'card/duplicate', message: 'duplicate card As' } });
    expect(parseCards(['A♠', 'As'])).toMatchObject({ ok: false, error: { code: 'card/duplicate' } });
  });

  it('refuses unknown cards with card/malformed, naming the text', () => {
    expect(parseCards('As Zz')).toEqual({ ok: false, error: { code: 'card/malformed', message: "card 'Zz' is not a card" } });
    for (const text of ['1s', 'Ax', '11h', 'A', 's', 'AsK', 'jok', '♠', 'A♠♠', '0c', '']) {
      expect(parseCard(text)).toMatchObject({ ok: false, error: { code: 'card/malformed' } });
    }
  });

  it('refuses two jokers with card/second-joker (the deck has one)', () => {
    expect(parseCards('Jk 2c joker')).toMatchObject({ ok: false, error: { code: 'card/second-joker' } });
    expect(parseCards(['JK', 'jk'])).toMatchObject({ ok: false, error: { code: 'card/second-joker' } });
  });

  it('refuses the wrong number of cards with card/wrong-count', () => {
    expect(parseCards('As Kd', 5)).toEqual({ ok: false, error: { code: 'card/wrong-count', message: 'expected 5 cards, got 2' } });
    expect(parseCards('', 2)).toMatchObject({ ok: false, error: { code: 'card/wrong-count' } });
  });

  it('cards() is for trusted literals: it throws a PaiGowError with the code', () => {
    expect(cards('As Kd')).toEqual([48, 46]);
    expect(() => cards('As As')).toThrow(PaiGowError);
    try {
      cards('Zz');
    } catch (error) {
      expect((error as PaiGowError).code).toBe('card/malformed');
    }
  });
});

describe('a hand: seven distinct cards, checked once (issue 12 point 8)', () => {
  it('toHand accepts seven distinct cards and keeps their order in a frozen copy', () => {
    const given = cards('Jk As Kd 9c 9h 5s 2c');
    const hand = toHand(given);
    expect(hand).toEqual({ ok: true, value: given });
    if (!hand.ok) return;
    expect(hand.value).not.toBe(given);
    expect(Object.isFrozen(hand.value)).toBe(true);
  });

  it('toHand refuses anything else with the card error that names it', () => {
    expect(toHand(cards('As Kd'))).toMatchObject({ ok: false, error: { code: 'card/wrong-count' } });
    expect(toHand(cards('As Kd 9c 9h 5s 3d 2c 4c'))).toMatchObject({ ok: false, error: { code: 'card/wrong-count' } });
    expect(toHand([0, 1, 2, 3, 4, 5, 5])).toMatchObject({ ok: false, error: { code: 'card/duplicate', message: 'duplicate card 3h' } });
    expect(toHand([0, 1, 2, 3, 4, 5, 53])).toMatchObject({ ok: false, error: { code: 'card/malformed' } });
    expect(toHand([0, 1, 2, 3, 4, 5, 1.5])).toMatchObject({ ok: false, error: { code: 'card/malformed' } });
    expect(toHand([0, 1, 2, 3, 4, JOKER, JOKER])).toMatchObject({ ok: false, error: { code: 'card/second-joker' } });
  });

  it('parseHand reads seven card texts, one string or a list', () => {
    expect(parseHand('As Kd 9c 9h 5s 3d 2c')).toEqual({ ok: true, value: cards('As Kd 9c 9h 5s 3d 2c') });
    expect(parseHand(['As', 'Kd', '9c', '9h', '5s', '3d', 'Jk'])).toEqual({ ok: true, value: cards('As Kd 9c 9h 5s 3d Jk') });
    expect(parseHand('As Kd 9c')).toMatchObject({ ok: false, error: { code: 'card/wrong-count' } });
    expect(parseHand('As Kd 9c 9h 5s 3d Xx')).toMatchObject({ ok: false, error: { code: 'card/malformed' } });
    expect(parseHand('As Kd 9c 9h 5s 3d As')).toMatchObject({ ok: false, error: { code: 'card/duplicate' } });
    expect(() => handOf('As Kd')).toThrow(PaiGowError);
  });

  it('is the only way in: what sets or lists the settings of seven cards takes a Hand, not loose cards', () => {
    const loose: readonly Card[] = cards('As Kd 9c 9h 5s 3d 2c');
    const typeChecks = (): void => {
      // @ts-expect-error loose cards are not a Hand: check them once with toHand or parseHand
      houseWay(loose);
      // @ts-expect-error the same for the 21 settings
      settings(loose);
    };
    expect(typeChecks).toBeTypeOf('function');
    expect(settings(handOf('As Kd 9c 9h 5s 3d 2c'))).toHaveLength(21);
  });
});
