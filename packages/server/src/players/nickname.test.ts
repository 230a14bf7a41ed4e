import { describe, expect, it } from 'vitest';
import { ok } from '@paigow/engine';
import { NICKNAME_MAX_MARKS, RESERVED_NICKNAMES, validateNickname } from './nickname.js';

describe('validateNickname', () => {
  it('accepts letters of any script, digits, spaces, _ and -, trimmed', () => {
    expect(validateNickname('  Ada_Lovelace-1815 ')).toEqual(ok('Ada_Lovelace-1815'));
    expect(validateNickname('Дмитрий')).toEqual(ok('Дмитрий'));
    expect(validateNickname('José García')).toEqual(ok('José García'));
    expect(validateNickname('李小龙')).toEqual(ok('李小龙'));
    expect(validateNickname('x')).toEqual(ok('x'));
  });

  it('normalizes to NFC and counts characters, not UTF-16 units', () => {
    expect(validateNickname('Jose\u0301')).toEqual(ok('José'));
    expect(validateNickname('é'.repeat(20))).toEqual(ok('é'.repeat(20)));
    expect(validateNickname('𝒜'.repeat(20)).ok).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['a'.repeat(21), 'too long'],
    ['bob!', 'punctuation'],
    ['<script>', 'markup'],
    ['a\tb', 'a tab'],
    ['a\nb', 'a newline'],
    ['🂡 ace', 'an emoji'],
    ['a.b', 'a dot'],
    // Nothing visible: Hangul fillers (letters that render as nothing), a tatweel, spaces, _ and - only.
    ['\u3164', 'a Hangul filler'],
    ['\u3164\u3164\u3164', 'Hangul fillers'],
    [' \u3164 \u115F\u1160\uFFA0 ', 'Hangul fillers and spaces'],
    ['\u0640\u0640', 'tatweels'],
    ['_-_', 'only _ and -'],
  ])('refuses %j (%s) with auth/invalid-nickname', (raw) => {
    const result = validateNickname(raw);
    expect(result.ok ? undefined : result.error.code).toBe('auth/invalid-nickname');
  });

  it.each([
    ['House'],
    ['DEALER'],
    ['banker'],
    ['Bank'],
    ['The House'],
    ['the_house'],
    ['D-e-a-l-e-r'],
    [' b a n k e r '],
    ['Croupier'],
    ['Le Croupier'],
    ['El Crupier'],
    ['Casino'],
    ['Das Haus'],
    ['Geber'],
    ['Bankhalter'],
    ['Spielbank'],
    ['La casa'],
    ['Banca'],
    ['Banquero'],
    ['La maison'],
    ['Banquier'],
    ['Banque'],
    ['Казино'],
    ['Банкир'],
    ['банк'],
    ['Крупье'],
    ['ДИЛЕР'],
    // Letters of another script that look the same (a Cyrillic о, е, а; a Latin o in казино).
    ['Hоuse'],
    ['Dеаler'],
    ['казин' + 'o'],
    // Accents do not make another word.
    ['Déaler'],
    // Compatibility forms (NFKC): full-width and mathematical letters.
    ['Ｈｏｕｓｅ'],
    ['ＤＥＡＬＥＲ'],
    ['𝐃𝐞𝐚𝐥𝐞𝐫'],
    ['𝖡𝖺𝗇𝗄𝖾𝗋'],
    ['ℎouse'],
    ['Ｌｅ Ｃｒｏｕｐｉｅｒ'],
    // More letters that look like Latin ones: small capitals, Armenian, Cherokee, a dotless ı.
    ['ʜᴏᴜsᴇ'],
    ['ʜouse'],
    ['ᴅᴇᴀʟᴇʀ'],
    ['Hօuse'],
    ['ᎻᎾᏌᏚᎬ'],
    ['Croupıer'],
    ['\u13F4\u13AAN\u13E6\u13AC\u13A1'],
    // Lisu, Canadian Syllabics and Coptic letters, a Greek lunate sigma (NFKC makes it Σ).
    ['ꓓꓰꓮꓡꓰꓣ'],
    ['ꓓealer'],
    ['ꓐANKER'],
    ['ꓧouse'],
    ['ꓛasino'],
    ['ᕼouse'],
    ['ᗷanker'],
    ['ᗪealer'],
    ['Ⲏouse'],
    ['ⲎⲞUSE'],
    ['Ϲasino'],
    ['ϲasino'],
    // Latin letters with a stroke, a bar or a hook (no accent to drop: any-ascii reads them).
    ['Ħouse'],
    ['ĦOUSE'],
    ['Ⱨouse'],
    ['Ƕouse'],
    ['Đealer'],
    ['Ðealer'],
    ['Ɖealer'],
    ['Ɗealer'],
    ['Ƀanker'],
    ['Ɓanker'],
    ['Banƙer'],
    ['Bankeɍ'],
    ['Ȼasino'],
    ['Ƈasino'],
    ['Ꞓasino'],
    ['Ŧhe House'],
    ['Łe Croupier'],
    ['Crouƥier'],
    // i, I, l and 1 read as one another; digits for the letters they look like.
    ['DeaIer'],
    ['CASlNO'],
    ['Dea1er'],
    ['H0use'],
    ['HOU5E'],
    ['8anker'],
    ['B4nk'],
    ['Croup1er'],
    // A tatweel, which only stretches a joining (the invisible characters are refused on their own: below).
    ['Deal\u0640er'],
    // Decimal digits of any script read by their value (a zero of Devanagari, Thai, N'Ko, Bengali, Lao,
    // Myanmar, Telugu, Kannada, Malayalam, Khmer stands for o as 0 does).
    ['H\u0966use'],
    ['Casin\u0E50'],
    ['H\u07C0use'],
    ['CASIN\u09E6'],
    ['CASIN\u0ED0'],
    ['CASIN\u1040'],
    ['CASIN\u0C66'],
    ['CASIN\u0CE6'],
    ['CASIN\u0D66'],
    ['CASIN\u17E0'],
    ['B\u096Ank'],
    // Letters of other scripts that confusables.txt (UTS #39), any-ascii or LIBRARY_GAPS read as Latin ones: Tifinagh, Runic,
    // Gothic, Old Italic, Canadian Syllabics, Greek σ, Cyrillic қ.
    ['H\u2D54use'],
    ['Deale\u16B1'],
    ['Ban\u16D5er'],
    ['\u{10337}ouse'],
    ['HOUS\u15F4'],
    // LIBRARY_GAPS: fancy-text Canadian Syllabics, the Lisu reversed C, Coptic, Armenian and the hwair.
    ['C\u15E9sino'],
    ['\u1455asino'],
    ['Deal\u156Er'],
    ['Ba\u144Eker'],
    ['\u2C83anker'],
    ['C\u2C81sino'],
    ['D\u2C89aler'],
    ['Crou\u0584ier'],
    ['\u0195ouse'],
    ['H\u03C3use'],
    ['D\u{10304}aler'],
    ['Cas\u{10309}no'],
    ['Hou\u{10343}e'],
    ['\u15E1ealer'],
    ['Ban\u049Ber'],
    // Look-alikes of both cases in one name: confusables.txt reads the Greek capitals Β, Η, Ε as Latin only upper-cased,
    // the Cyrillic һ, ԁ and the Greek υ only lower-cased, so no reading of the whole name read these (the reviewer's).
    ['\u0392ank\u04BBalter'],
    ['\u0397o\u03C5se'],
    ['\u0392anq\u03C5ier'],
    ['\u0501\u0395ALER'],
    // The French feminine of croupier (the attacker's).
    ['Croupi\u00E8re'],
    ['La Croupiere'],
    // The staff's words (the attacker's): a guest named Admin or Support could speak as the people who run the table.
    ['Admin'],
    ['The Moderator'],
    ['Supp0rt'],
    ['Staff'],
    ['Modérateur'],
    ['Soporte'],
    ['Администратор'],
    ['Поддержка'],
    // More of the attacker's: staff titles, feminine forms, Russian words in Latin letters ('Diler', a Turkish name, is kept).
    ['Pit Boss'],
    ['Cashier'],
    ['Кассир'],
    ['Opérateur'],
    ['System'],
    ['Banquière'],
    ['Banquera'],
    ['Dealerin'],
    ['Bankier'],
    ['kazino'],
    ['Bankir'],
    // The tester's: the staff's feminine titles were accepted while the masculine ones were refused.
    ['Cajera'],
    ['Caissière'],
    ['Kassiererin'],
    ['Administradora'],
    ['Moderadora'],
    ['Operadora'],
    ['Administratrice'],
    ['Modératrice'],
    ['Opératrice'],
    ['Moderatorin'],
    ['Administratorin'],
    ['Betreiberin'],
    ['Кассирша'],
    ['Администраторша'],
    ['La Cajera'],
    ['Die Kassiererin'],
    ['Hostess'],
    ['Managerin'],
    ['Банкирша'],
    ['Caissi3re'],
    ['Kassiererinnen'],
    // The plurals of the people's words, alone or after a plural article.
    ['The Dealers'],
    ['Les Croupiers'],
    ['Los Cajeros'],
    ['Las Cajeras'],
    ['Admins'],
    ['Moderatoren'],
    ['Modératrices'],
    ['Администраторы'],
    ['Дилеры'],
    // The attacker's: the fancy-text O ᗝ (U+15DD) was read as no letter.
    ['ᕼᗝᑌᔕᗴ'],
    ['Hᗝuse'],
    ['ᑕᗩᔕIᑎᗝ'],
    ['ᑕᖇᗝᑌᑭIᗴᖇ'],
    ['ᗰᗝᗪᗴᖇᗩTᗝᖇ'],
    ['ᔕᑌᑭᑭᗝᖇT'],
    ['ᕼᗝᔕT'],
    ['ᗝᑭᗴᖇᗩTᗝᖇ'],
    // The Yi-syllable fancy-text font (ꌚ and ꃳ are its other S and B).
    ['ꃅꂦꀎꌚꍟ'],
    ['ꃅꂦꀎꌗꍟ'],
    ['ꉓꍏꌚꀤꈤꂦ'],
    ['ꃳꍏꈤꀘꍟꋪ'],
    ['ꌃꍏꈤꀘꍟꋪ'],
    ['ꀸꍟꍏꀤꍟꋪ'],
    ['ꉓꋪꀎꉣꀤꍟꋪ'],
    // 6 for G.
    ['6EBER'],
    ['6eber'],
    ['Gast6eber'],
    // The staff's, the host's and the pit boss's words in the other languages.
    ['Personal'],
    ['Das Personal'],
    ['El personal'],
    ['Personnel'],
    ['Le Personnel'],
    ['Персонал'],
    ['Хост'],
    ['Хостес'],
    ['Хосты'],
    ['Питбосс'],
    ['Hôte'],
    ['Hôtesse'],
    ['Les Hôtesses'],
    ['Gastgeber'],
    ['Der Gastgeber'],
    ['Gastgeberin'],
    ['Die Gastgeberin'],
    ['Gastgeberinnen'],
    ['Anfitrión'],
    ['El Anfitrion'],
    ['Anfitriona'],
    ['Anfitriones'],
    ['Anfitrionas'],
    ['Saalchef'],
    ['Der Saalchef'],
    ['Saalchefin'],
    ['Saalchefinnen'],
    ['Chef de table'],
    ['Le Chef de table'],
    ['Cheffe de table'],
    ['La cheffe de table'],
    ['Chefs de table'],
    ['Jefe de mesa'],
    ['El jefe de mesa'],
    ['Jefa de mesa'],
    ['La Jefa de Mesa'],
    ['Jefes de mesa'],
    ['Jefas de mesa'],
    // Numbered: digits, spaces, _ or - before or after the word (an attacker's finding: they were accepted).
    ['Dealer 2'],
    ['Dealer-2'],
    ['Dealer1'],
    ['Banker_01'],
    ['7 Casino'],
    ['Casino7'],
    ['Operadoras 7'],
    ['Ｄｅａｌｅｒ 2'],
    ['The House 3'],
    // The Latin kra, drawn as a small capital K (an attacker's finding: Banĸer was accepted).
    ['Banĸer'],
    ['BANĸER'],
    // Look-alikes that neither library reads as the letter (an attacker's finding): the Cyrillic є and Є, the Greek Ξ and
    // the Tai Le ᥱ drawn as e; the other letters of the Tai Le fancy-text font (ᥲ a, ᥴ c, ᥣ l, ᥒ n, ᥙ u), the Armenian
    // capital Լ, the Lisu ꓷ (a reversed D, as ᗡ) and the Hangul ㅣ, a stroke like l.
    ['Dealєr'],
    ['DЄALЄR'],
    ['DEALΞR'],
    ['HOUSΞ'],
    ['Croupiєr'],
    ['Dealᥱr'],
    ['ᑯᥱᥲᥣᥱr'],
    ['ᥴᥲsіᥒ᥆'],
    ['һ᥆ᥙsᥱ'],
    ['DEAԼER'],
    ['ꓷEALER'],
    ['Deaㅣer'],
    // A reserved word with letters drawn as punctuation or a stroke (an attacker's finding): the Latin clicks ǀ ǁ ǂ ǃ,
    // Canadian Syllabics finals, the Hangul araea; ǀ read as l too.
    ['Dealer ǀ'],
    ['ǀDealerǀ'],
    ['Dealer ǂ'],
    ['Dealerᐨ'],
    ['Dealerㆍ'],
    ['The Dealerᐟs'],
    ['Bankerᐟs'],
    ['Deaǀer'],
    // ... or numbered with a word of strokes, I to III as Roman numerals, an Arabic alef, a Hangul ㅣ.
    ['Dealer I'],
    ['Dealer ا'],
    ['Dealer ㅣ'],
    ['Dealer II'],
    ['III Casino'],
    // Staff-like names (an attacker's finding): the security's, the officials' and the mods' words, and reserved words run
    // together with one another or with a word for the staff (team, desk, floor…).
    ['Casino Staff'],
    ['Support Team'],
    ['Security'],
    ['Official'],
    ['Mod'],
    ['Mods'],
    ['Moderation'],
    ['Floor Manager'],
    ['Dealer Support'],
    ['House Banker'],
    ['The Casino Team'],
    ['Sécurité'],
    ['Seguridad'],
    ['Охрана'],
    ['Модерация'],
    ['Equipo Soporte'],
    ['Kasino Personal'],
    ['Служба поддержки'],
    ['Casino Staff 2'],
    // An attacker's findings: numbered with a Roman numeral past III, a Chinese numeral past 一, a number word or digits
    // with a letter; a title among other words (any word of the name: RESERVED_TITLES); staff-sounding names; the
    // dealer in Cyrillic letters and misspelt one letter off.
    ['Dealer IV'],
    ['Dealer V'],
    ['Dealer VII'],
    ['Dealer X'],
    ['Dealer 十'],
    ['Dealer one'],
    ['Dealer Two'],
    ['Dealer x2'],
    ['Dealer2b'],
    ['Casino IV'],
    ['House 十'],
    ['Casa Dos'],
    ['Head Dealer'],
    ['Real Dealer'],
    ['Dealer Bot'],
    ['DealerBot'],
    ['Dealer-bot'],
    ['Dealer Anna'],
    ['Dea1er Anna'],
    ['Casino Bot'],
    ['Security Guard'],
    ['Security Officer'],
    ['Staff Member'],
    ['Game Master'],
    ['GM'],
    ['Customer Service'],
    ['Table Host'],
    ['Vip Host'],
    ['Owner'],
    ['Server'],
    ['PaiGow Team'],
    ['Деалер'],
    ['Диллер'],
    ['Anna Крупье'],
    ['Dealr'],
    ['Deeler'],
    ['Dealler'],
    ['Dealerr'],
    ['Croupeir'],
    // An attacker's findings: the banker misspelt (a letter dropped, two swapped), the supervisor, the shift boss and the
    // cashier's cage were accepted while Banker, Bankers, Bank, Manager, Pit Boss, PitBoss and Cashier were refused. Every
    // reserved word of 6 letters or more is refused misspelt one letter off (titles in any company, the others as the whole
    // name); the supervisors' and shift bosses' words in the five languages; cage, pit and shift as words for the staff.
    ['Bankr'],
    ['Bnaker'],
    ['Supervisor'],
    ['Shift Boss'],
    ['Cashier Cage'],
    ['Bankers'],
    ['Manager'],
    ['PitBoss'],
    ['Bankr Anna'],
    ['Anna Bnakers'],
    ['Casimo'],
    ['Deller'],
    ['Dealey'],
    ['Le Banquer'],
    ['Cashir'],
    ['Managr'],
    ['Sytsem'],
    ['Крупъе'],
    ['Head Supervisor'],
    ['Supervisor Anna'],
    ['Superviser'],
    ['Supervisora'],
    ['Superviseur'],
    ['Die Supervisorin'],
    ['Schichtleiter'],
    ['Jefe de turno'],
    ['Chef de partie'],
    ['Супервайзер'],
    ['Начальник смены'],
    ['Shift Manager'],
    ['Pit Manager'],
    ['Casino Cage'],
  ])('refuses %j, a word the table uses for the house, the dealer, the banker or its staff (auth/reserved-nickname)', (raw) => {
    const result = validateNickname(raw);
    expect(result.ok ? undefined : result.error).toEqual({
      code: 'auth/reserved-nickname',
      message: 'that nickname is what the table calls the house, the dealer, the banker or its staff: pick another',
    });
  });

  it('keeps names that only contain such a word', () => {
    for (const name of ['Housemate', 'Bankside', 'Casanova', 'Banks', 'Haussmann', 'Ada House', 'Le Bon', 'Elena', 'Lili', 'Ole', 'Bill', 'Leo 1984', 'Ilya', 'Casino7 Fan', 'Hous', 'Admina', 'Staffan', 'Supporter', 'Hosta', 'Systems', 'Operation', 'Diler', 'Caja', 'Operadoras 7 y 8', 'Cashiers Club', '2024', 'Gus 6', '6 Gabe', 'Chef', 'Jefe', 'Mesa', 'Hotel', 'Gast', 'Personality', 'Hôtel de Ville', 'Casal', 'Hostin', 'Li', 'Floor', 'Team', 'Bankole', 'Modesto', 'Ada I', 'Il Divo', 'The Floor Team', 'Healer', 'Sealer', 'Bot', 'Table', 'Vip', 'Amin', 'Admir', 'Banner', 'Server Djeparov', 'Дилев', 'Modern', 'Li Ming', 'DeAndre', 'McDonald', 'Ada House IV Fan',
      // Names and words one letter off a reserved word (ORDINARY_NEIGHBOURS), a plural of a thing's word, names that hold one,
      // and the staff words alone (cage, pit, shift), as the attacker's finding was fixed.
      'Baker', 'Baker Street', 'Barker', 'Bunker Hill', 'Mason', 'Madison', 'Camera', 'Camino', 'Sever', 'Север', 'Personne',
      'Admina', 'Casinos', 'Servers', 'Casimo Royale', 'Bankston', 'Bankes', 'Cage', 'Nicolas Cage', 'Pit', 'Shift', 'Alice', 'Boris', 'Jean-Pierre', 'Ставка']) {
      expect(validateNickname(name), name).toEqual(ok(name));
    }
  });

  it('keeps names that only contain such a word in another form, and other scripts\' own words', () => {
    for (const name of ['Ｄｅａｌｅｒｓｈｉｐ', '𝐇𝐨𝐮𝐬𝐞mate', 'ʜouse party', 'Hօuse of Cards', 'ᏣᎳᎩ', 'Yıldız', 'مـحـمـد', 'Ալեքսանդր', '한국', '𝒜da', 'ꓡꓲꓢꓴ', 'ᐃᓄᒃᑎᑐᑦ', 'Ⲙⲁⲣⲓⲁ', 'Σωκράτης', 'Łukasz', 'Đorđe', 'Ħamrun', 'Straße', 'Ærø', 'ケーキ', '이하늘', 'علي', 'Αλέξης', 'Єва', 'Ξένια', 'ǃXóõ', 'Lǀxa', 'ᐊᐱᐦᐊ']) {
      expect(validateNickname(name), name).toEqual(ok(name));
    }
  });

  it('refuses piled-up combining marks (Zalgo) and a mark on no letter, with their own message', () => {
    expect(validateNickname('Z' + '\u0301\u0316\u0317\u0318\u0319\u031A\u031B\u031C\u031D\u031E\u031F\u0320\u0321\u0322\u0323\u0324\u0325\u0326\u0327')).toEqual({
      ok: false,
      error: { code: 'auth/invalid-nickname', message: `a letter carries at most ${NICKNAME_MAX_MARKS} combining marks` },
    });
    expect(validateNickname('Ada' + '\u0316\u0317\u0318\u0319')).toEqual({
      ok: false,
      error: { code: 'auth/invalid-nickname', message: `a letter carries at most ${NICKNAME_MAX_MARKS} combining marks` },
    });
    for (const name of ['\u0E47\u0E47a', '\u0301Ada', 'Ada \u0301Lovelace', '\u3164\u0301\u0301']) {
      expect(validateNickname(name), name).toEqual({
        ok: false,
        error: { code: 'auth/invalid-nickname', message: 'a combining mark must follow a letter or digit' },
      });
    }
  });

  it('keeps the combining marks of real names: Vietnamese (decomposed too), Thai, Hindi, Tibetan, Hebrew', () => {
    expect(validateNickname('Nguye\u0302\u0303n Le\u0323\u0302')).toEqual(ok('Nguyễn Lệ'));
    for (const name of ['Nguyễn Văn Ệ', 'กิ่ง', 'สมชาย', 'प्रिया', 'བསྒྲུབས', 'שַּׁי', 'Zoë']) {
      expect(validateNickname(name), name).toEqual(ok(name.normalize('NFC')));
    }
  });

  it('refuses a nickname without a visible letter or digit with its own message', () => {
    expect(validateNickname('\u3164\u3164')).toEqual({
      ok: false,
      error: { code: 'auth/invalid-nickname', message: 'a nickname needs a visible letter or digit' },
    });
    expect(validateNickname('_7_').ok).toBe(true);
  });

  it.each([
    // Hangul fillers (letters that render as nothing), the attacker's: `Ana` + U+3164 looked exactly like `Ana`.
    ['Ana\u3164'],
    ['\u3164Ana'],
    ['A\u3164na'],
    ['\u3164a\u3164'],
    ['Ana\u115F'],
    ['Ana\u1160'],
    ['Ana\uFFA0'],
    ['House\u3164'],
    ['\u3164Dealer'],
    ['Banker\u115F'],
    ['Ban\u1160ker'],
    ['\uFFA0House'],
    // Marks that render as nothing: the Khmer inherent vowels, the combining grapheme joiner, a variation selector
    // (or a Mongolian one) on a letter that has no variant.
    ['Ana\u17B4'],
    ['Ana\u17B5'],
    ['Ana\u034F'],
    ['Ana\uFE0F'],
    ['Dea\uFE0Fler'],
    ['Ana\u{E0100}'],
    ['Ana\u180B'],
    ['李\u180B'],
  ])('refuses %j, which holds a character that renders as nothing, with its own message', (raw) => {
    expect(validateNickname(raw)).toEqual({
      ok: false,
      error: { code: 'auth/invalid-nickname', message: 'a nickname may not hold a character that renders as nothing' },
    });
  });

  it.each([
    ['Ana\u2800', 'the Braille blank'],
    ['Ana\u180E', 'the Mongolian vowel separator'],
    ['Ana\u2060', 'the word joiner'],
    ['Ana\u2061', 'an invisible operator'],
    ['Ana\u2062', 'an invisible operator'],
    ['Ana\u2063', 'an invisible operator'],
    ['Ana\u2064', 'an invisible operator'],
    ['An\uFEFFa', 'the byte order mark'],
    ['Ana\u200B', 'the zero-width space'],
    ['An\u200Da', 'the zero-width joiner'],
    ['ꀸꍟꍏ꒒ꍟꋪ', 'a Yi radical, a symbol (the l of the Yi fancy-text font)'],
  ])('refuses %j (%s), neither letter, mark nor digit, as a character a nickname does not hold', (raw) => {
    expect(validateNickname(raw)).toEqual({
      ok: false,
      error: { code: 'auth/invalid-nickname', message: 'a nickname holds only letters, digits, spaces, _ and -' },
    });
  });

  it('keeps the variation selectors that pick a glyph: on a Han ideograph, and the Mongolian ones on a Mongolian letter', () => {
    expect(validateNickname('Ana\uFEFF'), 'a byte order mark at the end is trimmed').toEqual(ok('Ana'));
    for (const name of ['葛\u{E0100}城', '辻\uFE00', '\u1820\u180B\u1828']) {
      expect(validateNickname(name), name).toEqual(ok(name));
    }
  });

  it('lists the words of all five languages the web client plays in', () => {
    for (const word of ['house', 'dealer', 'banker', 'bank', 'croupier', 'geber', 'bankhalter', 'banca', 'banquero', 'crupier', 'banque', 'banquier', 'maison', 'дилер', 'банкир', 'банк', 'казино', 'крупье']) {
      expect(RESERVED_NICKNAMES, word).toContain(word);
    }
  });
});
