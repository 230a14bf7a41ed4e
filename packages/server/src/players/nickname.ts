/**
 * Guest nicknames.
 */
import { err, ok, type Result } from '@paigow/engine';
import anyAscii from 'any-ascii';

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
 * Letters that look like Latin ones, as the Latin letter (after NFKC and lower-casing): `Hоuse` with a
 * Cyrillic о reads as the house, and so does `казинo` with a Latin o (both sides are folded alike). Cyrillic,
 * Greek, Armenian (`Hօuse`), Cherokee (`ᎻᎾᏌᏚᎬ`; lower-casing makes its small letters, U+AB70…), Coptic
 * (`ⲎⲞUSE`, as lower-cased), Lisu (`ꓓꓰꓮꓡꓰꓣ`; uncased capitals), Canadian Syllabics (`ᕼouse`, `ᗷanker`), Latin
 * small capitals (`ʜᴏᴜsᴇ`) and other Latin letters that look like a plain one (the dotless ı of `Croupıer`).
 * NFKC has already folded full-width and mathematical letters (`Ｈｏｕｓｅ`, `𝐃𝐞𝐚𝐥𝐞𝐫`, `ℎ`).
 */
const LOOKALIKES: Readonly<Record<string, string>> = Object.freeze({
  // Cyrillic
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's',
  һ: 'h', ԁ: 'd', ӏ: 'l', ԛ: 'q', ԝ: 'w',
  // Greek
  α: 'a', β: 'b', ε: 'e', η: 'h', ι: 'i', κ: 'k', μ: 'm', ν: 'n', ο: 'o', ρ: 'p', τ: 't', υ: 'y', χ: 'x', ϳ: 'j',
  // Armenian
  օ: 'o', ս: 'u', ո: 'n', հ: 'h', ց: 'g', ք: 'p', զ: 'q',
  // Cherokee, as lower-cased (Ꭰ D, Ꭱ R, Ꭲ T, Ꭵ i, Ꭹ y, Ꭺ A, Ꭻ J, Ꭼ E, Ꮃ W, Ꮇ M, Ꮋ H, Ꮍ y, Ꮎ O, Ꮐ G, Ꮒ h, Ꮓ Z,
  // Ꮜ U, Ꮟ b, Ꮢ R, Ꮤ W, Ꮥ S, Ꮩ V, Ꮪ S, Ꮮ L, Ꮯ C, Ꮲ P, Ꮶ K, Ꮷ d, Ᏻ G, Ᏼ B)
  '\uAB70': 'd', '\uAB71': 'r', '\uAB72': 't', '\uAB75': 'i', '\uAB79': 'y', '\uAB7A': 'a', '\uAB7B': 'j', '\uAB7C': 'e',
  '\uAB83': 'w', '\uAB87': 'm', '\uAB8B': 'h', '\uAB8D': 'y', '\uAB8E': 'o', '\uAB90': 'g', '\uAB92': 'h', '\uAB93': 'z',
  '\uAB9C': 'u', '\uAB9F': 'b', '\uABA2': 'r', '\uABA4': 'w', '\uABA5': 's', '\uABA9': 'v', '\uABAA': 's', '\uABAE': 'l',
  '\uABAF': 'c', '\uABB2': 'p', '\uABB6': 'k', '\uABB7': 'd', '\u13FB': 'g', '\u13FC': 'b',
  // Coptic (U+2C80…), as lower-cased
  ⲁ: 'a', ⲃ: 'b', ⲉ: 'e', ⲍ: 'z', ⲏ: 'h', ⲓ: 'i', ⲕ: 'k', ⲙ: 'm', ⲛ: 'n', ⲟ: 'o', ⲣ: 'p', ⲥ: 'c', ⲧ: 't', ⲩ: 'y', ⲭ: 'x',
  ⲱ: 'w',
  // Lisu (U+A4D0…): capitals that are the Latin ones, and ꓛ, a reversed C
  ꓐ: 'b', ꓑ: 'p', ꓓ: 'd', ꓔ: 't', ꓖ: 'g', ꓗ: 'k', ꓙ: 'j', ꓚ: 'c', ꓛ: 'c', ꓜ: 'z', ꓝ: 'f', ꓟ: 'm', ꓠ: 'n', ꓡ: 'l', ꓢ: 's',
  ꓣ: 'r', ꓦ: 'v', ꓧ: 'h', ꓪ: 'w', ꓫ: 'x', ꓬ: 'y', ꓮ: 'a', ꓰ: 'e', ꓲ: 'i', ꓳ: 'o', ꓴ: 'u',
  // Canadian Syllabics that look like Latin capitals
  ᗩ: 'a', ᗅ: 'a', ᗷ: 'b', ᑕ: 'c', ᗪ: 'd', ᗞ: 'd', ᕮ: 'e', ᖴ: 'f', ᕼ: 'h', ᒍ: 'j', ᒪ: 'l', ᗰ: 'm', ᑎ: 'n', ᑭ: 'p',
  ᑫ: 'q', ᖇ: 'r', ᔕ: 's', ᑌ: 'u', ᐯ: 'v', ᗯ: 'w', ᘔ: 'z',
  // Latin small capitals
  ᴀ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ꜰ: 'f', ɢ: 'g', ʜ: 'h', ɪ: 'i', ᴊ: 'j', ᴋ: 'k', ʟ: 'l', ᴍ: 'm', ɴ: 'n', ᴏ: 'o',
  ᴘ: 'p', ꞯ: 'q', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z',
  // other Latin letters: dotless ı and ȷ, script ɑ and ɡ, iota ɩ, hwair ƕ (Ƕ; `LATIN_LETTER` would make it hw)
  ı: 'i', ȷ: 'j', ɑ: 'a', ɡ: 'g', ɩ: 'i', ƕ: 'h',
});

