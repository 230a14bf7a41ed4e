/**
 * Guest nicknames.
 */
import { err, ok, type Result } from '@paigow/engine';
import { drawnAsStrokes, INVISIBLE, nicknameSkeletons, skeletonMatcher } from './nickname-skeleton.js';

/** The longest nickname, in characters (Unicode code points). */
export const NICKNAME_MAX_LENGTH = 20;

/** Letters of any script (with their combining marks), decimal digits, space, `_` and `-`. */
const NICKNAME_CHARACTERS = /^[\p{L}\p{M}\p{Nd} _-]+$/u;

/**
 * The words the table uses for the house, the dealer and the banker in the web client's five languages
 * (docs/glossary.md; `theHouse`, `banker` and the like in packages/web/src/app/i18n), their usual
 * synonyms, and the words for a casino's staff in those languages (admin, moderator, support, host, pit boss, the
 * staff as a body: `Personal`, `Personnel`, `Персонал`; security, official, mod): a guest may not take one as its
 * nickname, alone or after an article (`The House`, `Le Croupier`, `The Admin`), nor several run together or with
 * `STAFF_QUALIFIERS` (`Casino Staff`, `Support Team`), or it could speak as the dealer or as the people who run the
 * table. Lower case, without spaces, accents or punctuation.
 */
