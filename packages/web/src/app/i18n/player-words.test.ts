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

  it('names the envy bonus in French, as the other languages translate it', () => {
    const french = [...flatten(CATALOGS.fr).values(), ...flatten(HELP_CATALOGS.fr).values(), ...flatten(SHARED_CATALOGS.fr).values()];
    expect(french.filter((v) => /Envy/.test(v))).toEqual([]);
    expect(CATALOGS.fr.fortune.envyTitle).toBe('Bonus d’envie');
  });
});
