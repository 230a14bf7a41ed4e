import { afterEach, describe, expect, it } from 'vitest';
import { MADE_ROOM_CLOSE_CODE, type TablesResponse } from '@paigow/protocol';
import type { ServerHandle } from '../server.js';
import { createStore, getJson, signIn, startTestServer, TestClient, type TestStore } from '../testing/harness.js';
import { Admission, admissionFromEnv } from './admission.js';
import { Watchers } from './watchers.js';

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

  it('at the player limit, takes a new player in place of a watcher while there is one; a sit is refused for the delay or when the limit is seated', () => {
    let lag = 10;
    let seated = 2;
    const watching = ['w1', 'w2'];
    const closed: string[] = [];
    const watchers = {
      any: () => watching.length > 0,
      replaceLongest: () => {
        const longest = watching.shift();
        if (longest === undefined) return false;
        closed.push(longest);
        return true;
      },
    };
    const admission = new Admission({ maxPlayers: 4, maxEventLoopLagMs: 100 }, { eventLoopLagMs: () => lag, players: () => 4, seated: () => seated, watchers });
    // Before the fix: refused while any watcher was connected.
    expect(admission.refusal()).toBeNull();
    expect(admission.admit()).toBeNull();
    expect(closed).toEqual(['w1']);
    expect(admission.admit()).toBeNull();
    expect(closed).toEqual(['w1', 'w2']);
    // Every player connected is seated: refused, and the lobby shows full.
    expect(admission.refusal()).toMatchObject({ code: 'server/overloaded', message: expect.stringContaining('4 players') });
    expect(admission.admit()).toMatchObject({ code: 'server/overloaded' });
    expect(admission.refusals).toBe(1);
    // A sit adds no connection: taken while fewer than the limit are seated.
    expect(admission.admitSit()).toBeNull();
    seated = 4;
    expect(admission.admitSit()).toMatchObject({ code: 'server/overloaded', message: expect.stringContaining('4 players') });
    // As many seated as the limit (joins taken together before the count caught up): no watcher is closed for a player who could not sit.
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

  it('Watchers: the one connected longest who watches gives its place, once; a player keeps its rank while connected', () => {
    const watchers = new Watchers();
    const seated = new Set<string>();
    const closed: string[] = [];
    const place = (name: string) => ({ watching: () => !seated.has(name), close: () => closed.push(name) });
    watchers.enter('t1', 'ann', place('ann'));
    watchers.enter('t2', 'bo', place('bo'));
    watchers.enter('t1', 'cy', place('cy'));
    // A second connection of Ann at t1 keeps her first one's rank.
    watchers.enter('t1', 'ann', place('ann-again'));
    seated.add('ann');
    expect(watchers.replaceLongest()).toBe(true);
    expect(closed).toEqual(['bo']);
    // Bo's clients are closing: his place is not given twice.
    expect(watchers.replaceLongest()).toBe(true);
    expect(closed).toEqual(['bo', 'cy']);
    expect(watchers.any()).toBe(false);
    expect(watchers.replaceLongest()).toBe(false);
    // Ann stands up and watches: hers is next; once she has left, nobody's.
    seated.delete('ann');
    expect(watchers.any()).toBe(true);
    watchers.leave('t1', 'ann');
    expect(watchers.any()).toBe(false);
  });

  it('reads PAIGOW_MAX_PLAYERS and PAIGOW_ADMIT_MAX_LAG_MS', () => {
    expect(admissionFromEnv({})).toEqual({});
    expect(admissionFromEnv({ PAIGOW_MAX_PLAYERS: '1_500', PAIGOW_ADMIT_MAX_LAG_MS: '200' })).toEqual({ maxPlayers: 1_500, maxEventLoopLagMs: 200 });
    expect(() => admissionFromEnv({ PAIGOW_MAX_PLAYERS: '0' })).toThrow("PAIGOW_MAX_PLAYERS must be a whole number from 1 to 1000000, got '0'");
    expect(() => admissionFromEnv({ PAIGOW_ADMIT_MAX_LAG_MS: 'soon' })).toThrow('PAIGOW_ADMIT_MAX_LAG_MS');
  });
});

/** The close code `client` gets. */
function closed(client: TestClient): Promise<number> {
  return new Promise((resolve) => client.room.onLeave((code) => resolve(code)));
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
    await expect(TestClient.join(server, 'fresh', c.token, 'cy')).rejects.toThrow(/server\/overloaded: this server is full \(2 players\)/);
    lobby = await getJson<TablesResponse>(server, '/api/tables');
    for (const table of lobby.body.tables) expect(table.seatsTaken).toBe(table.seats);
    // The seated player plays on.
    await ann.act('bet', { spot: 'main', amountCents: 100 });
    await ann.act('deal');
    expect((await ann.act('house-way')).lastRound).not.toBeNull();
    expect(server.admission.refusals).toBe(1);
  }, 30_000);

  it('watchers who never sit do not shut players out: at the limit a player coming in takes the longest watcher\'s place, and is refused only when everyone connected is seated', async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { admission: { maxPlayers: 3, maxEventLoopLagMs: 3_600_000 } });
    const names = ['Wes', 'Wil', 'Wyn', 'Pat', 'Quin', 'Rue'];
    const [w0, w1, w2, p, q, r] = await Promise.all(names.map((name) => signIn(server!, name)));
    // Three guests only watch, at two tables: the process is at its limit.
    const wes = await TestClient.join(server, 'small', w0.token, 'wes');
    const wil = await TestClient.join(server, 'fresh', w1.token, 'wil');
    const wyn = await TestClient.join(server, 'small', w2.token, 'wyn');
    // Wes and Wyn are closed below (a room left already is not left again).
    clients.push(wil);
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