/**
 * A Latin letter outside ASCII that is left once accents are dropped and `LOOKALIKES` folded: a letter with a
 * stroke, bar or hook (`Ħouse`, `Đealer`, `Ƀanker`, `Ȼasino`, `Łe Croupier`), read as its ASCII letter by
 * `any-ascii`'s transliteration. Only Latin letters: any-ascii reads other scripts by their sound (Cyrillic с as
 * s), not their look, which `LOOKALIKES` covers.
 */
const LATIN_LETTER = /(?!\p{ASCII})\p{Script=Latin}/gu;

/** Upper-case letters that look like a Latin one that their lower case does not: Armenian Տ (S), Լ (L), Greek Ζ (Z). */
const UPPER_LOOKALIKES: Readonly<Record<string, string>> = Object.freeze({ Տ: 's', Լ: 'l', Ζ: 'z' });

/** Letters that look like a Latin one but that NFKC makes another: the Greek lunate sigmas Ϲ, ϲ (C, c; NFKC Σ, ς). */
const BEFORE_NFKC_LOOKALIKES: Readonly<Record<string, string>> = Object.freeze({ Ϲ: 'c', ϲ: 'c' });

/**
 * Latin letters and digits read as one another (after `LOOKALIKES`): i, l, 1 and | are one stroke (`DeaIer`,
 * `CASlNO`), and digits stand for the letters they look like (`H0use`, `HOU5E`). The reserved words are folded
 * alike, so `casino` is compared as `caslno`.
 */
const SAME_STROKE: Readonly<Record<string, string>> = Object.freeze({
  i: 'l', '1': 'l', '|': 'l', '0': 'o', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b',
});

/**
 * Characters that render as nothing or only stretch a joining: the default-ignorable code points (among
 * them the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, which are letters, and variation selectors)
 * and the Arabic tatweel U+0640 and N'Ko lajanyalan U+07FA.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u0640\u07FA]/gu;

/** A letter or a digit that shows (once `INVISIBLE` characters are removed). */
const VISIBLE_LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/u;

/**
 * `text` as it is compared with the reserved words: NFKC (full-width and mathematical letters made plain),
 * lower case, invisible characters (`INVISIBLE`), accents, spaces, `_` and `-` dropped, lookalikes folded
 * (`BEFORE_NFKC_LOOKALIKES`, `UPPER_LOOKALIKES`, `LOOKALIKES`), Latin letters with a stroke or hook made
 * plain (`LATIN_LETTER`), then i, l, 1 and digits (`SAME_STROKE`).
 */
function skeleton(text: string): string {
  const plain = fold(fold(text, BEFORE_NFKC_LOOKALIKES).normalize('NFKC'), UPPER_LOOKALIKES);
  const bare = plain.toLowerCase().normalize('NFD').replace(INVISIBLE, '').replace(/[\p{M}\s_-]/gu, '');
  return fold(fold(bare, LOOKALIKES).replace(LATIN_LETTER, (letter) => anyAscii(letter).toLowerCase()), SAME_STROKE);
}

/** `text` with each character that `table` names replaced by what it maps to. */
function fold(text: string, table: Readonly<Record<string, string>>): string {
  return [...text].map((letter) => table[letter] ?? letter).join('');
}

/** The reserved words, each alone and after each article, as skeletons. */
const RESERVED_SKELETONS: ReadonlySet<string> = new Set(RESERVED_NICKNAMES.flatMap((word) => ARTICLES.map((article) => skeleton(article + word))));

/**
 * Checks a guest's nickname and returns it cleaned: Unicode-normalized (NFC) and trimmed, then
 * 1 to 20 characters, each a letter (any script), a digit, a space, `_` or `-`, at least one of them a letter
 * or digit that shows (not only Hangul fillers, tatweels…: `INVISIBLE`), and not one of `RESERVED_NICKNAMES`
 * (compared after NFKC, ignoring case, accents, spaces, `_` and `-`, invisible characters, letters that look
 * the same (`LOOKALIKES`), i/l/1 and digits for letters (`SAME_STROKE`), and an article before it). Existing accounts keep their names: only a new guest is checked.
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
  if (!VISIBLE_LETTER_OR_DIGIT.test(nickname.replace(INVISIBLE, ''))) {
    return err('auth/invalid-nickname', 'a nickname needs a visible letter or digit');
  }
  if (RESERVED_SKELETONS.has(skeleton(nickname))) {
    return err('auth/invalid-nickname', 'that nickname is the name of the house, the dealer or the banker at the table: pick another');
  }
  return ok(nickname);
}
