/**
 * A join while Redis, the deployment's coordination store, is out of reach (an operator's finding): the player was told
 * "the table is moving to another server", which is untrue and sent it to another table (every one fails alike). Such
 * a join is refused with its own code, `server/coordination-unavailable` (503, `Retry-After`), at once while the
 * process's Redis clients are not connected, and when a join's call to the table failed while Redis went away; a
 * table that does not answer while Redis does is still "moving" (also matchmaking.test.ts). Runs when Redis answers at
 * REDIS_URL or 127.0.0.1:6379, through a relay that is cut (`RedisCutter`).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { matchMaker } from '@colyseus/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RedisCutter } from '../cluster/soak-tools.js';
import { JOIN_REDIS_TIMEOUT_MS } from './redis-presence.js';
import { createLogger } from '../log/index.js';
import type { ServerHandle } from '../server.js';
import { createStore, redisAnswers, signIn, startTestServer, TEST_REDIS_URL as REDIS_URL, type TestStore } from '../testing/harness.js';

const available = await redisAnswers(REDIS_URL);
if (!available) console.log(`the joins while Redis is away did not run: no Redis at ${REDIS_URL}`);

/** The answer the player gets. */
const COORDINATION_ANSWER = {
  status: 503,
  // Its own code: 4213 is a table moving's (Colyseus' MATCHMAKE_UNHANDLED), which it shared.
  body: { code: 4503, error: 'server/coordination-unavailable: the service cannot reach its coordination store right now; try again in a few seconds' },
  retryAfter: '2',
};

