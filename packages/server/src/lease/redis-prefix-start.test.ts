/**
 * Every process of a deployment on one Redis prefix (docs/operations.md "A cluster"; an operator's finding): one
 * process restarted with another `PAIGOW_REDIS_PREFIX` saw none of its peers' rooms, nor they its own; one join in
 * three through the front failed `503 the table is moving`, over every table, nothing logged and `/readyz` 200
 * everywhere. Now a process whose prefix differs from a live peer's on the same database is refused at its start.
 * Runs when Redis answers.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { claimRedisPrefix, ServerStartError } from '../server.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { redisAnswers, serversPerTest, TEST_REDIS_URL as REDIS_URL } from '../testing/harness.js';
import { registerInstance } from './lease.js';
import { liveInstances } from './table-hosts.js';

const available = await redisAnswers(REDIS_URL);
if (!available) console.log(`the Redis prefix start test did not run: nothing answers at ${REDIS_URL}`);

describe.skipIf(!available)('a process started with another Redis prefix than its live peers', () => {
  const servers = serversPerTest('sqlite');

  it('is refused at its start, naming both prefixes; once the peer has stopped, it starts', async () => {
    const run = randomBytes(4).toString('hex');
    const [first, second] = [`test-${run}-a:`, `test-${run}-b:`];
    const peer = await servers.start({ redisUrl: REDIS_URL, redisPrefix: first });
    const refused: unknown = await servers.start({ redisUrl: REDIS_URL, redisPrefix: second }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServerStartError);
    expect((refused as ServerStartError).code).toBe('redis-prefix-differs');
    expect((refused as ServerStartError).message).toContain(`${second} differs from ${first}`);
    expect((refused as ServerStartError).message).toContain(`PAIGOW_REDIS_PREFIX to ${first}`);

    await peer.close();
    const started = await servers.start({ redisUrl: REDIS_URL, redisPrefix: second });
    expect((await fetch(`${started.url}/readyz`)).status).toBe(200);
  });
});

describe('two processes started at the same moment with different Redis prefixes', () => {
  it('are not both let start: at least one is refused, and its prefix is not left recorded', async () => {
    // Reviewer: the peers were read before the prefix was recorded, so two starts at the same moment each found none.
    const backend = TEST_BACKENDS[0];
    const database = await backend.open();
    try {
      const nowMs = Date.now();
      await registerInstance(database, 'process-a', nowMs);
      await registerInstance(database, 'process-b', nowMs);
      const claims = await Promise.allSettled([claimRedisPrefix(database, 'process-a', 'a:', nowMs, 15_000), claimRedisPrefix(database, 'process-b', 'b:', nowMs, 15_000)]);
      const refused = claims.filter((claim) => claim.status === 'rejected');
      expect(refused.length).toBeGreaterThan(0);
      for (const claim of refused) expect((claim.reason as ServerStartError).code).toBe('redis-prefix-differs');
      const recorded = (await liveInstances(database, nowMs, 15_000)).map((instance) => instance.redisPrefix).filter((prefix) => prefix !== null);
      expect(new Set(recorded).size).toBeLessThanOrEqual(1);
    } finally {
      await backend.close(database);
    }
  });
});
