/**
 * Matchmaking without an account (issue 10 point 13; docs/server.md "Matchmaking"): the only route is
 * joining an existing table by id with a valid session token. Without one nothing is reserved, so a
 * flood of such requests never locks a table; rooms are never created over HTTP, and never twice for a
 * table id. A table whose room does not answer (its host died, or is moving it) gets a fixed answer: Colyseus'
 * error quoted the call's arguments, the player's session token and address among them.
 */
import { describe, expect, it, vi } from 'vitest';
import { matchMaker } from '@colyseus/core';
import { createLogger } from '../log/index.js';
import type { ServerHandle } from '../server.js';
import { signIn, serverForSuite, STORE_BACKENDS, TestClient } from '../testing/harness.js';
import { withoutArguments } from './join-failures.js';

/** POST /matchmake/<path> with a JSON body; the status and the parsed answer. */
async function matchmake(server: ServerHandle, path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown>; retryAfter?: string }> {
  const response = await fetch(`${server.url}/matchmake/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const retryAfter = response.headers.get('retry-after');
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, ...(retryAfter === null ? {} : { retryAfter }) };
}

/** The seats reserved and the clients connected at table `tableId` (this process's room). */
function occupancy(tableId: string): { reserved: number; clients: number } {
  const room = matchMaker.getLocalRoomById(tableId) as unknown as { reservedSeats: Record<string, unknown>; clients: unknown[] };
  return { reserved: Object.keys(room.reservedSeats).length, clients: room.clients.length };
}

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`matchmaking on ${backend.name} (issue 10 point 13)`, () => {
    const suite = serverForSuite(backend.name);

    it('reserves nothing without a valid token: 200 such joins leave the table open to a real player', async () => {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => matchmake(suite.server, 'joinById/small', i % 2 === 0 ? {} : { token: 'f'.repeat(64) })),
      );
      for (const answer of answers) {
        expect(answer.body.sessionId).toBeUndefined();
        expect(String(answer.body.error)).toMatch(/^auth\/invalid-session: /);
      }
      expect(occupancy('small')).toEqual({ reserved: 0, clients: 0 });
      const session = await signIn(suite.server, 'Real');
      const client = await TestClient.join(suite.server, 'small', session.token, 'real');
      expect(client.view.you?.playerId).toBe(session.player.id);
      await client.leave();
    });

    it('refuses every route that would create a room, and never makes a second room for a table', async () => {
      const session = await signIn(suite.server, 'Maker');
      for (const method of ['create', 'joinOrCreate', 'join', 'reconnect']) {
        for (const body of [{ token: session.token }, { token: session.token, tableId: 'small' }, { token: session.token, tableId: 'nope' }]) {
          const answer = await matchmake(suite.server, `${method}/table`, body, session.token);
          expect(answer.status, method).toBe(404);
          expect(answer.body, method).toMatchObject({ error: expect.stringMatching(/^action\/unknown: /) });
        }
      }
      const rooms = await matchMaker.query({ name: 'table' });
      expect(rooms.map((room) => room.roomId).sort()).toEqual([...suite.server.runners.keys()].sort());
      // A table that does not exist is not made either.
      const unknown = await matchmake(suite.server, 'joinById/nope', { token: session.token });
      expect(unknown.body).toMatchObject({ code: 4212 });
      expect(await matchMaker.query({ roomId: 'nope' })).toEqual([]);
    });

    it('answers every refusal with its HTTP status and a typed error, as colyseus.js reads them', async () => {
      // An attacker's finding: an unknown table was Colyseus' untyped `room "table-9" not found`, and every refusal was a 200.
      const session = await signIn(suite.server, 'Refused');
      expect(await matchmake(suite.server, 'joinById/table-9', { token: session.token })).toEqual({
        status: 404,
        body: { code: 4212, error: 'action/unknown: there is no table table-9' },
      });
      expect(await matchmake(suite.server, 'joinById/small', {})).toEqual({ status: 401, body: { code: 4401, error: 'auth/invalid-session: sign in first: no session token' } });
      expect(await matchmake(suite.server, 'joinById/small', [])).toEqual({ status: 400, body: { code: 4217, error: 'action/invalid: the join options must be a JSON object' } });
      // A tester's finding: a `null` body was taken for `{}` and answered 401 auth/invalid-session.
      for (const body of [null, 5, 'x']) {
        expect(await matchmake(suite.server, 'joinById/small', body), JSON.stringify(body)).toEqual({ status: 400, body: { code: 4217, error: 'action/invalid: the join options must be a JSON object' } });
      }
      // colyseus.js rejects a join with the status as its code and the typed error as its message.
      await expect(TestClient.join(suite.server, 'table-9', session.token)).rejects.toMatchObject({ code: 404, message: 'action/unknown: there is no table table-9' });
      await expect(TestClient.join(suite.server, 'small', 'f'.repeat(64))).rejects.toMatchObject({ code: 401, message: expect.stringMatching(/^auth\/invalid-session: /) });
    });

    it('does not repeat an id no table can have, and refuses a body or a path it cannot read in the same shape', async () => {
      // An attacker's: a NUL, escape codes, a right-to-left override or 3,000 characters came back in the message colyseus.js shows.
      const session = await signIn(suite.server, 'Odd ids');
      for (const id of ['%00', '%1b%5b31mRED%1b%5b0m', '%E2%80%AEevil', 'A'.repeat(3_000), 'table%201']) {
        expect(await matchmake(suite.server, `joinById/${id}`, { token: session.token }), id.slice(0, 20)).toEqual({
          status: 404,
          body: { code: 4212, error: 'action/unknown: there is no such table' },
        });
      }
      // They were the API's `{ error: { code, message } }` (colyseus.js read an object as the message), the path's in Express' words.
      const raw = async (path: string, body: string): Promise<[number, unknown]> => {
        const response = await fetch(`${suite.server.url}/matchmake/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        return [response.status, await response.json()];
      };
      expect(await raw('joinById/small', 'nope')).toEqual([400, { code: 4217, error: 'action/invalid: the body is not a JSON object' }]);
      expect(await raw('joinById/%E0%A4%A', '{}')).toEqual([400, { code: 4217, error: 'action/invalid: the path is not valid percent-encoding' }]);
      const page = await fetch(`${suite.server.url}/%`);
      expect([page.status, await page.json()]).toEqual([400, { error: { code: 'action/invalid', message: 'the path is not valid percent-encoding' } }]);
      // Before: an unknown API path answered 404 "no such API endpoint" instead.
      const api = await fetch(`${suite.server.url}/api/%zz`);
      expect([api.status, await api.json()]).toEqual([400, { error: { code: 'action/invalid', message: 'the path is not valid percent-encoding' } }]);
    });

    it('answers a token check the database did not answer as a failure: 503, typed, its message not shown', async () => {
      // Before: 200 with the database's own message as the error, without a typed code.
      const session = await signIn(suite.server, 'Unchecked');
      const check = vi.spyOn(suite.server.players, 'resumeSession').mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
      try {
        expect(await matchmake(suite.server, 'joinById/small', { token: session.token })).toEqual({
          status: 503,
          body: { code: 4213, error: 'action/unavailable: the server could not reach the table; try again in a few seconds' },
          retryAfter: '2',
        });
      } finally {
        check.mockRestore();
      }
      expect((await matchmake(suite.server, 'joinById/small', { token: session.token })).status).toBe(200);
    });
  });
}

