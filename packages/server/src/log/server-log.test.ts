/**
 * Issue 11 point 8: the server writes one JSON line per event (time, level, and the table, round and
 * player where they apply), an audit trail of sign-ins, rounds dealt and rounds settled at `info`, and
 * one line, without a stack, for a client's mistake (a WebSocket on a path that is no room), at most one every 5 s.
 */
import { Writable } from 'node:stream';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStore, signIn, startTestServer, TestClient, type TestStore } from '../testing/harness.js';
import type { ServerHandle } from '../server.js';
import { createLogger } from './index.js';

describe('the server log', () => {
  let store: TestStore;
  let server: ServerHandle;
  const chunks: string[] = [];
  const lines = (): Record<string, unknown>[] =>
    chunks
      .join('')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    store = createStore('sqlite');
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    server = await startTestServer(store, { logger: createLogger({ level: 'info', destination }), log: undefined });
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
  });

  it('keeps an audit trail of sign-ins, rounds dealt and rounds settled at info, with their ids', async () => {
    const session = await signIn(server, 'Logan');
    const client = await TestClient.join(server, 'small', session.token, 'logan');
    try {
      await client.act('sit', { seat: 1 });
      await client.act('bet', { spot: 'main', amountCents: 1_000 });
      const dealt = await client.act('deal');
      await client.act('house-way');
      const all = lines();
      for (const line of all) {
        expect(new Date(line.time as string).toISOString()).toBe(line.time);
        expect(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).toContain(line.level);
      }
      expect(all.find((line) => line.event === 'sign-in')).toMatchObject({ level: 'info', playerId: session.player.id });
      const dealtLine = all.find((line) => line.event === 'round-dealt');
      expect(dealtLine).toMatchObject({ level: 'info', tableId: 'small', roundId: dealt.roundId, players: [session.player.id], wageredCents: 1_000 });
      const settledLine = all.find((line) => line.event === 'round-settled');
      expect(settledLine).toMatchObject({ level: 'info', tableId: 'small', roundId: dealt.roundId });
      const mine = (await client.waitForView((view) => view.lastRound?.roundId === dealt.roundId)).lastRound?.players.find((p) => p.you);
      expect(settledLine?.players).toEqual([{ playerId: session.player.id, outcome: mine?.outcome, netCents: mine?.netCents }]);
    } finally {
      await client.leave();
    }
  });

  it('logs WebSockets on a path that is no room as one warn line (a second within 5 s is only counted), no stack, nothing on the console', async () => {
    const consoleCalls = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'log'), vi.spyOn(console, 'info')];
    const before = lines().length;
    try {
      for (const path of ['/bogus', '/nope/nothing?sessionId=x']) {
        await new Promise<void>((resolve) => {
          const socket = new WebSocket(`ws://127.0.0.1:${server.port}${path}`);
          socket.on('close', () => resolve());
          socket.on('error', () => resolve());
        });
      }
      await vi.waitFor(() => expect(lines().length).toBeGreaterThanOrEqual(before + 1));
      const added = lines().slice(before);
      expect(added).toHaveLength(1);
      for (const line of added) {
        expect(line).toMatchObject({
          level: 'warn',
          source: 'colyseus',
          event: 'client-mistake',
          msg: 'a WebSocket without a valid seat reservation (its path names no room here, or no reservation of it)',
          err: { type: 'ClientMistake', message: 'Error: seat reservation expired.' },
        });
        expect(line).not.toHaveProperty('stack');
      }
      for (const spy of consoleCalls) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of consoleCalls) spy.mockRestore();
    }
  });
});

describe('the server log at LOG_LEVEL=debug', () => {
  it('writes one message line per table message, with the refusal code, whether the table or an earlier check refused it', async () => {
    const store = createStore('sqlite');
    const chunks: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    });
    const server = await startTestServer(store, { logger: createLogger({ level: 'debug', destination }), log: undefined });
    try {
      const session = await signIn(server, 'Debra');
      const client = await TestClient.join(server, 'small', session.token, 'debra');
      await client.act('sit', { seat: 0 });
      const unknown = client.send('no-such-message');
      const badHint = client.send('hint', { roundId: 'none' });
      for (const requestId of [unknown, badHint]) await client.waitFor((r) => r.kind === 'error' && r.error.requestId === requestId);
      await client.leave();
      const messages = chunks
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.event === 'message');
      expect(messages.map((line) => [line.type, line.refused])).toEqual([
        ['sit', null],
        ['no-such-message', 'action/unknown'],
        ['hint', expect.any(String)],
      ]);
      for (const line of messages) expect(line).toMatchObject({ level: 'debug', tableId: 'small', playerId: session.player.id });
    } finally {
      await server.close();
      await store.dispose();
    }
  });
});
