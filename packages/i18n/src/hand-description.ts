/**
 * A hand value's description in a language (`paigow eval`, issue 14 point 7): the category's
 * `handDescription.<category>` text with the ranks that break ties (rules.md §2.1–§2.3) — plural rank
 * names for the pairs, trips and quads, rank letters for kickers and for straights, flushes and high
 * cards. The engine's `describeValue` stays the English text of the JSON output.
 */
import { BROADWAY_PLACE, RANK_CHARS, WHEEL_LOW_PLACE, WHEEL_PLACE, categoryOf, valueNibbles, type HandValue } from '@paigow/engine';
import type { Translate } from './index.js';

/** The rank letter of a value nibble (2‥14, deuce‥ace). */
const letter = (nibble: number): string => RANK_CHARS[nibble - 2];

/** Rank letters of the non-zero nibbles, joined by hyphens ("A-Q-9"). */
const letters = (nibbles: readonly number[]): string => nibbles.filter((n) => n > 0).map(letter).join('-');

/** The five ranks of a straight from its place nibble (6‥13 by its top card; the wheel 14, or 5 ranked lowest; broadway 15). */
function straightRanks(place: number): string {
  if (place === BROADWAY_PLACE) return 'A-K-Q-J-T';
  if (place === WHEEL_PLACE || place === WHEEL_LOW_PLACE) return '5-4-3-2-A';
  return letters([place, place - 1, place - 2, place - 3, place - 4]);
}

/**
 * Describes a high hand's or a low hand's value in the translator's language, e.g. "Zwei Paare
 * (Könige und Dreier), Beikarte A" for Jk Kh Kd 3c 3s in German.
 * @param t translates a key of the shared catalog (`handDescription.*`, `rankPlural.*`)
 * @param value a `HandValue` from the engine's evaluators (layout in engine evaluate/value.ts)
 */
export function handDescription(t: Translate, value: HandValue): string {
  const nibbles = valueNibbles(value);
  const [a, b] = nibbles;
  const category = categoryOf(value);
  const plural = (nibble: number): string => t(`rankPlural.${letter(nibble)}`, {});
  switch (category) {
    case 'straight':
    case 'straight_flush':
      return t(`handDescription.${category}`, { ranks: straightRanks(a) });
    case 'four_of_a_kind':
    case 'three_of_a_kind':
      return t(`handDescription.${category}`, { rank: plural(a), kickers: letters(nibbles.slice(1)) });
    case 'full_house':
      return t('handDescription.full_house', { rank: plural(a), second: plural(b) });
    case 'two_pair':
      return t('handDescription.two_pair', { rank: plural(a), second: plural(b), kickers: letters(nibbles.slice(2)) });
    case 'one_pair':
      return b === 0
        ? t('handDescription.one_pair_alone', { rank: plural(a) })
        : t('handDescription.one_pair', { rank: plural(a), kickers: letters(nibbles.slice(1)) });
    default:
      return t(`handDescription.${category}`, { ranks: letters(nibbles) });
  }
}
