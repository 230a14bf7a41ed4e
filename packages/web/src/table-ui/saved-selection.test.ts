/** The unfinished low hand kept across a reload and a closed tab (QA, a tester), for the same player, table and round only. */
import { describe, expect, it } from 'vitest';
import { keepSelection, loadSelection, SELECTION_MAX_AGE_MS, selectionKey } from './saved-selection.js';
import { lowOf } from './felt.js';

/** A Storage in memory (localStorage's shape: every tab of a browser sees the same one). */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const NOW = 1_700_000_000_000;

describe('the kept low-hand selection', () => {
  it('comes back for the same player, table and round, and never for another round', () => {
    const storage = memoryStorage();
    keepSelection(storage, 'p1', 't1', { roundId: 'r1', low: ['AS'] }, true, NOW);
    const back = loadSelection(storage, 'p1', 't1');
    expect(back).toEqual({ roundId: 'r1', low: ['AS'] });
    expect(lowOf(back!, 'r1')).toEqual(['AS']);
    expect(lowOf(back!, 'r2')).toEqual([]);
    expect(loadSelection(storage, 'p1', 't2')).toBeNull();
  });

  it('is never read by another player of the same browser', () => {
    const storage = memoryStorage();
    keepSelection(storage, 'p1', 't1', { roundId: 'r1', low: ['AS', 'KD'] }, true, NOW);
    expect(loadSelection(storage, 'p2', 't1')).toBeNull();
    // A record under this player's key that names another player (copied, tampered with) is not restored either.
    storage.setItem(selectionKey('p2', 't1'), storage.getItem(selectionKey('p1', 't1'))!);
    expect(loadSelection(storage, 'p2', 't1')).toBeNull();
    // Another player's selection at the same table stays its own.
    keepSelection(storage, 'p2', 't1', { roundId: 'r1', low: ['2C'] }, true, NOW);
    expect(loadSelection(storage, 'p1', 't1')).toEqual({ roundId: 'r1', low: ['AS', 'KD'] });
    expect(loadSelection(storage, 'p2', 't1')).toEqual({ roundId: 'r1', low: ['2C'] });
  });

  it('is removed once the hand is set, the round is over or another is dealt, and when empty', () => {
    const storage = memoryStorage();
    keepSelection(storage, 'p1', 't1', { roundId: 'r1', low: ['AS', 'KD'] }, true, NOW);
    keepSelection(storage, 'p1', 't1', { roundId: 'r1', low: ['AS', 'KD'] }, false, NOW);
    expect(storage.items.has(selectionKey('p1', 't1'))).toBe(false);
    keepSelection(storage, 'p1', 't1', { roundId: 'r1', low: ['AS'] }, true, NOW);
    keepSelection(storage, 'p1', 't1', { roundId: 'r1', low: [] }, true, NOW);
    expect(loadSelection(storage, 'p1', 't1')).toBeNull();
    // The next round dealt (its selection still empty): the last round's cards go.
    keepSelection(storage, 'p1', 't1', { roundId: 'r1', low: ['AS'] }, true, NOW);
    keepSelection(storage, 'p1', 't1', { roundId: 'r2', low: [] }, true, NOW);
    expect(storage.items.size).toBe(0);
  });

  it('forgets, at the next keep, selections nobody came back to within a day, and unreadable ones', () => {
    const storage = memoryStorage();
    keepSelection(storage, 'p1', 't1', { roundId: 'r1', low: ['AS'] }, true, NOW);
    keepSelection(storage, 'p2', 't2', { roundId: 'r7', low: ['QH'] }, true, NOW + 1000);
    storage.setItem('paigow.low.t3', JSON.stringify({ roundId: 'r0', low: ['3C'] }));
    storage.setItem('paigow.sound', 'on');
    keepSelection(storage, 'p3', 't4', { roundId: 'r9', low: ['4D'] }, true, NOW + SELECTION_MAX_AGE_MS + 500);
    expect([...storage.items.keys()].sort()).toEqual([selectionKey('p2', 't2'), selectionKey('p3', 't4'), 'paigow.sound'].sort());
  });

  it('ignores what it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem(selectionKey('p1', 't1'), '{oops');
    expect(loadSelection(storage, 'p1', 't1')).toBeNull();
    storage.setItem(selectionKey('p1', 't1'), JSON.stringify({ playerId: 'p1', roundId: 'r1', low: [3], savedAtMs: NOW }));
    expect(loadSelection(storage, 'p1', 't1')).toBeNull();
    expect(loadSelection(null, 'p1', 't1')).toBeNull();
    keepSelection(null, 'p1', 't1', { roundId: 'r1', low: ['AS'] }, true, NOW);
  });
});
