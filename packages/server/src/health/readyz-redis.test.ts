/**
 * An operator's finding: with Redis refusing connections (ECONNREFUSED: the relay in front of it was killed), `/readyz`
 * answered after 2 s with `no answer within 2000 ms`, the reason of a Redis whose packets are dropped, while the log
 * said `connect ECONNREFUSED`. A Redis client not connected fails the check at once, its reason the client's last
 * connection error (`RedisReach.notConnected`, docs/operations.md "Health"). The server's part runs when Redis answers at REDIS_URL or
 * 127.0.0.1:6379, through a relay that is closed (`RedisCutter`).
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisCutter } from '../cluster/soak-tools.js';
import { RedisReach } from '../rooms/redis-presence.js';
import type { ServerHandle } from '../server.js';
import { createStore, redisAnswers, startTestServer, TEST_REDIS_URL as REDIS_URL, type TestStore } from '../testing/harness.js';

/** An ioredis client as far as `RedisReach` goes. */
class FakeClient extends EventEmitter {
  status = 'ready';
}

describe('RedisReach.notConnected (what /readyz says of Redis before it asks it anything)', () => {
  it('names a client not connected by its last connection error, or its state, and nothing once all are connected', () => {
    const pub = new FakeClient();
    const sub = new FakeClient();
    const driver = new FakeClient();
    const reach = new RedisReach([pub, sub, driver]);
    expect(reach.notConnected()).toBeNull();
    pub.status = 'reconnecting';
    pub.emit('error', new Error('connect ECONNREFUSED 127.0.0.1:2626'));
    expect(reach.notConnected()).toBe('connect ECONNREFUSED 127.0.0.1:2626');
    // Connected again: the error is forgotten.
    pub.status = 'ready';
    pub.emit('ready');
    expect(reach.notConnected()).toBeNull();
    driver.status = 'connecting';
    expect(reach.notConnected()).toBe('Redis is not connected (connecting)');
  });
});

const available = await redisAnswers(REDIS_URL);
if (!available) console.log(`/readyz with Redis refusing connections did not run: no Redis at ${REDIS_URL}`);

describe.skipIf(!available)('/readyz while Redis refuses connections', () => {
  let store: TestStore | undefined;
  let cutter: RedisCutter | undefined;
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    await cutter?.close();
    await store?.dispose();
    store = cutter = server = undefined;
  });

  it('answers 503 at once, the reason ECONNREFUSED, not "no answer within 2000 ms"', async () => {
    store = createStore('sqlite');
    cutter = await RedisCutter.start(REDIS_URL);
    server = await startTestServer(store, { redisUrl: cutter.url, redisPrefix: `test-${randomBytes(4).toString('hex')}:` });
    const readyz = async (): Promise<{ status: number; body: { checks: { redis?: { ok: boolean; reason?: string } } }; ms: number }> => {
      const started = Date.now();
      const response = await fetch(`${(server as ServerHandle).url}/readyz`);
      return { status: response.status, body: (await response.json()) as { checks: { redis?: { ok: boolean; reason?: string } } }, ms: Date.now() - started };
    };
    await expect.poll(async () => (await readyz()).status, { timeout: 10_000, interval: 100 }).toBe(200);
    // The relay killed: nothing listens on its port, each reconnection is refused.
    await cutter.close();
    await expect.poll(async () => (await readyz()).body.checks.redis?.reason ?? '', { timeout: 10_000, interval: 100 }).toMatch(/ECONNREFUSED/);
    const refused = await readyz();
    expect(refused.status).toBe(503);
    expect(refused.body.checks.redis).toMatchObject({ ok: false, reason: expect.stringMatching(/^connect ECONNREFUSED 127\.0\.0\.1:\d+$/) });
    expect(refused.ms).toBeLessThan(1_000);
  }, 60_000);
});
