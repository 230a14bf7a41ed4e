/**
 * The phone's line of figures gives way to keep the balance whole (useFiguresFit.ts): the comp points go first, then
 * the last round instead of them, then both; the balance is never dropped. A fake line whose width depends on
 * what is dropped stands in for the page (e2e/top-bar-balance.test.ts checks the real one at 360 px).
 */
import { describe, expect, it } from 'vitest';
import { fitFigures, GIVE_WAY } from './useFiguresFit.js';

/** A line `room` px wide holding the last round, the comp points and the balance of the widths given (4 px gaps). */
function line(room: number, widths: { last: number; points: number; balance: number }) {
  const dataset: Record<string, string | undefined> = {};
  const tried: string[] = [];
  return {
    dataset,
    tried,
    clientWidth: room,
    get scrollWidth() {
      const drop = dataset.drop ?? '';
      tried.push(drop);
      const shown = [widths.balance];
      if (!drop.includes('last-round')) shown.push(widths.last);
      if (!drop.includes('comp-points')) shown.push(widths.points);
      return Math.max(room, shown.reduce((a, b) => a + b, 0) + 4 * (shown.length - 1));
    },
  };
}

describe('the figures that give way for the balance', () => {
  it('keeps every figure when they fit', () => {
    const l = line(238, { last: 40, points: 44, balance: 121 });
    expect(fitFigures(l)).toBe('');
    expect(l.dataset.drop).toBe('');
  });

  it('drops the comp points first ("−1090 $", 2180 points, "99.999,99 $" at 360 px)', () => {
    const l = line(238, { last: 84, points: 46, balance: 121 });
    expect(fitFigures(l)).toBe('comp-points');
    expect(l.tried).toEqual(['', 'comp-points']);
  });

  it('drops the last round instead when it alone is too wide beside the balance, and keeps the comp points if they fit', () => {
    expect(fitFigures(line(238, { last: 117, points: 46, balance: 121 }))).toBe('last-round');
  });

  it('drops both when neither fits beside the balance, and never the balance', () => {
    const l = line(238, { last: 117, points: 120, balance: 121 });
    expect(fitFigures(l)).toBe('comp-points last-round');
    expect(GIVE_WAY.every((step) => !(step as readonly string[]).includes('balance'))).toBe(true);
  });

  it('gives everything back once there is room again (a wider window)', () => {
    const l = line(238, { last: 84, points: 46, balance: 121 });
    fitFigures(l);
    expect(fitFigures({ ...l, clientWidth: 400, scrollWidth: 400 })).toBe('');
    expect(l.dataset.drop).toBe('');
  });
});
