/**
 * The game port against slowloris (docs/server.md "Limits"; `http/connection-limits.ts`): an attacker's 20,800
 * idle or slow sockets took every file descriptor of the server. Now one address holds at most
 * `PAIGOW_CONNECTIONS_PER_IP` connections (WebSockets included, a trusted proxy not counted), a connection over
 * the cap is reset at once, logged (throttled) and counted; a request whose headers or whole body are slow, and a
 * connection that sends nothing, are closed after `PAIGOW_HEADERS_TIMEOUT_MS` / `PAIGOW_REQUEST_TIMEOUT_MS` (Node's
 * own 60 s and 300 s before); a table's WebSocket outlives both.
 */
import { createServer, get } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimitedRequests } from '../metrics/index.js';
import { createLogger } from '../log/index.js';
import type { ServerHandle } from '../server.js';
import { createStore, signIn, startTestServer, TEST_RATE_LIMITS, TestClient, type TestStore } from '../testing/harness.js';
import { capturedLog } from '../testing/log-capture.js';
import { limitConnections } from './connection-limits.js';

/**
 * A raw TCP connection from 127.0.0.1 to `port`, once connected (or closed: a reset can come before the client sees
 * its connection established); it records what it receives and when it closed.
 */
async function rawSocket(port: number): Promise<{ socket: Socket; received: () => string; closedAt: Promise<number> }> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined); // a reset is what some tests wait for
  const closedAt = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  await Promise.race([new Promise((resolve) => socket.once('connect', resolve)), closedAt]);
  return { socket, received: () => received, closedAt };
}

/** Resolves `true` when `closedAt` settles within `ms`, `false` otherwise. */
function closesWithin(closedAt: Promise<number>, ms: number): Promise<boolean> {
  return Promise.race([closedAt.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);
}

/** The status of `GET path` on a connection of its own (no keep-alive pool), or the connection error's code. */
function getStatus(port: number, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** `paigow_rate_limited_total{kind}` now (`connection` by default). */
async function connectionRefusals(kind = 'connection'): Promise<number> {
  return (await rateLimitedRequests.get()).values.find((value) => value.labels.kind === kind)?.value ?? 0;
}

/** How many HTTP answers (status lines) `text` holds. */
function answers(text: string): number {
  return text.match(/HTTP\/1\.1 \d{3} /g)?.length ?? 0;
}

describe('connections per IP on the game port (PAIGOW_CONNECTIONS_PER_IP)', () => {
  let store: TestStore;
  let server: ServerHandle;
  const log = capturedLog('warn');

  beforeAll(async () => {
    store = createStore('sqlite');
    // 127.0.0.1 is no trusted proxy here, so the test's own connections are counted.
    server = await startTestServer(store, { limits: { ...TEST_RATE_LIMITS, trustedProxies: 'none', connectionsPerIp: 5 }, logger: log.logger });
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
  });

  it('resets a connection over the cap at once, logs and counts it, and takes connections again once one closes', async () => {
    const refusedBefore = await connectionRefusals();
    const idle = [];
    for (let i = 0; i < 5; i++) idle.push(await rawSocket(server.port));

    const started = performance.now();
    const sixth = await rawSocket(server.port);
    expect(await closesWithin(sixth.closedAt, 1_000)).toBe(true);
    expect((await sixth.closedAt) - started).toBeLessThan(1_000);
    expect(sixth.received()).toBe('');
    // A request of the same address is refused too, while the five idle ones stay open.
    expect(await getStatus(server.port, '/livez')).toBe('ECONNRESET');
    for (const { closedAt } of idle) expect(await closesWithin(closedAt, 0)).toBe(false);

    idle[0].socket.destroy();
    await vi.waitFor(async () => expect(await getStatus(server.port, '/livez')).toBe(200), { timeout: 2_000, interval: 50 });

    expect((await connectionRefusals()) - refusedBefore).toBeGreaterThanOrEqual(2);
    const refused = log.lines().filter((line) => line.event === 'connections-refused');
    // Two refusals within 5 s: one line.
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ level: 'warn', ip: '127.0.0.1', refused: 1 });
    for (const { socket } of idle) socket.destroy();
  });
});

describe('slow requests on the game port (PAIGOW_HEADERS_TIMEOUT_MS, PAIGOW_REQUEST_TIMEOUT_MS)', () => {
  let store: TestStore;
  let server: ServerHandle;

  beforeAll(async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { limits: { ...TEST_RATE_LIMITS, headersTimeoutMs: 500, requestTimeoutMs: 1_000 } });
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
  });

  it('answers 408 and closes a request whose headers trickle in past the headers timeout', async () => {
    const slow = await rawSocket(server.port);
    const started = performance.now();
    slow.socket.write('GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const trickle = setInterval(() => slow.socket.writable && slow.socket.write('X-Slow: 1\r\n'), 100);
    try {
      expect(await closesWithin(slow.closedAt, 3_000)).toBe(true);
    } finally {
      clearInterval(trickle);
    }
    const after = (await slow.closedAt) - started;
    expect(after).toBeGreaterThanOrEqual(450);
    expect(after).toBeLessThan(1_500);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a request whose body trickles in past the request timeout', async () => {
    const slow = await rawSocket(server.port);
    const started = performance.now();
    slow.socket.write('POST /api/guest HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n');
    const trickle = setInterval(() => slow.socket.writable && slow.socket.write(' '), 100);
    try {
      expect(await closesWithin(slow.closedAt, 3_000)).toBe(true);
    } finally {
      clearInterval(trickle);
    }
    expect((await slow.closedAt) - started).toBeGreaterThanOrEqual(950);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers 408 and closes a connection that sends nothing after the headers timeout', async () => {
    const silent = await rawSocket(server.port);
    const started = performance.now();
    expect(await closesWithin(silent.closedAt, 3_000)).toBe(true);
    expect((await silent.closedAt) - started).toBeGreaterThanOrEqual(450);
    expect(silent.received()).toMatch(/^HTTP\/1\.1 408 /);
    // In the API's shape, as every other refusal (`malformed-requests.ts`), not Node's empty body.
    expect(silent.received()).toMatch(/content-type: application\/json/i);
    expect(silent.received()).toContain('{"error":{"code":"action/invalid","message":"the request did not arrive in time"}}');
  });

  it('keeps a table WebSocket open past both timeouts', async () => {
    const session = await signIn(server, 'Wanda');
    const client = await TestClient.join(server, 'small', session.token, 'wanda');
    try {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const view = await client.act('sit', { seat: 0 });
      expect(view.seats[0]).not.toBeNull();
    } finally {
      await client.leave();
    }
  });
});

