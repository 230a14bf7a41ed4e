/**
 * Players read names they understand (issue 14, QA): the project's word "seeds" for the casino help
 * pages the rules came from never reaches a player. The default house way is the "Standard house way"
 * in every language; its id stays `seeds`. Only the provably-fair screens (`fairness.*`, `verify.*`)
 * speak of seeds, in the cryptographic sense (server seed, client seeds).
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, SHARED_CATALOGS } from '@paigow/i18n';
import { houseWays } from '@paigow/engine';
import { HELP_CATALOGS } from '../../help/content/index.js';
import { CATALOGS } from './index.js';

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

/** The project's jargon for the source pages, in the catalogs' languages. */
const JARGON = /seeds|сидов/i;
/** Where "seed" is the provably-fair term a player needs (fairness.md). */
const CRYPTOGRAPHIC = /^(fairness|verify|errors\.fairness\/)/;

describe('player-visible words', () => {
  it.each(LANGUAGES)('no %s catalog value (web, help, shared with the CLI) says "seeds"', (lng) => {
    const found: string[] = [];
    for (const [source, tree] of [
      ['web', CATALOGS[lng]],
      ['help', HELP_CATALOGS[lng]],
      ['shared', SHARED_CATALOGS[lng]],
    ] as const) {
      for (const [key, value] of flatten(tree)) if (!CRYPTOGRAPHIC.test(key) && JARGON.test(value)) found.push(`${source} ${key}: ${value}`);
    }
    expect(found).toEqual([]);
  });

  it('names the default house way "Standard" and the other "Foxwoods" in every language', () => {
    const names = Object.fromEntries(LANGUAGES.map((lng) => [lng, CATALOGS[lng].houseWayNames]));
    expect(names).toEqual({
      en: { seeds: 'Standard house way', foxwoods: 'Foxwoods house way' },
      ru: { seeds: 'Стандартный House Way', foxwoods: 'House Way Foxwoods' },
      fr: { seeds: 'Règle de la maison standard', foxwoods: 'Règle de la maison Foxwoods' },
      de: { seeds: 'Art des Hauses (Standard)', foxwoods: 'Art des Hauses von Foxwoods' },
      es: { seeds: 'Reglas de la casa estándar', foxwoods: 'Reglas de la casa de Foxwoods' },
    });
    // The `paigow` command prints the engine's name.
    expect(houseWays.seeds.name).toBe('Standard house way');
  });

  it('says Rebet and Undo in words a player of each language uses (QA of issue 14)', () => {
    expect(CATALOGS.fr.table.rebet).toBe('Rejouer');
    expect(CATALOGS.fr.bets.rebetDouble).toBe('Rejouer ×2');
    expect(CATALOGS.de.bets.undo).toBe('Rückgängig');
    expect(CATALOGS.ru.bets.undo).toBe('Отменить');
  });

  it('keeps one German word per thing, with the seed 002 words (Straight, Zehner) and a correct accusative', () => {
    const german = [...flatten(CATALOGS.de).values(), ...flatten(HELP_CATALOGS.de).values(), ...flatten(SHARED_CATALOGS.de).values()].join('\n');
    expect(german).not.toMatch(/Straße|Strasse/);
    expect(german).not.toMatch(/\b(Zweien|Dreien|Vieren|Fünfen|Sechsen|Siebenen|Achten|Neunen|Zehnen)\b/);
    expect(german).not.toMatch(/\bein Saldo\b|\bIhr Saldo zurück/);
  });

  it('uses the seeds\' own words of glossary.md: German Art des Hauses, Geber, Gutpunkte, Genehmigen; Russian большая / малая рука', () => {
    expect(CATALOGS.de.table.houseWay).toBe('Art des Hauses');
    expect(CATALOGS.de.table.banker).toBe('Geber');
    expect(CATALOGS.de.table.compPoints).toBe('Gutpunkte');
    expect(CATALOGS.de.table.approve).toMatch(/genehmigen/i);
    expect(CATALOGS.de.table.autoApprove).toBe('Auto-Genehmigen');
    expect(CATALOGS.ru.table.highHand).toMatch(/^Большая рука/);
    expect(CATALOGS.ru.table.lowHand).toMatch(/^Малая рука/);
    expect(CATALOGS.ru.table.compPoints).toBe('Бонусные очки');
    // The catalog the `paigow` command shares with the web client says the same.
    expect(SHARED_CATALOGS.ru.columns).toMatchObject({ highHand: 'большая рука', lowHand: 'малая рука' });
    expect(SHARED_CATALOGS.de.columns).toMatchObject({ highHand: expect.stringMatching(/hohe Hand/i), lowHand: expect.stringMatching(/niedrige Hand/i) });
  });

  it('names the timer by glossary.md\'s word (the ring\'s aria-label and title, Timer.tsx)', () => {
    const timer = Object.fromEntries(LANGUAGES.map((lng) => [lng, CATALOGS[lng].table.timer]));
    expect(timer).toMatchObject({ ru: 'Таймер', fr: 'Minuteur', de: 'Zeituhr', es: 'Temporizador' });
  });

  it('says "règle de la maison" in French, on the House Way button too, never "règle maison"', () => {
    expect(CATALOGS.fr.table.houseWay).toBe('Règle de la maison');
    expect(CATALOGS.fr.hint.houseWay).toBe('Règle de la maison');
    expect(CATALOGS.fr.audit.tests.outcome).toContain('règle de la maison');
    expect(CATALOGS.fr.verify.difference.settingNotHouseWay).toContain('la règle de la maison place');
    const french = [...flatten(CATALOGS.fr).values(), ...flatten(HELP_CATALOGS.fr).values(), ...flatten(SHARED_CATALOGS.fr).values()];
    expect(french.filter((v) => /règle maison/i.test(v))).toEqual([]);
  });

  it('calls the player\'s history Protokoll in German (seed 002), in the phone sheet\'s title too', () => {
    expect(CATALOGS.de.history.title).toBe('Protokoll');
    expect(CATALOGS.de.sheet.openTitle).toMatch(/^Protokoll, /);
    expect(CATALOGS.de.away.note).toContain('Protokoll');
    // The coach's trend chart (`coach.*`) is a course over time, not the history of rounds.
    const german = [...flatten(CATALOGS.de)].filter(([key]) => !key.startsWith('coach.'));
    expect(german.filter(([, v]) => /Verlauf/.test(v))).toEqual([]);
  });

  // A new player on a phone found History, Provably fair and the Fortune pay table only by chance, behind "Table info".
  it.each(LANGUAGES)('%s: the phone sheet\'s button names the history it holds, in the history\'s own word', (lng) => {
    const { sheet, history } = CATALOGS[lng];
    expect(sheet.open.toLowerCase()).toContain(history.title.toLowerCase());
    expect(sheet.openTitle.toLowerCase()).toContain(history.title.toLowerCase());
  });

  it('marks a Russian copy «Ничья (банку)» over the hand (not the push\'s «Ничья») and spells out «ничья в пользу банка» in the help', () => {
    // The full wording wraps to four lines in the mark's pill and covers the hand's label (ru.ts `mark.copy`).
    expect(CATALOGS.ru.mark.copy).toBe('Ничья (банку)');
    expect(HELP_CATALOGS.ru.settlement.compare).toContain('ничья в пользу банка');
  });

  it('names the play-money balance by the seeds\' words: French "solde fictif", German "Spaß-Saldo"', () => {
    expect(CATALOGS.fr.bets.brokeTopUp).toBe('Rechargez votre solde fictif pour continuer à jouer.');
    expect(CATALOGS.de.bets.brokeTopUp).toBe('Laden Sie Ihren Spaß-Saldo auf, um weiterzuspielen.');
  });

  it('calls a lost connection that made the house set a hand an interruption (fr interruption, es interrupción)', () => {
    for (const [lng, word] of [['fr', 'interruption'], ['es', 'interrupción'], ['de', 'Unterbrechung'], ['ru', 'обрыв связи']] as const) {
      const c = CATALOGS[lng];
      expect(c.roundPlayer.setBy.disconnect, lng).toContain(word);
      expect(c.history.why.disconnect, lng).toContain(word);
    }
    for (const lng of ['fr', 'es'] as const) {
      const word = lng === 'fr' ? 'interruption' : 'interrupción';
      expect(CATALOGS[lng].table.houseWayRuleDisconnect, lng).toContain(`${word} de`);
      expect(CATALOGS[lng].notices['house-way-set'].disconnect, lng).toContain(`${word} de`);
    }
  });

  it('names the Spanish Fortune bet "apuesta de fortuna" in full; only the spot and the chips\' target stay "Fortuna"', () => {
    const es = CATALOGS.es;
    for (const text of [
      es.lobby.fortune,
      es.table.fortuneEmpty,
      es.table.fortuneLimits,
      es.table.underMinFortune,
      es.result.fortuneLost,
      es.bets.fortuneOverMax,
      es.bets.block['fortune-over-max'],
      es.fortune.title,
      es.history.fortune,
      es.history.fortuneLose,
    ]) {
      expect(text).toMatch(/apuesta de fortuna/i);
    }
    // Short labels: the bet spot on the felt and the "chips go on" switch beside "Apuesta".
    expect(es.table.fortune).toBe('Fortuna');
    expect(es.bets.toFortune).toBe('Fortuna');
  });

  it('names the Foxwoods table after its house way in every language', () => {
    for (const lng of LANGUAGES) {
      expect(CATALOGS[lng].tableNames['table-4'], lng).toBe(`${CATALOGS[lng].houseWayNames.foxwoods} (1–100)`);
    }
    expect(CATALOGS.ru.tableNames['table-4']).toBe('House Way Foxwoods (1–100)');
  });

  it('names hands as glossary.md does in the catalog shared with the CLI: English "Two pairs", Russian Fortune trips «Тройка (сет)»', () => {
    expect(SHARED_CATALOGS.en.category.two_pair).toBe('Two pairs');
    expect(SHARED_CATALOGS.ru.fortuneLine.three_of_a_kind).toBe(SHARED_CATALOGS.ru.category.three_of_a_kind);
    expect(SHARED_CATALOGS.ru.fortuneLine.three_of_a_kind).toBe('Тройка (сет)');
  });

  it('names the envy bonus in French, as the other languages translate it', () => {
    const french = [...flatten(CATALOGS.fr).values(), ...flatten(HELP_CATALOGS.fr).values(), ...flatten(SHARED_CATALOGS.fr).values()];
    expect(french.filter((v) => /Envy/.test(v))).toEqual([]);
    expect(CATALOGS.fr.fortune.envyTitle).toBe('Bonus d’envie');
  });
});
