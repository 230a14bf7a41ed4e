import { describe, expect, test } from 'vitest';
import { FORTUNE_LINES } from './lines.js';
import { FORTUNE_PAY_TABLE, MAX_FORTUNE_PAYS, parseFortunePayTable } from './pay-table.js';

/** reference/fortune.json's shape (abridged to the fields the parser reads, plus one it ignores). */
const REFERENCE_SHAPE = {
  total: 154143080,
  pay_table: FORTUNE_LINES.map((line) => ({ line, pays: FORTUNE_PAY_TABLE[line], count: 1 })),
};

describe('FORTUNE_PAY_TABLE', () => {
  test('is seed 003’s table, every line present, frozen', () => {
    expect(Object.keys(FORTUNE_PAY_TABLE)).toEqual([...FORTUNE_LINES]);
    expect(FORTUNE_PAY_TABLE.seven_card_straight_flush_natural).toBe(8000);
    expect(FORTUNE_PAY_TABLE.three_of_a_kind).toBe(3);
    expect(FORTUNE_PAY_TABLE.straight).toBe(2);
    expect(Object.isFrozen(FORTUNE_PAY_TABLE)).toBe(true);
  });
});

describe('parseFortunePayTable', () => {
  test('accepts an object of line → pays, as a value or as JSON text', () => {
    const table = { ...FORTUNE_PAY_TABLE, straight: 1, full_house: 6 };
    expect(parseFortunePayTable(table)).toEqual({ ok: true, value: table });
    expect(parseFortunePayTable(JSON.stringify(table))).toEqual({ ok: true, value: table });
  });

  test('accepts the shape of reference/fortune.json and a bare list of {line, pays}', () => {
    expect(parseFortunePayTable(JSON.stringify(REFERENCE_SHAPE))).toEqual({ ok: true, value: FORTUNE_PAY_TABLE });
    expect(parseFortunePayTable(REFERENCE_SHAPE.pay_table)).toEqual({ ok: true, value: FORTUNE_PAY_TABLE });
  });

  test('accepts a line paying 0 (the stake is returned) and the largest allowed pay', () => {
    const table = { ...FORTUNE_PAY_TABLE, straight: 0, seven_card_straight_flush_natural: MAX_FORTUNE_PAYS };
    expect(parseFortunePayTable(table).ok).toBe(true);
  });

  test.each([
    ['not JSON', '{"straight": 2', /not valid JSON/],
    ['null', null, /must be a JSON object.*null/],
    ['a number', 7, /must be a JSON object.*number/],
    ['an unknown line', { ...FORTUNE_PAY_TABLE, two_pair: 1 }, /unknown line 'two_pair'/],
    ['a missing line', (({ flush: _, ...rest }) => rest)(FORTUNE_PAY_TABLE), /missing line flush$/],
    ['missing lines', { straight: 2 }, /missing lines seven_card_straight_flush_natural, .*three_of_a_kind$/],
    ['a negative pay', { ...FORTUNE_PAY_TABLE, flush: -4 }, /'flush' must not be negative, got -4/],
    ['a fractional pay', { ...FORTUNE_PAY_TABLE, flush: 4.5 }, /'flush' must be a whole number, got 4.5/],
    ['a pay as a string', { ...FORTUNE_PAY_TABLE, flush: '4' }, /'flush' must be a whole number, got "4"/],
    ['an infinite pay', { ...FORTUNE_PAY_TABLE, flush: Infinity }, /'flush' must be a whole number/],
    ['a pay above the limit', { ...FORTUNE_PAY_TABLE, flush: MAX_FORTUNE_PAYS + 1 }, /'flush' is 1000001, above the limit/],
    ['a line twice in the list form', [...REFERENCE_SHAPE.pay_table, { line: 'flush', pays: 4 }], /line 'flush' is given twice/],
    ['a list entry without a line', [{ pays: 4 }], /needs a "line" name/],
    ['a pay_table that is not a list', { pay_table: { flush: 4 } }, /"pay_table" must be a list/],
    ['a list entry without pays', [{ line: 'flush' }], /'flush' must be a whole number, got nothing/],
  ])('refuses %s with config/invalid', (_, input, message) => {
    const result = parseFortunePayTable(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('config/invalid');
    expect(result.error.message).toMatch(/^Fortune pay table/);
    expect(result.error.message).toMatch(message);
  });
});
