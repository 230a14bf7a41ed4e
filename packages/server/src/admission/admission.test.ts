import { afterEach, describe, expect, it } from 'vitest';
import type { TablesResponse } from '@paigow/protocol';
import type { ServerHandle } from '../server.js';
import { createStore, getJson, signIn, startTestServer, TestClient, type TestStore } from '../testing/harness.js';
import { Admission, admissionFromEnv } from './admission.js';

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
    const admission = new Admission({ maxPlayers: 4, maxEventLoopLagMs: 100 }, { eventLoopLagMs: () => lag, players: () => players });
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

  it('reads PAIGOW_MAX_PLAYERS and PAIGOW_ADMIT_MAX_LAG_MS', () => {
    expect(admissionFromEnv({})).toEqual({});
    expect(admissionFromEnv({ PAIGOW_MAX_PLAYERS: '1_500', PAIGOW_ADMIT_MAX_LAG_MS: '200' })).toEqual({ maxPlayers: 1_500, maxEventLoopLagMs: 200 });
    expect(() => admissionFromEnv({ PAIGOW_MAX_PLAYERS: '0' })).toThrow("PAIGOW_MAX_PLAYERS must be a whole number from 1 to 1000000, got '0'");
    expect(() => admissionFromEnv({ PAIGOW_ADMIT_MAX_LAG_MS: 'soon' })).toThrow('PAIGOW_ADMIT_MAX_LAG_MS');
  });
});

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

  it('past the player limit, a new player is refused a seat (server/overloaded), the seated play on, and the lobby shows full', async () => {
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
    await expect(TestClient.join(server, 'fresh', c.token, 'cy')).rejects.toThrow(/server\/overloaded/);
    // Bo joined before the limit was reached but has no seat: the seat is refused too.
    expect((await bo.refused('sit', { seat: 1 })).error.code).toBe('server/overloaded');
    lobby = await getJson<TablesResponse>(server, '/api/tables');
    for (const table of lobby.body.tables) expect(table.seatsTaken).toBe(table.seats);
    // The seated player plays on.
    await ann.act('bet', { spot: 'main', amountCents: 100 });
    await ann.act('deal');
    expect((await ann.act('house-way')).lastRound).not.toBeNull();
    expect(server.admission.refusals).toBe(2);
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
    clients.push(await TestClient.join(server, 'small', d.token, 'dee'));
    await expect(TestClient.join(server, 'fresh', c.token, 'cy')).rejects.toThrow(/server\/overloaded/);
    // Bo's connection is lost: his seat is held, his client costs nothing.
    await bo.leave(false);
    await expect.poll(() => server!.runners.get('small')?.current.players[b.player.id]?.connected, { timeout: 5_000 }).toBe(false);
    const cy = await TestClient.join(server, 'fresh', c.token, 'cy');
    clients.push(cy);
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
