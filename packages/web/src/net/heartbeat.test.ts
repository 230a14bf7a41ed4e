import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A room of the fake colyseus.js below: records what is sent to it and can speak as the server. */
class FakeRoom {
  readonly sent: Array<{ type: string; payload: unknown }> = [];
  readonly handlers = new Map<string, Array<(payload: unknown) => void>>();
  left = false;
  onMessage(type: string, handler: (payload: unknown) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }
  onLeave(): void {}
  send(type: string, payload: unknown): void {
    this.sent.push({ type, payload });
  }
  /** The server says `type` (the handlers for it, else the catch-all's). */
  say(type: string, payload: unknown = {}): void {
    for (const handler of this.handlers.get(type) ?? this.handlers.get('*') ?? []) handler(payload);
  }
  removeAllListeners(): void {
    this.handlers.clear();
  }
  async leave(): Promise<void> {
    this.left = true;
  }
}

const rooms: FakeRoom[] = [];
vi.mock('colyseus.js', () => ({
  Client: class {
    async joinById(): Promise<FakeRoom> {
      const room = new FakeRoom();
      rooms.push(room);
      return room;
    }
  },
}));

const { connectTable, PING_EVERY_MS, SILENCE_MS } = await import('./table-connection.js');

function listener() {
  return { view: vi.fn(), error: vi.fn(), status: vi.fn() };
}

beforeEach(() => {
  rooms.length = 0;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("connectTable's heartbeat (docs/protocol.md `ping`)", () => {
  it('pings an open table every PING_EVERY_MS and keeps its room while it answers', async () => {
    const connection = await connectTable('table-1', 'tok', listener(), 'ws://x');
    const [room] = rooms;
    for (let beat = 1; beat <= 6; beat++) {
      await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
      expect(room.sent.filter((m) => m.type === 'ping')).toHaveLength(beat);
      room.say('pong', { requestId: 'x' });
    }
    expect(rooms).toHaveLength(1);
    expect(room.left).toBe(false);
    await connection.close();
  });

  it('joins again through a fresh room after SILENCE_MS without a word, and drops the silent room once the new one is in', async () => {
    const events = listener();
    const connection = await connectTable('table-1', 'tok', events, 'ws://x');
    const [silent] = rooms;
    await vi.advanceTimersByTimeAsync(SILENCE_MS + PING_EVERY_MS);
    expect(rooms).toHaveLength(2);
    expect(silent.left).toBe(true);
    expect(events.status.mock.calls.map(([s]) => s)).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    // The fresh room is the one pinged from now on.
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    expect(rooms[1].sent.some((m) => m.type === 'ping')).toBe(true);
    await connection.close();
  });

  it('counts any message from the table as a word (a view, a notice): a table that speaks is never joined again', async () => {
    const connection = await connectTable('table-1', 'tok', listener(), 'ws://x');
    const [room] = rooms;
    for (let t = 0; t < 4 * SILENCE_MS; t += PING_EVERY_MS) {
      await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
      room.say('some-colyseus-internal');
    }
    expect(rooms).toHaveLength(1);
    await connection.close();
  });
});
