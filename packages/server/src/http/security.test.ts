/**
 * Headers, origins and sessions (issue 10 point 15; docs/server.md "Headers and origins", "Sessions"):
 * the security headers, CORS and WebSocket upgrades for allowed origins only, JSON errors for every
 * method outside the API, sessions that expire when idle and Sign out that revokes the token.
 */
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Client } from 'colyseus.js';
import type { HttpErrorBody } from '@paigow/protocol';
import type { ServerHandle } from '../server.js';
import { createStore, getJson, signIn, startTestServer, STORE_BACKENDS, TestClient, type TestStore } from '../testing/harness.js';

const DEV_ORIGIN = 'http://localhost:5173';

/** Opens a WebSocket upgrade to the server with `origin` (or none); resolves with the HTTP status of a refusal, or 101. */
function upgrade(server: ServerHandle, path: string, origin: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}${path}`, origin === undefined ? {} : { origin });
    socket.on('upgrade', () => {
      socket.terminate();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('error', (error) => reject(error));
  });
}

describe('headers and origins (issue 10 point 15)', () => {
  let store: TestStore;
  let server: ServerHandle;
  const webDist = mkdtempSync(join(tmpdir(), 'paigow-web-'));

  beforeAll(async () => {
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>');
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1);');
    store = createStore('sqlite');
    server = await startTestServer(store, { webDist, allowedOrigins: [DEV_ORIGIN] });
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the page and the API with a CSP without inline script, no framing, nosniff and a Referrer-Policy', async () => {
    for (const path of ['/', '/assets/app.js', '/api/tables', '/lobby']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      const policy = response.headers.get('content-security-policy') ?? '';
      const directives = new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
      expect(directives.get('script-src'), path).toEqual(["'self'"]);
      expect(directives.get('default-src'), path).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(directives.get('object-src'), path).toEqual(["'none'"]);
      expect(directives.get('connect-src'), path).toEqual(["'self'"]);
      expect(policy, path).not.toContain('unsafe-inline');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('never writes the request\'s Host header into the policy (a shared cache could pass it to others)', async () => {
    const policy = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/', headers: { host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(String(res.headers['content-security-policy'] ?? ''));
      });
      req.on('error', reject);
      req.end();
    });
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain('evil.example');
  });

  it('answers CORS for the allowed origins only', async () => {
    const from = async (origin: string, method = 'GET'): Promise<Response> =>
      fetch(`${server.url}/api/tables`, { method, headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
    const allowed = await from(DEV_ORIGIN);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(DEV_ORIGIN);
    const preflight = await from(DEV_ORIGIN, 'OPTIONS');
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(DEV_ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization,Content-Type');
    for (const origin of ['https://evil.example', 'null']) {
      expect((await from(origin)).headers.get('access-control-allow-origin'), origin).toBeNull();
      expect((await from(origin, 'OPTIONS')).headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    const matchmake = await fetch(`${server.url}/matchmake/joinById/small`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(matchmake.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('takes WebSocket upgrades from its own origin, the allowed ones and non-browsers only', async () => {
    const path = '/any-process/small?sessionId=none';
    expect(await upgrade(server, path, 'https://evil.example')).toBe(403);
    expect(await upgrade(server, path, `http://localhost:${server.port}`)).toBe(403); // not the Host the request names
    expect(await upgrade(server, path, `http://127.0.0.1:${server.port}`)).toBe(101);
    expect(await upgrade(server, path, DEV_ORIGIN)).toBe(101);
    expect(await upgrade(server, path, undefined)).toBe(101);
  });

  it('answers every method but GET outside the API with the JSON error, not an HTML page', async () => {
    for (const [method, path] of [
      ['POST', '/'],
      ['PUT', '/lobby'],
      ['DELETE', '/assets/app.js'],
      ['PATCH', '/api/tables'],
      ['POST', '/healthz'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'DELETE' ? undefined : '{}' });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get('content-type'), `${method} ${path}`).toMatch(/^application\/json/);
      expect(((await response.json()) as HttpErrorBody).error.code, `${method} ${path}`).toBe('action/unknown');
    }
  });
});

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`sessions at a table on ${backend.name}`, () => {
    let store: TestStore;
    let server: ServerHandle;

    beforeAll(async () => {
      store = createStore(backend.name);
      server = await startTestServer(store, { sessionIdleMs: 4_000 }); // the table checks sessions every 0.4 s
    });
    afterAll(async () => {
      await server?.close();
      await store?.dispose();
    });

    it('playing uses the session; once unused for the idle time, its open table connection is told and closed', async () => {
      const session = await signIn(server, 'Playing');
      const player = await TestClient.join(server, 'small', session.token, 'playing');
      const closed = new Promise<number>((resolve) => player.room.onLeave((code) => resolve(code)));
      // 6 s of table messages and no API request: past the idle time, the session lives on.
      const playUntil = Date.now() + 6_000;
      while (Date.now() < playUntil) {
        await player.act('sit', { seat: 4 });
        await new Promise((resolve) => setTimeout(resolve, 250));
        await player.act('stand');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect((await getJson(server, '/api/me', session.token)).status).toBe(200);
      // Then nothing for the idle time: the connection opened before is closed, as a signed-out one is (it acted on).
      const code = await Promise.race([closed, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 10_000))]);
      expect(code).toBe(4401);
      expect(player.unrequestedErrors).toEqual([{ code: 'auth/invalid-session', message: 'this session expired; sign in again', requestId: null }]);
      expect((await getJson(server, '/api/me', session.token)).status).toBe(401);
    }, 30_000);
  });

  describe.skipIf(!backend.enabled)(`sessions on ${backend.name} (issue 10 point 15)`, () => {
    let store: TestStore;
    let server: ServerHandle;
    let clock = Date.now();

    beforeAll(async () => {
      store = createStore(backend.name);
      server = await startTestServer(store, { now: () => clock, sessionIdleMs: 60 * 60_000 });
    });
    afterAll(async () => {
      await server?.close();
      await store?.dispose();
    });

    it('expires a session after the idle time; every use renews it', async () => {
      const session = await signIn(server, 'Idle');
      clock += 40 * 60_000;
      expect((await getJson(server, '/api/me', session.token)).status).toBe(200);
      clock += 40 * 60_000; // 80 minutes since sign-in, 40 since the last use
      expect((await getJson(server, '/api/me', session.token)).status).toBe(200);
      clock += 61 * 60_000;
      const expired = await getJson<HttpErrorBody>(server, '/api/me', session.token);
      expect(expired).toEqual({ status: 401, body: { error: { code: 'auth/invalid-session', message: 'this session expired; sign in again' } } });
      await expect(TestClient.join(server, 'small', session.token)).rejects.toThrow(/^auth\/invalid-session: this session expired/);
    });

    it('revokes the token on Sign out: its table connections close, the API and the tables refuse it, a second sign-out too', async () => {
      const session = await signIn(server, 'Leaving');
      const seated = await TestClient.join(server, 'small', session.token, 'leaving');
      const closed = new Promise<number>((resolve) => seated.room.onLeave((code) => resolve(code)));
      const signOut = (): Promise<Response> => fetch(`${server.url}/api/sign-out`, { method: 'POST', headers: { authorization: `Bearer ${session.token}` } });
      expect((await signOut()).status).toBe(204);
      // Its open table connection is told and closed.
      expect(await closed).toBe(4401);
      expect(seated.unrequestedErrors).toEqual([{ code: 'auth/invalid-session', message: 'this session was signed out; sign in again', requestId: null }]);
      const me = await getJson<HttpErrorBody>(server, '/api/me', session.token);
      expect(me).toEqual({ status: 401, body: { error: { code: 'auth/invalid-session', message: 'this session was signed out; sign in again' } } });
      const join = new Client(`ws://127.0.0.1:${server.port}`).joinById('small', { token: session.token });
      await expect(join).rejects.toThrow(/^auth\/invalid-session: this session was signed out/);
      expect((await signOut()).status).toBe(401);
      expect((await fetch(`${server.url}/api/sign-out`, { method: 'POST' })).status).toBe(401);
    });

    it('refuses a seat reserved before Sign out: the session is checked again when its client joins', async () => {
      const session = await signIn(server, 'Reserved');
      // A seat asked for with the token (as a thief holding it would keep some ready), then the owner signs out.
      const asked = await fetch(`${server.url}/matchmake/joinById/small`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: session.token }) });
      expect(asked.status).toBe(200);
      const reservation = (await asked.json()) as Parameters<Client['consumeSeatReservation']>[0];
      expect((await fetch(`${server.url}/api/sign-out`, { method: 'POST', headers: { authorization: `Bearer ${session.token}` } })).status).toBe(204);
      const client = new Client(`ws://127.0.0.1:${server.port}`);
      // Told as an open connection is: `error` auth/invalid-session, then closed 4401 (it got the close alone before).
      const errors: unknown[] = [];
      const closed = await new Promise<number>((resolve) => {
        setTimeout(() => resolve(0), 5_000); // still open 5 s later
        client.consumeSeatReservation(reservation).then(
          (room) => {
            room.onMessage('error', (error) => errors.push(error));
            room.onLeave((code) => resolve(code));
          },
          (error: { code?: number }) => resolve(error.code ?? -1), // closed before the join completed
        );
      });
      expect(closed).toBe(4401);
      expect(errors).toEqual([{ code: 'auth/invalid-session', message: 'this session was signed out; sign in again', requestId: null }]);
      // It never came to the table: no player there under its name.
      const names = Object.values(server.runners.get('small')!.current.players).map((player) => player.nickname);
      expect(names).not.toContain('Reserved');
    });
  });
}
