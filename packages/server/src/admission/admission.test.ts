import { afterEach, describe, expect, it } from 'vitest';
import { MADE_ROOM_CLOSE_CODE, type TablesResponse } from '@paigow/protocol';
import type { ServerHandle } from '../server.js';
import { createStore, getJson, signIn, startTestServer, TestClient, type TestStore } from '../testing/harness.js';
import { Admission } from './admission.js';
import { WATCHER_GRACE_MS, Watchers } from './watchers.js';

/** Blocks this thread's event loop for `ms`. */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

describe('Admission', () => {
  it('refuses past either limit with server/overloaded and counts the refusals', () => {
    let lag = 10;
    let players = 3;
    const admission = new Admission({ maxPlayers: 4, maxEventLoopLagMs: 100 }, { eventLoopLagMs: () => lag, players: () => players, seated: () => 0 });
    expect(admission.admit()).toBeNull();
    players = 4;
    expect(admission.admit()).toMatchObject({ code: 'server/overloaded', message: expect.stringContaining('4 players') });
    players = 0;
    lag = 101;
    expect(admission.admit()).toMatchObject({ code: 'server/overloaded', message: expect.stringContaining('101 ms') });
    expect(admission.refusals).toBe(2);
    expect(admission.refusal()).not.toBeNull();
    expect(admission.refusals).toBe(2);
  });

  it('at the player limit, takes a reservation while someone is evictable and closes one only once the player has joined past the limit; a sit is refused for the delay or when the limit is seated', () => {
    let lag = 10;
    let players = 4;
    let seated = 2;
    const watching = ['w1', 'w2'];
    const closed: string[] = [];
    let closing = 0;
    const watchers = {
      any: () => watching.length > 0,
      closing: () => closing,
      replaceLongest: () => {
        const longest = watching.shift();
        if (longest === undefined) return false;
        closed.push(longest);
        closing += 1;
        return true;
      },
    };
    const admission = new Admission({ maxPlayers: 4, maxEventLoopLagMs: 100 }, { eventLoopLagMs: () => lag, players: () => players, seated: () => seated, watchers });
    expect(admission.refusal()).toBeNull();
    // Reservations close nobody (before the fix each closed a watcher, used or not).
    for (let i = 0; i < 9; i += 1) expect(admission.admit()).toBeNull();
    expect(closed).toEqual([]);
    // At the limit, not over it: nobody is closed.
    admission.joined();
    expect(closed).toEqual([]);
    // One player joined past the limit: one watcher is closed, once, however many joined calls come before it has gone.
    players = 5;
    admission.joined();
    admission.joined();
    expect(closed).toEqual(['w1']);
    // Being closed, it counts as gone: a reservation is taken while w2 is evictable.
    expect(admission.admit()).toBeNull();
    players = 6;
    admission.joined();
    expect(closed).toEqual(['w1', 'w2']);
    // Nobody evictable at the limit: refused, and the lobby shows full.
    players = 4;
    closing = 0;
    expect(admission.refusal()).toMatchObject({ code: 'server/overloaded', message: expect.stringContaining('4 players') });
    expect(admission.admit()).toMatchObject({ code: 'server/overloaded' });
    expect(admission.refusals).toBe(1);
    // Past the limit with nobody evictable (joins taken together): nobody closed, nothing thrown.
    players = 5;
    admission.joined();
    expect(closed).toEqual(['w1', 'w2']);
    players = 4;
    // A sit adds no connection: taken while fewer than the limit are seated.
    expect(admission.admitSit()).toBeNull();
    seated = 4;
    expect(admission.admitSit()).toMatchObject({ code: 'server/overloaded', message: expect.stringContaining('4 players') });
    // As many seated as the limit: refused even with a watcher evictable.
    watching.push('w9');
    expect(admission.refusal()).not.toBeNull();
    expect(admission.admit()).toMatchObject({ code: 'server/overloaded' });
    expect(closed).toEqual(['w1', 'w2']);
    watching.length = 0;
    seated = 2;
    expect(admission.admitSit()).toBeNull();
    lag = 101;
    expect(admission.admitSit()).toMatchObject({ code: 'server/overloaded', message: expect.stringContaining('101 ms') });
    watching.push('w3');
    expect(admission.admit()).toMatchObject({ code: 'server/overloaded', message: expect.stringContaining('101 ms') });
    expect(closed).toEqual(['w1', 'w2']);
    expect(admission.refusals).toBe(5);
  });

  it('Watchers: the one connected longest who is past its grace gives its place, once; a player keeps its rank while connected', () => {
    let now = 1_000_000;
    const watchers = new Watchers(WATCHER_GRACE_MS, () => now);
    const seated = new Set<string>();
    const closed: string[] = [];
    const place = (name: string) => ({ watching: () => !seated.has(name), close: () => closed.push(name) });
    watchers.enter('t1', 'ann', place('ann'));
    watchers.enter('t2', 'bo', place('bo'));
    watchers.enter('t1', 'cy', place('cy'));
    // A second connection of Ann at t1 keeps her first one's rank.
    watchers.enter('t1', 'ann', place('ann-again'));
    // Nobody has watched for the grace yet: a newcomer has time to sit.
    expect(watchers.any()).toBe(false);
    expect(watchers.replaceLongest()).toBe(false);
    now += WATCHER_GRACE_MS - 1;
    expect(watchers.any()).toBe(false);
    now += 1;
    seated.add('ann');
    expect(watchers.replaceLongest()).toBe(true);
    expect(closed).toEqual(['bo']);
    expect(watchers.closing()).toBe(1);
    // Bo's clients are closing: his place is not given twice.
    expect(watchers.replaceLongest()).toBe(true);
    expect(closed).toEqual(['bo', 'cy']);
    expect(watchers.closing()).toBe(2);
    expect(watchers.any()).toBe(false);
    expect(watchers.replaceLongest()).toBe(false);
    watchers.leave('t2', 'bo');
    expect(watchers.closing()).toBe(1);
    // Ann plays a round and stands up: she keeps her place for the grace after it; then hers is next; once she has left, nobody's.
    watchers.dealtIn('t1', 'ann', true);
    now += 10_000;
    watchers.dealtIn('t1', 'ann', false);
    seated.delete('ann');
    expect(watchers.any()).toBe(false);
    now += WATCHER_GRACE_MS;
    expect(watchers.any()).toBe(true);
    watchers.leave('t1', 'ann');
    expect(watchers.any()).toBe(false);
  });
});

