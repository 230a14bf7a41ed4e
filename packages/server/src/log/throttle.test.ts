/**
 * Throttled lines by key (log/throttle.ts): a key a client can make (its player id) must not grow the map for good;
 * past `maxKeys`, the keys quiet for `repeatMs` are forgotten, the others kept with their counts.
 */
import { describe, expect, it } from 'vitest';
import { LineThrottles } from './throttle.js';

describe('LineThrottles', () => {
  it('writes a key\'s first line, then one per interval with the count of those not written', () => {
    let now = 0;
    const lines: [string, number][] = [];
    const throttles = new LineThrottles(5_000, () => now);
    for (let i = 0; i < 3; i++) throttles.offer('a', (repeated) => lines.push(['a', repeated]));
    throttles.offer('b', (repeated) => lines.push(['b', repeated]));
    now = 5_000;
    throttles.offer('a', (repeated) => lines.push(['a', repeated]));
    expect(lines).toEqual([['a', 0], ['b', 0], ['a', 2]]);
  });

  it('past its limit of keys, forgets those quiet for an interval and keeps the others', () => {
    let now = 0;
    const lines: [string, number][] = [];
    const throttles = new LineThrottles(5_000, () => now, 3);
    throttles.offer('old-1', () => undefined);
    throttles.offer('old-2', () => undefined);
    now = 4_000;
    throttles.offer('busy', () => undefined);
    throttles.offer('busy', () => undefined); // one not written
    now = 6_000;
    throttles.offer('new', () => undefined); // the old ones have been quiet for 5 s or more: forgotten
    expect(throttles.size).toBe(2);
    now = 9_000;
    throttles.offer('busy', (repeated) => lines.push(['busy', repeated]));
    expect(lines).toEqual([['busy', 1]]);
  });
});
