import { describe, expect, it } from 'vitest';
import { joined, leftTable, NEW_KEEPER, refused, sent, sitAgain, viewed, type SeatKeeper } from './seat-keeper.js';

/** Feeds views (seats) to a keeper, collecting the `sit`s it orders. */
function feed(k: SeatKeeper, seats: (number | null)[]) {
  const sits: ({ seat: number | null; track: boolean } | null)[] = [];
  for (const seat of seats) {
    const next = viewed(k, seat);
    k = next.keeper;
    sits.push(next.sit);
  }
  return { k, sits };
}

describe('the seat after a (re)connection (rules.md §5 "Interruptions")', () => {
  it('sits down on the first join when not seated (the lobby click), once', () => {
    const { k, sits } = feed(joined(NEW_KEEPER), [null, null]);
    expect(sits).toEqual([{ seat: null, track: false }, null]);
    expect(k.want).toBeNull();
  });

  it('after a server restart (no seat any more), takes the previous seat back', () => {
    let { k } = feed(joined(NEW_KEEPER), [null, 3, 3]);
    expect(k.want).toBe(3);
    k = joined(k);
    const first = viewed(k, null);
    expect(first.sit).toEqual({ seat: 3, track: true });
    k = sent(first.keeper, 'x-9');
    // Other views may come before the answer: the wish stays.
    k = viewed(k, null).keeper;
    expect(k.want).toBe(3);
    expect(viewed(k, 3).keeper).toMatchObject({ want: 3, request: null });
  });

  it('falls back to any free seat when the previous one is taken, and hides that refusal', () => {
    let { k } = feed(joined(NEW_KEEPER), [null, 2]);
    k = joined(k);
    const first = viewed(k, null);
    k = sent(first.keeper, 'x-5');
    expect(refused(k, 'x-4')).toMatchObject({ handled: false, sit: null });
    const r = refused(k, 'x-5');
    expect(r).toMatchObject({ handled: true, sit: { seat: null, track: false } });
    expect(r.keeper.request).toBeNull();
  });

  it('does nothing after a reconnection that kept the seat (within the 60 s hold)', () => {
    let { k } = feed(joined(NEW_KEEPER), [null, 1]);
    k = joined(k);
    expect(viewed(k, 1).sit).toBeNull();
  });

  it('does not take a seat back after the player stood up, or left on a timeout', () => {
    let { k } = feed(joined(NEW_KEEPER), [null, 4, null]);
    expect(k.want).toBeNull();
    expect(viewed(joined(k), null).sit).toBeNull();
    k = leftTable(feed(joined(NEW_KEEPER), [null, 4]).k);
    expect(viewed(joined(k), null).sit).toBeNull();
  });

  it('"Sit again" asks for the last seat held (falling back to any), or any seat', () => {
    expect(sitAgain(NEW_KEEPER)).toEqual({ seat: null, track: false });
    const { k } = feed(joined(NEW_KEEPER), [null, 5, null]);
    expect(sitAgain(k)).toEqual({ seat: 5, track: true });
  });
});
