/**
 * How a nickname reads: the skeletons that players/nickname.ts compares with the reserved words, so that a name
 * drawn with look-alike letters (`Hоuse` with a Cyrillic о, `H०use` with a Devanagari zero) reads as the word.
 *
 * The look-alike data is not ours: `unhomoglyph` carries Unicode's confusables.txt (UTS #39, "Confusable
 * Detection"; the skeleton maps each character to its prototype), and `any-ascii` transliterates the Latin
 * letters it leaves and the historic alphabets drawn from Latin and Greek. What neither reads as the letter it
 * looks like is a short list (`LIBRARY_GAPS`). A name is read several ways (`READINGS`); it passes as a reserved
 * word, or as a phrase of them (`skeletonMatcher`), if any reading of it is that reading of the phrase, or if a reading
 * of each of its letters, taken one by one, spells a reading of it (`Βankһalter`: a Greek capital that reads as B
 * upper-cased, a Cyrillic letter that reads as h lower-cased).
 */
import anyAscii from 'any-ascii';
import unhomoglyph from 'unhomoglyph';

/**
 * Characters that render as nothing or only stretch a joining: the default-ignorable code points (among
 * them the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, which are letters, and variation selectors)
 * and the Arabic tatweel U+0640 and N'Ko lajanyalan U+07FA.
 */
export const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u0640\u07FA]/gu;

const DECIMAL_DIGIT = /\p{Nd}/u;

/**
 * The value (0 to 9) of a decimal digit (`\p{Nd}`) of any script. Unicode encodes decimal digits only in
 * runs of ten, 0 to 9, one after another (Unicode Character Encoding Stability Policy), so a digit's value is
 * its distance from the start of its run, modulo 10 (the mathematical digits U+1D7CE… are five runs in a row).
 */
function decimalDigitValue(digit: string): number {
  const codePoint = digit.codePointAt(0) ?? 0;
  let start = codePoint;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return (codePoint - start) % 10;
}

/** `text` with every decimal digit of any script (`H०use`, `CASIN០`) written as the ASCII digit of its value. */
function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => String(decimalDigitValue(digit)));
}

/**
 * Latin letters and digits read as one another: i, l, 1 and | are one stroke (`DeaIer`, `CASlNO`), and digits
 * stand for the letters they look like (`H0use`, `HOU5E`, `6eber`); every digit has been made ASCII first, so a
 * Devanagari or Thai zero stands for o as 0 does. The reserved words are folded alike, so `casino` is compared
 * as `caslno`.
 */
const SAME_STROKE: Readonly<Record<string, string>> = Object.freeze({
  i: 'l', '1': 'l', '|': 'l', '0': 'o', '3': 'e', '4': 'a', '5': 's', '6': 'g', '7': 't', '8': 'b',
});

/**
 * The Yi-syllable font of fancy-text generators, a to z in turn: `ꃅꂦꀎꌗꍟ`. No library reads Yi by its look
 * (any-ascii reads it by its sound). Its l and t, `꒒` and `꓄`, are Yi radicals, symbols that a nickname does not
 * hold; they are folded all the same, so that the whole font reads as Latin.
 */
const YI_FANCY_TEXT = 'ꍏꌃꉓꀸꍟꎇꁅꃅꀤꀭꀘ꒒ꂵꈤꂦꉣꆰꋪꌗ꓄ꀎꃴꅏꊼꌩꁴ';

