/**
 * Clients that never acknowledge their join (docs/server.md "Limits", "Joins never acknowledged"; `rooms/join-acks.ts`):
 * an attacker's clients took the seat reservation and opened the WebSocket, but never sent back Colyseus' one-byte
 * `JOIN_ROOM`, and stayed "joining" for good. They locked a table (the room made room only by closing watchers that had
 * joined), a server at its player limit (admission counted only those as evictable), and grew the process without
 * bound (what is sent to a joining client waits in Colyseus' queue, where `PAIGOW_MAX_BUFFERED_BYTES` never sees it).
 * Here `RawJoin` is such a client: the matchmaking request, the WebSocket, `JOIN_ROOM` received, and no answer
 * unless the test sends it.
 */
import { matchMaker, Protocol } from '@colyseus/core';
import { pack } from '@colyseus/msgpackr';
import { applyViewPatch, MADE_ROOM_CLOSE_CODE, type TableView, type TableViewPatch } from '@paigow/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { rateLimitedRequests } from '../metrics/index.js';
import type { ServerHandle } from '../server.js';
import { createStore, signIn, startTestServer, TEST_RATE_LIMITS, TestClient, type TestStore } from '../testing/harness.js';
import { capturedLog } from '../testing/log-capture.js';
import { decodeRoomData } from './frames.js';
import { JOIN_ACK_CLOSE_CODE, JOIN_ACK_TIMEOUT_MS } from './join-acks.js';
import type { TableRoom } from './table-room.js';

/** A raw WebSocket client at a table that takes its join and acknowledges it only when told to (`ack`). */
class RawJoin {
  /** Every frame received, in order (Colyseus' `JOIN_ROOM` first). */
  readonly frames: Buffer[] = [];
  /** The close code, once the server closed the socket. */
  readonly closed: Promise<number>;
  private listeners: (() => void)[] = [];

