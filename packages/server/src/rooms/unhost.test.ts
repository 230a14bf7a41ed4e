/**
 * A table leaving this process (`GameServer.unhost`, docs/server.md "Table hosting"; issue 13 point 8, found by
 * the cluster soak): a seat reserved before the room's disconnect, used while the others are still leaving or
 * never used, must not keep the room alive; otherwise the table stays here unlisted and its move (a drain, a
 * rolling restart) never ends, or ends only when the reservation expires. Runs when Redis answers (hosting needs it).
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'colyseus.js';
import { matchMaker } from '@colyseus/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createLedger } from '../ledger/index.js';
import { announceTables } from '../lease/index.js';
import { registerInstance } from '../lease/lease.js';
import { capturedLog } from '../testing/log-capture.js';
import { TABLE_MOVING } from './matchmaking.js';
import type { TableRoom } from './table-room.js';
import type { ServerHandle } from '../server.js';
import { createStore, openStore, redisAnswers, signIn, startTestServer, TestClient, TEST_REDIS_URL as REDIS_URL, type TestStore } from '../testing/harness.js';

const available = await redisAnswers(REDIS_URL);
if (!available) console.log(`the unhost test did not run: nothing answers at ${REDIS_URL}`);

describe.skipIf(!available)('unhosting a table while a client joins', () => {
  let store: TestStore | undefined;
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    await store?.dispose();
    server = store = undefined;
  });

  it('a client that joins after the disconnect began is closed too: the room goes, the drain ends', async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { redisUrl: REDIS_URL, redisPrefix: `test-${randomBytes(4).toString('hex')}:`, hostingSweepMs: 50, drainMs: 1_000 });
    const running = server;
    const ann = await TestClient.join(running, 'fresh', (await signIn(running, 'Ann')).token, 'ann');
    // Bo's seat is reserved now; Bo connects only once the disconnect has begun.
    const bo = await signIn(running, 'Bo');
    const reservation = (await (await fetch(`${running.url}/matchmake/joinById/fresh`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: bo.token }) })).json()) as { sessionId: string };
    expect(reservation.sessionId).toEqual(expect.any(String));
    const room = matchMaker.getLocalRoomById('fresh');
    // Ann's leave takes a while (held until released), so the room is still there when Bo arrives.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const onLeave = room.onLeave!.bind(room);
    room.onLeave = async (client, consented) => {
      await held;
      return onLeave(client, consented);
    };
    let disconnecting: () => void = () => undefined;
    const disconnectBegan = new Promise<void>((resolve) => (disconnecting = resolve));
    const disconnect = room.disconnect.bind(room);
    room.disconnect = (code?: number) => {
      const done = disconnect(code);
      disconnecting();
      return done;
    };

    // The drain moves the table away (the only process: nobody takes it), which unhosts it.
    const drained = running.drain();
    await disconnectBegan;
    // Bo is refused (its unused reservation was dropped) or, when it came within the first sweep, joins and is closed.
    let boLeft = false;
    const late = await new Client(`ws://127.0.0.1:${running.port}`).consumeSeatReservation(reservation as never).catch(() => null);
    if (late === null) boLeft = true;
    else {
      late.onLeave(() => (boLeft = true));
      late.onMessage('*', () => undefined);
    }
    // Meanwhile a join is told the table is moving (503, try again soon): an operator's player was told it does not
    // exist (its listing is gone), and a join that reached the room was told it is full.
    const carl = await signIn(running, 'Carl');
    const joining = await fetch(`${running.url}/matchmake/joinById/fresh`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: carl.token }) });
    const refused = { status: joining.status, retryAfter: joining.headers.get('retry-after'), body: await joining.json() };
    const reserved = await (room as TableRoom).reserveSeatFor({ player: (await running.players.getPlayer(carl.player.id))!, ip: '127.0.0.1' }, {});
    release();
    expect(refused).toEqual({ status: 503, retryAfter: '2', body: { code: 4213, error: `${TABLE_MOVING.code}: ${TABLE_MOVING.message}` } });
    expect(reserved).toEqual({ error: TABLE_MOVING });

    const outcome = await Promise.race([drained.then(() => 'drained'), new Promise((resolve) => setTimeout(() => resolve('stuck'), 10_000))]);
    expect(outcome).toBe('drained');
    expect(matchMaker.getLocalRoomById('fresh')).toBeUndefined();
    await expect.poll(() => boLeft, { timeout: 5_000 }).toBe(true);
    // Ann's connection was closed by the disconnect.
    expect(ann.room.connection.isOpen).toBe(false);
  }, 30_000);

  it('a seat reserved and never used does not keep the room: the drain ends at once', async () => {
    store = createStore('sqlite');
    const { logger, lines } = capturedLog();
    server = await startTestServer(store, { redisUrl: REDIS_URL, redisPrefix: `test-${randomBytes(4).toString('hex')}:`, hostingSweepMs: 50, drainMs: 1_000, logger });
    const running = server;
    const ann = await TestClient.join(running, 'fresh', (await signIn(running, 'Ann')).token, 'ann');
    // Bo's seat is reserved (it would expire in 15 s) and Bo never connects: Colyseus kept the room until then.
    const bo = await signIn(running, 'Bo');
    const reservation = (await (await fetch(`${running.url}/matchmake/joinById/fresh`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: bo.token }) })).json()) as { sessionId: string };
    expect(reservation.sessionId).toEqual(expect.any(String));

    const outcome = await Promise.race([running.drain().then(() => 'drained'), new Promise((resolve) => setTimeout(() => resolve('stuck'), 5_000))]);
    expect(outcome).toBe('drained');
    expect(matchMaker.getLocalRoomById('fresh')).toBeUndefined();
    expect(ann.room.connection.isOpen).toBe(false);
    // The table came and went in the log (an operator saw a table move with no line at all).
    const hosting = lines().filter((line) => line.tableId === 'fresh' && (line.event === 'table-hosted' || line.event === 'table-unhosted'));
    expect(hosting.map((line) => [line.event, line.level])).toEqual([['table-hosted', 'info'], ['table-unhosted', 'info']]);
  }, 30_000);

  it('sends the views still due before it closes the clients: another player sees the last change', async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { redisUrl: REDIS_URL, redisPrefix: `test-${randomBytes(4).toString('hex')}:`, hostingSweepMs: 50, drainMs: 1_000 });
    const running = server;
    const ann = await TestClient.join(running, 'fresh', (await signIn(running, 'Ann')).token, 'ann');
    const bo = await TestClient.join(running, 'fresh', (await signIn(running, 'Bo')).token, 'bo');
    let annClosed = false;
    ann.room.onLeave(() => (annClosed = true));
    // Bo's sit answers Bo at once; Ann's view of it waits up to 50 ms (OTHERS_VIEW_DELAY_MS): the table moves meanwhile.
    await bo.act('sit', { seat: 3 });
    await running.drain();
    await expect.poll(() => annClosed, { timeout: 5_000 }).toBe(true);
    expect(ann.view.seats[3]?.nickname).toBe('Bo');
  }, 30_000);

  it('tells a player banker that its bank stays behind when the table moves (notice/left-bank, table-moved)', async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { redisUrl: REDIS_URL, redisPrefix: `test-${randomBytes(4).toString('hex')}:`, hostingSweepMs: 50, drainMs: 1_000 });
    const hal = await TestClient.join(server, 'bank', (await signIn(server, 'Hal')).token, 'hal');
    await hal.act('sit', { seat: 0 });
    // A round of 50.00 earns the 50 comp points that banking needs.
    await hal.act('bet', { spot: 'main', amountCents: 5_000 });
    await hal.act('deal');
    await hal.act('house-way');
    await hal.waitForView((view) => view.you?.canTakeBank === true);
    expect((await hal.act('take-bank')).banker).toMatchObject({ kind: 'player', seat: 0 });
    const halId = hal.view.you!.playerId;

    await server.drain();
    const database = openStore(store);
    try {
      const told = (await createLedger(database).unackedEvents([halId])).filter((event) => event.notice.code === 'notice/left-bank');
      expect(told.map((event) => [event.tableId, event.notice.params])).toEqual([['bank', { reason: 'table-moved' }]]);
    } finally {
      await database.db.destroy();
    }
  }, 30_000);

  it("a table only a live peer runs (a rolling deploy) is 'moving' while unlisted, not 'no such table'", async () => {
    // An operator's: a process whose tables file lacked table-3 answered a join of it during its move "there is no table
    // table-3" (404), and the web client told the player the table does not exist instead of trying again.
    store = createStore('sqlite');
    server = await startTestServer(store, { redisUrl: REDIS_URL, redisPrefix: `test-${randomBytes(4).toString('hex')}:`, hostingSweepMs: 50 });
    const database = openStore(store);
    try {
      await registerInstance(database, 'peer-with-other-tables', Date.now());
      await announceTables(database, 'peer-with-other-tables', ['peer-only']);
    } finally {
      await database.db.destroy();
    }
    const running = server;
    const join = async (tableId: string) => {
      const answer = await fetch(`${running.url}/matchmake/joinById/${tableId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: (await signIn(running, 'Ivo')).token }) });
      return { status: answer.status, body: (await answer.json()) as unknown };
    };
    await expect.poll(async () => (await join('peer-only')).status, { timeout: 5_000, interval: 100 }).toBe(503);
    expect(await join('peer-only')).toEqual({ status: 503, body: { code: 4213, error: `${TABLE_MOVING.code}: ${TABLE_MOVING.message}` } });
    // A table no process runs is still unknown.
    expect(await join('nowhere')).toEqual({ status: 404, body: { code: 4212, error: 'action/unknown: there is no table nowhere' } });
  }, 30_000);
});