/**
 * The letters that neither library reads as the Latin letter they are drawn like, folded before every reading:
 * - the Canadian Syllabics that fancy-text generators use as Latin capitals and confusables.txt does not map to
 *   them (`ᗩ`, `ᑕ`, `ᗡealer`, `ᕮ`, `HOUSᗴ`, `ᑎ`, `ᗝ`, `ᑫ`, `Houᔕe`, `ᗯ`, `ᘔ`; it maps the others of their
 *   alphabet, `ᗷ`, `ᗪ`, `ᕼ`, `ᖇ`…, and `ᗅ`);
 * - the Yi syllables of another fancy-text font (`YI_FANCY_TEXT`) and the other S and B its generators use, `ꌚ`, `ꃳ`
 *   (`ꃅꂦꀎꌚꍟ`, `ꃳꍏꈤꀘꍟꋪ`);
 * - the Lisu ꓛ, a reversed C (`ꓛasino`; confusables.txt gives it the open O Ɔ as prototype);
 * - the Coptic ⲁ, ⲃ, ⲉ, ⲍ, ⲱ and the Armenian ք, drawn as a, b, e, z, w and p;
 * - the Latin hwair ƕ, drawn as h (any-ascii reads it hw), and the kra ĸ, drawn as a small capital K (any-ascii: q);
 * - the e of fancy text: the Cyrillic є and Є (confusables.txt: ꞓ, a c), the Greek capital Ξ (`DEALΞR`; not its small ξ);
 * - the Tai Le letters of a fancy-text font (`ᑯᥱᥲᥣᥱr`, `ᥴᥲsіᥒ᥆`): ᥲ a, ᥴ c, ᥱ e, ᥣ l, ᥒ n, ᥙ u, ᥕ w, ᥡ y;
 * - the Armenian capital Լ, drawn as L (its small լ is not), and the Lisu ꓷ, a reversed D as ᗡ is;
 * - the Hangul ㅣ (and ᅵ), a stroke as l is, which confusables.txt maps to the Han stroke 丨 (folded too).
 * These last came from reading every letter of the scripts that fancy text borrows from (Cyrillic, Greek, Armenian,
 * Cherokee, Tai Le, Canadian Syllabics, Lisu) as a name is read: of those read as no Latin letter or as another, the
 * ones drawn the same as a Latin letter. Not the faux letters drawn otherwise (`Σ` for E, `Δ` and `Д` for A, `ω` for w).
 * A package for this (`decancer`) ships a native binary per platform that npm's lock file did not record beyond
 * Linux: `npm start` would fail where the binary is missing, for a few dozen letters.
 */
const LIBRARY_GAPS: Readonly<Record<string, string>> = Object.freeze({
  ᗩ: 'a', ᑕ: 'c', ᗡ: 'd', ᕮ: 'e', ᗴ: 'e', ᑎ: 'n', ᗝ: 'o', ᑫ: 'q', ᔕ: 's', ᗯ: 'w', ᘔ: 'z',
  ...Object.fromEntries([...YI_FANCY_TEXT].map((letter, index) => [letter, String.fromCharCode(0x61 + index)])),
  ꌚ: 's', ꃳ: 'b',
  ꓛ: 'c', ꓷ: 'd',
  ⲁ: 'a', ⲃ: 'b', ⲉ: 'e', ⲍ: 'z', ⲱ: 'w', ք: 'p',
  ƕ: 'h', ĸ: 'k',
  є: 'e', Ξ: 'e',
  ᥲ: 'a', ᥴ: 'c', ᥱ: 'e', ᥣ: 'l', ᥒ: 'n', ᥙ: 'u', ᥕ: 'w', ᥡ: 'y',
  Լ: 'l',
  ㅣ: 'l', ᅵ: 'l', 丨: 'l',
});

/**
 * Letters the confusables map leaves that are read by their `any-ascii` transliteration (after the map, which
 * reads the few that look like another letter: `ᛕ` as K, not its transliteration p):
 * - Latin letters outside ASCII: a letter with a stroke, bar or hook (`Ħouse`, `Ƀanker`, `Łe Croupier`; the map
 *   keeps `Ƈ` as `C'`) or a turned or reversed one (`hɔuse`, `ɹ`), read as the plain letter;
 * - letters of the historic alphabets drawn from the Greek and Latin ones (Gothic, Old Italic, Runic; scripts
 *   UAX #31 excludes from identifiers, so no one's name needs them), each drawn like the Latin letter it is
 *   transliterated as (`𐌷ouse`, `D𐌄aler`, `Hou𐍃e`, `Dealeᚱ`).
 * Only these: any-ascii reads other scripts by their sound (Cyrillic с as s), not their look.
 */
const TRANSLITERATED_LETTER = /(?!\p{ASCII})[\p{Script=Latin}\p{Script=Gothic}\p{Script=Old_Italic}\p{Script=Runic}]/gu;

/** `text` with each character that `table` names, in either case (`ƕ`, `Ƕ`), replaced by what it maps to. */
function fold(text: string, table: Readonly<Record<string, string>>): string {
  return [...text].map((letter) => table[letter] ?? table[letter.toLowerCase()] ?? letter).join('');
}

/**
 * The last step of every reading: lower case, accents and other marks dropped (after NFD), everything but
 * letters and digits dropped (spaces, `_`, `-`, and the apostrophes or modifier letters that a prototype may
 * carry, `Ƈ` → `C'`), digits made ASCII, then `SAME_STROKE`.
 */
