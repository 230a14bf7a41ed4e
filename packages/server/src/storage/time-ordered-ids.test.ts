import { describe, expect, it } from 'vitest';
import { validate, version } from 'uuid';
import { timeOrderedId } from './time-ordered-ids.js';

describe('timeOrderedId', () => {
  it('makes distinct version-7 UUIDs, each greater than the one before (many within one millisecond, the random pool refilled)', () => {
    const ids = Array.from({ length: 5_000 }, () => timeOrderedId());
    for (const id of ids) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i] > ids[i - 1]).toBe(true);
  });

  it('puts the time in its first 48 bits', () => {
    const before = Date.now();
    const id = timeOrderedId();
    const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
  });
});
