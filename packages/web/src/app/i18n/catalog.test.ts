import { describe, expect, it } from 'vitest';
import { CATEGORIES, ERROR_CODES, EXPLANATIONS, FORTUNE_LINES, FOXWOODS_EXPLANATIONS, FOXWOODS_RULES, HOUSE_WAY_RULES, handOf, houseWay, houseWays } from '@paigow/engine';
import { en } from './en.js';
import { categoryName, createI18n, errorMessage, formatMoney, houseWayText, prettyCards } from './index.js';

const i18n = createI18n('en');
const t = i18n.t.bind(i18n);

describe('English catalog', () => {
  it('has a message for every ErrorCode', () => {
    const missing = ERROR_CODES.filter((code) => typeof (en.errors as Record<string, string>)[code] !== 'string');
    expect(missing).toEqual([]);
    for (const code of ERROR_CODES) {
      const text = errorMessage(t, code);
      expect(text, code).not.toContain(code);
      expect(text.length, code).toBeGreaterThan(5);
    }
  });

  it('has a name for every hand category', () => {
    expect(Object.keys(en.category).sort()).toEqual([...CATEGORIES].sort());
    for (const category of CATEGORIES) expect(categoryName(t, category), category).not.toBe(category);
    expect(categoryName(t, 'five_aces')).toBe('Five aces');
  });

  it('has a name for every Fortune line (the pay table, the envy bonus, results and history)', () => {
    expect(Object.keys(en.fortuneLine)).toEqual([...FORTUNE_LINES]);
    for (const line of FORTUNE_LINES) expect(t(`fortuneLine.${line}`), line).not.toBe(`fortuneLine.${line}`);
  });

  it('names an unknown error code instead of showing nothing', () => {
    expect(errorMessage(t, 'teapot/short')).toContain('teapot/short');
    expect(errorMessage(t, 'network')).toMatch(/server/i);
  });

  it('has every house-way rule, with the same placeholders as the engine text', () => {
    for (const rule of HOUSE_WAY_RULES) {
      const [major, minor] = [rule.slice(0, rule.indexOf('.')), rule.slice(rule.indexOf('.') + 1)];
      const template = en.houseWay[major]?.[minor];
      expect(template, rule).toBeTypeOf('string');
      const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(template!), rule).toEqual(placeholders(EXPLANATIONS[rule]));
    }
  });

  it('has every Foxwoods house-way rule, with the same placeholders as the engine text', () => {
    for (const rule of FOXWOODS_RULES) {
      const [major, minor] = [rule.slice(0, rule.indexOf('.')), rule.slice(rule.indexOf('.') + 1)];
      const template = en.houseWayFoxwoods[major]?.[minor];
      expect(template, rule).toBeTypeOf('string');
      const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(placeholders(template!), rule).toEqual(placeholders(FOXWOODS_EXPLANATIONS[rule]));
    }
  });

  it('translates a Foxwoods explanation by its key, matching the engine English text', () => {
    for (const hand of ['Ah Kh Kd Qc Jc Ts 3d', 'Ts Td 4c 4h As 9d 2c', 'Js Jd 7c 7h 8s 9d Tc', 'Ks Kd Kc 5s 5d 5c 2h']) {
      const hw = houseWays.foxwoods.set(handOf(hand));
      const text = houseWayText(t, hw.explanation);
      expect(text, hand).toBe(hw.explanation.text.replace(/\b([2-9TJQKA])([shdc])\b/g, (_, r: string, s: string) => prettyCards(r + s)));
    }
  });

  it('translates a house-way explanation by key and params, matching the engine English text', () => {
    for (const hand of ['As Kd 9c 7h 5s 3d 2c', 'Ks Kd 4c 4h Qs 9d 2c', 'Ts Td 9c 9h 5s 5d Kc', '4s 4d 4c 4h Kd 9c 2s', '8s 8d 8c Kh Qs 5d 2c']) {
      const hw = houseWay(handOf(hand));
      const text = houseWayText(t, hw.explanation);
      // Same words as the engine's text; only the cards are drawn with suit symbols.
      expect(text, hand).toBe(hw.explanation.text.replace(/\b([2-9TJQKA])([shdc])\b/g, (_, r: string, s: string) => prettyCards(r + s)));
    }
  });

  it('falls back to the English text for an unknown explanation key', () => {
    expect(houseWayText(t, { key: 'houseWay.99.new-rule', params: { low: 'As Kd' }, text: 'A brand new rule.' })).toBe('A brand new rule.');
  });

  it('formats money from integer cents', () => {
    expect(formatMoney('en', 123_456)).toBe('$1,234.56');
    expect(formatMoney('en', 2500)).toBe('$25');
    expect(formatMoney('en', -950, true)).toBe('−$9.50');
    expect(formatMoney('en', 950, true)).toBe('+$9.50');
  });

  it('keeps a number of seconds and its unit together (a non-breaking space)', () => {
    expect(t('table.secondsLeft', { seconds: 43 })).toBe('43\u00a0s');
    expect(t('waiting.within', { seconds: 43 })).toBe(' — at most 43\u00a0s.');
    // No string of the catalog puts a breakable space between a placeholder and the "s" after it.
    const strings = (o: unknown): string[] => (typeof o === 'string' ? [o] : o && typeof o === 'object' ? Object.values(o).flatMap(strings) : []);
    expect(strings(en).filter((s) => /\}\} s\b/.test(s))).toEqual([]);
  });

  it('draws card text with suit symbols', () => {
    expect(prettyCards('As Td Jk 2c')).toBe('A♠ 10♦ Jk 2♣');
  });
});
