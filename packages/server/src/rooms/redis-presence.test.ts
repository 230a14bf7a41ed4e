/**
 * Two deployments on one Redis (issue 13 point 7): every key and channel under the deployment's prefix.
 * Runs when Redis answers at REDIS_URL or 127.0.0.1:6379 (as `redis.test.ts`).
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { matchMaker, Presence } from '@colyseus/core';
import { RedisPresence } from '@colyseus/redis-presence';
import { checkRedisPrefix, defaultRedisPrefix, prefixedRedis } from './redis-presence.js';
import { redisAnswers, TEST_REDIS_URL as REDIS_URL } from '../testing/harness.js';

const available = await redisAnswers(REDIS_URL);

/** What `channel` published by `from` delivers to `to` within 300 ms. */
async function delivered(from: Presence, to: Presence, channel: string): Promise<unknown[]> {
  const got: unknown[] = [];
  await to.subscribe(channel, (message: unknown) => got.push(message));
  await from.publish(channel, 'hello');
  await new Promise((resolve) => setTimeout(resolve, 300));
  await to.unsubscribe(channel);
  return got;
}

describe('the deployment prefix', () => {
  it('is one per database and Redis DB, and an operator\'s prefix is checked', () => {
    const pg = { databaseUrl: 'postgres://u:secret@db.example:5432/paigow', schema: 'public' };
    expect(defaultRedisPrefix(pg, 'redis://r:6379')).toBe(defaultRedisPrefix({ ...pg, databaseUrl: 'postgres://other:pw@db.example:5432/paigow' }, 'redis://r:6379/0'));
    expect(defaultRedisPrefix(pg, 'redis://r:6379')).toMatch(/^paigow:[0-9a-f]{8}:$/);
    expect(defaultRedisPrefix(pg, 'redis://r:6379')).not.toBe(defaultRedisPrefix({ ...pg, schema: 'staging' }, 'redis://r:6379'));
    expect(defaultRedisPrefix(pg, 'redis://r:6379')).not.toBe(defaultRedisPrefix(pg, 'redis://r:6379/2'));
    expect(defaultRedisPrefix({ sqlitePath: './data/paigow.sqlite' }, 'redis://r')).not.toBe(defaultRedisPrefix({ sqlitePath: './other/paigow.sqlite' }, 'redis://r'));
    expect(checkRedisPrefix('blue:')).toBe('blue:');
    expect(() => checkRedisPrefix('has space')).toThrow(/PAIGOW_REDIS_PREFIX/);
  });
});

describe.skipIf(!available)('two deployments on one Redis', () => {
  const opened: { presence: Presence; driver?: matchMaker.MatchMakerDriver }[] = [];
  afterEach(async () => {
    for (const { presence, driver } of opened.splice(0)) {
      presence.shutdown();
      driver?.shutdown();
    }
  });

  it('Redis DB numbers alone do not separate pub/sub (the fault the prefix fixes)', async () => {
    const one = new RedisPresence(`${REDIS_URL}/1`);
    const two = new RedisPresence(`${REDIS_URL}/2`);
    opened.push({ presence: one }, { presence: two });
    expect(await delivered(one, two, `probe-${randomBytes(4).toString('hex')}`)).toEqual(['hello']);
  });

  it('different prefixes share no channel and no room listing; the same prefix shares both', async () => {
    const tag = randomBytes(4).toString('hex');
    const blue = await prefixedRedis(REDIS_URL, `test-${tag}-blue:`);
    const green = await prefixedRedis(REDIS_URL, `test-${tag}-green:`);
    const blueAgain = await prefixedRedis(REDIS_URL, `test-${tag}-blue:`);
    opened.push(blue, green, blueAgain);
    expect(await delivered(blue.presence, green.presence, '$table-1')).toEqual([]);
    expect(await delivered(blue.presence, blueAgain.presence, '$table-1')).toEqual(['hello']);
    // A subscriber's channel is listed under its own prefix only.
    await green.presence.subscribe('p:green-process', () => undefined);
    expect(await blue.presence.channels('p:*')).not.toContain('p:green-process');
    expect(await green.presence.channels('p:*')).toContain('p:green-process');

    await blue.driver.createInstance({ roomId: 'table-1', name: 'table', processId: 'blue-process' }).save();
    expect(await green.driver.findOne({ roomId: 'table-1' })).toBeUndefined();
    expect((await blueAgain.driver.findOne({ roomId: 'table-1' }))?.processId).toBe('blue-process');
    await Promise.resolve(blue.driver.clear());
  });
});