export const RESERVED_NICKNAMES: readonly string[] = Object.freeze([
  // en
  'house', 'dealer', 'banker', 'bank', 'croupier', 'casino',
  // de
  'haus', 'geber', 'bankhalter', 'spielbank', 'kasino',
  // es
  'casa', 'banca', 'banquero', 'crupier', 'repartidor',
  // fr
  'maison', 'banque', 'banquier', 'croupiere',
  // ru
  'казино', 'банкир', 'банк', 'крупье', 'дилер',
  // the feminine forms, and the Russian words in Latin letters
  'banquiere', 'banquera', 'repartidora', 'bankier', 'bankierin', 'dealerin',
  'kazino', 'bankir', 'krupye',
  // staff: en and de (admin, moderator, support, manager and operator are German words too), es, fr, ru
  'admin', 'administrator', 'moderator', 'support', 'staff', 'cashier', 'pitboss', 'manager', 'operator', 'host', 'system',
  'kassierer', 'betreiber',
  'administrador', 'moderador', 'soporte', 'cajero', 'gerente', 'operador', 'sistema',
  'administrateur', 'moderateur', 'caissier', 'operateur', 'systeme',
  'админ', 'администратор', 'модератор', 'поддержка', 'кассир', 'менеджер', 'оператор', 'система',
  // the staff as a body, the host and the pit boss in de, es, fr, ru ('personal' is German and Spanish)
  'personal', 'gastgeber', 'saalchef',
  'anfitrion', 'jefedemesa',
  'personnel', 'hote', 'chefdetable',
  'персонал', 'хост', 'питбосс',
  // The words match whole (not inside a longer name), so each form of a person's title is a word of its own:
  // the feminine forms of the staff's titles and of the dealer's and banker's (en de es fr; ru, colloquial) ...
  'hostess',
  'kassiererin', 'betreiberin', 'administratorin', 'moderatorin', 'managerin', 'operatorin', 'geberin', 'bankhalterin', 'bankerin',
  'cajera', 'administradora', 'moderadora', 'operadora', 'gerenta',
  'gastgeberin', 'saalchefin',
  'anfitriona', 'jefademesa',
  'caissiere', 'administratrice', 'moderatrice', 'operatrice', 'hotesse', 'cheffedetable',
  'кассирша', 'администраторша', 'админша', 'модераторша', 'операторша', 'менеджерша', 'банкирша', 'дилерша', 'хостес',
  // ... and the plurals of the people's words, a name speaking for all of them (`The Dealers`, `Les Croupiers`,
  // `Администраторы`); German's masculine plurals are their singulars (Geber, Kassierer). Not of things: `Banks`, `Systems` stay.
  'dealers', 'bankers', 'croupiers', 'cashiers', 'pitbosses', 'admins', 'administrators', 'moderators', 'managers', 'operators',
  'hosts', 'hostesses',
  'bankiers', 'administratoren', 'moderatoren', 'operatoren', 'dealerinnen', 'bankierinnen', 'bankerinnen', 'geberinnen',
  'bankhalterinnen', 'kassiererinnen', 'betreiberinnen', 'administratorinnen', 'moderatorinnen', 'managerinnen', 'operatorinnen',
  'gastgeberinnen', 'saalchefs', 'saalchefinnen',
  'banqueros', 'banqueras', 'crupieres', 'repartidores', 'repartidoras', 'cajeros', 'cajeras', 'gerentes',
  'administradores', 'administradoras', 'moderadores', 'moderadoras', 'operadores', 'operadoras',
  'anfitriones', 'anfitrionas', 'jefesdemesa', 'jefasdemesa',
  'banquiers', 'banquieres', 'croupieres', 'caissiers', 'caissieres', 'administrateurs', 'administratrices',
  'moderateurs', 'moderatrices', 'operateurs', 'operatrices', 'hotes', 'hotesses', 'chefsdetable', 'cheffesdetable',
  'банкиры', 'дилеры', 'кассиры', 'админы', 'администраторы', 'модераторы', 'менеджеры', 'операторы', 'хосты', 'питбоссы',
  'кассирши', 'банкирши', 'дилерши',
  // security, official, mod (the moderators' short word) and moderation, and the plurals of the people's words among them;
  // 'поддержки' is the genitive of 'Служба поддержки', support service
  'security', 'official', 'officials', 'mod', 'mods', 'moderation',
  'sicherheit', 'offiziell',
  'seguridad', 'oficial', 'oficiales', 'moderacion',
  'securite', 'officiel', 'officielle', 'officiels', 'modo', 'modos',
  'безопасность', 'охрана', 'официальный', 'модер', 'модеры', 'модерация', 'поддержки',
  // the owner, the server and staff phrases that none of the words above spells (an attacker's finding: `Owner`, `Server`,
  // `Game Master`, `Customer Service`), in the five languages
  'owner', 'server', 'gamemaster', 'customerservice', 'customersupport',
  'besitzer', 'inhaber', 'kundendienst', 'kundenservice',
  'dueno', 'propietario', 'servidor', 'atencionalcliente',
  'proprietaire', 'serveur', 'serviceclient',
  'владелец', 'сервер', 'гейммастер',
  // the supervisors and the shift bosses (an attacker's finding: `Supervisor`, `Shift Boss` were accepted), with their
  // feminine and plural forms, in the five languages; the chef de partie runs the tables of a French casino's room
  'supervisor', 'supervisors', 'shiftboss', 'shiftbosses',
  'supervisorin', 'supervisoren', 'supervisorinnen', 'schichtleiter', 'schichtleiterin', 'schichtleiterinnen',
  'supervisora', 'supervisores', 'supervisoras', 'jefedeturno', 'jefadeturno', 'jefesdeturno', 'jefasdeturno',
  'superviseur', 'superviseure', 'superviseurs', 'superviseures', 'chefdepartie', 'cheffedepartie', 'chefsdepartie',
  'супервайзер', 'супервайзеры', 'супервизор', 'супервизоры', 'начальниксмены',
]);

/**
 * The titles of the table's people: a nickname holding one of them as any of its words (`Head Dealer`, `Dealer Anna`,
 * `DealerBot`, `Security Guard`, `Staff Member`, `PaiGow Team`, `GM`) speaks as the dealer or as staff, so these are
 * refused in any company, not only alone as the other `RESERVED_NICKNAMES` are. Only words that are nobody's name and
 * nothing else at a card table: the dealer's (and its Russian spellings, `дилер`, `деалер`), the croupier's, the
 * banker's (a role at this table), the administrators', moderators', staff's, support's, security's, officials', the
 * owner's, the game master's (`GM`), the supervisor's, the pit and shift bosses' and the game's own name. Not the house,
 * the bank, the casino, the host, the cashier, the manager, the operator, the system or the server (`Ada House`,
 * `Operadoras 7 y 8`, `Cashiers Club`, a Turkish `Server` in a full name), nor `Geber` (a German surname), which are
 * reserved only as the whole name.
 * Lower case, without spaces, accents or punctuation; each is also in `RESERVED_NICKNAMES`.
 */
