import { describe, expect, it } from 'vitest';
import type { TableView } from '@paigow/protocol';
import { sameJson, sameView } from './view-diff.js';

describe('sameJson', () => {
  it('compares plain JSON values deeply, ignoring keys whose value is undefined', () => {
    expect(sameJson({ a: [1, { b: 'x' }], c: null }, { c: null, a: [1, { b: 'x' }] })).toBe(true);
    expect(sameJson({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});

describe('sameView', () => {
  const view = { protocolVersion: 1, tableId: 't', phase: 'betting', roundId: null, serverNowMs: 1, seats: [null], you: { seat: 0 }, banker: {}, lastRound: null, ack: null } as unknown as TableView;
  it('is false for the first view and for any field but the clock and the ack', () => {
    expect(sameView(undefined, view)).toBe(false);
    expect(sameView(view, { ...view, serverNowMs: 99, ack: 'r-1' })).toBe(true);
    expect(sameView(view, { ...view, seats: [{ nickname: 'Jo' }] } as unknown as TableView)).toBe(false);
    expect(sameView(view, { ...view, lastRound: { roundId: 'r' } } as unknown as TableView)).toBe(false);
    expect(sameView({ ...view, fairness: {} } as unknown as TableView, view)).toBe(false);
  });
});
