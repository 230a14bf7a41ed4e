import { describe, expect, it } from 'vitest';
import { SHARED_CATALOGS } from '@paigow/i18n';
import { expectBadInput, json, paigow, paigowEnv } from '../testing/cli.js';
import { environmentLanguage, langOption } from '../lang-option.js';

// Two pairs, the higher kings, no ace: the seeds' house way splits them (house-way.md rule 8).
const HAND = 'Ks Kd 4c 4h Qs 9d 2c';

describe('paigow set --lang (issue 14 point 7: the web client\'s catalogs)', () => {
  it('prints the German explanation and hand names with --lang de', () => {
    const r = paigow(['set', HAND, '--lang', 'de']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^hohe Hand\s+niedrige Hand\s+Regel\n/);
    expect(r.stdout).toContain('Ein Paar');
    expect(r.stdout).toContain(
      'Zwei Paare, das höhere Siebener oder besser, kein Ass daneben: geteilt, das niedrigere Paar (4h 4c) kommt in die niedrige Hand.',
    );
    expect(r.stdout).not.toMatch(/lower pair|high hand/);
  });

  it('prints each language\'s text from the shared catalog (rank names, pairs and Foxwoods rules too)', () => {
    const quads = 'Ks Kd Kc Kh Qs 9d 2c';
    expect(paigow(['set', quads, '--lang', 'ru']).stdout).toContain('Каре (короли, от валетов до королей)');
    expect(paigow(['set', quads, '--lang', 'es']).stdout).toContain('El póker (reyes, de jotas a reyes)');
    expect(paigow(['set', 'Ks Kd Kc 9h 9s 9d 2c', '--lang', 'fr', '--house-way', 'foxwoods']).stdout).toContain('le plus haut (rois)');
    const fr = paigow(['set', HAND, '--lang', 'fr']).stdout;
    expect(fr).toContain('main haute');
    expect(fr).toContain(SHARED_CATALOGS.fr.category.one_pair);
  });

  it('takes the language from LC_ALL, then LC_MESSAGES, then LANG; --lang wins; English otherwise', () => {
    expect(paigowEnv(['set', HAND], { LC_ALL: '', LC_MESSAGES: '', LANG: 'ru_RU.UTF-8' }).stdout).toContain('малая рука');
    expect(paigowEnv(['set', HAND], { LC_ALL: 'es_ES.UTF-8', LANG: 'ru_RU.UTF-8' }).stdout).toContain('mano baja');
    expect(paigowEnv(['set', HAND, '--lang', 'en'], { LC_ALL: 'de_DE.UTF-8' }).stdout).toContain('the lower pair (4h 4c) goes to the low hand');
    expect(paigowEnv(['set', HAND], { LC_ALL: '', LC_MESSAGES: '', LANG: 'C.UTF-8' }).stdout).toContain('low hand');
    expect(environmentLanguage({ LC_ALL: 'ja_JP.UTF-8', LANG: 'de_DE.UTF-8' })).toBe('en');
    expect(environmentLanguage({ LC_MESSAGES: 'fr_CA', LANG: 'de_DE' })).toBe('fr');
    expect(environmentLanguage({})).toBe('en');
    expect(langOption('de-AT')).toBe('de');
  });

  it('leaves --json unchanged: the English explanation, its key and params, whatever --lang says', () => {
    const english = json(['set', HAND]);
    expect(json(['set', HAND, '--lang', 'de'])).toEqual(english);
    expect(paigowEnv(['set', HAND, '--json'], { LC_ALL: 'ru_RU.UTF-8' }).stdout).toBe(paigow(['set', HAND, '--json']).stdout);
    expect(english).toMatchObject({ explanation: expect.stringContaining('split, the lower pair (4h 4c)'), explanationKey: 'houseWay.8.split-sevens-no-ace' });
  });

  it('paigow eval --lang names the hand in the language', () => {
    const r = paigow(['eval', 'Jk Kh Kd 3c 3s', '--lang', 'es']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^cartas\s+jugada\s+valor\s+descripción\n/);
    expect(r.stdout).toContain('Dobles parejas');
    expect(json(['eval', 'Jk Kh Kd 3c 3s', '--lang', 'es'])).toMatchObject({ category: 'two_pair' });
  });

  it('paigow fortune --lang names the Fortune lines in the language, the list joined by its rules', () => {
    const r = paigow(['fortune', 'As Ks Qs Js Ts Kh Qh', '--lang', 'de']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('As Ks Qs Js Ts Kh Qh: Royal Flush mit König und Dame in einer Farbe, zahlt 2000 zu 1 (enthält auch: Royal Flush, Straight Flush, Flush und Straight)\n');
    expect(paigow(['fortune', 'As Kd 9c 7h 5s 3d 2c', '--lang', 'ru']).stdout).toBe('As Kd 9c 7h 5s 3d 2c: нет комбинации, ставка Fortune проигрывает\n');
    expect(json(['fortune', 'As Ks Qs Js Ts Kh Qh', '--lang', 'de'])).toEqual(json(['fortune', 'As Ks Qs Js Ts Kh Qh']));
  });

  it('paigow eval --lang describes the hand in the language (ranks named, kickers by letter)', () => {
    expect(paigow(['eval', 'Jk Kh Kd 3c 3s', '--lang', 'de']).stdout).toMatch(/^Karten\s+Blatt\s+Wert\s+Beschreibung\n/);
    expect(paigow(['eval', 'Jk Kh Kd 3c 3s', '--lang', 'de']).stdout).toContain('Zwei Paare (Könige und Dreier), Beikarte A\n');
    expect(paigow(['eval', 'Ks Kh Kd 3c 3s', '--lang', 'fr']).stdout).toContain('Full aux rois par les trois\n');
    expect(paigow(['eval', '5s 4h 3d 2c Jk', '--lang', 'es']).stdout).toContain('Escalera (5-4-3-2-A)\n');
    expect(paigow(['eval', '--low', 'Jk As', '--lang', 'ru']).stdout).toContain('Пара (тузы)\n');
    expect(paigow(['eval', 'Ah Qh 9h 7h 2h', '--lang', 'ru']).stdout).toContain('Флеш (A-Q-9-7-2)\n');
    // English keeps the engine's description, as in --json.
    expect(paigow(['eval', 'Jk Kh Kd 3c 3s', '--lang', 'en']).stdout).toContain('Kings and threes, ace kicker\n');
  });

  it('paigow fortune --exact --lang prints the table\'s headings, last rows and house edge in the language', () => {
    const r = paigow(['fortune', '--exact', '--lang', 'de']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Gewinnhand\s+zahlt\s+Hände\s+Wahrscheinlichkeit\s+Ertrag\n/);
    expect(r.stdout).toMatch(/^Vier Gleiche\s+25 zu 1\s+307,472/m);
    expect(r.stdout).toMatch(/^Keine Gewinnhand \(verliert\)\s+-1\s+124,556,196/m);
    expect(r.stdout).toMatch(/^Summe\s+154,143,080/m);
    expect(r.stdout).toContain('Hausvorteil: 7.7656 % (11,970,096 / 154,143,080)');
    expect(r.stdout).not.toMatch(/\b(line|pays|hands|probability|return|Total|House edge)\b/);
  });

  it('refuses a language it has no catalog for', () => {
    expectBadInput(paigow(['set', HAND, '--lang', 'xx']), "--lang: no language 'xx' (there are: en, ru, fr, de, es)");
  });
});
