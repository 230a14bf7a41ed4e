/** What a setting gave up, in money (a retester read "Setting cost 0.36% ($0)" on a 1.00 bet). */
import { describe, expect, it } from 'vitest';
import type { SettingGrade } from '@paigow/engine';
import { createI18n, formatMoney } from '../app/i18n/index.js';
import { costMoney, gradeShort } from './format.js';

const money = (cents: number) => formatMoney('en', cents);

describe('a cost in money', () => {
  it('is whole cents, or "< $0.01" when less than half a cent was given up, never "$0" for a cost', () => {
    expect(costMoney(0.36, money)).toBe('< $0.01');
    expect(costMoney(0, money)).toBe('$0');
    expect(costMoney(0.5, money)).toBe('$0.01');
    expect(costMoney(21.2, money)).toBe('$0.21');
    const i18n = createI18n('en');
    const grade = { playedEv: -0.05, bestEv: -0.0464, houseWayEv: -0.0464, evLost: 0.0036 } as SettingGrade;
    expect(gradeShort(i18n.t.bind(i18n), 'en', grade, 100, money)).toContain('(< $0.01)');
  });
});