  private constructor(
    readonly socket: WebSocket,
    readonly sessionId: string,
  ) {
    socket.on('message', (data: Buffer) => {
      this.frames.push(data);
      for (const listener of this.listeners) listener();
    });
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  /**
   * Asks `tableId` for a seat with `token` (`POST /matchmake/joinById`), opens the room's WebSocket and waits for
   * `JOIN_ROOM` (the room has taken the join), which it does not answer.
   * @throws Error with the refusal's status and message when the reservation is refused
   */
  static async open(server: ServerHandle, tableId: string, token: string): Promise<RawJoin> {
    const response = await fetch(`${server.url}/matchmake/joinById/${tableId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    const body = (await response.json()) as { sessionId?: string; room?: { processId: string; roomId: string }; error?: string };
    if (body.sessionId === undefined || body.room === undefined) throw new Error(`${response.status} ${body.error}`);
    const raw = new RawJoin(new WebSocket(`ws://127.0.0.1:${server.port}/${body.room.processId}/${body.room.roomId}?sessionId=${body.sessionId}`), body.sessionId);
    await raw.waitFor(() => raw.frames.some((frame) => frame[0] === Protocol.JOIN_ROOM));
    return raw;
  }

  /** Sends Colyseus' join acknowledgement. */
  ack(): void {
    this.socket.send(Uint8Array.of(Protocol.JOIN_ROOM));
  }

  /** Sends a room message as colyseus.js frames it: `ROOM_DATA`, the type (a msgpack string), the payload. */
  send(type: string, payload: unknown): void {
    this.socket.send(Buffer.concat([Buffer.from([Protocol.ROOM_DATA, 0xa0 | type.length]), Buffer.from(type), pack(payload)]));
  }

  /** The room messages received so far, decoded. */
  messages(): { type: string | number; payload: unknown }[] {
    return this.frames.flatMap((frame) => {
      if (frame[0] !== Protocol.ROOM_DATA) return [];
      const decoded = decodeRoomData(frame, Infinity);
      if (!decoded.ok) throw new Error(decoded.error.message);
      return [decoded.value];
    });
  }

  /** The view the messages received so far make: the first `view`, then each `view-patch` applied. */
  view(): TableView | null {
    let view: TableView | null = null;
    for (const { type, payload } of this.messages()) {
      if (type === 'view') view = payload as TableView;
      else if (type === 'view-patch' && view !== null) view = applyViewPatch(view, payload as TableViewPatch);
    }
    return view;
  }

  /** Waits until `done()` holds after a frame (or at once), at most `timeoutMs`. */
  waitFor(done: () => boolean, timeoutMs = 5_000): Promise<void> {
    return new Promise((resolve, reject) => {
      if (done()) return resolve();
      const timer = setTimeout(() => reject(new Error(`timed out (${this.frames.length} frames received)`)), timeoutMs);
      const listener = (): void => {
        if (!done()) return;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((other) => other !== listener);
        resolve();
      };
      this.listeners.push(listener);
    });
  }

  /** Closes the socket from this side (the test is over). */
  end(): void {
    this.socket.terminate();
  }
}

/** The close code of `raw` if it closes within `ms`, else 'still open'. */
function closedWithin(raw: RawJoin, ms: number): Promise<number | 'still open'> {
  return Promise.race([raw.closed, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);
}

/** `paigow_rate_limited_total{kind="ws-join-ack"}` now. */
async function unacknowledgedCount(): Promise<number> {
  return (await rateLimitedRequests.get()).values.find((value) => value.labels.kind === 'ws-join-ack')?.value ?? 0;
}

/** `tableId`'s room. */
function roomOf(tableId: string): TableRoom {
  return matchMaker.getLocalRoomById(tableId) as unknown as TableRoom;
}

/** What Colyseus holds for the client `sessionId` of `tableId`'s room until it has joined (`_enqueuedMessages`). */
function queuedFor(tableId: string, sessionId: string): Uint8Array[] {
  const clients = roomOf(tableId).clients as unknown as { sessionId: string; _enqueuedMessages?: Uint8Array[] }[];
  return clients.find((client) => client.sessionId === sessionId)?._enqueuedMessages ?? [];
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('clients that never acknowledge their join', () => {
  let store: TestStore | undefined;
  let server: ServerHandle | undefined;
  const clients: TestClient[] = [];
  const raws: RawJoin[] = [];
  const start = async (extra: Parameters<typeof startTestServer>[1] = {}): Promise<ServerHandle> => {
    store = createStore('sqlite');
    server = await startTestServer(store, extra);
    return server;
  };
  afterEach(async () => {
    for (const raw of raws.splice(0)) raw.end();
    for (const client of clients.splice(0)) await client.leave().catch(() => undefined);
    await server?.close();
    await store?.dispose();
    server = store = undefined;
  });

  it('are closed with 4408 once the deadline passes, counted and logged; a colyseus.js client is untouched', async () => {
    expect(JOIN_ACK_TIMEOUT_MS).toBe(10_000);
    const log = capturedLog('warn');
    const deadlineMs = 400;
    const srv = await start({ joinAckMs: deadlineMs, logger: log.logger });
    const [s, n] = await Promise.all([signIn(srv, 'Silent'), signIn(srv, 'Normal')]);
    const before = await unacknowledgedCount();
    const silent = await RawJoin.open(srv, 'small', s.token);
    raws.push(silent);
    const normal = await TestClient.join(srv, 'small', n.token, 'normal');
    clients.push(normal);
    // Before the fix: it stayed open (the transport's pings, which `ws` answers, kept it alive).
    expect(await closedWithin(silent, deadlineMs + 2_000)).toBe(JOIN_ACK_CLOSE_CODE);
    expect(await unacknowledgedCount()).toBe(before + 1);
    expect(log.lines().filter((line) => line.event === 'join-not-acknowledged')).toEqual([
      expect.objectContaining({ level: 'warn', tableId: 'small', playerId: s.player.id, ip: '127.0.0.1', timeoutMs: deadlineMs, closed: 1 }),
    ]);
    // Its place at the table is free: the table no longer counts its player.
    await expect.poll(() => srv.runners.get('small')?.current.players[s.player.id], { timeout: 2_000 }).toBeUndefined();
    // The colyseus.js client acknowledged at once: past the deadline it is open and plays.
    await sleep(deadlineMs);
    expect((await normal.act('sit', { seat: 0 })).you?.seat).toBe(0);
    expect(normal.received.filter((item) => item.kind === 'error')).toEqual([]);
  }, 20_000);

  it('give their place at a full table to a player who comes, before any watcher that has joined (a table lock)', async () => {
    // The production deadline: the places are made by the rule of a full room, not by the deadline.
    const srv = await start();
    const room = roomOf('fresh');
    room.maxClients = 4;
    try {
      const names = ['Sat', 'Raw1', 'Raw2', 'Raw3', 'New1', 'New2'];
      const [sat, r1, r2, r3, new1, new2] = await Promise.all(names.map((name) => signIn(srv, name)));
      const seated = await TestClient.join(srv, 'fresh', sat.token, 'sat');
      clients.push(seated);
      await seated.act('sit', { seat: 1 });
      const silent = [await RawJoin.open(srv, 'fresh', r1.token), await RawJoin.open(srv, 'fresh', r2.token), await RawJoin.open(srv, 'fresh', r3.token)];
      raws.push(...silent);
      expect(room.clients).toHaveLength(4);
      // Before the fix: `503 action/table-full` for as long as they stayed open.
      const one = await TestClient.join(srv, 'fresh', new1.token, 'new1');
      clients.push(one);
      expect(await closedWithin(silent[0], 2_000)).toBe(MADE_ROOM_CLOSE_CODE);
      // The newcomer, now a watcher that has joined, stays: the next one takes the place of a silent client, which
      // counts as the one waiting longest.
      const two = await TestClient.join(srv, 'fresh', new2.token, 'new2');
      clients.push(two);
      expect(await closedWithin(silent[1], 2_000)).toBe(MADE_ROOM_CLOSE_CODE);
      expect(await closedWithin(silent[2], 10)).toBe('still open');
      expect((await two.act('sit', { seat: null })).you?.seat).not.toBeNull();
      // The watcher that joined and the seated player were never closed.
      await expect.poll(() => room.clients.length, { timeout: 2_000 }).toBe(4);
      for (const kept of [seated, one]) expect(kept.unrequestedErrors).toEqual([]);
      expect((await seated.act('bet', { spot: 'main', amountCents: 100 })).you?.seat).toBe(1);
      expect((await one.act('sit', { seat: null })).you?.seat).not.toBeNull();
    } finally {
      room.maxClients = 200;
    }
  }, 20_000);

  it('count as watchers for admission control: at the player limit a player coming in takes the place of one past its grace', async () => {
    const graceMs = 300;
    // The production deadline: the place is made by admission control, not by the deadline.
    const srv = await start({ admission: { maxPlayers: 3, maxEventLoopLagMs: 3_600_000, watcherGraceMs: graceMs } });
    const [r0, r1, r2, p] = await Promise.all(['Raw0', 'Raw1', 'Raw2', 'Pat'].map((name) => signIn(srv, name)));
    const silent = [await RawJoin.open(srv, 'small', r0.token), await RawJoin.open(srv, 'fresh', r1.token), await RawJoin.open(srv, 'small', r2.token)];
    raws.push(...silent);
    await sleep(graceMs + 100);
    // Before the fix: `server/overloaded: this server is full (3 players)`, and none of them closed.
    const pat = await TestClient.join(srv, 'wide', p.token, 'pat');
    clients.push(pat);
    expect(await closedWithin(silent[0], 2_000)).toBe(MADE_ROOM_CLOSE_CODE);
    expect((await pat.act('sit', { seat: 0 })).you?.seat).toBe(0);
    expect(srv.admission.refusals).toBe(0);
    // One place for one player: the others stay (until their deadline).
    expect(await closedWithin(silent[1], 300)).toBe('still open');
    expect(await closedWithin(silent[2], 10)).toBe('still open');
  }, 20_000);

  it('are queued no view but their first and no answer while they do not acknowledge; acknowledging, one patch brings them up to date', async () => {
    const srv = await start({ limits: TEST_RATE_LIMITS });
    const [b, s] = await Promise.all([signIn(srv, 'Bets'), signIn(srv, 'Silent')]);
    const bettor = await TestClient.join(srv, 'small', b.token, 'bets');
    clients.push(bettor);
    await bettor.act('sit', { seat: 2 });
    const silent = await RawJoin.open(srv, 'small', s.token);
    raws.push(silent);
    const queue = (): Uint8Array[] => queuedFor('small', silent.sessionId);
    const queued = queue().length;
    const queuedBytes = queue().reduce((sum, frame) => sum + frame.byteLength, 0);
    expect(queued).toBeGreaterThan(0);
    // The others' views are sent at most 50 ms after a change: each bet here is another view for the silent client.
    for (let i = 1; i <= 20; i++) {
      await bettor.act('bet', { spot: 'main', amountCents: 100 * i });
      silent.send('ping', { requestId: `p${i}` });
      await sleep(70);
    }
    // Before the fix: a patch for each bet and a pong for each ping waited in the queue (76 MB in 40 s for 180 such clients).
    expect(queue().length).toBe(queued);
    expect(queue().reduce((sum, frame) => sum + frame.byteLength, 0)).toBe(queuedBytes);
    expect(silent.messages()).toEqual([]);
    // Acknowledged: its first view, then what changed since, in one patch; the pings before it were never read.
    silent.ack();
    await silent.waitFor(() => silent.view()?.seats[2]?.bets.main === 2_000);
    const types = silent.messages().map((message) => message.type);
    expect(types[0]).toBe('view');
    expect(types.filter((type) => type === 'view-patch')).toHaveLength(1);
    expect(types).not.toContain('pong');
    // From then on it is a client as any other.
    await bettor.act('bet', { spot: 'main', amountCents: 300 });
    await silent.waitFor(() => silent.view()?.seats[2]?.bets.main === 300);
    silent.send('ping', { requestId: 'after' });
    await silent.waitFor(() => silent.messages().some((message) => message.type === 'pong'));
    expect(await closedWithin(silent, 10)).toBe('still open');
  }, 20_000);
});