// An attacker's: ~4 MB of back-to-back GETs on a connection that never read an answer. Node parsed all of it and queued an
// answer per request: /livez took 3.4 s with one such connection, the server froze 8 s with five, and memory went from
// 314 MB to 1.28 GB and stayed there (the stop's bookkeeping kept the answers queued for closed connections).
describe('pipelined requests per connection (PAIGOW_MAX_PIPELINED_REQUESTS)', () => {
  let store: TestStore;
  let server: ServerHandle;
  const log = capturedLog('warn');
  const livez = 'GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

  beforeAll(async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { limits: { ...TEST_RATE_LIMITS, trustedProxies: 'none' }, logger: log.logger });
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
  });

  it('resets a connection with more than 16 requests unanswered, answers no more of them, logs and counts it', async () => {
    const cutBefore = await connectionRefusals('http-pipelining');
    const flood = await rawSocket(server.port);
    flood.socket.write(livez.repeat(100_000)); // 4 MB
    expect(await closesWithin(flood.closedAt, 2_000)).toBe(true);
    expect(answers(flood.received())).toBeLessThanOrEqual(16);
    // The same again: counted each time, one line within 5 s.
    const again = await rawSocket(server.port);
    again.socket.write(livez.repeat(1_000));
    expect(await closesWithin(again.closedAt, 2_000)).toBe(true);
    expect((await connectionRefusals('http-pipelining')) - cutBefore).toBe(2);
    const lines = log.lines().filter((line) => line.event === 'pipelining-cut-off');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', ip: '127.0.0.1', cutOff: 1 });
    expect(await getStatus(server.port, '/livez')).toBe(200);
  });

  it('answers 16 pipelined requests, then 16 more, on a connection kept open', async () => {
    const client = await rawSocket(server.port);
    client.socket.write(livez.repeat(16));
    await vi.waitFor(() => expect(answers(client.received())).toBe(16), { timeout: 2_000, interval: 20 });
    client.socket.write(livez.repeat(16));
    await vi.waitFor(() => expect(answers(client.received())).toBe(32), { timeout: 2_000, interval: 20 });
    expect(await closesWithin(client.closedAt, 100)).toBe(false);
    client.socket.destroy();
  });

  it('counts the requests Node answers itself (an Expect it cannot meet: 417) as any other', async () => {
    const cutBefore = await connectionRefusals('http-pipelining');
    const client = await rawSocket(server.port);
    client.socket.write('GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: nothing\r\n\r\n'.repeat(1_000));
    expect(await closesWithin(client.closedAt, 2_000)).toBe(true);
    expect(answers(client.received())).toBeLessThanOrEqual(16);
    expect((await connectionRefusals('http-pipelining')) - cutBefore).toBe(1);
  });
});

describe('limitConnections on a plain server', () => {
  /** An HTTP server with a WebSocket server on it, limited to 2 connections per IP with `trustedProxies`. */
  async function limited(trustedProxies: string): Promise<{ port: number; close: () => Promise<void> }> {
    const http = createServer((_req, res) => res.end('ok'));
    const wss = new WebSocketServer({ server: http });
    limitConnections(http, { connectionsPerIp: 2, trustedProxies }, createLogger({ level: 'silent' }));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return {
      port: (http.address() as AddressInfo).port,
      close: async () => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        http.closeAllConnections();
        await new Promise((resolve) => http.close(resolve));
      },
    };
  }

  /** An open WebSocket to `port`. */
  async function webSocket(port: number): Promise<WebSocket> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return socket;
  }

  it('counts WebSockets while they are open', async () => {
    const server = await limited('none');
    try {
      const [one, two] = [await webSocket(server.port), await webSocket(server.port)];
      const third = await rawSocket(server.port);
      expect(await closesWithin(third.closedAt, 1_000)).toBe(true);
      await new Promise((resolve) => {
        one.once('close', resolve);
        one.close();
      });
      await vi.waitFor(async () => expect(await getStatus(server.port, '/')).toBe(200), { timeout: 2_000, interval: 50 });
      two.close();
    } finally {
      await server.close();
    }
  });

  it('does not count the connections of a trusted proxy (behind nginx every connection is its)', async () => {
    const server = await limited('loopback');
    try {
      const open = [];
      for (let i = 0; i < 4; i++) open.push(await rawSocket(server.port));
      expect(await getStatus(server.port, '/')).toBe(200);
      for (const { closedAt } of open) expect(await closesWithin(closedAt, 0)).toBe(false);
      for (const { socket } of open) socket.destroy();
    } finally {
      await server.close();
    }
  });
});
