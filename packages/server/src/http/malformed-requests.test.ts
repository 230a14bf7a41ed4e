/**
 * Requests Node cannot parse get the API's typed JSON error, not Node's bare answers (an attacker's test: a garbage
 * request line, a header line without a colon or a bad `Content-Length` got `400 Bad Request` with an empty body,
 * headers over 16 KiB `431` with none, where the server's own `411` and `413` are JSON). The JSON 408 of a silent
 * connection is checked with the other slow requests (`connection-limits.test.ts`).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpErrorBody } from '@paigow/protocol';
import type { ServerHandle } from '../server.js';
import { createStore, startTestServer, TEST_RATE_LIMITS, type TestStore } from '../testing/harness.js';

/** Writes `request` on a connection of its own and resolves with all it is sent until the server closes it. */
function exchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`not closed within 5 s; received ${JSON.stringify(received)}`));
    }, 5_000);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.write(request);
  });
}

/** The status, content type and JSON body of one HTTP answer. */
function answer(text: string): { status: number; contentType: string; body: HttpErrorBody } {
  const end = text.indexOf('\r\n\r\n');
  return {
    status: Number(text.slice(9, 12)),
    contentType: /content-type: ([^\r\n]+)/i.exec(text.slice(0, end))?.[1] ?? '',
    body: JSON.parse(text.slice(end + 4)) as HttpErrorBody,
  };
}

describe('requests the server cannot parse (issue 10 point 14: a typed error for bad input)', () => {
  let store: TestStore;
  let server: ServerHandle;

  beforeAll(async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { limits: TEST_RATE_LIMITS });
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
  });

  it.each([
    ['a garbage request line', 'HELLO THERE\r\n\r\n'],
    ['a header line without a colon', 'GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon here\r\n\r\n'],
    ['a Content-Length that is no number', 'POST /api/guest HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n'],
    ['Transfer-Encoding with Content-Length', 'POST /api/guest HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
  ])('answers %s with a JSON 400 and closes the connection', async (_name, request) => {
    const got = answer(await exchange(server.port, request));
    expect(got.status).toBe(400);
    expect(got.contentType).toMatch(/^application\/json/);
    expect(got.body.error).toEqual({ code: 'action/invalid', message: 'malformed HTTP request' });
  });

  it('answers headers over 16 KiB with a JSON 431', async () => {
    const got = answer(await exchange(server.port, `GET /api/tables?${'a'.repeat(17_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`));
    expect(got.status).toBe(431);
    expect(got.body.error.code).toBe('action/invalid');
  });

  it('answers an HTTP/1.1 request without Host with a JSON 400 and closes the connection; HTTP/1.0 may go without', async () => {
    // An attacker's: Node's own refusal was an empty chunked 400.
    const got = answer(await exchange(server.port, 'GET /api/tables HTTP/1.1\r\nConnection: close\r\n\r\n'));
    expect(got.status).toBe(400);
    expect(got.contentType).toMatch(/^application\/json/);
    expect(got.body.error).toEqual({ code: 'action/invalid', message: 'an HTTP/1.1 request must have a Host header' });
    expect(await exchange(server.port, 'GET /livez HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('still answers a well-formed request', async () => {
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);
  });
});