/** POST /matchmake/joinById/<tableId>: the status, the answer, its Retry-After and how long it took, ms. */
async function join(server: ServerHandle, tableId: string, token: string): Promise<{ status: number; body: unknown; retryAfter: string | null; ms: number }> {
  const started = Date.now();
  const response = await fetch(`${server.url}/matchmake/joinById/${tableId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  return { status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after'), ms: Date.now() - started };
}

/** A redis-server of this test's own on a free port (one it can freeze: SIGSTOP), and how to end it. */
async function ownRedis(): Promise<{ url: string; pid: number; resume: () => void; stop: () => void }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], { stdio: 'ignore' });
  const url = `redis://127.0.0.1:${port}`;
  await expect.poll(() => redisAnswers(url), { timeout: 5_000, interval: 50 }).toBe(true);
  return {
    url,
    pid: child.pid!,
    resume: () => child.kill('SIGCONT'),
    stop: () => child.kill('SIGKILL'),
  };
}

describe.skipIf(!available)('a join while Redis is away', () => {
  let store: TestStore | undefined;
  let cutter: RedisCutter | undefined;
  let server: ServerHandle | undefined;
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: 'info',
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    }),
  });
  afterEach(async () => {
    cutter?.restore();
    await server?.close();
    await cutter?.close();
    await store?.dispose();
    store = cutter = server = undefined;
    lines.length = 0;
  });

  async function start(): Promise<{ server: ServerHandle; cutter: RedisCutter }> {
    store = createStore('sqlite');
    cutter = await RedisCutter.start(REDIS_URL);
    server = await startTestServer(store, { redisUrl: cutter.url, redisPrefix: `test-${randomBytes(4).toString('hex')}:`, logger });
    return { server, cutter };
  }

  it('is refused at once with server/coordination-unavailable, not "the table is moving"', async () => {
    const { server, cutter } = await start();
    const session = await signIn(server, 'Patient');
    cutter.cut();
    // A client noticed (a redis-error line at its first failed reconnection): one not ready is enough to refuse a join.
    // Not all three: the driver's, idle, may reconnect without a line (CI's: 2 lines in 10 s on a loaded machine).
    await expect.poll(() => lines.filter((line) => line.event === 'redis-error').length, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(1);
    const answer = await join(server, 'small', session.token);
    expect({ status: answer.status, body: answer.body, retryAfter: answer.retryAfter }).toEqual(COORDINATION_ANSWER);
    // It waited 10 to 42 s for ioredis' retries, then said "the server could not reach the table".
    expect(answer.ms).toBeLessThan(1_000);
    // Redis back: the join is taken again.
    cutter.restore();
    await expect.poll(async () => (await join(server, 'small', session.token)).status, { timeout: 15_000, interval: 200 }).toBe(200);
  }, 60_000);

  // The tester's partition: a Redis that stops answering without closing its connections (SIGSTOP) held each join until
  // nginx gave up on it (10 s) and took the process out; it is refused as when Redis refuses connections.
  it('is refused within about JOIN_REDIS_TIMEOUT_MS while Redis is frozen, and taken once it answers', async () => {
    const frozen = await ownRedis();
    try {
      store = createStore('sqlite');
      server = await startTestServer(store, { redisUrl: frozen.url, logger });
      const session = await signIn(server, 'Frozen');
      process.kill(frozen.pid, 'SIGSTOP');
      const answer = await join(server, 'small', session.token);
      expect({ status: answer.status, body: answer.body, retryAfter: answer.retryAfter }).toEqual(COORDINATION_ANSWER);
      expect(answer.ms).toBeLessThan(JOIN_REDIS_TIMEOUT_MS + 1_000);
      process.kill(frozen.pid, 'SIGCONT');
      const started = Date.now();
      await expect.poll(async () => (await join(server!, 'small', session.token)).status, { timeout: 2_000, interval: 100 }).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      frozen.resume();
      await server?.close();
      server = undefined;
      frozen.stop();
    }
  }, 15_000);

  // The reviewer's: a join while one connection reconnected (Redis closed it and answers, as after CLIENT KILL or an idle
  // timeout) was refused server/coordination-unavailable; it waits for the reconnection now (REACH_GRACE_MS).
  it('is taken while a connection Redis closed reconnects', async () => {
    const { server, cutter } = await start();
    const session = await signIn(server, 'Blip');
    for (let attempt = 0; attempt < 3; attempt++) {
      cutter.cut();
      await new Promise((resolve) => setTimeout(resolve, 30)); // the clients see their connections close, and retry in 50 ms
      cutter.restore();
      const answer = await join(server, 'small', session.token);
      expect({ attempt, status: answer.status }).toEqual({ attempt, status: 200 });
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }, 60_000);

  it('whose table\'s answer was lost with Redis gets server/coordination-unavailable, not "the table is moving"', async () => {
    const { server, cutter } = await start();
    const session = await signIn(server, 'Unlucky');
    // A table hosted elsewhere; Redis goes away as the join's request is published to it, so no answer comes (2 s).
    const ghost = matchMaker.driver.createInstance({ roomId: 'ghost', name: 'table', processId: 'elsewhere', clients: 0, maxClients: 7 });
    await ghost.save();
    const presence = matchMaker.presence;
    const publish = presence.publish.bind(presence);
    presence.publish = (topic, data) => {
      if (topic === '$ghost') cutter.cut();
      return publish(topic, data);
    };
    const answer = await join(server, 'ghost', session.token);
    expect({ status: answer.status, body: answer.body, retryAfter: answer.retryAfter }).toEqual(COORDINATION_ANSWER);
    cutter.restore();
    await ghost.remove();
  }, 60_000);

  it('with Redis there, a table that does not answer is still moving', async () => {
    const { server } = await start();
    const session = await signIn(server, 'Mover');
    const ghost = matchMaker.driver.createInstance({ roomId: 'ghost', name: 'table', processId: 'elsewhere', clients: 0, maxClients: 7 });
    await ghost.save();
    try {
      const answer = await join(server, 'ghost', session.token);
      expect({ status: answer.status, body: answer.body, retryAfter: answer.retryAfter }).toEqual({
        status: 503,
        body: { code: 4213, error: 'action/unavailable: the table is moving to another server; try again in a few seconds' },
        retryAfter: '2',
      });
    } finally {
      await ghost.remove();
    }
  }, 60_000);

  it('with Redis there, a session check the database did not answer is not Redis', async () => {
    // A reviewer's finding: PostgreSQL's own faults (ECONNREFUSED, 57P01) were read as Redis's, and every join of a
    // cluster whose database restarted was told the coordination store was out of reach.
    const { server } = await start();
    const session = await signIn(server, 'Checked');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const check = vi.spyOn(server.players, 'resumeSession').mockRejectedValueOnce(refused);
    try {
      const answer = await join(server, 'small', session.token);
      expect({ status: answer.status, body: answer.body, retryAfter: answer.retryAfter }).toEqual({
        status: 503,
        body: { code: 4213, error: 'action/unavailable: the server could not reach the table; try again in a few seconds' },
        retryAfter: '2',
      });
    } finally {
      check.mockRestore();
    }
  }, 60_000);
});