function finish(text: string): string {
  const bare = text.normalize('NFD').toLowerCase().replace(/[^\p{L}\p{Nd}]|\p{Lm}/gu, '');
  return fold(asciiDigits(bare), SAME_STROKE);
}

/**
 * The UTS #39 skeleton (confusables.txt prototypes, NFD before and after), taken on NFKC too so that the
 * compatibility forms that confusables.txt does not list (`ℎouse`, `Ｌｅ Ｃｒｏｕｐｉｅｒ`) are read, and the
 * lunate sigma `Ϲ` is read as C before NFKC makes it Σ.
 */
function confusablesSkeleton(text: string): string {
  return unhomoglyph(unhomoglyph(text.normalize('NFD')).normalize('NFKC').normalize('NFD')).normalize('NFD');
}

/** `text` with each `TRANSLITERATED_LETTER` replaced by its `any-ascii` transliteration. */
function transliterate(text: string): string {
  return text.replace(TRANSLITERATED_LETTER, (letter) => anyAscii(letter));
}

/**
 * One reading of a name: the UTS #39 skeleton of its lower-case or upper-case form (confusables.txt maps each
 * case on its own: the Greek σ reads as o, the Cyrillic Қ as K while қ is a kra ĸ), then `TRANSLITERATED_LETTER`
 * and `finish`. Read by their look first, decimal digits are read as the confusables map reads them (`৪` as 8)
 * and letters such as `ᛕ` as K; read by their value first, digits are the ASCII digits of their value (`৪` as 4)
 * and `TRANSLITERATED_LETTER` letters are transliterated before the map too (the Latin omega `ꞷ` as o, not ω).
 */
function utsReading(toCase: (text: string) => string, byValueFirst: boolean): (text: string) => string {
  return (text) => {
    const cased = toCase(text);
    return finish(transliterate(confusablesSkeleton(byValueFirst ? transliterate(asciiDigits(cased)) : cased)));
  };
}

const lower = (text: string): string => text.toLowerCase();
const upper = (text: string): string => text.toUpperCase();

/** The ways a name is read; each is applied to the name and to the reserved words alike. */
const READINGS: readonly ((text: string) => string)[] = Object.freeze([
  utsReading(lower, false),
  utsReading(upper, false),
  utsReading(lower, true),
  utsReading(upper, true),
]);

/**
 * The skeletons of `text`, one a reading (`READINGS`, in that order), after invisible characters (`INVISIBLE`)
 * are removed and `LIBRARY_GAPS` folded: `['house', …]` for `Hоuse`. For comparison only, never for display.
 */
export function nicknameSkeletons(text: string): string[] {
  const visible = visibleFolded(text);
  return READINGS.map((reading) => reading(visible));
}

/** `text` as every reading starts from it: `INVISIBLE` characters removed and `LIBRARY_GAPS` folded. */
function visibleFolded(text: string): string {
  return fold(text.replace(INVISIBLE, ''), LIBRARY_GAPS);
}

/**
 * Whether `word` is drawn as one or more vertical strokes, as I, l, II and III are: each of its characters has l for
 * prototype in confusables.txt (`I`, `l`, `1`, `ǀ`, `Ӏ`, the Arabic alef `ا`, full-width and mathematical I) or is folded
 * to l (`LIBRARY_GAPS`: the Hangul `ㅣ`). Not `Li`, which `SAME_STROKE` reads as ll: the foot of the L and the dot of
 * the i show.
 */
export function drawnAsStrokes(word: string): boolean {
  return /^l+$/.test(confusablesSkeleton(visibleFolded(word)));
}

/**
 * The readings of each character of `text` on its own (`READINGS`, after `visibleFolded`), without repeats:
 * `[['b'], …]` for the Greek capital `Β`, whose upper-case reading is b.
 */
function characterReadings(text: string): string[][] {
  return [...visibleFolded(text)].map((character) => [...new Set(READINGS.map((reading) => reading(character)))]);
}

/** What a skeleton in a `Trie` stands for, as bits: one may be two (`staff`, a reserved word and a qualifier). */
const ARTICLE = 1;
const WORD = 2;
const QUALIFIER = 4;

/** The skeletons of a phrase's parts, one character a step; `parts` says what the skeletons ending here stand for. */
interface Trie {
  readonly next: Map<string, Trie>;
  parts: number;
}

