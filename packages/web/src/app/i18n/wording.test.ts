/**
 * Wording a new player reported (QA): the coach's trend names its blocks with the right plural in every
 * language ("in blocks of 1 hand", "блоками по 5 рук"), the Spanish lobby, coach and help speak to the
 * player as tú throughout, and the Russian bank cost reads grammatically; the Russian House Way lab never puts a
 * house-way name after a preposition that would decline it.
 */
import { describe, expect, it } from 'vitest';
import { HOUSE_WAY_IDS } from '@paigow/engine';
import { CATALOGS, createI18n, errorMessage, LANGUAGES } from './index.js';
import { HELP_CATALOGS } from '../../help/content/index.js';

describe('the coach trend', () => {
  const trend = (lng: string, count: number) => createI18n(lng).t('coach.page.trend', { count });
  it.each([
    ['en', 1, 'in blocks of 1 hand,'],
    ['en', 10, 'in blocks of 10 hands,'],
    ['ru', 1, 'блоками по 1 руке,'],
    ['ru', 3, 'блоками по 3 руки,'],
    ['ru', 5, 'блоками по 5 рук,'],
    ['ru', 21, 'блоками по 21 руке,'],
    ['fr', 1, 'par blocs de 1 main,'],
    ['fr', 10, 'par blocs de 10 mains,'],
    ['de', 1, 'in Blöcken von 1 Hand,'],
    ['de', 10, 'in Blöcken von 10 Händen,'],
    ['es', 1, 'en bloques de 1 mano,'],
    ['es', 10, 'en bloques de 10 manos,'],
  ])('%s, %i', (lng, count, want) => {
    expect(trend(lng, count)).toContain(want);
  });
});

