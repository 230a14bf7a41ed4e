/**
 * The help panel's catalogs, figures and deep links (issue 14 point 3): every language has every key of
 * the English help with the same parameters and each plural form it needs; the figures come from the
 * table's settings (or the seeds' defaults); `#/help/<section>` links parse both ways; a text naming a table
 * (the help's and the app's) names it once.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMERS, HOUSE_WAY_IDS, houseWays, tableConfig } from '@paigow/engine';
import type { TableConfigView } from '@paigow/protocol';
import { LANGUAGES } from '@paigow/i18n';
import { CATALOGS, createI18n, tableName } from '../app/i18n/index.js';
import { HELP_CATALOGS, HELP_NAMESPACE, ensureHelpCatalogs } from './content/index.js';
import { formatRate, helpFacts } from './facts.js';
import { houseWayHelpKey, houseWayHelpKeys } from './house-way-rules.js';
import { HELP_SECTIONS, helpHash, parseHelpHash, screenHash } from './route.js';

function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}
const placeholders = (s: string): string => [...new Set([...s.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1]))].sort().join();
const PLURAL = /_(zero|one|two|few|many|other)$/;
const english = flatten(HELP_CATALOGS.en);

/** The built-in tables' ids (the server's DEFAULT_TABLES), whose names each language translates. */
const BUILT_IN_TABLES = ['table-1', 'table-2', 'table-3', 'table-4'];

/**
 * What names a table twice in `text`, which names the table `name`: the name more than once, or, besides the
 * name, a word starting with the language's word for a table (`tableWord`, 'table', 'стол': 'la table Table 1',
 * «к столу «Стол 1»»).
 */
function tableNamedTwice(text: string, name: string, tableWord: string): string[] {
  const parts = text.split(name);
  if (parts.length !== 2) return [`names ${name} ${parts.length - 1} times: ${text}`];
  const rest = parts.join(' ').toLocaleLowerCase().split(/[^\p{L}]+/u);
  return rest.some((w) => w.startsWith(tableWord.toLocaleLowerCase())) ? [`'${tableWord}' besides ${name}: ${text}`] : [];
}

