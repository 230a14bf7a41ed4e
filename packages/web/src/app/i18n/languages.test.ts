/**
 * The five languages stay complete (issue 14 point 2): every key of the English catalog is in every
 * catalog with the same interpolation parameters (name and format), every plural key has each form
 * its language needs (Intl.PluralRules), nothing is left in English, and the pseudo-locale is
 * accented and about 30% longer.
 */
import { describe, expect, it } from 'vitest';
import { handOf, houseWay, houseWays } from '@paigow/engine';
import { LANGUAGES, SHARED_CATALOGS } from '@paigow/i18n';
import { CATALOGS, PSEUDO_LANGUAGE, createI18n, envyHandsText, formatDecimal, formatMoney, formatTime, houseWayText, tableName } from './index.js';
import { addressWithoutLanguage, initialLanguage, languageFromAddress } from './choice.js';
import { pseudoString } from './pseudo.js';

/** Every string of a catalog by its dotted key. */
function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

/** The distinct `{{name}}` / `{{name, format}}` placeholders of a string, sorted. */
const placeholders = (s: string): string[] => [...new Set([...s.matchAll(/\{\{\s*(\w+)\s*(?:,\s*([^}]+?)\s*)?\}\}/g)].map((m) => (m[2] ? `${m[1]}, ${m[2]}` : m[1])))].sort();

const PLURAL = /_(zero|one|two|few|many|other)$/;
const english = flatten(CATALOGS.en);
const OTHERS = LANGUAGES.filter((l) => l !== 'en');