export const RESERVED_TITLES: readonly string[] = Object.freeze([
  'dealer', 'dealers', 'dealerin', 'dealerinnen', 'croupier', 'croupiers', 'croupiere', 'croupieres', 'crupier', 'crupieres',
  'banker', 'bankers', 'banquier', 'banquiers', 'banquiere', 'banquieres', 'bankhalter', 'bankhalterin',
  'admin', 'admins', 'administrator', 'administrators', 'administrador', 'administradora', 'administrateur', 'administratrice',
  'moderator', 'moderators', 'moderatorin', 'moderador', 'moderadora', 'moderateur', 'moderatrice', 'mod', 'mods',
  'staff', 'support', 'soporte', 'security', 'seguridad', 'securite', 'sicherheit',
  'official', 'officials', 'oficial', 'officiel', 'offiziell', 'owner', 'gm', 'gamemaster', 'pitboss', 'paigow',
  'supervisor', 'supervisors', 'supervisorin', 'supervisoren', 'supervisora', 'supervisores', 'supervisoras', 'superviseur',
  'superviseure', 'superviseurs', 'shiftboss', 'shiftbosses', 'супервайзер', 'супервизор',
  'дилер', 'дилеры', 'деалер', 'диллер', 'крупье', 'банкир', 'админ', 'администратор', 'модератор', 'модер', 'поддержка', 'охрана',
  'владелец',
]);

/**
 * The fewest letters a reserved word has for its misspellings one letter off to be refused too (`Dealr`, `Bankr`, `Bnaker`,
 * `Casimo`; `isMisspelt`): shorter words are one letter off too many names and words (`Hans` of `Haus`, `Amin` and `Admir`
 * of `Admin`, `Cara` and `Caja` of `Casa`, `Horst` and `Hosta` of `Host`, `Hous` of `House`, the Bulgarian `Дилев` of `дилер`).
 */
const MISSPELT_MIN_LETTERS = 6;

/**
 * Names and words one letter off a reserved word of `MISSPELT_MIN_LETTERS` or more, and so kept: the common ones among the
 * people's names (cspell's list, @cspell/dict-people-names) and the English words (the `word-list` package) one letter
 * off a reserved word, and the words of the other languages we know one letter off (`Personne` of `personnel`, `Север`,
 * north, of `сервер`). Not the rare ones, nor those of the dealer (`Deller`, `Dialer`: at the table they read as the
 * dealer). Lower case, without accents.
 */
const ORDINARY_NEIGHBOURS: readonly string[] = Object.freeze([
  // of banker(s), banque, banquero, bankir
  'baker', 'bakers', 'backer', 'backers', 'bakker', 'banner', 'banners', 'barker', 'barkers', 'bunker', 'bunkers', 'banter', 'banters',
  'banger', 'bangers', 'banked', 'bankes', 'bonkers', 'banquet', 'barque', 'basque', 'baquero', 'barquero', 'бакир',
  // of casino, cajero, cajera, cashier, maison, manager
  'camino', 'canino', 'carino', 'casiano', 'cansino', 'catino', 'casing', 'casini', 'cassino', 'calero', 'camero', 'camera', 'cameras',
  'cahier', 'cushier', 'madison', 'madson', 'mason', 'manson', 'masson', 'matson', 'maxson', 'marson', 'malson',
  'manger', 'mangers', 'manage', 'managed', 'manages',
  // of admins, server, system, personal, personnel, hostess, inhaber, moderator, moderador, gerenta, supervisor
  'adkins', 'admits', 'admina', 'sever', 'seaver', 'sarver', 'serve', 'served', 'serves', 'servery', 'север', 'systems', 'persona',
  'personae', 'personas', 'personne', 'персона', 'персонаж', 'hostels', 'inhaler', 'moderato', 'moderado', 'gerena', 'supervisory',
  // of the German betreiber, besitzer, kassierer: verbs
  'betreiben', 'besitzen', 'kassieren',
]);

