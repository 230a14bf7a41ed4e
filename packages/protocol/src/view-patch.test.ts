import { describe, expect, it } from 'vitest';
import { onTableView } from './view-patch.js';
import type { TableView } from './view.js';

/** A room whose messages the test delivers. */
function fakeRoom(): { onMessage<T>(type: string, callback: (message: T) => void): void; deliver(type: string, message: unknown): void } {
  const callbacks = new Map<string, (message: never) => void>();
  return {
    onMessage: (type, callback) => void callbacks.set(type, callback as (message: never) => void),
    deliver: (type, message) => callbacks.get(type)?.(message as never),
  };
}

describe('onTableView', () => {
  it('hands on the whole view after a view and after each patch; a patch before any view is ignored', () => {
    const room = fakeRoom();
    const seen: TableView[] = [];
    onTableView(room, (view) => seen.push(view));
    room.deliver('view-patch', { serverNowMs: 1, ack: null, phase: 'setting' });
    expect(seen).toEqual([]);
    const first = { tableId: 't', phase: 'betting', seats: [null], lastRound: { roundId: 'r-1' }, serverNowMs: 2, ack: null } as unknown as TableView;
    room.deliver('view', first);
    room.deliver('view-patch', { serverNowMs: 3, ack: 'a-1', phase: 'setting' });
    room.deliver('view-patch', { serverNowMs: 4, ack: null, lastRound: null });
    expect(seen).toEqual([
      first,
      { ...first, phase: 'setting', serverNowMs: 3, ack: 'a-1' },
      { ...first, phase: 'setting', serverNowMs: 4, ack: null, lastRound: null },
    ]);
  });

  it('puts each seat of seatChanges in place of the seat of its number, the others as they were', () => {
    const room = fakeRoom();
    const seen: TableView[] = [];
    onTableView(room, (view) => seen.push(view));
    const seats = [0, 1, 2].map((seat) => ({ seat, nickname: null, ready: false }));
    room.deliver('view', { tableId: 't', seats, serverNowMs: 1, ack: null });
    room.deliver('view-patch', { serverNowMs: 2, ack: 'a-1', seatChanges: [{ seat: 1, nickname: 'Jo', ready: true }] });
    expect(seen.at(-1)).toEqual({ tableId: 't', seats: [seats[0], { seat: 1, nickname: 'Jo', ready: true }, seats[2]], serverNowMs: 2, ack: 'a-1' });
    expect(seen[0].seats).toEqual(seats);
  });
});
