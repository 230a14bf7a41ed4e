import { describe, expect, it } from 'vitest';
import { parseRoute, routeHash } from '../app/session.js';
import { findDiff, findHand, isLabData, sameHand, type LabData, type LabDiff } from './data.js';
import { countText, evText, percentText } from './format.js';

const hand = (cards: string[]) => ({
  cards,
  a: { high: cards.slice(0, 5), low: cards.slice(5), rule: '10.no-pair', explanation: '', ev: -0.1 },
  b: { high: cards.slice(2), low: cards.slice(0, 2), rule: '1.no-pair', explanation: '', ev: -0.2 },
  differ: true,
  cost: 0.1,
  better: 'seeds' as const,
  hands: 4,
});
const diff: LabDiff = {
  a: 'seeds',
  b: 'foxwoods',
  banker: 'seeds',
  commissionBps: 500,
  total: 154_143_080,
  differ: 10,
  share: 10 / 154_143_080,
  groups: 1,
  candidates: 1,
  top: [hand(['As', 'Kd', '9c', '7h', '5s', '3d', '2c'])],
  topTotal: [],
  evChange: 0.001,
  method: '',
};
const data: LabData = { commands: [], houseWays: [], diffs: [diff] };

describe('house-way lab data look-ups', () => {
  it('finds the diff of an ordered pair, and none for a pair not computed', () => {
    expect(findDiff(data, 'seeds', 'foxwoods')).toBe(diff);
    expect(findDiff(data, 'foxwoods', 'seeds')).toBeNull();
  });
  it('finds a listed hand whatever the order of its cards', () => {
    expect(findHand(diff, ['2c', '3d', '5s', '7h', '9c', 'Kd', 'As'])).toBe(diff.top[0]);
    expect(findHand(diff, ['2c', '3d', '5s', '7h', '9c', 'Kd', 'Ah'])).toBeNull();
    expect(sameHand(['As'], ['As', 'Kd'])).toBe(false);
  });
  it('recognises the file by its top-level fields', () => {
    expect(isLabData(data)).toBe(true);
    expect(isLabData({ diffs: [] })).toBe(false);
    expect(isLabData(null)).toBe(false);
  });
});

describe('the lab page route and formats', () => {
  it('has its own location hash, read back as the same route', () => {
    expect(parseRoute('#/house-way-lab')).toEqual({ screen: 'house-way-lab' });
    expect(routeHash({ screen: 'house-way-lab' })).toBe('#/house-way-lab');
  });
  it('shows edges with three decimals of a percent and EVs signed with five decimals', () => {
    expect(percentText('en', 0.027212)).toBe('2.721%');
    expect(evText('en', -0.0305)).toBe('−0.03050');
    expect(evText('en', 0.9119)).toBe('+0.91190');
  });
  it('writes EVs, differences and counts in the player\'s language (a German decimal comma)', () => {
    expect(evText('de', 0.11753352)).toBe('+0,11753');
    expect(evText('de', -0.79434)).toBe('−0,79434');
    expect(evText('fr', 0.00256)).toBe('+0,00256');
    expect(percentText('de', 0.026961)).toBe('2,696\u00a0%');
    expect(countText('de', 154_143_080)).toBe('154.143.080');
    expect(countText('en', 6084)).toBe('6,084');
  });
});