/**
 * Words that say "the staff" when they follow or precede a reserved word (`Casino Staff`, `Support Team`, `Floor Manager`,
 * `Dealer Desk`, `Table Host`, `Casino Bot`, `Cashier Cage`, `Pit Manager`, `Shift Manager`), in the five languages: team,
 * crew, desk, service, floor, office, help, table, VIP, bot, head, chief, cage (the cashier's), pit, shift; Dienst, Büro,
 * Tisch; equipo, servicio, oficina, ayuda, mesa; équipe, bureau, aide; команда, служба, сервис, отдел, помощь, стол, бот.
 * Alone, or with one another, they are a name (`Team`, `Floor`, a Dutch given name, `The Floor Team`, `Cage`).
 */
const STAFF_QUALIFIERS: readonly string[] = Object.freeze([
  'team', 'teams', 'crew', 'desk', 'service', 'services', 'floor', 'office', 'help',
  // the table's, VIP, bot and head (`Table Host`, `Vip Host`, `Casino Bot`, `Head Cashier`)
  'table', 'vip', 'bot', 'bots', 'head', 'chief', 'tisch', 'mesa', 'стол', 'бот', 'боты',
  // the cashier's cage, the pit and the shift (`Cashier Cage`, `Pit Manager`, `Shift Manager`)
  'cage', 'pit', 'shift',
  'dienst', 'buro',
  'equipo', 'servicio', 'servicios', 'oficina', 'ayuda',
  'equipe', 'bureau', 'aide',
  'команда', 'служба', 'сервис', 'отдел', 'помощь',
]);

/** Articles that may stand before a reserved word or a phrase of them: en the; de der, die, das; es el, la, los, las; fr le, la, les. */
const ARTICLES = ['the', 'der', 'die', 'das', 'el', 'la', 'los', 'las', 'le', 'les'];

/**
 * The most combining marks (`\p{M}`) one letter or digit carries, after NFC: enough for Vietnamese (whose
 * letters NFC composes; `ệ` is e with 2 marks when decomposed), for Hebrew with its points (`שַּׁ`: dagesh, shin dot,
 * patah) and a Tibetan stack (`སྒྲུ`: 2 subjoined letters and a vowel sign), and not for a letter buried under a
 * pile of accents (Zalgo text: `Z` with 19 marks), which spills over the lines around it at the table.
 */
export const NICKNAME_MAX_MARKS = 3;

/**
 * A character that renders as nothing and that `NICKNAME_CHARACTERS` lets through, being a letter or a mark: `Ana`
 * and `Ana` + a Hangul filler look the same at the table. The default-ignorable code points (the Hangul fillers
 * U+115F, U+1160, U+3164, U+FFA0; the Khmer inherent vowels U+17B4, U+17B5; the combining grapheme joiner U+034F; the
 * variation selectors), once `GLYPH_VARIANT`s are taken out. The other invisible characters (zero-width spaces and
 * joiners, U+2060–U+2064, U+FEFF, U+180E, the Braille blank U+2800) are neither letters, marks nor digits, and
 * `NICKNAME_CHARACTERS` refuses them; the tatweel shows, as a stretched joining.
 */
const RENDERS_AS_NOTHING = /\p{Default_Ignorable_Code_Point}/u;

/**
 * A variation selector that picks a letter's glyph, and the letter it follows: one of the ideographic variation
 * sequences of a Han ideograph (the form of a name's kanji), or a Mongolian free variation selector after a
 * Mongolian letter (the letter's positional form).
 */
const GLYPH_VARIANT = /(\p{Script=Han})[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]|(\p{Script=Mongolian})[\u180B-\u180D\u180F]/gu;

/** A letter or a digit that shows (once `INVISIBLE` characters are removed). */
const VISIBLE_LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/u;

/** A run of combining marks and the character before it (none at the start), in a nickname after NFC. */
const MARKS_AND_BASE = /(^|[^\p{M}])(\p{M}+)/gu;

/**
 * Digits, spaces, `_` and `-` at either end of a nickname: a reserved word numbered (`Dealer 2`, `Banker_01`, `7 Casino`)
 * reads as one of the staff too (an attacker's finding), so it is checked without them as well.
 */
const NUMBERING = /^[\p{Nd}\s_-]+|[\p{Nd}\s_-]+$/gu;

/** A word of a nickname: the characters between spaces, `_` and `-`. */
const WORD = /[^\s_-]+/gu;