function emptyTrie(): Trie {
  return { next: new Map(), parts: 0 };
}

function addToTrie(trie: Trie, skeleton: string, part: number): void {
  let node = trie;
  for (const character of skeleton) {
    let child = node.next.get(character);
    if (child === undefined) node.next.set(character, (child = emptyTrie()));
    node = child;
  }
  if (node !== trie) node.parts |= part;
}

/**
 * How much of a phrase has been read, as bits (a set of them, read several ways): nothing yet (an article may come),
 * an article or qualifiers but no word yet, a word.
 */
const NOTHING_YET = 1;
const NO_WORD_YET = 2;
const WORD_READ = 4;

/** The places reached in a `Trie` (its root: between two parts), each with how much of the phrase was read before. */
type Reached = Map<Trie, number>;

/** `reached`, and the root again after each part that ends at a place reached (an article only first). */
function withPartsEnded(reached: Reached, root: Trie): Reached {
  let after = 0;
  for (const [node, read] of reached) {
    if (node.parts & ARTICLE && read & NOTHING_YET) after |= NO_WORD_YET;
    if (node.parts & QUALIFIER) after |= (read & WORD_READ) | (read & (NOTHING_YET | NO_WORD_YET) ? NO_WORD_YET : 0);
    if (node.parts & WORD) after |= WORD_READ;
  }
  return after === 0 ? reached : new Map(reached).set(root, (reached.get(root) ?? 0) | after);
}

/** The places reached from `reached` by reading `text`, one character a step. */
function readOn(reached: Reached, text: string, root: Trie): Reached {
  let at = reached;
  for (const character of text) {
    const next: Reached = new Map();
    for (const [node, read] of withPartsEnded(at, root)) {
      const child = node.next.get(character);
      if (child !== undefined) next.set(child, (next.get(child) ?? 0) | read);
    }
    if (next.size === 0) return next;
    at = next;
  }
  return at;
}

/**
 * Whether one reading of each of `pieces` in turn (some of them empty) spells a phrase of `root`'s trie: an article
 * or none, then one or more words and qualifiers run together, a word among them.
 */
function spellsPhrase(pieces: readonly (readonly string[])[], root: Trie): boolean {
  let reached: Reached = new Map([[root, NOTHING_YET]]);
  for (const choices of pieces) {
    const next: Reached = new Map();
    for (const choice of choices) {
      for (const [node, read] of readOn(reached, choice, root)) next.set(node, (next.get(node) ?? 0) | read);
    }
    if (next.size === 0) return false;
    reached = next;
  }
  return ((withPartsEnded(reached, root).get(root) ?? 0) & WORD_READ) !== 0;
}

/**
 * A matcher for `words`: true for a text of which some reading is the same reading of a phrase made of them, or
 * that spells a reading of one with a reading of each of its characters taken on its own. A phrase is one of
 * `articles` or none (`The House`), then one or more of `words` and `qualifiers` run together, at least one of
 * them a word (`Casino Staff`, `Support Team`, `Floor Manager`; a qualifier alone, `Team`, is no phrase).
 * confusables.txt maps each case on its own (the Greek capital `Β` reads as B only upper-cased, the Cyrillic `һ` as h
 * only lower-cased), so `Βankһalter` is read as a whole by no single reading; letter by letter it is Bankhalter.
 * @param words the words to match, in any script and case; `articles` and `qualifiers` likewise.
 */
export function skeletonMatcher(
  words: readonly string[],
  { articles = [], qualifiers = [] }: { articles?: readonly string[]; qualifiers?: readonly string[] } = {},
): (text: string) => boolean {
  // A trie of each reading's skeletons, for a whole name read that way, and one of all of them, for its letters read
  // one by one in any of the ways.
  const byReading = READINGS.map(emptyTrie);
  const anyReading = emptyTrie();
  for (const [list, part] of [[articles, ARTICLE], [words, WORD], [qualifiers, QUALIFIER]] as const) {
    for (const word of list) {
      nicknameSkeletons(word).forEach((skeleton, index) => {
        addToTrie(byReading[index], skeleton, part);
        addToTrie(anyReading, skeleton, part);
      });
    }
  }
  return (text) =>
    nicknameSkeletons(text).some((skeleton, index) => spellsPhrase([[skeleton]], byReading[index])) ||
    spellsPhrase(characterReadings(text), anyReading);
}
