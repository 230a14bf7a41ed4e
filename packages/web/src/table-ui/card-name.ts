/**
 * A card's accessible name in the player's language (issue 14 point 5): "ace of spades", "туз пик",
 * "as de pique", "Pik-Ass", "as de picas", from the catalog's `card.name` with `card.ranks.<rank>` and
 * `card.suits.<suit>` (the engine's rank and suit letters), or `card.jokerName` (the word as it stands among card
 * names, "joker", "джокер", "comodín", lower case as glossary.md writes it; German capitalises nouns, "Joker"; a tester
 * read "low hand: Joker, five of hearts"). `card.joker` is the word on the card's face.
 */
import type { TFunction } from 'i18next';
import { formatCard, isJoker, parseCard, type Card } from '@paigow/engine';

/**
 * The name of `card` (an engine integer 0‥52) through `t`.
 * @returns e.g. "ace of spades"; `card.jokerName` for the joker
 */
export function cardName(t: TFunction, card: Card): string {
  if (isJoker(card)) return t('card.jokerName');
  const [rank, suit] = formatCard(card);
  return t('card.name', { rank: t(`card.ranks.${rank}`), suit: t(`card.suits.${suit}`) });
}

/**
 * The names of cards in the engine's text (`As`, `Jk`), in the given order, through `t` (as `cardName`); a text
 * that is no card stays as it is.
 * @returns e.g. ["ace of spades", "joker"]
 */
export function cardNames(t: TFunction, cards: readonly string[]): string[] {
  return cards.map((text) => {
    const card = parseCard(text);
    return card.ok ? cardName(t, card.value) : text;
  });
}