describe('Spanish speaks to the player as tú', () => {
  /** Every string of a catalog section. */
  const strings = (tree: unknown): string[] => Object.values(tree as Record<string, unknown>).flatMap((v) => (typeof v === 'string' ? [v] : strings(v)));
  it('in the lobby and the coach, trainer and daily challenge', () => {
    const texts = [...strings(CATALOGS.es.lobby), ...strings(CATALOGS.es.coach)];
    const usted = /\b(usted|coloque|juegue|elija|pulse|haga)\b|¿coloca bien sus|\bSu colocación|\bcon su apuesta/iu;
    expect(texts.filter((s) => usted.test(s) || /^Ha (cedido|hecho|colocado)\b/u.test(s))).toEqual([]);
    expect(CATALOGS.es.coach.page.link).toBe('Entrenador: ¿colocas bien tus manos?');
  });

  it('in the help', () => {
    const usted = /\b(usted|Su asiento|su mano|sus manos|sus siete cartas|su conexión|su saldo|su historial|su primera ficha|hubiera pulsado|no estaba)\b/u;
    expect(strings(HELP_CATALOGS.es).filter((s) => usted.test(s))).toEqual([]);
  });

  // Tester: "Jugadas y comodín" opened with "Recibe siete cartas y las separa" (usted) among "pierdes", "tu mano".
  it('in every string of the catalog and the help: no usted verb, imperative or possessive aimed at the player', () => {
    // What usted says to the reader; "que {{count}} jugador coloque su mano", "la banca separa" speak of others and stay.
    const usted = /\b(usted|ustedes|recibe siete|las separa en|necesita \{\{|cobra una cantidad|ver las suyas|si (?:usted )?quiere)\b/iu;
    const imperative = /(?:^|[.:;!?—]\s*|«)(Elija|Pulse|Haga|Abra|Coloque|Juegue|Recibe|Separa|Apueste|Espere|Vuelva|Siéntese|Revise|Cierre|Inténtelo|Añada|Quite|Use|Elimine)\b/u;
    const all = [...strings(CATALOGS.es), ...strings(HELP_CATALOGS.es)];
    expect(all.filter((s) => usted.test(s) || imperative.test(s))).toEqual([]);
    expect(HELP_CATALOGS.es.hands.intro).toMatch(/^Recibes siete cartas y las separas /u);
    expect(HELP_CATALOGS.es.banking.needs).toMatch(/^Para ser la banca necesitas /u);
  });
});

it('says in Russian what the bank costs in natural words', () => {
  expect(CATALOGS.ru.lobby.bankCost).not.toContain('стоит бонусных очков');
  expect(CATALOGS.ru.lobby.bankCost).toContain('бонусные очки');
});

describe('bank/house-banks-next names both ways a bank ends before the house banks again', () => {
  // The server also sends it after an approval timeout that follows dealt rounds, not only when the banker left before a deal.
  it.each([
    ['en', /before a round was dealt/, /approval timed out/],
    ['ru', /до раздачи/, /одобрен/],
    ['fr', /avant qu’une manche soit distribuée/, /approbation/],
    ['de', /bevor eine Runde ausgeteilt wurde/, /genehmigt/],
    ['es', /antes de que se repartiera/, /aprobó/],
  ])('%s', (lng, dealt, approval) => {
    const text = (CATALOGS as Record<string, { errors: Record<string, string> }>)[lng].errors['bank/house-banks-next'];
    expect(text).toMatch(dealt);
    expect(text).toMatch(approval);
  });
});

// Tester: the French top bar said "Salon" at the lobby and the tables, "Salle" on the coach, trainer and daily
// pages. One word for the lobby per language, on every back-to-lobby button (table, coach pages, house-way lab).
describe('the way back to the lobby has one name in each language', () => {
  it.each(Object.keys(CATALOGS))('%s', (lng) => {
    const c = CATALOGS[lng as keyof typeof CATALOGS];
    expect([c.coach.page.back, c.lab.back]).toEqual([c.table.leave, c.table.leave]);
  });

  it('is "Salon" in French', () => {
    expect(createI18n('fr').t('coach.page.back')).toBe('Salon');
  });
});

// A sit refused because the player's idle-seat clock ran out (docs/server.md "Timers"): the table says why and
// when, with glossary.md's word for a round, in every language.
// A player read "a few minutes" and could not tell when: the table's idle-seat time is said.
// How many minutes are left (`you.idleWaitUntilMs`), not the whole wait: a tester waited most of the 5 min and was told "5 min after you left".
describe('action/idle-wait says no round was played here for a while and in how many minutes a sit comes again', () => {
  it.each([
    ['en', /not played a round/, /again in 5\u00a0min\.$/],
    ['ru', /ни одного раунда/, /через 5\u00a0мин\.$/],
    ['fr', /pas joué de manche/, /dans 5\u00a0min\.$/],
    ['de', /keine Runde gespielt/, /In 5\u00a0Min\. können/],
    ['es', /sin jugar ninguna ronda/, /dentro de 5\u00a0min\.$/],
  ])('%s', (lng, round, when) => {
    const text = errorMessage(createI18n(lng).t, 'action/idle-wait', { minutes: 5 });
    expect(text).toMatch(round);
    expect(text).toMatch(when);
  });
});

// Tester (ru): a copy was marked «Ничья», the push's own word, so a player read «НИЧЬЯ» over both hands and still
// lost. glossary.md: copy = «ничья (в пользу банка)», push = «ничья». In no language is a copy named as a push.
describe('a copy is never named with the word for a push', () => {
  /** Every way a catalog names a push, as a bare word (the results' "push — your bet comes back" cut at the dash). */
  const pushWords = (c: (typeof CATALOGS)[keyof typeof CATALOGS]): string[] =>
    [c.roundPlayer.push, c.bankerResult.push, c.history.outcome.push, c.result.push.split(/\s[—–:-]|:/u)[0]!].map((w) => w.trim().toLocaleLowerCase());

  it.each(Object.keys(CATALOGS))('%s', (lng) => {
    const c = CATALOGS[lng as keyof typeof CATALOGS];
    const copy = c.mark.copy.trim().toLocaleLowerCase();
    expect(pushWords(c)).not.toContain(copy);
    // Nor the other way round: no push word is the copy's mark.
    for (const push of pushWords(c)) expect(push, lng).not.toBe(copy);
  });

  it('says in Russian whose a copy is, with the glossary\'s «ничья (в пользу банка)»', () => {
    expect(CATALOGS.ru.mark.copy).toMatch(/^Ничья \(.*банк/u);
    expect(CATALOGS.ru.roundPlayer.push).toBe('Ничья');
  });
});

describe('the House Way lab names a house way in Russian only where its name may stay as it is (nominative)', () => {
  const ru = createI18n('ru');
  const names = HOUSE_WAY_IDS.map((id) => ru.t(`houseWayNames.${id}`));
  /** A preposition that would put the name in another case («вместо», «по», «с», «на»…): the names do not decline. */
  const governed = /(?:^|[\s(«])(?:вместо|по|с|со|на|для|от|из|у|к|о|об|при|без|до|после|против|между|кроме|ради|из-за)\s+$/iu;

  it('no lab sentence puts a house-way name after a preposition (tester: «вместо Стандартный House Way»)', () => {
    for (const key of ['evChange', 'costliest', 'difference', 'better'] as const) {
      const template = CATALOGS.ru.lab[key];
      for (const m of template.matchAll(/\{\{(a|b|banker|name)\}\}/gu)) {
        expect(template.slice(0, m.index), `lab.${key}: ${template}`).not.toMatch(governed);
      }
    }
  });

  it.each(HOUSE_WAY_IDS.flatMap((a) => HOUSE_WAY_IDS.filter((b) => b !== a).map((b) => [a, b] as const)))('evChange from %s to %s names both ways as they are', (a, b) => {
    const said = ru.t('lab.evChange', { a: ru.t(`houseWayNames.${a}`), b: ru.t(`houseWayNames.${b}`), change: '+0,10%' });
    expect(said).toContain(ru.t(`houseWayNames.${a}`));
    expect(said).toContain(ru.t(`houseWayNames.${b}`));
    for (const name of names) expect(said).not.toMatch(new RegExp(`(?:вместо|по)\\s+${name}`, 'u'));
    expect(said).toContain('+0,10%');
  });
});

describe('the fairness audit names its degrees of freedom without a number before a plural noun', () => {
  it.each(['en', 'ru', 'fr', 'de', 'es'])('%s, 1 degree of freedom', (lng) => {
    const text = createI18n(lng).t('audit.result', { sample: '40 rounds', statistic: '0.50', df: 1, p: '0.480' });
    expect(text).toMatch(/: 1, p = 0\.480$/u);
    expect(text).not.toMatch(/\b1 (degrees|Freiheitsgrade|degrés|grados)\b/u);
  });
});

// An operator's finding: while Redis, the servers' coordination store, was out of reach, a join said the table was moving
// to another server, which sent the player away. It has its own code, whose text says to try again shortly.
describe('a join refused while the coordination store is out of reach says to try again in a few seconds', () => {
  it.each([
    ['en', /few seconds/],
    ['ru', /несколько секунд/],
    ['fr', /quelques secondes/],
    ['de', /ein paar Sekunden/],
    ['es', /unos segundos/],
  ])('%s', (lng, shortly) => {
    const i18n = createI18n(lng);
    const text = errorMessage(i18n.t.bind(i18n), 'server/coordination-unavailable');
    expect(text).toMatch(shortly);
    expect(text).toBe((CATALOGS as Record<string, { errors: Record<string, string> }>)[lng].errors['server/coordination-unavailable']);
    expect(text).not.toBe(errorMessage(i18n.t.bind(i18n), 'action/unavailable'));
  });
});

// Tester (ru): the phone's top bar called comp points «Бонусы», the word the table uses for the Fortune and envy
// bonuses («Бонус Fortune», «Бонус «Зависть»»). glossary.md: comp points are «бонусные очки»; the short label is
// «Очки», a word of the whole one. In no language is the short label the word for a bonus.
describe('the top bar\'s short label for comp points', () => {
  it('is «Очки» in Russian, from the glossary\'s «бонусные очки»', () => {
    expect(CATALOGS.ru.table.compPointsShort).toBe('Очки');
    expect(CATALOGS.ru.table.compPoints).toBe('Бонусные очки');
  });

  it.each(Object.keys(CATALOGS))('%s: a word of the whole label, never a bonus\'s', (lng) => {
    const table = CATALOGS[lng as keyof typeof CATALOGS].table;
    expect(table.compPoints.toLocaleLowerCase(lng)).toContain(table.compPointsShort.toLocaleLowerCase(lng));
    expect(table.compPointsShort).not.toMatch(/бонус|bonus/iu);
  });
});

// Tester (fr, ru): the phone's top bar read «Manche −5 $» and «Раунд −10 $», the current round's word, for the last
// round (glossary.md: «dernière manche», «последний раунд»). In every language the short label keeps each word of the
// whole one, shortened at most to its first letters and a full stop, so it still says "last"; and stays as short as
// the English one, for a 390 px top bar.
describe("the top bar's short label for the last round", () => {
  it.each(LANGUAGES)('%s: every word of the whole label, "last" with it', (lng) => {
    const table = CATALOGS[lng].table;
    const words = (label: string) => label.toLocaleLowerCase(lng).split(/[\s\u00a0]+/u);
    const whole = words(table.lastRound);
    const short = words(table.lastRoundShort);
    expect(short).toHaveLength(whole.length);
    short.forEach((word, i) => expect(word === whole[i] || (word.endsWith('.') && whole[i]!.startsWith(word.slice(0, -1)))).toBe(true));
    expect(table.lastRoundShort.length).toBeLessThanOrEqual(12);
  });
});

describe('French punctuation', () => {
  /** Every string of a catalog, with its key path. */
  const strings = (node: unknown, path = ''): [string, string][] =>
    typeof node === 'string' ? [[path, node]] : node !== null && typeof node === 'object' ? Object.entries(node).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k)) : [];

  it('puts a space before : ; ! and ?, the House Way lab\'s edge line included', () => {
    // A player's finding: "Règle de la maison standard: Avantage de la maison" on the lab page (a colon in the code).
    expect(createI18n('fr').t('lab.named', { name: 'Règle de la maison standard' })).toBe('Règle de la maison standard\u00a0:');
    // The one exception: a quoted seed string's own format ("« 0: » est la place 1").
    const unspaced = strings(CATALOGS.fr).filter(([, text]) => /[^\s\u00a0\u202f][:;!?](\s|$)/.test(text.replace(/«\s0:\s»/u, '')));
    expect(unspaced).toEqual([]);
  });
});

// Tester (ru): the table says «Готово» and «Малая рука», the trainer and the daily challenge said «Разложить» and
// «младшей руки», and the trainer's intro called the coach «тренер» where the lobby says «Разбор игры». One name per
// thing, glossary.md's: the trainer's and the daily challenge's button is the table's Split button in every language.
describe('the trainer and the daily challenge name the Split button and the hands as the table does', () => {
  it.each(Object.keys(CATALOGS))('%s: the same button, named in the instruction', (lng) => {
    const c = CATALOGS[lng as keyof typeof CATALOGS];
    expect(c.coach.trainer.set).toBe(c.table.split);
    expect(c.coach.trainer.pick).toContain(c.table.split.replace(/[\s~]+$/u, '')); // the pseudo-locale's padding off
  });

  it('says in Russian «Готово», «малая / большая рука» and «Разбор игры», never «Разложить», «младшая рука» or «тренер»', () => {
    const ru = CATALOGS.ru;
    expect(ru.table.split).toBe('Готово');
    expect(ru.coach.trainer.pick).toBe('Выберите две карты малой руки и нажмите «Готово».');
    const all = (tree: unknown): string[] => Object.values(tree as Record<string, unknown>).flatMap((v) => (typeof v === 'string' ? [v] : all(v)));
    expect(all(ru.coach).filter((s) => /Разложить|(?:младш|старш)(?:ая|ей|ую) рук|(?<![а-яё])тренер(?!ажёр)/iu.test(s))).toEqual([]);
    expect(ru.coach.trainer.intro).toContain(`«${ru.coach.page.title}»`);
    expect(ru.coach.trainer.foul).toBe(ru.errors['setting/foul']);
  });

  // A tester (de): the table said "darf nicht höher sein als die hohe Hand", the Trainer "darf die hohe Hand nicht schlagen".
  it.each(LANGUAGES)('the Trainer says a foul in the table’s words (%s)', (lng) => {
    const catalog = CATALOGS[lng];
    expect(catalog.coach.trainer.foul).toBe(catalog.errors['setting/foul']);
  });
});

// Tester (fr): a banker's result after a push said «La banque fait match nul»; glossary.md's push is «égalité», the word
// of every other French result («égalité → pour vous 0 $»).
describe('French names a push «égalité» everywhere', () => {
  it('in the banker\'s result, and no French text (web, coach, help, shared) says «match nul»', () => {
    expect(CATALOGS.fr.result.bankPush).toMatch(/égalité/iu);
    const all = (tree: unknown): string[] => Object.values(tree as Record<string, unknown>).flatMap((v) => (typeof v === 'string' ? [v] : all(v)));
    expect([...all(CATALOGS.fr), ...all(HELP_CATALOGS.fr)].filter((s) => /match nul/iu.test(s))).toEqual([]);
  });
});

// Tester (de): the trainer said "Gewinn 0 % · Push 51 % · Verlust 49 %", the lab "geschoben 41,818 %". glossary.md's
// German push is «geschoben»; the help's «geschoben (Push)» glosses it once. The coach's odds are the Hint's words.
describe('one word for a push in German', () => {
  it.each(Object.keys(CATALOGS))('%s: the coach\'s odds line is the Hint\'s', (lng) => {
    const c = CATALOGS[lng as keyof typeof CATALOGS];
    expect(c.coach.page.odds).toBe(c.hint.odds);
  });

  it('is «geschoben» in every German text (web, coach, help, shared), never a bare "Push"', () => {
    const all = (tree: unknown): string[] => Object.values(tree as Record<string, unknown>).flatMap((v) => (typeof v === 'string' ? [v] : all(v)));
    expect([...all(CATALOGS.de), ...all(HELP_CATALOGS.de)].filter((s) => /Push/u.test(s.replace(/geschoben \(Push\)/giu, '')))).toEqual([]);
    expect(CATALOGS.de.coach.page.odds).toMatch(/Geschoben \{\{push\}\}/u);
  });
});

// Tester (es): the title said "Pai Gow Póker", the help "como en el póquer". One spelling, glossary.md's «póker»
// (its Spanish four of a kind) and the title's.
describe('Spanish spells poker «póker» everywhere', () => {
  it('in the title, and no Spanish text (web, coach, help, shared) says «póquer»', () => {
    expect(CATALOGS.es.app.title).toBe('Pai Gow Póker');
    const all = (tree: unknown): string[] => Object.values(tree as Record<string, unknown>).flatMap((v) => (typeof v === 'string' ? [v] : all(v)));
    expect([...all(CATALOGS.es), ...all(HELP_CATALOGS.es)].filter((s) => /póquer|poquer/iu.test(s))).toEqual([]);
    expect(HELP_CATALOGS.es.hands.intro).toContain('como en el póker');
  });
});

// Tester (ru): the seat tag «отошёл» (masculine) was shown for every away player, a woman too; «расставил» and «готов»
// the same. A seat's tags are said without the sitter's gender.
describe('the Russian seat tags say nothing of the player\'s gender', () => {
  it('away is «нет на месте»; no tag is a masculine past tense or short adjective', () => {
    const { seatAway, seatSet, seatReady } = CATALOGS.ru.table;
    expect(seatAway).toBe('нет на месте');
    for (const tag of [seatAway, seatSet, seatReady]) expect(tag).not.toMatch(/(?:ёл|[аеиоуыя]л|ов|ен|ан)$/u);
  });
});

// Tester (fr, ru): the notice of a banker away too long said «Élodie est resté absent», «… отсутствовал … потерял», a
// man's words for every player. The notices that name a player say nothing of its gender.
describe('the notices that name a player say nothing of its gender', () => {
  const naming = (notices: Record<string, unknown>) =>
    Object.entries(notices).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].includes('{{nickname}}'));
  it('in Russian, no past tense of a verb (masculine or feminine)', () => {
    const notices = naming(CATALOGS.ru.notices as Record<string, unknown>);
    expect(notices.length).toBeGreaterThan(3);
    for (const [key, text] of notices) expect(text, key).not.toMatch(/[а-яё]+(?:[аеиоуыяё]л|ёл|[аеиоуыя]ла|[аеиоуыя]лся|[аеиоуыя]лась)(?![а-яё])/u);
  });
  it('in French, no past participle agreed with the player («{{nickname}} est resté»)', () => {
    const notices = naming(CATALOGS.fr.notices as Record<string, unknown>);
    expect(notices.length).toBeGreaterThan(3);
    for (const [key, text] of notices) expect(text, key).not.toMatch(/(?<!de )\{\{nickname\}\} est (?:\p{L}+ )?\p{L}+(?:é|i|u)e?s?(?!\p{L})/u);
  });
});