/**
 * Letters drawn as punctuation or a stroke, which confusables.txt leaves as letters (an attacker's finding: `Dealer ǀ`,
 * `Dealerᐨ`, `The Dealerᐟs`): the Latin clicks ǀ ǁ ǂ ǃ, the Canadian Syllabics finals drawn as an accent, a ring, a
 * stroke, a plus or a tack (U+141E–U+142A, ᕀ, ᣞ, ᣟ), the Hangul araea ㆍ, ᆞ and ᆢ (one and two dots). A nickname is
 * checked without them as well (`Deaǀer` is still read with its ǀ as l).
 */
const DRAWN_AS_PUNCTUATION = /[\u01C0-\u01C3\u141E-\u142A\u1540\u18DE\u18DF\u119E\u11A2\u318D]/gu;

/**
 * The reserved words, alone, after an article or run together with one another and with `STAFF_QUALIFIERS`, read as a
 * nickname is (players/nickname-skeleton.ts).
 */
const isReserved = skeletonMatcher(RESERVED_NICKNAMES, { articles: ARTICLES, qualifiers: STAFF_QUALIFIERS });

/**
 * A word that numbers another (an attacker's finding: `Dealer IV`, `Dealer 十`, `Dealer Two`, `Dealer x2` were accepted):
 * digits and numbers of any script (`\p{N}`: `2`, `٢`, `Ⅳ`), a Roman numeral (`IV`, `XII`), a Chinese or Japanese numeral
 * (`十`, `二十`), a number word from one to ten in the five languages, or digits with a sign or a suffix (`x2`, `#2`,
 * `No2`, `2b`, `2nd`).
 */
const NUMBER_WORD = new RegExp(
  '^(?:\\p{N}+|(?=[ivxlcdm])m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})|[〇零一二三四五六七八九十百千万两壱弐参]+' +
    '|one|two|three|four|five|six|seven|eight|nine|ten|eins|zwei|drei|vier|funf|sechs|sieben|acht|neun|zehn' +
    '|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|un|deux|trois|quatre|cinq|sept|huit|neuf|dix' +
    '|один|два|три|четыре|пять|шесть|семь|восемь|девять|десять|(?:x|no|nr|n)?\\p{Nd}+\\p{L}{0,2})$',
  'u',
);

/** Whether `word` numbers another: a `NUMBER_WORD` (in any case, without accents) or drawn as strokes (`drawnAsStrokes`). */
function isNumbering(word: string): boolean {
  return NUMBER_WORD.test(word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()) || drawnAsStrokes(word);
}

/**
 * `nickname` without its numbering (`NUMBERING`), where a word that numbers counts as a number (`Dealer I`, `Dealer IV`,
 * `Dealer ا`, `Dealer ㅣ`, `Casino 十`, `House Two`: `isNumbering`) and a stroke joined to a word does not (`Ilya`, `Casal`).
 */
function unnumbered(nickname: string): string {
  return nickname.replace(WORD, (word) => (isNumbering(word) ? '1' : word)).replace(NUMBERING, '');
}

/**
 * The pieces of `nickname`'s words: each word (between spaces, `_` and `-`) cut where a small letter meets a capital
 * (`DealerBot`), where a letter meets a digit, and where a digit meets a word of 3 letters or more (`Dealer2b`,
 * `Dealer2Anna`); a word that numbers (`x2`, `2nd`) is one piece.
 */
function pieces(nickname: string): string[] {
  return (nickname.match(WORD) ?? []).flatMap((word) =>
    isNumbering(word) ? [word] : word.split(/(?<=\p{Ll}\p{M}*)(?=\p{Lu})|(?<=\p{L}\p{M}*)(?=\p{Nd})|(?<=\p{Nd})(?=\p{L}{3})/u),
  );
}

/** The skeletons of each title, one set a reading (`nicknameSkeletons`). */
const TITLE_SKELETONS = skeletonSets(RESERVED_TITLES);

/**
 * The skeletons of the `words` whose misspellings are refused, one map a reading, by their first character (a misspelling
 * keeps it): those of `MISSPELT_MIN_LETTERS` letters or more, counted in the word (a skeleton may read one letter as two:
 * m as rn, `admin` as `adrnln`).
 */
