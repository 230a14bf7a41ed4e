import { describe, expect, it } from 'vitest';
import { queryLimit } from './query-limit.js';

describe('queryLimit', () => {
  it('reads a plain whole number in decimal digits from 1 to max, and undefined when absent', () => {
    expect(queryLimit(undefined, 100)).toBeUndefined();
    expect(queryLimit('1', 100)).toBe(1);
    expect(queryLimit('100', 100)).toBe(100);
    expect(queryLimit('042', 100)).toBe(42);
  });

  it.each(['1e2', '0x10', '0b11', '0o7', '1_0', ' 5', '5 ', '+5', '-1', '2.5', '5.', '.5', '', '0', '101', 'abc', 'Infinity', '1e400', '9'.repeat(400)])(
    'refuses %j (null)',
    (value) => {
      expect(queryLimit(value, 100)).toBeNull();
    },
  );

  it('refuses a repeated parameter or an object', () => {
    expect(queryLimit(['5', '6'], 100)).toBeNull();
    expect(queryLimit(['5'], 100)).toBeNull();
    expect(queryLimit({ a: '5' }, 100)).toBeNull();
  });
});
