/**
 * Card text notation (rules.md §1).
 *
 * Input is case-insensitive: rank `2‥9 T J Q K A` (`10` for `T`), suit `s h d c` or a Unicode
 * suit symbol; the joker is `Jk` (`JK`, `joker`). Output is canonical: `As`, `Td`, `Jk`.
 */

import { DECK_SIZE, HAND_SIZE, isCard, JOKER, RANK_CHARS, SUIT_CHARS, type Card, type Hand } from '../cards/index.js';
import { err, ok, unwrap, type Result } from '../errors/index.js';

const UNICODE_SUITS: Readonly<Record<string, number>> = {
  '♠': 0, '♤': 0,
  '♥': 1, '♡': 1,
  '♦': 2, '♢': 2,
  '♣': 3, '♧': 3,
};

const JOKER_NAMES = new Set(['jk', 'joker']);

/** U+FE0E and U+FE0F, the text / emoji presentation selectors that pickers append to `♠♥♦♣` (`A♥️`). */
const PRESENTATION_SELECTORS = /[\uFE0E\uFE0F]/g;

/**
 * Parses one card.
 * @param text e.g. `As`, `td`, `10c`, `A♠`, `A♥️` (a presentation selector after the suit is ignored), `Jk`, `joker`
 * @returns the card, or `card/malformed` when the text is not a card.
 */
export function parseCard(text: string): Result<Card> {
  const t = text.trim().replace(PRESENTATION_SELECTORS, '');
  if (JOKER_NAMES.has(t.toLowerCase())) return ok(JOKER);
  const chars = Array.from(t);
  const suitChar = chars.pop();
  const rankText = chars.join('').toUpperCase();
  const rank = rankText === '10' ? 8 : rankText.length === 1 ? RANK_CHARS.indexOf(rankText) : -1;
  const suit = suitChar === undefined ? -1 : suitChar.toLowerCase() in UNICODE_SUITS ? UNICODE_SUITS[suitChar] : SUIT_CHARS.indexOf(suitChar.toLowerCase());
  if (rank < 0 || suit < 0 || suitChar === undefined) return err('card/malformed', `card '${t}' is not a card`);
  return ok(rank * 4 + suit);
}

/** Canonical text of a card: rank then suit (`As`, `Td`), or `Jk`. Throws on a non-card integer. */
export function formatCard(card: Card): string {
  if (card === JOKER) return 'Jk';
  if (!Number.isInteger(card) || card < 0 || card >= DECK_SIZE) throw new RangeError(`not a card: ${card}`);
  return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3];
}

/** Canonical text of several cards, space-separated (`As Kd Jk`). */
export function formatCards(cards: readonly Card[]): string {
  // A loop, not map/join: bulk mode formats millions of hands.
  let text = '';
  for (let i = 0; i < cards.length; i++) text += i === 0 ? formatCard(cards[i]) : ` ${formatCard(cards[i])}`;
  return text;
}

/**
 * The canonical texts of several cards, one a card, in their order (`['As', 'Kd', 'Jk']`): the one form cards
 * take on the wire, in stored results, proofs and the CLI's JSON. Throws on a non-card integer (`formatCard`).
 */
export function cardTexts(cards: readonly Card[]): string[] {
  return cards.map(formatCard);
}

/** A setting as card texts (canonical, e.g. `'Td'`): the high hand's five and the low hand's two. */
export interface SettingCards {
  /** The high hand's five cards. */
  readonly high: readonly string[];
  /** The low hand's two cards. */
  readonly low: readonly string[];
}

/**
 * A setting's two hands as canonical card texts (`{ high: ['As', …], low: ['Kd', 'Jk'] }`, rules.md §1, §2):
 * the one text form of a setting, which the protocol (`settingText`), the round result, the fairness proof and
 * the CLI all use. Each hand keeps its order. Throws on a non-card integer (`formatCard`).
 * @param setting any object with the high hand's and the low hand's cards (a `Setting`, a house-way setting, an analysis row)
 */
export function settingText(setting: { readonly high: readonly Card[]; readonly low: readonly Card[] }): { high: string[]; low: string[] } {
  return { high: cardTexts(setting.high), low: cardTexts(setting.low) };
}

/**
 * Parses a group of distinct cards from one string (`"As Kd 9c"`, commas allowed) or a list of card texts.
 * @param input the cards as one string or as separate strings (each may itself hold several cards)
 * @param count when given, the exact number of cards required
 * @returns the cards in input order, or one of `card/malformed`, `card/duplicate` (the same card twice),
 *   `card/second-joker` (the deck has one joker), `card/wrong-count`.
 */
export function parseCards(input: string | readonly string[], count?: number): Result<Card[]> {
  const words = (typeof input === 'string' ? [input] : input)
    .flatMap((part) => part.split(/[\s,]+/))
    .filter((word) => word.length > 0);
  const cards: Card[] = [];
  const seen = new Set<Card>();
  for (const word of words) {
    const parsed = parseCard(word);
    if (!parsed.ok) return parsed;
    const c = parsed.value;
    if (seen.has(c)) {
      return c === JOKER
        ? err('card/second-joker', 'the deck holds one joker; a second joker was given')
        : err('card/duplicate', `duplicate card ${formatCard(c)}`);
    }
    seen.add(c);
    cards.push(c);
  }
  if (count !== undefined && cards.length !== count) {
    return err('card/wrong-count', `expected ${count} cards, got ${cards.length}`);
  }
  return ok(cards);
}

/**
 * Checks seven cards once and makes them a `Hand` (rules.md §2).
 * @param cards the cards, in any order (copied: the hand keeps this order)
 * @returns the hand, or `card/wrong-count` (not seven cards), `card/malformed` (not a card 0‥52),
 *   `card/duplicate` (the same card twice), `card/second-joker`
 */
export function toHand(cards: readonly Card[]): Result<Hand> {
  if (cards.length !== HAND_SIZE) return err('card/wrong-count', `a hand has ${HAND_SIZE} cards, got ${cards.length}`);
  const seen = new Set<Card>();
  for (const c of cards) {
    if (!isCard(c)) return err('card/malformed', `${String(c)} is not a card`);
    if (seen.has(c)) {
      return c === JOKER ? err('card/second-joker', 'the deck holds one joker; a second joker was given') : err('card/duplicate', `duplicate card ${formatCard(c)}`);
    }
    seen.add(c);
  }
  return ok(Object.freeze([...cards]) as Hand);
}

/**
 * Parses a hand of seven cards (`"As Kd 9c 9h 5s 3d Jk"`, or a list of card texts).
 * @returns the hand in input order, or the errors of `parseCards(input, 7)`
 */
export function parseHand(input: string | readonly string[]): Result<Hand> {
  const parsed = parseCards(input, HAND_SIZE);
  return parsed.ok ? toHand(parsed.value) : parsed;
}

/** `parseHand` for trusted literals (tests, examples): throws a `PaiGowError` on bad input. */
export function handOf(input: string | readonly string[]): Hand {
  return unwrap(parseHand(input));
}

/** `parseCards` for trusted literals (tests, examples): throws a `PaiGowError` on bad input. */
export function cards(input: string, count?: number): Card[] {
  return unwrap(parseCards(input, count));
}
