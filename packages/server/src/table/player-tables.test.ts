import { describe, expect, it } from 'vitest';
import { PlayerTables } from './player-tables.js';

describe('PlayerTables', () => {
  it('follows the players who come to and leave each table', () => {
    const index = new PlayerTables();
    index.update('t1', {}, { a: 1, b: 1 });
    index.update('t2', {}, { a: 1 });
    expect([...index.of('a')].sort()).toEqual(['t1', 't2']);
    expect([...index.of('b')]).toEqual(['t1']);
    index.update('t1', { a: 1, b: 1 }, { a: 2 });
    expect([...index.of('b')]).toEqual([]);
    expect(index.size).toBe(1);
    index.update('t2', { a: 1 }, {});
    expect([...index.of('a')]).toEqual(['t1']);
    expect([...index.of('nobody')]).toEqual([]);
  });
});
