/**
 * The bound on what waits to be sent to one WebSocket client (docs/server.md "Connections (slowloris)";
 * `rooms/send-buffer.ts`): an attacker's watchers that never read stayed open for minutes while the server queued
 * their views without limit. Here a seated client stops reading (its socket paused) and keeps changing its bet, each
 * change answered at once with its view: once more than `maxBufferedBytes` waits for it in the server, it is cut off
 * (counted, logged), the server never holding much more than that for it; a client that reads is untouched. Before the
 * bound, it stayed open until the pings ended it (15–20 s), the server holding all it was sent meanwhile.
 */
import { matchMaker } from '@colyseus/core';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitedRequests } from '../metrics/index.js';
import type { ServerHandle } from '../server.js';
import { createStore, signIn, startTestServer, TEST_RATE_LIMITS, TestClient, type TestStore } from '../testing/harness.js';
import { capturedLog } from '../testing/log-capture.js';

/** The bound of this test's server, bytes: small, so that a few hundred views pass it whatever the kernel buffers. */
const MAX_BUFFERED_BYTES = 64 * 1024;

/** A colyseus.js room's raw `ws` WebSocket and its TCP socket. */
function socketOf(client: TestClient): { _socket: Socket; readyState: number } {
  return (client.room.connection as unknown as { transport: { ws: { _socket: Socket; readyState: number } } }).transport.ws;
}

/** `paigow_rate_limited_total{kind="ws-send-buffer"}` now. */
async function cutOffs(): Promise<number> {
  return (await rateLimitedRequests.get()).values.find((value) => value.labels.kind === 'ws-send-buffer')?.value ?? 0;
}

/** The most bytes waiting in the server for any client of `tableId`'s room now (`bufferedAmount` of each `ws` socket). */
function mostBuffered(tableId: string): number {
  const room = matchMaker.getLocalRoomById(tableId) as unknown as { clients: { ref: { bufferedAmount: number } }[] };
  return Math.max(0, ...room.clients.map((client) => client.ref.bufferedAmount));
}

describe('the bound on what waits to be sent to one WebSocket client (PAIGOW_MAX_BUFFERED_BYTES)', () => {
  let store: TestStore;
  let server: ServerHandle;
  const log = capturedLog('warn');

  beforeAll(async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { limits: { ...TEST_RATE_LIMITS, maxBufferedBytes: MAX_BUFFERED_BYTES }, logger: log.logger });
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
  });

  it('cuts off a client that does not read once more than the bound waits for it, and leaves one that reads alone', async () => {
    const before = await cutOffs();
    const reader = await TestClient.join(server, 'small', (await signIn(server, 'Reader')).token, 'reader');
    const stalled = await TestClient.join(server, 'small', (await signIn(server, 'Stalled')).token, 'stalled');
    await stalled.act('sit', { seat: 0 });
    const socket = socketOf(stalled);
    const closedCode = new Promise<number>((resolve) => stalled.room.onLeave((code) => resolve(code)));
    socket._socket.pause();
    // What the kernel would still take (its send and receive buffers, megabytes on loopback) is kept in the process at
    // once, as once those are full: the server's socket of the stalled client is corked.
    const room = matchMaker.getLocalRoomById('small') as unknown as { clients: { sessionId: string; ref: { _socket: Socket } }[] };
    room.clients.find((client) => client.sessionId === stalled.room.sessionId)?.ref._socket.cork();

    // Each bet is answered at once with the stalled client's view (and the reader's, 50 ms later at most).
    let most = 0;
    let bets = 0;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (matchMaker.getLocalRoomById('small') as unknown as { clients: unknown[] }).clients.length > 1) {
      for (let i = 0; i < 10; i++) stalled.send('bet', { spot: 'main', amountCents: 100 * (1 + (bets++ % 2)) });
      await new Promise((resolve) => setTimeout(resolve, 10));
      most = Math.max(most, mostBuffered('small'));
    }

    // Cut off: the room has only the reader left, and the server never held much more than the bound for anyone.
    expect((matchMaker.getLocalRoomById('small') as unknown as { clients: unknown[] }).clients).toHaveLength(1);
    expect(most).toBeLessThan(MAX_BUFFERED_BYTES + 16 * 1024);
    expect(await cutOffs()).toBe(before + 1);
    const line = log.lines().find((entry) => entry.event === 'send-buffer-cut-off');
    expect(line).toMatchObject({ ip: '127.0.0.1', cutOff: 1 });
    expect(line?.bufferedBytes).toBeGreaterThan(MAX_BUFFERED_BYTES);
    // Reading again, the client finds its connection ended without a close frame (1006).
    socket._socket.resume();
    expect(await closedCode).toBe(1006);

    // The reader was never cut off and still gets its views.
    expect(socketOf(reader).readyState).toBe(1);
    const view = await reader.act('sit', { seat: 1 });
    expect(view.you?.seat).toBe(1);
  });
});
