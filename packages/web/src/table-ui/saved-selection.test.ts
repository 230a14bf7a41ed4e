/** The unfinished low hand kept across a reload (QA), for the same table and round only. */
import { describe, expect, it } from 'vitest';
import { keepSelection, loadSelection, selectionKey } from './saved-selection.js';
import { lowOf } from './felt.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('the kept low-hand selection', () => {
  it('comes back for the same table and round, and never for another round', () => {
    const storage = memoryStorage();
    keepSelection(storage, 't1', { roundId: 'r1', low: ['AS'] }, true);
    const back = loadSelection(storage, 't1');
    expect(back).toEqual({ roundId: 'r1', low: ['AS'] });
    expect(lowOf(back!, 'r1')).toEqual(['AS']);
    expect(lowOf(back!, 'r2')).toEqual([]);
    expect(loadSelection(storage, 't2')).toBeNull();
  });

  it('is removed once the hand is set or the round is over, and when empty', () => {
    const storage = memoryStorage();
    keepSelection(storage, 't1', { roundId: 'r1', low: ['AS', 'KD'] }, true);
    keepSelection(storage, 't1', { roundId: 'r1', low: ['AS', 'KD'] }, false);
    expect(storage.items.has(selectionKey('t1'))).toBe(false);
    keepSelection(storage, 't1', { roundId: 'r1', low: ['AS'] }, true);
    keepSelection(storage, 't1', { roundId: 'r1', low: [] }, true);
    expect(loadSelection(storage, 't1')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem(selectionKey('t1'), '{oops');
    expect(loadSelection(storage, 't1')).toBeNull();
    storage.setItem(selectionKey('t1'), JSON.stringify({ roundId: 'r1', low: [3] }));
    expect(loadSelection(storage, 't1')).toBeNull();
    expect(loadSelection(null, 't1')).toBeNull();
  });
});
