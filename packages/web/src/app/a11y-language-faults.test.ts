/**
 * A keyboard and screen-reader tester's language faults, in five languages: what the table says as the player
 * changes its bets and its low hand (`changeSaid`, `lowSaid`), the German house-way explanation's "mit zwei Paare"
 * (the accusative after a dative), and the audit's and the lab's counts of rounds without plural forms ("1 rounds",
 * "21 раундов").
 */
import { describe, expect, it } from 'vitest';
import { SHARED_CATALOGS } from '@paigow/i18n';
import { changeSaid, lowSaid, type ChangeNews } from './Announcer.js';
import { createI18n, houseWayText } from './i18n/index.js';

const bets = (main: number, spot: string): ChangeNews => ({
  scope: 'betting',
  parts: [
    { id: 'main', value: String(main), text: `Bet: ${main}.` },
    { id: 'spot', value: spot, text: `Chips now go on: ${spot}.` },
  ],
});

describe('what the table says as the player changes something', () => {
  it('says the parts that changed within one scope, once, and nothing for a new scope or an unchanged render', () => {
    expect(changeSaid(bets(5, 'Bet'), bets(10, 'Bet'))).toBe('Bet: 10.');
    expect(changeSaid(bets(10, 'Bet'), bets(10, 'Fortune'))).toBe('Chips now go on: Fortune.');
    expect(changeSaid(bets(10, 'Bet'), bets(10, 'Bet'))).toBeNull();
    expect(changeSaid(null, bets(10, 'Bet'))).toBeNull();
    expect(changeSaid({ scope: 'low:r1', parts: [] }, bets(10, 'Bet'))).toBeNull();
    // A part whose words are empty (the balance before a top-up) is never said.
    expect(changeSaid({ scope: 's', parts: [{ id: 'b', value: 'true', text: 'x' }] }, { scope: 's', parts: [{ id: 'b', value: 'false', text: '' }] })).toBeNull();
  });

  it.each([
    ['en', 'Low hand: two of hearts and three of diamonds'],
    ['ru', 'Малая рука: двойка червей и тройка бубен'],
  ])('names the low hand in %s as the trainer does', (lng, said) => {
    const { t } = createI18n(lng);
    expect(lowSaid(t, ['2h', '3d'])).toBe(said);
    expect(lowSaid(t, [])).toBe(t('coach.trainer.pickedNone'));
  });
});

describe('German house-way explanations with pairs', () => {
  it('never puts "zwei Paare" or "drei Paare" after a dative preposition, for every template that takes them', () => {
    const { t } = createI18n('de');
    const templates: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node === 'string') {
        if (node.includes('{{pairs}}')) templates.push(path);
      } else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
    };
    walk(SHARED_CATALOGS.de.houseWay, 'houseWay');
    walk(SHARED_CATALOGS.de.houseWayFoxwoods, 'houseWayFoxwoods');
    expect(templates.length).toBeGreaterThanOrEqual(4);
    for (const key of templates) {
      for (const pairs of ['Q 2', 'Q 9 2']) {
        const text = houseWayText(t, { key, params: { pairs, low: 'Qs Qd' }, text: '' });
        expect(text, key).toMatch(/(zwei|drei) Paare/);
        expect(text, key).not.toMatch(/\b(mit|von|aus|bei|nach|zu|seit) (zwei|drei) Paare\b/);
      }
    }
  });
});

describe('counts of rounds take the language plural', () => {
  it.each([
    ['en', [1, 2, 21], ['1 round:', '2 rounds:', '21 rounds:'], ['1 round,', '2 rounds,', '21 rounds,']],
    ['ru', [1, 2, 5, 21], ['1 раунд:', '2 раунда:', '5 раундов:', '21 раунд:'], ['1 раунд,', '2 раунда,', '5 раундов,', '21 раунд,']],
    ['fr', [1, 2], ['1 manche', '2 manches'], ['1 manche,', '2 manches,']],
    ['de', [1, 2], ['1 Runde:', '2 Runden:'], ['1 Runde,', '2 Runden,']],
    ['es', [1, 2], ['1 ronda:', '2 rondas:'], ['1 ronda,', '2 rondas,']],
  ])('%s', (lng, counts, passed, simulated) => {
    const { t } = createI18n(lng);
    counts.forEach((n, i) => {
      expect(t('audit.passed', { count: n, rounds: String(n), threshold: '0.001' })).toContain(passed[i]);
      expect(t('lab.edgeSimulated', { count: n, rounds: String(n), lo: '1%', hi: '2%' })).toContain(simulated[i]);
    });
  });
});
