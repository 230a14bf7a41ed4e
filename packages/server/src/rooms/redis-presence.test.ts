/**
 * Two deployments on one Redis (issue 13 point 7): every key and channel under the deployment's prefix.
 * Runs when Redis answers at REDIS_URL or 127.0.0.1:6379 (as `redis.test.ts`). Also: a malformed `REDIS_URL`
 * is refused naming it, and a Redis outage is a few `redis-error` log lines, not ioredis' flood on stderr.
 */
import { createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { matchMaker, Presence } from '@colyseus/core';
import { RedisPresence } from '@colyseus/redis-presence';
import { checkRedisPrefix, checkRedisUrl, defaultRedisPrefix, prefixedRedis, reportRedisErrors } from './redis-presence.js';
import { redisAnswers, TEST_REDIS_URL as REDIS_URL } from '../testing/harness.js';
import { serverOptionsFromEnv } from '../env.js';
import { createLogger } from '../log/index.js';
import { RedisCutter } from '../cluster/soak-tools.js';
import { databaseDescription } from '../storage/index.js';

/** A logger at `warn` keeping its lines. */
function capturedLogger(): { logger: ReturnType<typeof createLogger>; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return {
    logger: createLogger({ level: 'warn', destination: stream }),
    lines: () => chunks.join('').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

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
  it('is one per deployment identity and Redis DB, the identity one per database and schema; an operator\'s prefix is checked', () => {
    const pg = { databaseUrl: 'postgres://u:secret@db.example:5432/paigow', schema: 'public' };
    const identity = databaseDescription(pg);
    // No credentials in it; the default port written out.
    expect(identity).toBe('postgres:db.example:5432/paigow#public');
    expect(databaseDescription({ ...pg, databaseUrl: 'postgres://other:pw@db.example/paigow' })).toBe(identity);
    expect(databaseDescription({ ...pg, schema: 'staging' })).not.toBe(identity);
    expect(databaseDescription({ sqlitePath: './data/paigow.sqlite' })).not.toBe(databaseDescription({ sqlitePath: './other/paigow.sqlite' }));
    expect(defaultRedisPrefix(identity, 'redis://r:6379')).toBe(defaultRedisPrefix(identity, 'redis://other:6379/0'));
    expect(defaultRedisPrefix(identity, 'redis://r:6379')).toMatch(/^paigow:[0-9a-f]{8}:$/);
    expect(defaultRedisPrefix(identity, 'redis://r:6379')).not.toBe(defaultRedisPrefix(identity, 'redis://r:6379/2'));
    expect(defaultRedisPrefix(identity, 'redis://r')).not.toBe(defaultRedisPrefix(databaseDescription({ ...pg, schema: 'staging' }), 'redis://r'));
    // The prefix earlier versions derived from the URL itself: an upgrade keeps it.
    expect(defaultRedisPrefix(identity, 'redis://r:6379')).toBe(`paigow:${createHash('sha256').update('postgres:db.example:5432/paigow#public|redis-db:0').digest('hex').slice(0, 8)}:`);
    expect(checkRedisPrefix('blue:')).toBe('blue:');
    expect(() => checkRedisPrefix('has space')).toThrow(/PAIGOW_REDIS_PREFIX/);
  });
});

// A malformed REDIS_URL used to reach defaultRedisPrefix at start and fail there with a TypeError's stack.
describe('REDIS_URL', () => {
  it('is refused naming it unless it is redis://[user:password@]host[:port][/db]; unset or empty is no Redis', () => {
    for (const good of ['redis://127.0.0.1:6379', 'redis://r', 'redis://u:p@r:6380/2', 'redis://:p@r/']) expect(checkRedisUrl(good)).toBe(good);
    for (const bad of ['notaurl', '127.0.0.1:6379', 'redis://127.0.0.1:notaport', 'redis://127.0.0.1:70000', 'http://r:6379', 'redis://r/db', 'redis:///0']) {
      expect(() => checkRedisUrl(bad), bad).toThrow(`REDIS_URL must be redis://[user:password@]host[:port][/db], got '${bad}'`);
      expect(() => serverOptionsFromEnv({ REDIS_URL: bad }), bad).toThrow(/^REDIS_URL must be/);
    }
    // The password is not echoed.
    expect(() => checkRedisUrl('redis://u:hunter2@r:x')).toThrow("got 'redis://u:***@r:x'");
    expect(serverOptionsFromEnv({ REDIS_URL: 'redis://r:6379/1' }).redisUrl).toBe('redis://r:6379/1');
    expect(() => serverOptionsFromEnv({ REDIS_URL: '' })).toThrow('REDIS_URL is set but empty: unset it to use the default');
    expect(serverOptionsFromEnv({}).redisUrl).toBeUndefined();
  });
});

describe('a Redis client\'s errors', () => {
  it('are warn lines with event redis-error, at most one per 5 s, the errors in between counted', () => {
    const { logger, lines } = capturedLogger();
    const client = new EventEmitter();
    let nowMs = 0;
    reportRedisErrors(client, 'driver', logger, 5_000, () => nowMs);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6399'), { code: 'ECONNREFUSED' });
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    // 200 failed attempts in 10 s, refused or reset in turn (as behind a proxy), then another error.
    for (let attempt = 0; nowMs < 10_000; nowMs += 50, attempt += 1) client.emit('error', attempt % 2 === 0 ? refused : reset);
    client.emit('error', new Error('WRONGPASS invalid username-password pair'));
    expect(lines()).toMatchObject([
      { level: 'warn', event: 'redis-error', client: 'driver', err: { message: 'connect ECONNREFUSED 127.0.0.1:6399', code: 'ECONNREFUSED' } },
      { event: 'redis-error', client: 'driver', repeated: 99 },
      { event: 'redis-error', client: 'driver', err: { message: 'WRONGPASS invalid username-password pair' }, repeated: 99 },
    ]);
    expect(lines()[0]).not.toHaveProperty('repeated');
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

// A Redis cut then back used to write a plain-text `[ioredis] Unhandled error event` line (and its stack) on
// stderr for every reconnection attempt of each client: 114 in 10 s.
describe.skipIf(!available)('a Redis outage', () => {
  it('is a few redis-error lines per client, none of ioredis\' own, and the presence works again once Redis is back', async () => {
    const cutter = await RedisCutter.start(REDIS_URL);
    const { logger, lines } = capturedLogger();
    const printed = vi.spyOn(console, 'error');
    const { presence, driver } = await prefixedRedis(cutter.url, `test-${randomBytes(4).toString('hex')}:`, logger);
    try {
      expect(await delivered(presence, presence, 'before')).toEqual(['hello']);
      cutter.cut();
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      cutter.restore();
      await expect.poll(async () => delivered(presence, presence, 'after'), { timeout: 10_000, interval: 200 }).toEqual(['hello']);
      expect(printed.mock.calls.filter((call) => String(call[0]).includes('[ioredis]'))).toEqual([]);
      const errors = lines().filter((line) => line.event === 'redis-error');
      // A client whose connection was reset says so; the driver's, idle, may reconnect without an error (since the clients
      // connect without CLIENT SETINFO, nothing is written to a connection the relay refuses).
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((line) => ['presence-pub', 'presence-sub', 'driver'].includes(line.client as string))).toBe(true);
      // Each client retries many times in 6 s (42 ioredis lines in all before): at most one line per 5 s each.
      for (const name of ['presence-pub', 'presence-sub', 'driver']) expect(errors.filter((line) => line.client === name).length, name).toBeLessThanOrEqual(2);
      expect(errors.every((line) => line.level === 'warn' && typeof (line.err as { message?: unknown }).message === 'string')).toBe(true);
    } finally {
      printed.mockRestore();
      presence.shutdown();
      await driver.shutdown();
      await cutter.close();
    }
  }, 30_000);

  it('of 20 s ends with the subscriptions back and no unhandled rejection (an operator saw an error line after each)', async () => {
    // ioredis' subscriber, reconnecting after such an outage, resubscribed before its ready check's INFO, which Redis
    // refused in a subscriber's context: "ERR Can't execute 'info'", an unhandled rejection (ioredis issue #2037).
    const unhandled: unknown[] = [];
    const keep = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', keep);
    const cutter = await RedisCutter.start(REDIS_URL);
    const { logger } = capturedLogger();
    const { presence, driver } = await prefixedRedis(cutter.url, `test-${randomBytes(4).toString('hex')}:`, logger);
    const got: unknown[] = [];
    await presence.subscribe('kept', (message: unknown) => got.push(message));
    await presence.subscribe('other', () => undefined);
    try {
      cutter.cut();
      // What a table does meanwhile: publish, write a key; nobody waits for them.
      for (let second = 0; second < 20; second++) {
        presence.publish('kept', 'lost').catch(() => undefined);
        presence.hset('seen', 'at', String(second)).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      cutter.restore();
      await expect.poll(async () => (await presence.publish('kept', 'back'), got.includes('back')), { timeout: 15_000, interval: 500 }).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(unhandled.map((reason) => (reason instanceof Error ? reason.message : String(reason)))).toEqual([]);
    } finally {
      process.off('unhandledRejection', keep);
      presence.shutdown();
      await driver.shutdown();
      await cutter.close();
    }
  }, 60_000);
});