function misspellable(words: readonly string[]): Map<string, string[]>[] {
  return skeletonSets(words.filter((word) => [...word].length >= MISSPELT_MIN_LETTERS)).map((set) => {
    const byFirst = new Map<string, string[]>();
    for (const skeleton of set) {
      const first = String.fromCodePoint(skeleton.codePointAt(0) ?? 0);
      const bucket = byFirst.get(first);
      if (bucket === undefined) byFirst.set(first, [skeleton]);
      else bucket.push(skeleton);
    }
    return byFirst;
  });
}
const MISSPELLABLE_TITLES = misspellable(RESERVED_TITLES);
const MISSPELLABLE_WORDS = misspellable(RESERVED_NICKNAMES);
const ORDINARY_SKELETONS = skeletonSets(ORDINARY_NEIGHBOURS);
const ARTICLE_SKELETONS = skeletonSets(ARTICLES);

/**
 * Whether `text` is `word` misspelt one letter off after its first letter (skeletons, compared by code point): a letter
 * dropped, added, changed, or two next to each other swapped. Not an `s` added at the end: the plural of a person's word
 * is reserved on its own (`Dealers`), the plural of a thing's is a name (`Banks`, `Systems`).
 */
function oneLetterOff(text: string, word: string): boolean {
  const a = [...text];
  const b = [...word];
  if (a[0] !== b[0] || Math.abs(a.length - b.length) > 1 || text === word || text === `${word}s`) return false;
  let same = 0;
  while (a[same] === b[same]) same += 1;
  const rest = (from: readonly string[], skip: number): string => from.slice(same + skip).join('');
  if (a.length !== b.length) return a.length > b.length ? rest(a, 1) === rest(b, 0) : rest(a, 0) === rest(b, 1);
  return rest(a, 1) === rest(b, 1) || (a[same] === b[same + 1] && a[same + 1] === b[same] && rest(a, 2) === rest(b, 2));
}

/**
 * Whether `skeleton`, a name or part of one read the `reading`-th way, is one of `words` (`misspellable`) misspelt one
 * letter off (`oneLetterOff`), and no `ORDINARY_NEIGHBOURS` word.
 */
function isMisspelt(skeleton: string, reading: number, words: readonly Map<string, string[]>[]): boolean {
  const candidates = words[reading].get(String.fromCodePoint(skeleton.codePointAt(0) ?? 0)) ?? [];
  return candidates.some((word) => oneLetterOff(skeleton, word)) && !ORDINARY_SKELETONS[reading].has(skeleton);
}

function skeletonSets(words: readonly string[]): Set<string>[] {
  const sets: Set<string>[] = [];
  for (const word of words) nicknameSkeletons(word).forEach((skeleton, index) => (sets[index] ??= new Set()).add(skeleton));
  return sets;
}

/**
 * Whether some run of `nickname`'s pieces, in one reading, is a title (`RESERVED_TITLES`) or a misspelling of one
 * (`isMisspelt`): `Head Dealer`, `DealerBot`, `Dealer2b`, `D-e-a-l-e-r Anna`, `Dealr`, `Bnaker Anna`, `Деалер`.
 */
function holdsTitle(nickname: string): boolean {
  const read = pieces(nickname).map(nicknameSkeletons);
  for (let first = 0; first < read.length; first += 1) {
    const runs = TITLE_SKELETONS.map(() => '');
    for (let last = first; last < read.length; last += 1) {
      for (let index = 0; index < runs.length; index += 1) {
        runs[index] += read[last][index];
        if (TITLE_SKELETONS[index].has(runs[index]) || isMisspelt(runs[index], index, MISSPELLABLE_TITLES)) return true;
      }
    }
  }
  return false;
}

/**
 * Whether `form`, a whole name (`checkedForms`) after an article or not, is a reserved word misspelt (`isMisspelt`):
 * `Casimo`, `Le Banquer`. Reserved words that are no title are refused only as the whole name (`RESERVED_TITLES`).
 */
function isMisspeltWord(form: string): boolean {
  const words = pieces(form);
  const articled = words.length > 1 && nicknameSkeletons(words[0]).some((skeleton, index) => ARTICLE_SKELETONS[index].has(skeleton));
  const read = nicknameSkeletons((articled ? words.slice(1) : words).join(''));
  return read.some((skeleton, index) => isMisspelt(skeleton, index, MISSPELLABLE_WORDS));
}

