import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpErrorBody, MeResponse, TablesResponse, TopUpResponse } from '@paigow/protocol';
import type { ServerHandle } from '../server.js';
import { createStore, getJson, signIn, startTestServer, TestClient, type TestStore } from '../testing/harness.js';

/** The answer's error for a body in another charset than UTF-8 (docs/protocol.md "HTTP"). */
const NOT_UTF8 = { code: 'action/invalid', message: 'the body must be JSON in UTF-8 (charset=utf-8, or no charset)' };

describe('the HTTP API (docs/protocol.md "HTTP")', () => {
  let store: TestStore;
  let server: ServerHandle;
  const webDist = mkdtempSync(join(tmpdir(), 'paigow-web-'));
  const logged: string[] = [];

  beforeAll(async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { webDist, tables: undefined, log: (message) => logged.push(message) });
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers /healthz with 200 once it takes players', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready' });
  });

  it('lists the default tables: two house-banked of different limits, one where a player may bank, one playing the Foxwoods house way', async () => {
    const { status, body } = await getJson<TablesResponse>(server, '/api/tables');
    expect(status).toBe(200);
    expect(body.tables.map((t) => [t.tableId, t.limits.main.minCents, t.limits.main.maxCents, t.playerBanking])).toEqual([
      ['table-1', 100, 10_000, false],
      ['table-2', 500, 50_000, false],
      ['table-3', 100, 10_000, true],
      ['table-4', 100, 10_000, false],
    ]);
    expect(body.tables.map((t) => t.houseWay)).toEqual(['seeds', 'seeds', 'seeds', 'foxwoods']);
    // What banking needs, with the table's own number (rules.md §5), only where a player may bank.
    expect(body.tables.map((t) => t.bankMinCompPoints)).toEqual([null, null, 50, null]);
    expect(body.tables[0]).toMatchObject({ banker: 'house', seats: 6, seatsTaken: 0, phase: 'betting', houseWay: 'seeds' });
  });

  it('signs in a guest, resumes the session with the token, and refuses bad input', async () => {
    const session = await signIn(server, '  Ana  ');
    expect(session.token).toMatch(/^[0-9a-f]{64}$/);
    expect(session.player).toMatchObject({ nickname: 'Ana', balanceCents: 100_000, compPoints: 0 });
    const me = await getJson<MeResponse>(server, '/api/me', session.token);
    expect(me).toEqual({ status: 200, body: { player: session.player, seats: [] } });

    const noToken = await getJson<HttpErrorBody>(server, '/api/me');
    expect(noToken.status).toBe(401);
    expect(noToken.body.error.code).toBe('auth/invalid-session');
    const bad = await fetch(`${server.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"nickname":"<script>"}' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as HttpErrorBody).error.code).toBe('auth/invalid-nickname');
    const notJson = await fetch(`${server.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as HttpErrorBody).error.code).toBe('action/invalid');
    const unknown = await getJson<HttpErrorBody>(server, '/api/nothing');
    expect(unknown.status).toBe(404);
  });

  it('keeps the language the player chose (PUT /api/me/language, issue 14)', async () => {
    const session = await signIn(server, 'Lena');
    expect(session.player.language).toBeNull();
    const put = (token: string, body: unknown) =>
      fetch(`${server.url}/api/me/language`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // No language yet: `null` is no language to keep (it was answered 200 when a language unchanged was not written).
    expect((await put(session.token, { language: null })).status).toBe(400);
    const chosen = await put(session.token, { language: 'de' });
    expect(chosen.status).toBe(200);
    expect(((await chosen.json()) as MeResponse).player).toEqual({ ...session.player, language: 'de' });
    expect((await getJson<MeResponse>(server, '/api/me', session.token)).body.player.language).toBe('de');

    for (const body of [{ language: 'xx' }, { language: 7 }, {}]) {
      const refused = await put(session.token, body);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as HttpErrorBody).error.code).toBe('action/invalid');
    }
    expect((await put('0'.repeat(64), { language: 'ru' })).status).toBe(401);
    expect((await getJson<MeResponse>(server, '/api/me', session.token)).body.player.language).toBe('de');
  });

  // A player's finding: a second tab's lobby said "You were seated at Table 1 a moment ago. A seat is kept for 60 s after
  // the connection is lost." while the first tab played there, connected. The lobby learns which it is from here.
  it('says where the player holds a seat, and whether a client of its is connected there or the seat is kept after a lost connection', async () => {
    const session = await signIn(server, 'Tabby');
    const seats = async () => (await getJson<MeResponse>(server, '/api/me', session.token)).body.seats;
    expect(await seats()).toEqual([]);
    const tab = await TestClient.join(server, 'table-2', session.token, 'tabby');
    await tab.act('sit', { seat: 4 });
    expect(await seats()).toEqual([{ tableId: 'table-2', seat: 4, connected: true }]);
    // The tab is closed (the connection lost, not a leave): the seat is kept for the reconnection, disconnected.
    await tab.leave(false);
    await expect.poll(seats).toEqual([{ tableId: 'table-2', seat: 4, connected: false }]);
    // Watching a table is no seat.
    const watcher = await TestClient.join(server, 'table-4', session.token, 'tabby-watching');
    try {
      expect(await seats()).toEqual([{ tableId: 'table-2', seat: 4, connected: false }]);
    } finally {
      await watcher.leave();
    }
  });

  it('tops up a broke player only, and the table sees the new balance', async () => {
    const session = await signIn(server, 'Broke');
    const post = (token: string) => fetch(`${server.url}/api/top-up`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const refused = await post(session.token);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as HttpErrorBody).error.code).toBe('ledger/not-broke');

    const client = await TestClient.join(server, 'table-1', session.token, 'broke');
    // Lose 999.50 in one round recorded straight in the ledger.
    await server.ledger.openRound({
      roundId: 'lost-round',
      tableId: 'table-1',
      bankerPlayerId: null,
      holds: [{ playerId: session.player.id, kind: 'main', amountCents: 99_950 }],
      secret: {},
      public: {},
      ownerInstanceId: server.instanceId,
    });
    await server.ledger.settleRound({
      roundId: 'lost-round',
      postings: [{ from: 'escrow', to: 'house', amountCents: 99_950, kind: 'stake-lost' }],
      compPoints: [],
      result: {},
    });
    // The table hears of the loss (as from another table's settlement): the client is shown 0.50 …
    await server.runners.get('table-1')!.refreshPlayer(session.player.id);
    await client.waitForView((v) => v.you?.balanceCents === 50);
    // … and of the top-up, from the HTTP route (a view the client already has is not sent again).
    const from = client.received.length;
    const topped = await post(session.token);
    expect(topped.status).toBe(200);
    expect((await topped.json()) as TopUpResponse).toEqual({ balanceCents: 100_000, issuedCents: 99_950 });
    const view = await client.waitForView((v) => v.you?.balanceCents === 100_000, from);
    expect(view.you?.balanceCents).toBe(100_000);
    await client.leave();
  });

  it('answers a fault of its own that is a SyntaxError (a stored row that is not JSON) 503 and logs it, not 400 "the body is not JSON"', async () => {
    const session = await signIn(server, 'Row Rita');
    const opened = await server.ledger.openRound({
      roundId: 'row-not-json', tableId: 'table-1', bankerPlayerId: null,
      holds: [{ playerId: session.player.id, kind: 'main', amountCents: 100 }], secret: {}, public: {},
    });
    expect(opened.ok).toBe(true);
    const sqlite = new BetterSqlite3(join(store.options.dataDir!, 'paigow.sqlite'));
    sqlite.prepare("UPDATE rounds SET public_json = '{corrupted' WHERE id = 'row-not-json'").run();
    sqlite.close();
    logged.length = 0;
    const history = await fetch(`${server.url}/api/history`, { headers: { authorization: `Bearer ${session.token}` } });
    // Before the fix: 400 action/invalid 'the body is not JSON' to a GET without a body, and nothing logged.
    expect(history.status).toBe(503);
    expect(((await history.json()) as HttpErrorBody).error.code).toBe('action/unavailable');
    expect(logged).toEqual(['[http] request failed']);
  });

  it('refuses GET /api/history with a limit that is not a whole number from 1 to 100: 400 action/invalid naming it', async () => {
    const session = await signIn(server, 'Limit Lena');
    for (const limit of ['abc', '0', '101', '2.5', '-1', '', '1e400', '1e1', '0x10', ' 5', '+5']) {
      // Before the fix: 200, the limit silently read as the default or clamped.
      const answer = await getJson<HttpErrorBody>(server, `/api/history?limit=${encodeURIComponent(limit)}`, session.token);
      expect(answer.status, `limit=${limit}`).toBe(400);
      expect(answer.body.error).toEqual({ code: 'action/invalid', message: 'limit must be a whole number from 1 to 100' });
    }
    const twice = await getJson<HttpErrorBody>(server, '/api/history?limit=5&limit=6', session.token);
    expect(twice.status).toBe(400);
    for (const path of ['/api/history', '/api/history?limit=1', '/api/history?limit=100']) expect((await getJson(server, path, session.token)).status, path).toBe(200);
  });

  it('refuses GET /api/history with a before that is not one string (repeated, or an object): 400 action/invalid, as a repeated limit', async () => {
    const session = await signIn(server, 'Before Bea');
    for (const query of ['before=a&before=b', 'before[x]=1', 'before[]=a', 'before=a&limit=5&before=a']) {
      // Before the fix: 200 with the newest page, the before silently dropped.
      const answer = await getJson<HttpErrorBody>(server, `/api/history?${query}`, session.token);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error, query).toEqual({ code: 'action/invalid', message: 'before must be one round id' });
    }
    for (const path of ['/api/history?before=no-such-round', '/api/history?before=', '/api/history?limit=5&before=x']) expect((await getJson(server, path, session.token)).status, path).toBe(200);
  });

  it('answers a body over 8 kB with 413 and malformed JSON with 400, as JSON errors, logging nothing', async () => {
    logged.length = 0;
    const post = (body: string) => fetch(`${server.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const huge = await post(JSON.stringify({ nickname: 'x'.repeat(5 * 1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect(huge.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await huge.json()) as HttpErrorBody).error).toEqual({ code: 'action/invalid', message: 'the request body is larger than 8192 bytes' });
    const malformed = await post('{"nickname": ');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as HttpErrorBody).error).toEqual({ code: 'action/invalid', message: 'the body is not a JSON object' });
    // JSON, but no object: told so, not that it is not JSON.
    for (const body of ['null', '42', '"Ana"', '[]', '[{"nickname":"Ana"}]']) {
      const scalar = await post(body);
      expect(scalar.status, body).toBe(400);
      expect(((await scalar.json()) as HttpErrorBody).error, body).toEqual({ code: 'action/invalid', message: 'the body is not a JSON object' });
    }
    const wrongCharset = await fetch(`${server.url}/api/guest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=klingon' },
      body: '{"nickname":"Ana"}',
    });
    expect(wrongCharset.status).toBe(415);
    expect(((await wrongCharset.json()) as HttpErrorBody).error).toEqual(NOT_UTF8);
    // Another content type is not JSON either (not a nickname problem).
    const plain = await fetch(`${server.url}/api/guest`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"nickname":"Ana"}' });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as HttpErrorBody).error).toEqual({ code: 'action/invalid', message: 'the body is not JSON' });
    const fine = await post('{"nickname":"Still fine"}');
    expect(fine.status).toBe(201);
    expect(logged).toEqual([]);
  });

  it('refuses a JSON body in any charset but UTF-8 with 415, on /api and /matchmake; utf-8 in any case, quoted or not, is read', async () => {
    // An attacker's finding: body-parser decodes any utf-* charset, and charset=utf-16 got 400 "the body is not JSON".
    const post = (path: string, contentType: string, body: Buffer) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
    const utf16 = Buffer.from('{"nickname":"Ana"}', 'utf16le');
    for (const charset of ['utf-16', 'UTF-16LE', '"utf-16"', 'utf-32', 'utf8', 'latin1']) {
      for (const path of ['/api/guest', '/matchmake/joinById/table-1']) {
        const answer = await post(path, `application/json; charset=${charset}`, utf16);
        expect(answer.status, `${path} ${charset}`).toBe(415);
        const refusal = path.startsWith('/matchmake/') ? { code: 4217, error: `${NOT_UTF8.code}: ${NOT_UTF8.message}` } : { error: NOT_UTF8 };
        expect(await answer.json(), `${path} ${charset}`).toEqual(refusal);
      }
    }
    // A second charset, or one behind a quoted parameter, counts too.
    expect((await post('/api/guest', 'application/json; charset=utf-8; charset=utf-16', utf16)).status).toBe(415);
    expect((await post('/api/guest', 'application/json; x="a;b"; charset=utf-16', utf16)).status).toBe(415);
    const json = Buffer.from('{"nickname":"Ana"}');
    for (const contentType of ['application/json', 'application/json; charset=utf-8', 'application/json;charset=UTF-8', 'application/json; charset="utf-8"', 'application/json; x="charset=utf-16"']) {
      expect((await post('/api/guest', contentType, json)).status, contentType).toBe(201);
    }
    // A body that is not JSON is still that, whatever its charset.
    expect((await post('/api/guest', 'text/plain; charset=utf-16', utf16)).status).toBe(400);
  });

  it('serves a plain page until the web client is built, then the client with an index.html fallback', async () => {
    const before = await fetch(`${server.url}/`);
    expect(before.status).toBe(200);
    expect(await before.text()).toMatch(/not built/);
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>paigow</title><div id="root"></div>');
    writeFileSync(join(webDist, 'app.js'), 'console.log(1)');
    expect(await (await fetch(`${server.url}/`)).text()).toMatch(/id="root"/);
    expect(await (await fetch(`${server.url}/tables/table-1`)).text()).toMatch(/id="root"/);
    const script = await fetch(`${server.url}/app.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
  });
});
