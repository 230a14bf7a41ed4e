import { describe, expect, it } from 'vitest';
import { unwrap } from '../errors/index.js';
import { houseWays } from '../house-way/registry.js';
import { toHand } from '../notation/index.js';
import { settingValues } from '../setting/index.js';
import { valueClasses } from './classes.js';
import { LOW_CLASSES } from './banker.js';
import { bankerHistogram } from './exact.js';
import { approximateCost, mergeHouseWayDiffs, outcomeEv, sweepHouseWayDiff } from './house-way-diff.js';
import { optimalChooser } from './simulate.js';

const { seeds, foxwoods } = houseWays;

/** The pairs (first two cards' indexes) of the sweep's shares, in share order: share k holds pair k. */
const PAIRS: [number, number][] = [];
for (let a = 0; a < 47; a++) for (let b = a + 1; b < 48; b++) PAIRS.push([a, b]);

/** Every hand of share `part` (of `PAIRS.length` shares), set by both house ways in full. */
function bruteForce(part: number): { total: number; differ: number; groups: Map<string, number> } {
  const [a, b] = PAIRS[part];
  const { highClass, lowClass } = valueClasses();
  const packed = (hand: number[], way = seeds): number => {
    const v = settingValues(way.set(unwrap(toHand(hand))));
    return (highClass.get(v.high) as number) * LOW_CLASSES + (lowClass.get(v.low) as number);
  };
  let total = 0;
  let differ = 0;
  const groups = new Map<string, number>();
  const hand = [a, b, 0, 0, 0, 0, 0];
  const walk = (depth: number, from: number): void => {
    if (depth === 7) {
      total++;
      const pa = packed(hand);
      const pb = packed(hand, foxwoods);
      if (pa !== pb) {
        differ++;
        groups.set(`${pa}/${pb}`, (groups.get(`${pa}/${pb}`) ?? 0) + 1);
      }
      return;
    }
    for (let c = from; c < 53; c++) {
      hand[depth] = c;
      walk(depth + 1, c + 1);
    }
  };
  walk(2, b + 1);
  return { total, differ, groups };
}

describe('the house-way lab sweep (issue 16 point 4)', () => {
  it('counts and groups exactly the hands two house ways set differently in value (a share checked in full)', () => {
    // The share of the hands whose two lowest cards are 8s and 8h (C(27,5) = 80,730 hands, the joker among them).
    const part = PAIRS.findIndex(([a, b]) => a === 24 && b === 25);
    const share = sweepHouseWayDiff(seeds, foxwoods, part, PAIRS.length);
    const expected = bruteForce(part);
    expect(share.total).toBe(expected.total);
    expect(share.differ).toBe(expected.differ);
    expect(share.differ).toBeGreaterThan(0);
    const groups = new Map(share.hands.map((n, g) => [`${share.outcomeA[g]}/${share.outcomeB[g]}`, n]));
    expect(groups).toEqual(expected.groups);
    // Each group's representative hand is one of its hands.
    const { highClass, lowClass } = valueClasses();
    for (let g = 0; g < share.hands.length; g++) {
      const hand = share.cards.slice(g * 7, g * 7 + 7);
      const v = settingValues(foxwoods.set(unwrap(toHand(hand))));
      expect((highClass.get(v.high) as number) * LOW_CLASSES + (lowClass.get(v.low) as number)).toBe(share.outcomeB[g]);
    }
  });

  it('shares add up: merged counts equal the sum, groups merged by outcome pair', () => {
    const x = sweepHouseWayDiff(seeds, foxwoods, 1100, PAIRS.length);
    const y = sweepHouseWayDiff(seeds, foxwoods, 1101, PAIRS.length);
    const merged = mergeHouseWayDiffs([x, y]);
    expect(merged.total).toBe(x.total + y.total);
    expect(merged.differ).toBe(x.differ + y.differ);
    expect(merged.hands.reduce((s, n) => s + n, 0)).toBe(merged.differ);
  });

  it('the approximate cost is the EV difference against the banker over all hands, zero for equal outcomes', () => {
    const hand = [0, 1, 2, 3, 4, 5, 6];
    const table = optimalChooser(bankerHistogram(hand, 0, 64));
    expect(approximateCost(table, 1000, 1000, 0.95)).toBe(0);
    expect(approximateCost(table, 1000, 2000, 0.95)).toBeCloseTo(Math.abs(outcomeEv(table, 1000, 0.95) - outcomeEv(table, 2000, 0.95)), 15);
  });
});