describe.each(OTHERS)('the %s catalog', (lng) => {
  const catalog = flatten(CATALOGS[lng]);
  const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;

  it('has every English key with the same parameters', () => {
    const problems: string[] = [];
    for (const [key, text] of english) {
      if (PLURAL.test(key)) continue;
      const own = catalog.get(key);
      if (own === undefined) problems.push(`${key}: missing`);
      else if (placeholders(own).join() !== placeholders(text).join()) problems.push(`${key}: ${placeholders(own).join()} ≠ ${placeholders(text).join()}`);
      else if (text !== '' && own === '') problems.push(`${key}: empty`);
    }
    expect(problems).toEqual([]);
  });

  it(`has each plural form the language needs (${forms.join(', ')}), with the English parameters`, () => {
    const bases = new Set([...english.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
    expect(bases.size).toBeGreaterThan(3);
    const problems: string[] = [];
    for (const base of bases) {
      const want = placeholders(english.get(`${base}_other`)!).join();
      for (const form of forms) {
        const own = catalog.get(`${base}_${form}`);
        if (own === undefined) problems.push(`${base}_${form}: missing`);
        else if (placeholders(own).join() !== want) problems.push(`${base}_${form}: ${placeholders(own).join()} ≠ ${want}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('holds no key English does not have (plural forms of English plural keys aside)', () => {
    const extra = [...catalog.keys()].filter((k) => !english.has(k) && !(PLURAL.test(k) && english.has(k.replace(PLURAL, '_other'))));
    expect(extra).toEqual([]);
  });

  it('leaves nothing in English (no sentence of three words or more equals the English one)', () => {
    const same = [...english].filter(([key, text]) => catalog.get(key) === text && text.replace(/\{\{[^}]*\}\}/g, '').split(/[^\p{L}]+/u).filter((w) => w.length > 1).length >= 3);
    expect(same.map(([key]) => key).filter((k) => k !== 'app.title')).toEqual([]);
  });

  it('picks the plural form by Intl.PluralRules (i18next)', () => {
    const i18n = createI18n(lng);
    for (const n of [1, 2, 5, 21, 1_000_000]) {
      const form = new Intl.PluralRules(lng).select(n);
      expect(i18n.t('lobby.seats', { count: n }), `${n}`).toBe(i18n.t(`lobby.seats_${form}`, { count: n }));
    }
  });

  it('explains the house ways in the language, from the shared catalog (packages/i18n)', () => {
    const i18n = createI18n(lng);
    const t = i18n.t.bind(i18n);
    const hands = ['As Kd 9c 7h 5s 3d 2c', 'Ks Kd 4c 4h Qs 9d 2c', 'Ts Td 9c 9h 5s 5d Kc', '4s 4d 4c 4h Kd 9c 2s', '8s 8d 8c Kh Qs 5d 2c', 'Ah Kh Qh Jh 9h 9c 2d'];
    for (const hand of hands) {
      for (const setting of [houseWay(handOf(hand)), houseWays.foxwoods.set(handOf(hand))]) {
        const text = houseWayText(t, setting.explanation);
        expect(text, hand).not.toBe(setting.explanation.text);
        expect(text, hand).not.toMatch(/\{\{|\b(deuces|threes|fours|fives|sixes|sevens|eights|nines|tens|jacks|queens|kings|aces|low hand|high hand)\b/);
      }
    }
    expect(SHARED_CATALOGS[lng].category.five_aces).toBe(i18n.t('category.five_aces'));
  });
});

describe('plurals, lists and numbers per language', () => {
  it('Russian counts one, few and many', () => {
    const t = createI18n('ru').t;
    expect([1, 3, 5, 21, 22, 25].map((count) => t('lobby.seats', { count }))).toEqual(['1 место', '3 места', '5 мест', '21 место', '22 места', '25 мест']);
  });

  it('joins envy hands by the language\'s list rules, not by a comma', () => {
    for (const [lng, and] of [['en', ' and '], ['de', ' und '], ['ru', ' и '], ['fr', ' et '], ['es', ' y ']] as const) {
      const i18n = createI18n(lng);
      const hands = envyHandsText(i18n.t, [{ nickname: 'Pat', line: 'five_aces' }, { nickname: 'Lee', line: 'royal_flush' }]);
      const text = i18n.t('result.envy', { amount: '$5', hands });
      expect(hands[0], lng).toContain(SHARED_CATALOGS[lng].fortuneLine.five_aces);
      expect(text, lng).toContain(`${hands[0]}${and}${hands[1]}`);
    }
  });

  it('formats money, numbers and times by the language (Intl)', () => {
    expect(formatMoney('de', 123_456)).toBe(new Intl.NumberFormat('de', { style: 'currency', currency: 'USD' }).format(1234.56));
    expect(formatMoney('de', 123_456)).toMatch(/^1\.234,56\s\$$/);
    expect(formatMoney('ru', 123_456)).toMatch(/^1\s234,56\s\$$/);
    expect(formatMoney('fr', -250_000, true)).toMatch(/^−2\s500\s\$$/);
    // The plain "$" in every language: "$US" (fr) and "US$" (es) named a country's money for play money.
    expect(formatMoney('fr', 102_370)).toMatch(/^1\s023,70\s\$$/);
    expect(formatMoney('es', 102_370)).toMatch(/^1023,70\s\$$/);
    expect(formatMoney('en', 950, true)).toBe('+$9.50');
    const at = Date.UTC(2026, 0, 2, 15, 4);
    expect(formatTime('de', at)).toBe(new Intl.DateTimeFormat('de', { hour: '2-digit', minute: '2-digit' }).format(at));
    expect(formatTime('en', at)).toMatch(/(AM|PM)$/);
    // Tester (en): the history said "02:54 PM"; a 12-hour clock has no leading zero, a 24-hour one keeps it.
    const afternoon = new Date(2026, 0, 2, 14, 54).getTime();
    const morning = new Date(2026, 0, 2, 9, 5).getTime();
    expect(formatTime('en', afternoon)).toMatch(/^2:54\sPM$/u);
    expect(formatTime('en', morning)).toMatch(/^9:05\sAM$/u);
    for (const lng of ['de', 'ru', 'fr', 'es']) {
      expect(formatTime(lng, afternoon), lng).toBe('14:54');
      expect(formatTime(lng, morning), lng).toBe('09:05');
    }
    expect(formatDecimal('de', 1234.5, 2)).toBe('1.234,50');
    expect(formatDecimal('ru', 0.5, 1)).toBe('0,5');
    expect(formatDecimal('en', 0.0012345, { significant: 3 })).toBe('0.00123');
  });

  it('names the built-in tables in the language and keeps an operator\'s own names', () => {
    const de = createI18n('de').t;
    expect(tableName(de, { tableId: 'table-1', name: 'Table 1 (1–100)' })).toBe('Tisch 1 (1–100)');
    expect(tableName(createI18n('ru').t, { tableId: 'table-3', name: 'Players bank (1–100)' })).toBe('Банк у игроков (1–100)');
    expect(tableName(createI18n('es').t, { tableId: 'table-2', name: 'Table 2 (5–500)' })).toBe('Mesa 2 (5–500)');
    // PAIGOW_TABLES: a table of the operator's, and a built-in id given another name, keep their names.
    expect(tableName(de, { tableId: 'high-rollers', name: 'High Rollers' })).toBe('High Rollers');
    expect(tableName(de, { tableId: 'table-1', name: 'Main table' })).toBe('Main table');
  });
});

describe('the language chosen', () => {
  it('takes ?lang= first, then the remembered choice, then the browser, then English', () => {
    expect(initialLanguage({ search: '?lang=de', stored: 'fr', browser: ['ru'] })).toBe('de');
    expect(initialLanguage({ search: '?lang=pseudo', stored: null, browser: [] })).toBe(PSEUDO_LANGUAGE);
    expect(initialLanguage({ search: '', stored: 'fr', browser: ['ru'] })).toBe('fr');
    expect(initialLanguage({ search: '', stored: 'xx', browser: ['ja-JP', 'es-MX', 'de'] })).toBe('es');
    expect(initialLanguage({ search: '?lang=zz', stored: null, browser: ['ja'] })).toBe('en');
    expect(languageFromAddress('?table=t1')).toBeUndefined();
  });

  it('drops ?lang= from the address when the player picks a language, keeping the rest of it', () => {
    expect(addressWithoutLanguage('https://paigow.test/?lang=fr')).toBe('https://paigow.test/');
    expect(addressWithoutLanguage('https://paigow.test/?x=1&lang=fr&y=2#/help/rules')).toBe('https://paigow.test/?x=1&y=2#/help/rules');
    expect(addressWithoutLanguage('https://paigow.test/?x=1#/table/table-1')).toBeNull();
  });
});

describe('the pseudo-locale', () => {
  const pseudo = flatten(CATALOGS[PSEUDO_LANGUAGE]);

  it('has every English key, accented, with the same placeholders, about 30% longer', () => {
    for (const [key, text] of english) {
      const own = pseudo.get(key)!;
      expect(placeholders(own), key).toEqual(placeholders(text));
      if (text === '') continue;
      expect(own.replace(/\{\{[^}]*\}\}/g, ''), key).not.toMatch(/[A-Za-z]/);
      const letters = text.replace(/\{\{[^}]*\}\}/g, '').length;
      expect(own.replace(/\{\{[^}]*\}\}/g, '').length, key).toBeGreaterThanOrEqual(Math.floor(letters * 1.3));
    }
  });

  it('renders through i18next with its parameters, so English left on a page stands out', () => {
    const t = createI18n(PSEUDO_LANGUAGE).t;
    expect(t('table.seat', { n: 3 })).toBe(pseudoString('Seat {{n}}').replace('{{n}}', '3'));
    expect(t('table.seat', { n: 3 })).toMatch(/^Šéáţ 3~+$/);
  });

  // The browser test found "and" in the dealt cards' announcement ("Your cards: …, X and Y."): Intl joins an en-XA list
  // in English.
  it('joins a list with accented words, the other languages as Intl does', () => {
    const cards = ['Ace of spades', 'King of hearts', 'Two of clubs'];
    const said = createI18n(PSEUDO_LANGUAGE).t('a11y.dealt', { cards });
    expect(said.replace(/\{\{[^}]*\}\}/g, '').replace(/Ace of spades|King of hearts|Two of clubs/g, '')).not.toMatch(/[A-Za-z]/);
    expect(said).toContain('áñð');
    expect(createI18n('en').t('a11y.dealt', { cards })).toBe('Your cards: Ace of spades, King of hearts, and Two of clubs.');
    expect(createI18n('de').t('a11y.dealt', { cards })).toContain('King of hearts und Two of clubs');
  });
});
