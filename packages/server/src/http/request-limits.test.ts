/**
 * Request limits on the game's port (issue 10 point 14; docs/server.md "Limits"): a body over the limit
 * is refused at once with a JSON 413 on every route, `/matchmake` included, without the server reading it;
 * guest creation, top-ups and the other account writes (language, daily hands) are rate-limited per IP and per player
 * with 429 and `Retry-After`.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpErrorBody } from '@paigow/protocol';
import { DEFAULT_LIMITS } from '../limits/index.js';
import { databaseStatementSeconds } from '../metrics/index.js';
import type { ServerHandle } from '../server.js';
import { createStore, signIn, startTestServer, STORE_BACKENDS, type TestStore } from '../testing/harness.js';

/**
 * Sends a request announcing a `declaredBytes` body and writes only its first 64 KiB (the rest never
 * comes); resolves with the status line and body of the answer, or rejects after `timeoutMs`.
 */
function postHuge(server: ServerHandle, path: string, declaredBytes: number, timeoutMs = 3_000): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      const end = answer.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(answer)?.[1];
      if (end >= 0 && length !== undefined && answer.length >= end + 4 + Number(length)) {
        clearTimeout(timer);
        socket.destroy();
        resolve({
          status: Number(answer.slice(9, 12)),
          contentType: /content-type: ([^\r\n]+)/i.exec(answer)?.[1] ?? '',
          body: answer.slice(end + 4, end + 4 + Number(length)),
        });
      }
    });
    socket.on('error', () => undefined);
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${declaredBytes}\r\n\r\n`);
    socket.write(Buffer.alloc(64 * 1024, 0x20));
  });
}

async function post(server: ServerHandle, path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
}

// The hostile-client tests run on both databases (issue 10: "on both databases").
for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`request limits on ${backend.name} (issue 10 point 14)`, () => {
    let store: TestStore;
    let server: ServerHandle;

    beforeAll(async () => {
      store = createStore(backend.name);
      server = await startTestServer(store, {
        // The daily challenge's route is served with a coach; no hand is scored here (each is refused before).
        grades: { scores: () => Promise.reject(new Error('no hand is scored in these tests')) },
        limits: {
          guestsPerIp: { points: 4, windowMs: 60_000 },
          topUpsPerPlayer: { points: 2, windowMs: 60_000 },
          topUpsPerIp: { points: 3, windowMs: 60_000 },
          accountWritesPerPlayer: { points: 3, windowMs: 60_000 },
          accountWritesPerIp: { points: 5, windowMs: 60_000 },
        },
      });
    });
    afterAll(async () => {
      await server?.close();
      await store?.dispose();
    });

    it('refuses a 300 MiB body at once with a JSON 413 on every route, /matchmake included', async () => {
      for (const path of ['/matchmake/joinById/small', '/matchmake/create/table', '/api/guest', '/api/top-up', '/', '/no/such/page']) {
        const started = performance.now();
        const answer = await postHuge(server, path, 300 * 1024 * 1024);
        expect(performance.now() - started, path).toBeLessThan(2_000);
        expect(answer.status, path).toBe(413);
        expect(answer.contentType, path).toMatch(/^application\/json/);
        // Under /matchmake in the matchmaking's shape, which colyseus.js reads.
        const refusal = path.startsWith('/matchmake/')
          ? { code: 4217, error: 'action/invalid: the request body is larger than 8192 bytes' }
          : { error: { code: 'action/invalid', message: 'the request body is larger than 8192 bytes' } };
        expect(JSON.parse(answer.body) as unknown, path).toEqual(refusal);
      }
    });

    it('limits guest creation per IP: 429 with Retry-After and rate/limited', async () => {
      // The fifth creation from this IP within the minute is refused.
      for (let i = 0; i < 4; i++) expect((await post(server, '/api/guest', { nickname: `G${i}` })).status).toBe(201);
      const refused = await post(server, '/api/guest', { nickname: 'G4' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(((await refused.json()) as HttpErrorBody).error.code).toBe('rate/limited');
    });

    it('behind a proxy on this machine, counts the client the proxy names, each IPv6 /64 as one, never an address the client wrote', async () => {
      const via = (forwardedFor: string, nickname: string): Promise<Response> =>
        fetch(`${server.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor }, body: JSON.stringify({ nickname }) });
      // Before the fix every request through the proxy counted as the proxy's 127.0.0.1 (already at its limit here).
      for (let i = 0; i < 4; i++) expect((await via('203.0.113.7', `P${i}`)).status).toBe(201);
      expect((await via('203.0.113.7', 'P4')).status).toBe(429);
      expect((await via('203.0.113.8', 'Q')).status).toBe(201);
      // An address the client put in the header itself is not the one counted: the proxy appends the real one.
      expect((await via('198.51.100.1, 203.0.113.7', 'Spoof')).status).toBe(429);
      // One IPv6 subscriber holds a /64: its addresses share the limit.
      for (let i = 1; i <= 4; i++) expect((await via(`2001:db8:1:2::${i}`, `V${i}`)).status).toBe(201);
      expect((await via('2001:db8:1:2:ffff::5', 'V5')).status).toBe(429);
      expect((await via('2001:db8:1:3::1', 'W')).status).toBe(201);
    });

    it('limits top-ups per player and per IP: 429 with Retry-After before the ledger is asked', async () => {
      const [ann, bob] = await Promise.all([
        server.players.createGuest('Ann').then((r) => (r.ok ? r.value.sessionToken : '')),
        server.players.createGuest('Bob').then((r) => (r.ok ? r.value.sessionToken : '')),
      ]);
      // Not broke: the ledger answers 409 while the limits allow.
      expect((await post(server, '/api/top-up', {}, ann)).status).toBe(409);
      expect((await post(server, '/api/top-up', {}, ann)).status).toBe(409);
      const perPlayer = await post(server, '/api/top-up', {}, ann);
      expect(perPlayer.status).toBe(429);
      expect(Number(perPlayer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await perPlayer.json()) as HttpErrorBody).error.code).toBe('rate/limited');
      // Ann's refused ask cost this IP nothing: Bob, from the same IP, has its third, then is refused too.
      expect((await post(server, '/api/top-up', {}, bob)).status).toBe(409);
      const perIp = await post(server, '/api/top-up', {}, bob);
      expect(perIp.status).toBe(429);
      expect(perIp.headers.get('retry-after')).not.toBeNull();
    });

    it('limits language changes and daily hands per player and per IP, and does not write the language a player has', async () => {
      const [annGuest, bob] = await Promise.all([
        server.players.createGuest('Ann').then((r) => (r.ok ? r.value : null)),
        server.players.createGuest('Bob').then((r) => (r.ok ? r.value.sessionToken : '')),
      ]);
      const ann = annGuest?.sessionToken ?? '';
      const language = (token: string, value: string): Promise<Response> =>
        fetch(`${server.url}/api/me/language`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ language: value }),
        });
      const updates = async (): Promise<number> =>
        (await databaseStatementSeconds.get()).values
          .filter((value) => value.metricName === 'paigow_db_statement_seconds_count' && value.labels.kind === 'update')
          .reduce((sum, value) => sum + value.value, 0);
      const before = await updates();
      expect((await language(ann, 'fr')).status).toBe(200);
      expect(await updates()).toBe(before + 1);
      // The same language again answers as before and writes nothing (an attacker's flood of it wrote the row each time).
      const again = await language(ann, 'fr');
      expect(again.status).toBe(200);
      expect(((await again.json()) as { player: { language: string } }).player.language).toBe('fr');
      expect(await updates()).toBe(before + 1);
      // A daily challenge hand counts too (refused here for its body, after the limit let it through).
      expect((await post(server, '/api/daily/play', {}, ann)).status).toBe(400);
      const perPlayer = await language(ann, 'de');
      expect(perPlayer.status).toBe(429);
      expect(Number(perPlayer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await perPlayer.json()) as HttpErrorBody).error.code).toBe('rate/limited');
      expect((await post(server, '/api/daily/play', {}, ann)).status).toBe(429);
      // Ann's refusals cost this IP nothing: Bob has the IP's last two, then is refused too; Ann's language stayed.
      expect((await language(bob, 'ru')).status).toBe(200);
      expect((await language(bob, 'ru')).status).toBe(200);
      expect((await language(bob, 'es')).status).toBe(429);
      expect((await server.players.getPlayer(annGuest?.player.id ?? ''))?.language).toBe('fr');
    });
  });
}

describe('guest creation without explicit limits', () => {
  it('allows the default 20 guests per IP, then answers 429', async () => {
    const store = createStore('sqlite');
    const server = await startTestServer(store, { limits: DEFAULT_LIMITS });
    try {
      for (let i = 0; i < 20; i++) expect((await signIn(server, `D${i}`)).token).toMatch(/^[0-9a-f]{64}$/);
      expect((await post(server, '/api/guest', { nickname: 'D20' })).status).toBe(429);
    } finally {
      await server.close();
      await store.dispose();
    }
  });
});