describe('a join whose table does not answer (docs/server.md "Table hosting")', () => {
  const lines: string[] = [];
  const suite = serverForSuite('sqlite', { logger: createLogger({ level: 'info', destination: { write: (line: string) => void lines.push(line) } }) });

  it('answers a fixed sentence without the token, and logs one line without the call\'s arguments', async () => {
    // A listing whose host is elsewhere and never answers: the remote call times out (2 s), as during a failover.
    const ghost = matchMaker.driver.createInstance({ roomId: 'ghost', name: 'table', processId: 'gone', clients: 0, maxClients: 7 });
    await ghost.save();
    try {
      const session = await signIn(suite.server, 'Waiting');
      const answer = await matchmake(suite.server, 'joinById/ghost', { token: session.token });
      expect(answer).toEqual({ status: 503, body: { code: 4213, error: 'action/unavailable: the table is moving to another server; try again in a few seconds' }, retryAfter: '2' });
      const logged = lines.filter((line) => line.includes('"join-failed"'));
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0]!)).toMatchObject({ level: 'warn', tableId: 'ghost', err: { message: 'remote room (ghost) timed out, requesting "reserveSeatFor". (2000ms exceeded)' } });
      for (const text of [JSON.stringify(answer), ...lines]) {
        expect(text).not.toContain(session.token);
        expect(text).not.toContain('127.0.0.1');
      }
    } finally {
      await ghost.remove();
    }
  });

  it('withoutArguments drops what Colyseus quotes, whatever a nickname holds', () => {
    const args = JSON.stringify([{ player: { nickname: 'x". (y' }, ip: '10.0.0.1' }, { token: 'secret' }]);
    expect(withoutArguments(`remote room (t) timed out, requesting "reserveSeatFor with args ${args}". (2000ms exceeded)`)).toBe('remote room (t) timed out, requesting "reserveSeatFor". (2000ms exceeded)');
    expect(withoutArguments(`cut short with args ${args}`)).toBe('cut short (arguments removed)');
    expect(withoutArguments('the database did not answer')).toBe('the database did not answer');
  });
});
