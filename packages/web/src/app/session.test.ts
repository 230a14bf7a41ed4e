import { describe, expect, it } from 'vitest';
import { parseRoute, routeHash } from './session.js';

describe('routes', () => {
  it('round-trips the table route through the hash', () => {
    expect(parseRoute(routeHash({ screen: 'table', tableId: 'table-1' }))).toEqual({ screen: 'table', tableId: 'table-1' });
    expect(parseRoute('#/')).toEqual({ screen: 'lobby' });
    expect(parseRoute('')).toEqual({ screen: 'lobby' });
    expect(parseRoute('#/table/a%20b')).toEqual({ screen: 'table', tableId: 'a b' });
  });

  it('round-trips the coach\'s pages (issue 17)', () => {
    for (const screen of ['coach', 'trainer', 'daily'] as const) expect(parseRoute(routeHash({ screen }))).toEqual({ screen });
    expect(routeHash({ screen: 'daily' })).toBe('#/daily');
  });
});
