import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyViewPatch, type TableView } from '@paigow/protocol';
import { sameJson, viewPatch } from './view-diff.js';

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

describe('viewPatch', () => {
  const view = { protocolVersion: 1, tableId: 't', phase: 'betting', roundId: null, serverNowMs: 1, seats: [null], you: { seat: 0 }, banker: {}, lastRound: null, fairness: {}, ack: null } as unknown as TableView;
  it('is null when only the clock and the ack moved, else holds the changed fields with the clock and the ack', () => {
    expect(viewPatch(view, { ...view, serverNowMs: 99, ack: 'r-1' })).toBeNull();
    expect(viewPatch(view, { ...view, serverNowMs: 2, seats: [{ nickname: 'Jo' }] } as unknown as TableView)).toEqual({ serverNowMs: 2, ack: null, seats: [{ nickname: 'Jo' }] });
    expect(viewPatch(view, { ...view, lastRound: { roundId: 'r' } } as unknown as TableView)).toEqual({ serverNowMs: 1, ack: null, lastRound: { roundId: 'r' } });
    const { fairness: _dropped, ...withoutFairness } = view;
    expect(viewPatch(view, withoutFairness as TableView)).toEqual({ serverNowMs: 1, ack: null, fairness: null });
  });

  it('sends the seats that changed as seatChanges when not all did, and all of them as seats when all did', () => {
    const seat = (n: number, nickname: string | null) => ({ seat: n, nickname, bets: { main: 0 }, ready: false });
    const seated = { ...view, seats: [seat(0, 'Jo'), seat(1, null), seat(2, 'Al')] } as unknown as TableView;
    const oneReady = { ...seated, seats: [seat(0, 'Jo'), seat(1, null), { ...seat(2, 'Al'), ready: true }] } as unknown as TableView;
    expect(viewPatch(seated, oneReady)).toEqual({ serverNowMs: 1, ack: null, seatChanges: [{ ...seat(2, 'Al'), ready: true }] });
    expect(applyViewPatch(seated, viewPatch(seated, oneReady)!)).toEqual(oneReady);
    const allNew = { ...view, seats: [seat(0, 'Bo'), seat(1, 'Cy'), seat(2, 'Di')] } as unknown as TableView;
    expect(viewPatch(seated, allNew)).toEqual({ serverNowMs: 1, ack: null, seats: allNew.seats });
    const fewer = { ...view, seats: [seat(0, 'Jo')] } as unknown as TableView;
    expect(viewPatch(seated, fewer)).toEqual({ serverNowMs: 1, ack: null, seats: fewer.seats });
  });

  it('applied to the previous view, gives the next one (any sequence of views with seats of six)', () => {
    const seatAt = (n: number) => fc.record({ seat: fc.constant(n), nickname: fc.option(fc.constantFrom('Jo', 'Al'), { nil: null }), ready: fc.boolean(), bets: fc.record({ main: fc.integer({ min: 0, max: 2 }) }) });
    const seats = fc.tuple(seatAt(0), seatAt(1), seatAt(2), seatAt(3), seatAt(4), seatAt(5));
    const anyView = fc.record({ phase: fc.constantFrom('betting', 'setting'), seats, serverNowMs: fc.nat(), ack: fc.option(fc.string(), { nil: null }) }).map((v) => v as unknown as TableView);
    fc.assert(
      fc.property(fc.array(anyView, { minLength: 1, maxLength: 8 }), (views) => {
        let shown = views[0];
        for (let i = 1; i < views.length; i++) {
          const patch = viewPatch(views[i - 1], views[i]);
          shown = patch === null ? shown : applyViewPatch(shown, patch);
          expect(sameJson({ ...shown, serverNowMs: 0, ack: null }, { ...views[i], serverNowMs: 0, ack: null })).toBe(true);
        }
      }),
    );
  });

  it('applied to the previous view, gives the next one (any sequence of views)', () => {
    const field = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 3 }), fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 3 }), fc.record({ a: fc.integer({ min: 0, max: 2 }) }));
    const anyView = fc.record({ phase: field, seats: field, you: field, lastRound: field, fairness: field, serverNowMs: fc.nat(), ack: fc.option(fc.string(), { nil: null }) }).map((v) => v as unknown as TableView);
    fc.assert(
      fc.property(fc.array(anyView, { minLength: 1, maxLength: 8 }), (views) => {
        let shown = views[0];
        for (let i = 1; i < views.length; i++) {
          const patch = viewPatch(views[i - 1], views[i]);
          if (patch === null) expect(sameJson({ ...shown, serverNowMs: 0, ack: null }, { ...views[i], serverNowMs: 0, ack: null })).toBe(true);
          shown = patch === null ? { ...views[i] } : applyViewPatch(shown, patch);
          expect(sameJson({ ...shown, serverNowMs: 0, ack: null }, { ...views[i], serverNowMs: 0, ack: null })).toBe(true);
        }
      }),
    );
  });
});