/** The close code `client` gets. */
function closed(client: TestClient): Promise<number> {
  return new Promise((resolve) => client.room.onLeave((code) => resolve(code)));
}

/** Waits `ms`. */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The watchers' grace of the server tests, ms (30 s in production, `WATCHER_GRACE_MS`). */
const GRACE_MS = 300;

/** Reserves a seat at `tableId` for `token`'s player (`POST /matchmake/joinById`) and never connects. @returns 'reserved', or the refusal */
async function reserveOnly(server: ServerHandle, tableId: string, token: string): Promise<string> {
  const response = await fetch(`${server.url}/matchmake/joinById/${tableId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  const body = (await response.json()) as { sessionId?: string; error?: string };
  return body.sessionId !== undefined ? 'reserved' : String(body.error);
}

/** The event-loop limit of the lag test, ms: above a loaded test machine's own delay, below the test's stalls. */
const LAG_LIMIT_MS = 150;

describe('admission control on a server (docs/server.md "Admission control")', () => {
  let store: TestStore | undefined;
  let server: ServerHandle | undefined;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.leave().catch(() => undefined);
    await server?.close();
    await store?.dispose();
    server = store = undefined;
  });

  it('past the player limit with every player seated, a new player is refused (server/overloaded), the seated play on, and the lobby shows full', async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { admission: { maxPlayers: 2, maxEventLoopLagMs: 3_600_000 } });
    const [a, b, c] = await Promise.all([signIn(server, 'Ann'), signIn(server, 'Bo'), signIn(server, 'Cy')]);
    const ann = await TestClient.join(server, 'small', a.token, 'ann');
    clients.push(ann);
    await ann.act('sit', { seat: 0 });
    let lobby = await getJson<TablesResponse>(server, '/api/tables');
    expect(lobby.body.tables.find((t) => t.tableId === 'small')).toMatchObject({ seats: 6, seatsTaken: 1 });
    const bo = await TestClient.join(server, 'small', b.token, 'bo');
    clients.push(bo);
    // Bo joined before the limit was reached: he is counted already, so his sit adds nothing and is taken.
    expect((await bo.act('sit', { seat: 1 })).you?.seat).toBe(1);
    // 503, the code colyseus.js gives the refusal (before: a 200 answer, and Colyseus' 4213).
    await expect(TestClient.join(server, 'fresh', c.token, 'cy')).rejects.toMatchObject({ code: 503, message: expect.stringMatching(/^server\/overloaded: this server is full \(2 players\)/) });
    lobby = await getJson<TablesResponse>(server, '/api/tables');
    for (const table of lobby.body.tables) expect(table.seatsTaken).toBe(table.seats);
    // The seated players play on.
    for (const player of [ann, bo]) await player.act('bet', { spot: 'main', amountCents: 100 });
    for (const player of [ann, bo]) await player.act('deal');
    await ann.waitForView((v) => v.phase === 'setting');
    await ann.act('house-way');
    expect((await bo.act('house-way')).lastRound).not.toBeNull();
    expect(server.admission.refusals).toBe(1);
  }, 30_000);

  it('watchers who never sit do not shut players out: at the limit a player coming in takes the longest watcher\'s place, and is refused only when everyone connected is seated', async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { admission: { maxPlayers: 3, maxEventLoopLagMs: 3_600_000, watcherGraceMs: GRACE_MS } });
    const names = ['Wes', 'Wil', 'Wyn', 'Pat', 'Quin', 'Rue'];
    const [w0, w1, w2, p, q, r] = await Promise.all(names.map((name) => signIn(server!, name)));
    // Three guests only watch, at two tables: the process is at its limit.
    const wes = await TestClient.join(server, 'small', w0.token, 'wes');
    const wil = await TestClient.join(server, 'fresh', w1.token, 'wil');
    const wyn = await TestClient.join(server, 'small', w2.token, 'wyn');
    // Wes and Wyn are closed below (a room left already is not left again).
    clients.push(wil);
    // They have watched for the grace: evictable.
    await sleep(GRACE_MS + 100);
    // Before the fix: the lobby showed every table full and the join below was refused server/overloaded.
    let lobby = await getJson<TablesResponse>(server, '/api/tables');
    expect(lobby.body.tables.find((t) => t.tableId === 'fresh')).toMatchObject({ seats: 6, seatsTaken: 0 });
    const wesClosed = closed(wes);
    const pat = await TestClient.join(server, 'fresh', p.token, 'pat');
    clients.push(pat);
    // Wes watched longest, at another table: told, then closed with 4409 (the web client does not rejoin).
    expect(await wesClosed).toBe(MADE_ROOM_CLOSE_CODE);
    expect(wes.unrequestedErrors).toEqual([expect.objectContaining({ code: 'server/overloaded', message: expect.stringContaining('your place as a watcher') })]);
    expect((await pat.act('sit', { seat: 0 })).you?.seat).toBe(0);
    // A watcher at the limit takes a seat: it is counted already.
    expect((await wil.act('sit', { seat: 1 })).you?.seat).toBe(1);
    const wynClosed = closed(wyn);
    const quin = await TestClient.join(server, 'small', q.token, 'quin');
    clients.push(quin);
    expect(await wynClosed).toBe(MADE_ROOM_CLOSE_CODE);
    await quin.act('sit', { seat: 0 });
    // Everyone connected is seated: the next player is refused, and the lobby shows full.
    await expect.poll(() => [...server!.runners.values()].reduce((n, runner) => n + runner.connectedPlayerCount, 0), { timeout: 5_000 }).toBe(3);
    lobby = await getJson<TablesResponse>(server, '/api/tables');
    for (const table of lobby.body.tables) expect(table.seatsTaken).toBe(table.seats);
    await expect(TestClient.join(server, 'fresh', r.token, 'rue')).rejects.toThrow(/server\/overloaded: this server is full \(3 players\)/);
    // The seated were never closed.
    for (const seated of [pat, wil, quin]) expect(seated.unrequestedErrors).toEqual([]);
    expect(server.admission.refusals).toBe(1);
  }, 30_000);

  it('a watcher who sits down and stands straight up, again and again, gives its place all the same once it has been there for the grace', async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { admission: { maxPlayers: 2, maxEventLoopLagMs: 3_600_000, watcherGraceMs: GRACE_MS } });
    const [e, p] = await Promise.all(['Eve', 'Pat'].map((name) => signIn(server!, name)));
    // Eve watches at two tables: the process is at its limit. Every 150 ms, at each table in turn, she sits and stands straight up.
    const places = [await TestClient.join(server, 'small', e.token, 'eve'), await TestClient.join(server, 'fresh', e.token, 'eve')];
    const open = places.map(() => true);
    const closes = Promise.race(places.map((place, i) => closed(place).then((code) => ((open[i] = false), code))));
    let turn = 0;
    const attack = setInterval(() => {
      const i = turn++ % places.length;
      if (!open[i]) return;
      places[i]!.send('sit', { seat: null });
      places[i]!.send('stand');
    }, 75);
    try {
      await sleep(GRACE_MS * 3);
      // Her sits and stands were all taken (no round played).
      for (const place of places) expect(place.received.filter((r) => r.kind === 'error')).toEqual([]);
      // Before the fix: each stand restarted her grace, and Pat was refused server/overloaded for as long as she went on.
      const pat = await TestClient.join(server, 'wide', p.token, 'pat');
      clients.push(pat);
      expect(await closes).toBe(MADE_ROOM_CLOSE_CODE);
      expect((await pat.act('sit', { seat: 0 })).you?.seat).toBe(0);
      expect(server.admission.refusals).toBe(0);
    } finally {
      clearInterval(attack);
      clients.push(...places.filter((_, i) => open[i]));
    }
  }, 30_000);

  it('a watcher who leaves and joins again, again and again, gives its place all the same once it came the grace ago', async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { admission: { maxPlayers: 2, maxEventLoopLagMs: 3_600_000, watcherGraceMs: GRACE_MS } });
    const [e, p] = await Promise.all(['Eve', 'Pat'].map((name) => signIn(server!, name)));
    const places: Record<string, TestClient> = {
      small: await TestClient.join(server, 'small', e.token, 'eve'),
      fresh: await TestClient.join(server, 'fresh', e.token, 'eve'),
    };
    // For three times the grace, Eve leaves each table in turn and joins it again.
    const until = Date.now() + GRACE_MS * 3;
    while (Date.now() < until) {
      for (const tableId of ['small', 'fresh']) {
        await places[tableId]!.leave();
        await expect.poll(() => server!.runners.get(tableId)?.current.players[e.player.id], { timeout: 5_000, interval: 5 }).toBeUndefined();
        places[tableId] = await TestClient.join(server, tableId, e.token, 'eve');
      }
      await sleep(50);
    }
    const left = Object.values(places);
    const closes = Promise.race(left.map((place) => closed(place).then((code) => (left.splice(left.indexOf(place), 1), code))));
    // Before the fix: each join started a new grace; her places were younger than it, and Pat was refused server/overloaded.
    const pat = await TestClient.join(server, 'wide', p.token, 'pat');
    clients.push(pat);
    expect(await closes).toBe(MADE_ROOM_CLOSE_CODE);
    clients.push(...left);
    expect((await pat.act('sit', { seat: 0 })).you?.seat).toBe(0);
    expect(server.admission.refusals).toBe(0);
  }, 30_000);

  it('a player dealt in a round keeps its place for the grace after that round; sitting and standing again does not extend it', async () => {
    store = createStore('sqlite');
    const graceMs = 1_000;
    server = await startTestServer(store, { admission: { maxPlayers: 1, maxEventLoopLagMs: 3_600_000, watcherGraceMs: graceMs } });
    const [a, c] = await Promise.all(['Ann', 'Cy'].map((name) => signIn(server!, name)));
    const ann = await TestClient.join(server, 'small', a.token, 'ann');
    clients.push(ann);
    await sleep(graceMs + 100);
    await ann.act('sit', { seat: 0 });
    await ann.act('bet', { spot: 'main', amountCents: 100 });
    await ann.act('deal');
    expect((await ann.act('house-way')).lastRound).not.toBeNull();
    const roundEnded = Date.now();
    await ann.act('stand');
    // She came more than the grace ago, but played a round just now: Cy is refused.
    await expect(TestClient.join(server, 'fresh', c.token, 'cy')).rejects.toThrow(/server\/overloaded: this server is full \(1 players\)/);
    await sleep(graceMs / 2);
    await ann.act('sit', { seat: 0 });
    await ann.act('stand');
    await sleep(roundEnded + graceMs + 100 - Date.now());
    // The grace after her round has run; before the fix, her last stand restarted it and Cy was refused again.
    const annClosed = closed(ann);
    const cy = await TestClient.join(server, 'fresh', c.token, 'cy');
    clients.push(cy);
    expect(await annClosed).toBe(MADE_ROOM_CLOSE_CODE);
    // A room left already is not left again.
    clients.splice(clients.indexOf(ann), 1);
    expect(server.admission.refusals).toBe(1);
  }, 30_000);

  it('reservations never used close nobody; a player who joins past the limit closes one watcher, the one connected longest', async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { admission: { maxPlayers: 3, maxEventLoopLagMs: 3_600_000, watcherGraceMs: GRACE_MS } });
    const [w0, w1, w2, x, p] = await Promise.all(['Wes', 'Wil', 'Wyn', 'Xan', 'Pat'].map((name) => signIn(server!, name)));
    const wes = await TestClient.join(server, 'small', w0.token, 'wes');
    const wil = await TestClient.join(server, 'fresh', w1.token, 'wil');
    const wyn = await TestClient.join(server, 'small', w2.token, 'wyn');
    clients.push(wil, wyn);
    const closes: string[] = [];
    for (const [name, client] of [['wes', wes], ['wil', wil], ['wyn', wyn]] as const) client.room.onLeave(() => closes.push(name));
    await sleep(GRACE_MS + 100);
    // Xan sends 9 reservations at once and never connects (before the fix: each one taken closed a watcher).
    const statuses = await Promise.all(Array.from({ length: 9 }, (_, i) => reserveOnly(server!, ['small', 'fresh', 'wide'][i % 3] as string, x.token)));
    expect(statuses).toContain('reserved');
    await sleep(500);
    expect(closes).toEqual([]);
    for (const watcher of [wes, wil, wyn]) expect(watcher.unrequestedErrors).toEqual([]);
    // Pat joins: one watcher, Wes (connected longest), makes room; the others stay.
    const wesClosed = closed(wes);
    const pat = await TestClient.join(server, 'wide', p.token, 'pat');
    clients.push(pat);
    expect(await wesClosed).toBe(MADE_ROOM_CLOSE_CODE);
    await sleep(300);
    expect(closes).toEqual(['wes']);
    await expect.poll(() => [...server!.runners.values()].reduce((n, runner) => n + runner.connectedPlayerCount, 0), { timeout: 5_000 }).toBe(3);
    expect(server.admission.refusals).toBe(0);
  }, 30_000);

  it('a newcomer has the grace to sit: at the limit with only newcomers watching, a join is refused and closes nobody', async () => {
    store = createStore('sqlite');
    // The production grace (WATCHER_GRACE_MS, 30 s).
    server = await startTestServer(store, { admission: { maxPlayers: 2, maxEventLoopLagMs: 3_600_000 } });
    const [a, p, x] = await Promise.all(['Ann', 'Pat', 'Xan'].map((name) => signIn(server!, name)));
    const ann = await TestClient.join(server, 'small', a.token, 'ann');
    clients.push(ann);
    await ann.act('sit', { seat: 0 });
    // Pat comes to play: the process is at its limit.
    const pat = await TestClient.join(server, 'small', p.token, 'pat');
    clients.push(pat);
    // Before the fix: Xan's reservation closed Pat before he could sit.
    await expect(TestClient.join(server, 'fresh', x.token, 'xan')).rejects.toThrow(/server\/overloaded: this server is full \(2 players\)/);
    for (let i = 0; i < 5; i += 1) expect(await reserveOnly(server, 'fresh', x.token)).toMatch(/^server\/overloaded/);
    expect((await pat.act('sit', { seat: 1 })).you?.seat).toBe(1);
    expect(pat.unrequestedErrors).toEqual([]);
    const lobby = await getJson<TablesResponse>(server, '/api/tables');
    for (const table of lobby.body.tables) expect(table.seatsTaken).toBe(table.seats);
  }, 30_000);

  it('counts the players connected: a seat held for a player whose client left does not keep a new player out', async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { admission: { maxPlayers: 3, maxEventLoopLagMs: 3_600_000 } });
    const [a, b, c, d] = await Promise.all([signIn(server, 'Ann'), signIn(server, 'Bo'), signIn(server, 'Cy'), signIn(server, 'Dee')]);
    const ann = await TestClient.join(server, 'small', a.token, 'ann');
    clients.push(ann);
    await ann.act('sit', { seat: 0 });
    const bo = await TestClient.join(server, 'small', b.token, 'bo');
    await bo.act('sit', { seat: 1 });
    const dee = await TestClient.join(server, 'small', d.token, 'dee');
    clients.push(dee);
    await dee.act('sit', { seat: 2 });
    await expect(TestClient.join(server, 'fresh', c.token, 'cy')).rejects.toThrow(/server\/overloaded/);
    // Bo's connection is lost: his seat is held, his client costs nothing.
    await bo.leave(false);
    await expect.poll(() => server!.runners.get('small')?.current.players[b.player.id]?.connected, { timeout: 5_000 }).toBe(false);
    const cy = await TestClient.join(server, 'fresh', c.token, 'cy');
    clients.push(cy);
    await cy.act('sit', { seat: 0 });
    // Bo, at the table, gets back to his seat although the process is at its limit again.
    const back = await TestClient.join(server, 'small', b.token, 'bo');
    clients.push(back);
    expect(back.view.you?.seat).toBe(1);
  }, 30_000);

  it("refuses new players at half of /readyz's event-loop limit unless told its own (PAIGOW_MAX_EVENT_LOOP_LAG_MS alone)", async () => {
    store = createStore('sqlite');
    // Before: a fixed 500 ms, so a /readyz limit of 400 ms took the process out of the balancer before admission refused anyone.
    server = await startTestServer(store, { maxEventLoopLagMs: 400, admission: {} });
    expect(server.admission.limits.maxEventLoopLagMs).toBe(200);
    await server.close();
    server = await startTestServer(store, { maxEventLoopLagMs: 400, admission: { maxEventLoopLagMs: 300 } });
    expect(server.admission.limits.maxEventLoopLagMs).toBe(300);
  });

  it('while the event loop lags past the limit, new players are refused; once it recovers they are taken', async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { admission: { maxEventLoopLagMs: LAG_LIMIT_MS } });
    const session = await signIn(server, 'Di');
    // Keep the loop busy for more than one lag window (2 s): most of its turns are late by 300 ms.
    const until = Date.now() + 2_500;
    while (Date.now() < until) {
      busy(300);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(server.health.eventLoopLagMs()).toBeGreaterThan(LAG_LIMIT_MS);
    await expect(TestClient.join(server, 'small', session.token, 'di')).rejects.toThrow(/server\/overloaded/);
    const lobby = await getJson<TablesResponse>(server, '/api/tables');
    for (const table of lobby.body.tables) expect(table.seatsTaken).toBe(table.seats);
    await expect.poll(() => server!.health.eventLoopLagMs(), { timeout: 10_000, interval: 200 }).toBeLessThan(LAG_LIMIT_MS);
    const di = await TestClient.join(server, 'small', session.token, 'di');
    clients.push(di);
    expect((await di.act('sit', { seat: 0 })).you?.seat).toBe(0);
  }, 30_000);
});
