/**
 * The short parts of the cluster soak (issue 13 point 8; docs/operations.md "Soak"; the long ones are
 * `npm run soak -- cluster`): processes started at once never give a table two rooms, and a Redis cut while
 * players play through nginx ends no process and loses no round. Runs when PostgreSQL (`DATABASE_URL`),
 * Redis and nginx are here; otherwise it is reported as not run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServer, nginxHere, redisAnswers, TEST_REDIS_URL as REDIS_URL } from '../testing/harness.js';
import { ledgerCheck, playingCluster, redisCutCheck, startsCheck } from './soak.js';

const DATABASE_URL = process.env.DATABASE_URL;
const enabled = DATABASE_URL !== undefined && (await redisAnswers(REDIS_URL)) && nginxHere();
if (!enabled) console.log('cluster soak tests did not run: they need DATABASE_URL, Redis and nginx (apt-get install -y nginx)');

describe.skipIf(!enabled)('the cluster soak, short (PostgreSQL, Redis, nginx)', () => {
  beforeAll(buildServer, 120_000);

  it('6 processes started at once: never two rooms for one table at any instant, then every table hosted once and joined through the front', async () => {
    const result = await startsCheck({ processes: 6, tables: 12, databaseUrl: DATABASE_URL!, redisUrl: REDIS_URL });
    expect(result.failures).toEqual([]);
    expect(result.samples).toBeGreaterThan(10);
    expect(result.maxRoomsPerTable).toBe(1);
    expect(result.joined).toBe(12);
    expect(result.hosts).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it('Redis cut for 3 s and restored while players play: no process exits, play comes back, every round settled once or refunded, the ledger at zero', async () => {
    const playing = await playingCluster({ databaseUrl: DATABASE_URL!, redisUrl: REDIS_URL, tables: 2, playersPerTable: 2 });
    try {
      const cut = await redisCutCheck(playing, 3_000, 0);
      expect(cut.failures).toEqual([]);
      expect(cut.cutConnections).toBeGreaterThan(0);
      const ledger = await ledgerCheck(playing);
      expect(ledger.failures).toEqual([]);
      expect(ledger.stoodUp).toBe(0);
      expect(ledger.rounds.open).toBe(0);
      expect(ledger.sumCents).toBe(0);
      expect(ledger.rounds.settled).toBeGreaterThan(0);
    } finally {
      await playing.stop();
    }
  }, 180_000);
});
