import { describe, expect, test } from 'vitest';
import { FORTUNE_LINES } from './lines.js';
import { analyzeFortune } from './analysis.js';
import { FORTUNE_PAY_TABLE } from './pay-table.js';

/** reference/fortune.json (published: Wizard of Odds pay table 2 / Alspach; reproduced independently). */
const REFERENCE = {
  total: 154143080,
  lines: {
    seven_card_straight_flush_natural: 32,
    royal_flush_plus_royal_match: 72,
    seven_card_straight_flush_with_joker: 196,
    five_aces: 1128,
    royal_flush: 26020,
    straight_flush: 184644,
    four_of_a_kind: 307472,
    full_house: 4188528,
    flush: 6172088,
    three_of_a_kind: 7672500,
    straight: 11034204,
  },
  losing: 124556196,
  houseEdge: '11970096/154143080',
  houseEdgePercent: 7.7656,
};

describe('analyzeFortune: all 154,143,080 seven-card hands (rules.md §4)', () => {
  test('reproduces reference/fortune.json exactly with the seed’s pay table', () => {
    const analysis = analyzeFortune();
    expect(analysis.total).toBe(REFERENCE.total);
    expect(analysis.lines).toEqual(REFERENCE.lines);
    expect(analysis.losing).toBe(REFERENCE.losing);
    expect(`${analysis.houseEdge.numerator}/${analysis.houseEdge.denominator}`).toBe(REFERENCE.houseEdge);
    expect(analysis.houseEdge.value * 100).toBeCloseTo(REFERENCE.houseEdgePercent, 4);
    expect(analysis.payTable).toBe(FORTUNE_PAY_TABLE);
  });

  test('another pay table re-ranks the lines: a straight paying more than three of a kind takes the hands holding both', () => {
    const table = { ...FORTUNE_PAY_TABLE, straight: 4, three_of_a_kind: 3 };
    const analysis = analyzeFortune(table);
    // Now each hand is paid on its best five-card hand: the seven-card split of reference/seven-card.json.
    expect(analysis.lines.straight).toBe(11236028);
    expect(analysis.lines.three_of_a_kind).toBe(7470676);
    expect(analysis.losing).toBe(REFERENCE.losing);
    const won = FORTUNE_LINES.reduce((sum, line) => sum + analysis.lines[line] * table[line], 0);
    expect(analysis.houseEdge).toEqual({ numerator: REFERENCE.losing - won, denominator: REFERENCE.total, value: (REFERENCE.losing - won) / REFERENCE.total });
    expect(Object.values(analysis.lines).reduce((a, b) => a + b, 0) + analysis.losing).toBe(REFERENCE.total);
  });

  test('a generous table gives a negative house edge; a line paying 0 still counts as that line', () => {
    const generous = analyzeFortune({ ...FORTUNE_PAY_TABLE, straight: 20 });
    expect(generous.houseEdge.numerator).toBeLessThan(0);
    const zero = analyzeFortune({ ...FORTUNE_PAY_TABLE, straight: 0 });
    expect(zero.lines.straight).toBe(REFERENCE.lines.straight);
    expect(zero.houseEdge.numerator).toBe(11970096 + 2 * REFERENCE.lines.straight);
  });

  test('refuses a malformed pay table', () => {
    expect(() => analyzeFortune({ ...FORTUNE_PAY_TABLE, royal_flush: -150 })).toThrow(expect.objectContaining({ code: 'config/invalid' }));
  });
});