describe.each(LANGUAGES.filter((l) => l !== 'en'))('the %s help', (lng) => {
  const own = flatten(HELP_CATALOGS[lng]);
  it('has every English key with the same parameters, and nothing else', () => {
    const problems: string[] = [];
    for (const [key, text] of english) {
      if (PLURAL.test(key)) continue;
      const mine = own.get(key);
      if (mine === undefined) problems.push(`${key}: missing`);
      else if (placeholders(mine) !== placeholders(text)) problems.push(`${key}: ${placeholders(mine)} ≠ ${placeholders(text)}`);
    }
    const extra = [...own.keys()].filter((k) => !english.has(k) && !(PLURAL.test(k) && english.has(k.replace(PLURAL, '_other'))));
    expect(problems).toEqual([]);
    expect(extra).toEqual([]);
  });
  it('has each plural form the language needs', () => {
    const forms = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    const bases = new Set([...english.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
    const missing = [...bases].flatMap((b) => forms.filter((f) => !own.has(`${b}_${f}`)).map((f) => `${b}_${f}`));
    expect(missing).toEqual([]);
  });
  it('is not left in English', () => {
    const same = [...english].filter(([key, text]) => own.get(key) === text && text.split(' ').length >= 3);
    expect(same.map(([k]) => k)).toEqual([]);
  });
});

describe('help text through i18next', () => {
  it('says the timers with the plural the language needs', () => {
    const i18n = createI18n('ru');
    ensureHelpCatalogs(i18n);
    const t = i18n.getFixedT('ru', HELP_NAMESPACE);
    expect(t('timers.decision', { count: 45 })).toContain('45 секунд,');
    expect(t('timers.grace', { count: 2 })).toContain('2 секунды ');
    expect(t('timers.approval', { count: 21 })).toContain('21 секунда,');
  });
  // The player's: French and Spanish read 'la table Table 1' and 'la mesa Mesa 1' (the name holds the word already);
  // the tester's: Russian read «к столу «Стол 1 (1–100)»» (the word twice, the name in quotes inside the sentence's).
  it('names the table once, in every language: neither its name twice nor the word for a table besides it', () => {
    const withTable = [...flatten(CATALOGS.en)].filter(([, text]) => text.includes('{{table}}')).map(([key]) => key);
    expect(withTable).toContain('table.lastRoundAt');
    const problems: string[] = [];
    for (const lng of LANGUAGES) {
      const i18n = createI18n(lng);
      ensureHelpCatalogs(i18n);
      const texts: [string, (table: string) => string][] = [
        ['help ui.thisTable', (table) => i18n.getFixedT(lng, HELP_NAMESPACE)('ui.thisTable', { table })],
        ...withTable.map((key): [string, (table: string) => string] => [key, (table) => i18n.t(key, { table, points: 80, amount: '5', count: 1 })]),
      ];
      const names = [...BUILT_IN_TABLES.map((tableId) => tableName(i18n.getFixedT(lng), { tableId, name: i18n.t(`tableNames.${tableId}`, { lng: 'en' }) })), 'Salle Jade'];
      const tableWord = names[0].split(' ')[0]; // Table 1, Стол 1, Tisch 1, Mesa 1
      for (const [key, say] of texts) for (const name of names) problems.push(...tableNamedTwice(say(name), name, tableWord).map((p) => `${lng} ${key}: ${p}`));
    }
    expect(problems).toEqual([]);
  });
  it('has a heading for every section in every language', () => {
    for (const lng of LANGUAGES) for (const s of HELP_SECTIONS) expect(HELP_CATALOGS[lng].sections, `${lng} ${s}`).toHaveProperty(s.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()));
  });
});

describe.each(HOUSE_WAY_IDS)('the help of the %s house way', (way) => {
  it.each(LANGUAGES)('explains every rule id of the engine’s registry in %s, and no rule it lacks', (lng) => {
    const help = HELP_CATALOGS[lng].houseWay[way] as Record<string, string>;
    const missing = houseWays[way].rules.filter((rule) => !help[houseWayHelpKey(rule)]?.trim());
    expect(missing).toEqual([]);
    expect(Object.keys(help).sort()).toEqual(houseWayHelpKeys(way).sort());
  });
});

describe('house-way help keys', () => {
  it('name a rule variant by its rule number, in rule order', () => {
    expect(houseWayHelpKey('5.as-pairs')).toBe('r5');
    expect(houseWayHelpKey('10.five-aces-kings')).toBe('r10');
    expect(() => houseWayHelpKey('as-pairs')).toThrow(RangeError);
    expect(houseWayHelpKeys('seeds')).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9', 'r10']);
  });
});

describe('helpFacts', () => {
  it('takes the table’s rates, banking needs, house way and timers', () => {
    const made = tableConfig({ tableId: 't', name: 'Lee’s', limits: { main: { minCents: 500, maxCents: 20_000 } }, commissionBps: 400, bankerFeeBps: 200, playerBanking: true, bankMinCompPoints: 80, houseWay: 'foxwoods', timers: { reconnectGraceMs: 9_000 } });
    if (!made.ok) throw new Error(made.error.code);
    const config = { ...made.value, bankMinBalanceCents: 20_400, fortunePayTable: null, envyBonus: null } as unknown as TableConfigView;
    const facts = helpFacts(config);
    expect(facts).toMatchObject({ tableName: 'Lee’s', mainLimits: { minCents: 500, maxCents: 20_000 }, commissionBps: 400, bankerFeeBps: 200, bankMinCompPoints: 80, bankMinBalanceCents: 20_400, houseWay: 'foxwoods', fortunePayTable: null });
    expect(facts.exampleNetCents).toBe(9_600); // 100.00 less 4%
    expect(facts.exampleFeeCents).toBe(200); // 2% of 100.00
    expect(facts.exampleCompPoints).toBe(100); // 1 per whole unit (rules.md §5)
    expect(facts.timers.reconnectGraceMs).toBe(9_000);
  });
  it('falls back to the seeds’ figures away from a table', () => {
    const facts = helpFacts(null);
    expect(facts).toMatchObject({ tableName: null, mainLimits: null, commissionBps: 500, bankerFeeBps: 150, bankMinCompPoints: 50, bankMinBalanceCents: null, houseWay: 'seeds' });
    expect(facts.exampleNetCents).toBe(9_500);
    expect(facts.exampleFeeCents).toBe(150);
    expect(facts.timers).toEqual(DEFAULT_TIMERS);
  });
  it('formats rates per language', () => {
    expect(formatRate('en', 150)).toBe('1.5%');
    expect(formatRate('de', 150)).toBe('1,5\u00a0%');
    expect(formatRate('en', 500)).toBe('5%');
  });
});

describe('help links', () => {
  it('opens a section over the lobby or a table and goes back', () => {
    expect(parseHelpHash('#/help/fortune')).toEqual({ base: '#', section: 'fortune' });
    expect(parseHelpHash('#/table/t-1/help/house-way')).toEqual({ base: '#/table/t-1', section: 'house-way' });
    expect(parseHelpHash('#/help/nonsense')).toEqual({ base: '#', section: 'hands' });
    expect(parseHelpHash('#/help')).toEqual({ base: '#', section: 'hands' });
    expect(parseHelpHash('#/table/t-1')).toBeNull();
    expect(parseHelpHash('')).toBeNull();
    expect(helpHash('#/', 'timers')).toBe('#/help/timers');
    expect(helpHash('', 'timers')).toBe('#/help/timers');
    expect(helpHash('#/table/t-1', 'low')).toBe('#/table/t-1/help/low');
    expect(helpHash('#/table/t-1/help/low', 'foul')).toBe('#/table/t-1/help/foul');
    expect(screenHash({ base: '#', section: 'low' })).toBe('#/');
    expect(screenHash({ base: '#/table/t-1', section: 'low' })).toBe('#/table/t-1');
  });
});