/** `nickname` as typed and without `DRAWN_AS_PUNCTUATION` letters. */
function withoutPunctuationLetters(nickname: string): Set<string> {
  return new Set([nickname, nickname.replace(DRAWN_AS_PUNCTUATION, '')]);
}

/** The forms of `nickname` that are checked as a whole: `withoutPunctuationLetters`, each also `unnumbered`. */
function checkedForms(nickname: string): Set<string> {
  return new Set([...withoutPunctuationLetters(nickname)].flatMap((form) => [form, unnumbered(form)]));
}

/** Why the combining marks of `nickname` (after NFC) are refused, or undefined if they are not. */
function marksProblem(nickname: string): string | undefined {
  for (const [, base, marks] of nickname.matchAll(MARKS_AND_BASE)) {
    if (!VISIBLE_LETTER_OR_DIGIT.test(base.replace(INVISIBLE, ''))) return 'a combining mark must follow a letter or digit';
    if ([...marks].length > NICKNAME_MAX_MARKS) return `a letter carries at most ${NICKNAME_MAX_MARKS} combining marks`;
  }
  return undefined;
}

/**
 * Checks a guest's nickname and returns it cleaned: Unicode-normalized (NFC) and trimmed, then
 * 1 to 20 characters, each a letter (any script), a digit, a space, `_` or `-`; every combining mark on a letter or
 * digit that shows, at most `NICKNAME_MAX_MARKS` (3) on one; at least one letter or digit that shows (not only
 * Hangul fillers, tatweels…: `INVISIBLE`); no character that renders as nothing (`RENDERS_AS_NOTHING`: a Hangul
 * filler, a variation selector but on a Han or Mongolian letter…); and not one of `RESERVED_NICKNAMES`, alone, after an
 * article or run together with others and with `STAFF_QUALIFIERS` (`Casino Staff`, `Floor Manager`), numbered or not
 * (digits, spaces, `_` or `-` before or after it, a word that numbers: `unnumbered`), nor a name with one of
 * `RESERVED_TITLES` among its words or pieces (`holdsTitle`), nor a reserved word of `MISSPELT_MIN_LETTERS` (6) letters or
 * more misspelt one letter off, a title among the words, another word as the whole name (`isMisspelt`, `isMisspeltWord`;
 * not an `ORDINARY_NEIGHBOURS` name or word: `Baker`, `Mason`), with or without letters drawn
 * as punctuation (`DRAWN_AS_PUNCTUATION`: `The Dealerᐟs`), as
 * any reading of players/nickname-skeleton.ts reads it (ignoring case, accents, spaces, `_` and `-`, invisible
 * characters; letters that look alike by Unicode's confusables.txt (UTS #39) or `LIBRARY_GAPS`, or drawn from
 * historic alphabets; full-width and mathematical forms (NFKC); digits of any script by their value and by their
 * look; i/l/1 and digits for letters). Existing accounts keep their names: only a new guest is checked.
 * @returns the cleaned nickname; or `auth/reserved-nickname` for a reserved word, `auth/invalid-nickname` for any other
 *   rule broken (with a message saying which), so that the page can say which of the two it is.
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
  const marks = marksProblem(nickname);
  if (marks !== undefined) return err('auth/invalid-nickname', marks);
  if (!VISIBLE_LETTER_OR_DIGIT.test(nickname.replace(INVISIBLE, ''))) {
    return err('auth/invalid-nickname', 'a nickname needs a visible letter or digit');
  }
  if (RENDERS_AS_NOTHING.test(nickname.replace(GLYPH_VARIANT, '$1$2'))) {
    return err('auth/invalid-nickname', 'a nickname may not hold a character that renders as nothing');
  }
  const forms = [...checkedForms(nickname)];
  if (forms.some(isReserved) || forms.some(isMisspeltWord) || [...withoutPunctuationLetters(nickname)].some(holdsTitle)) {
    return err('auth/reserved-nickname', 'that nickname is what the table calls the house, the dealer, the banker or its staff: pick another');
  }
  return ok(nickname);
}
