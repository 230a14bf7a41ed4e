/**
 * A refusal that no longer says what the table is goes (a tester's finding: "This table is full" stayed beside two
 * free seats and a "Sit down" that worked, at 360×740 de, 740×360 fr and 1366×680 en).
 */
import { describe, expect, it } from 'vitest';
import type { TableError } from '../net/table-connection.js';
import { seatView, tableView } from '../testing/table-view.js';
import { outlivedBy, shownAsError } from './useTable.js';

const full: TableError = { code: 'action/table-full', message: 'every seat is taken', requestId: 'abc-3' };
const spectator = { seat: null, role: 'spectator' as const };
const seats = (free: number) => Array.from({ length: 6 }, (_, seat) => seatView({ seat, nickname: seat < 6 - free ? `P${seat}` : null, role: seat < 6 - free ? 'player' : null }));

describe('a refusal outlived by the table', () => {
  it('"This table is full" goes once a seat is free, and stays while every seat is taken', () => {
    expect(outlivedBy(full, tableView({ seats: seats(0) }, spectator))).toBe(false);
    expect(outlivedBy(full, tableView({ seats: seats(1) }, spectator))).toBe(true);
  });

  it('other refusals stay until the next action', () => {
    const other: TableError = { code: 'action/seat-taken', message: 'seat 2 is taken', requestId: 'abc-4' };
    expect(outlivedBy(other, tableView({ seats: seats(2) }, spectator))).toBe(false);
  });
});

describe('a refusal shown as an error', () => {
  it('not a decision that crossed the round\'s end (the result says what happened), but the same refusal of anything else', () => {
    const stale: TableError = { code: 'action/stale', message: 'round r-1 is not the round in play', requestId: 'abc-5' };
    expect(shownAsError(stale, 'house-way')).toBe(false);
    expect(shownAsError(stale, 'set')).toBe(false);
    expect(shownAsError(stale, 'bet')).toBe(true);
    expect(shownAsError(stale, undefined)).toBe(true);
    expect(shownAsError({ ...stale, code: 'action/invalid' }, 'set')).toBe(true);
  });
});
