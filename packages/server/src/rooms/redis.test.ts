/**
 * Scale-out plumbing (architecture.md: Colyseus RedisPresence + RedisDriver): a server started with a Redis
 * URL registers its rooms in Redis and plays a round. Runs when Redis answers at REDIS_URL or the local
 * default (127.0.0.1:6379, which `.ci/run` starts); otherwise it is reported as not run.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../server.js';
import { createStore, redisAnswers, signIn, startTestServer, TestClient, TEST_REDIS_URL as REDIS_URL, type TestStore } from '../testing/harness.js';

const available = await redisAnswers(REDIS_URL);
if (!available) console.log(`Redis scale-out test did not run: nothing answers at ${REDIS_URL}`);

describe.skipIf(!available)('a server on RedisPresence + RedisDriver', () => {
  let store: TestStore;
  let server: ServerHandle;
  beforeAll(async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { redisUrl: REDIS_URL });
  });
  afterAll(async () => {
    await server.close();
    await store.dispose();
  });

  it('plays a round; the ledger balances', async () => {
    const session = await signIn(server, 'Redis Rae');
    const rae = await TestClient.join(server, 'small', session.token, 'rae');
    try {
      await rae.act('sit', { seat: null });
      await rae.act('bet', { spot: 'main', amountCents: 1_000 });
      const dealt = await rae.act('deal');
      expect(dealt.you?.cards).toHaveLength(7);
      const settled = await rae.act('house-way');
      const mine = settled.lastRound!.players.find((p) => p.you)!;
      expect(settled.you?.balanceCents).toBe(100_000 + mine.netCents);
      expect(await server.ledger.sumOfBalances()).toBe(0);
    } finally {
      await rae.leave();
    }
  });
});
