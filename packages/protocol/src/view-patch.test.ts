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
});
