/**
 * The exhaustive five-card count (the perft analogue, architecture.md): all C(53,5) = 2,869,685
 * hands must give `reference/five-card.json` exactly, overall and in its `with_joker` column.
 */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countHighHandCategories } from './five.js';

const reference = JSON.parse(readFileSync(new URL('../../../../reference/five-card.json', import.meta.url), 'utf8')) as {
  total: number;
  counts: Record<string, number>;
  with_joker: Record<string, number>;
};

describe('all 2,869,685 five-card hands (reference/five-card.json)', () => {
  const result = countHighHandCategories();

  it('number C(53,5) = 2,869,685', () => {
    expect(result.total).toBe(2_869_685);
    expect(result.total).toBe(reference.total);
  });

  it('fall into the published categories exactly', () => {
    expect(result.counts).toEqual(reference.counts);
  });

  it('with the joker, fall into the published with_joker column exactly', () => {
    expect(result.withJoker).toEqual(reference.with_joker);
    expect(Object.values(result.withJoker).reduce((a, b) => a + b, 0)).toBe(270_725);
  });
});
