/**
 * Guest nicknames.
 */
import { err, ok, type Result } from '@paigow/engine';

/** The longest nickname, in characters (Unicode code points). */
export const NICKNAME_MAX_LENGTH = 20;

/** Letters of any script (with their combining marks), decimal digits, space, `_` and `-`. */
const NICKNAME_CHARACTERS = /^[\p{L}\p{M}\p{Nd} _-]+$/u;

/**
 * The words the table uses for the house, the dealer and the banker in the web client's five languages
 * (docs/glossary.md; `theHouse`, `banker` and the like in packages/web/src/app/i18n), and their usual
 * synonyms: a guest may not take one as its nickname, alone or after an article (`The House`, `Le Croupier`),
 * or it could speak as the dealer. Lower case, without spaces, accents or punctuation.
 */
export const RESERVED_NICKNAMES: readonly string[] = Object.freeze([
  // en
  'house', 'dealer', 'banker', 'bank', 'croupier', 'casino',
  // de
  'haus', 'geber', 'bankhalter', 'spielbank', 'kasino',
  // es
  'casa', 'banca', 'banquero', 'crupier', 'repartidor',
  // fr
  'maison', 'banque', 'banquier',
  // ru
  'казино', 'банкир', 'банк', 'крупье', 'дилер',
]);

/** Articles that may stand before a reserved word: en the; de der, die, das; es el, la; fr le, la. */
const ARTICLES = ['', 'the', 'der', 'die', 'das', 'el', 'la', 'le'];

/**
 * Letters of Cyrillic and Greek that look like Latin ones, as the Latin letter (after lower-casing): `Hоuse`
 * with a Cyrillic о reads as the house, and so does `казинo` with a Latin o (both sides are folded alike).
 */
const LOOKALIKES: Readonly<Record<string, string>> = Object.freeze({
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's',
  α: 'a', β: 'b', ε: 'e', η: 'h', ι: 'i', κ: 'k', μ: 'm', ν: 'n', ο: 'o', ρ: 'p', τ: 't', υ: 'y', χ: 'x',
});

/** `text` as it is compared with the reserved words: lower case, accents, spaces, `_` and `-` dropped, lookalikes folded. */
function skeleton(text: string): string {
  const bare = text.toLowerCase().normalize('NFD').replace(/[\p{M}\s_-]/gu, '');
  return [...bare].map((letter) => LOOKALIKES[letter] ?? letter).join('');
}

/** The reserved words, each alone and after each article, as skeletons. */
const RESERVED_SKELETONS: ReadonlySet<string> = new Set(RESERVED_NICKNAMES.flatMap((word) => ARTICLES.map((article) => skeleton(article + word))));

/**
 * Checks a guest's nickname and returns it cleaned: Unicode-normalized (NFC) and trimmed, then
 * 1 to 20 characters, each a letter (any script), a digit, a space, `_` or `-`, and not one of
 * `RESERVED_NICKNAMES` (ignoring case, accents, spaces, `_` and `-`, letters of another script that look
 * the same, and an article before it). Existing accounts keep their names: only a new guest is checked.
 * @returns the cleaned nickname, or `auth/invalid-nickname`.
 */
export function validateNickname(raw: string): Result<string> {
  const nickname = raw.normalize('NFC').trim();
  const length = [...nickname].length;
  if (length === 0) return err('auth/invalid-nickname', 'the nickname is empty');
  if (length > NICKNAME_MAX_LENGTH) {
    return err('auth/invalid-nickname', `the nickname is longer than ${NICKNAME_MAX_LENGTH} characters`);
  }
  if (!NICKNAME_CHARACTERS.test(nickname)) {
    return err('auth/invalid-nickname', 'a nickname holds only letters, digits, spaces, _ and -');
  }
  if (RESERVED_SKELETONS.has(skeleton(nickname))) {
    return err('auth/invalid-nickname', 'that nickname is the name of the house, the dealer or the banker at the table: pick another');
  }
  return ok(nickname);
}
