/**
 * One deployment's share of a Redis (docs/server.md "Scaling out", issue 13 point 7): every key the
 * Colyseus presence and matchmaker driver write, and every pub/sub channel they use, starts with the
 * deployment's prefix. Keys are prefixed by ioredis (`keyPrefix`); pub/sub channels are not (and a Redis
 * DB number does not separate them either: pub/sub is server-wide), so `PrefixedRedisPresence` prefixes
 * them itself. Two deployments on one Redis, with the same table ids, never see each other's rooms,
 * seat reservations or remote calls.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { matchMaker, Presence } from '@colyseus/core';

/**
 * The default prefix of a deployment, `paigow:<8 hex>:`: a digest of what makes it one deployment, its
 * database (the PostgreSQL URL without credentials and its schema, or the SQLite file's absolute path)
 * and the Redis URL's DB number. Processes of one deployment share these, so they share the prefix.
 * @param database `{ databaseUrl, schema }` or `{ sqlitePath }`
 * @param redisUrl the Redis URL (its path is the DB number)
 */
export function defaultRedisPrefix(database: { readonly databaseUrl: string; readonly schema: string } | { readonly sqlitePath: string }, redisUrl: string): string {
  let where: string;
  if ('sqlitePath' in database) where = `sqlite:${resolve(database.sqlitePath)}`;
  else {
    const url = new URL(database.databaseUrl);
    where = `postgres:${url.hostname}:${url.port || '5432'}${url.pathname}#${database.schema}`;
  }
  const redisDb = new URL(redisUrl).pathname.replace(/^\//, '') || '0';
  return `paigow:${createHash('sha256').update(`${where}|redis-db:${redisDb}`).digest('hex').slice(0, 8)}:`;
}

/**
 * Checks an operator's `PAIGOW_REDIS_PREFIX`: 1 to 64 characters of letters, digits and `:_.-`.
 * @throws Error naming the variable
 */
export function checkRedisPrefix(prefix: string): string {
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(prefix)) throw new Error(`PAIGOW_REDIS_PREFIX must be 1 to 64 letters, digits or ':_.-', got '${prefix}'`);
  return prefix;
}

/**
 * Colyseus' presence and matchmaker driver on Redis at `redisUrl`, every key and channel under `prefix`.
 * @returns the presence (its channels prefixed) and the driver (its keys prefixed)
 */
export async function prefixedRedis(redisUrl: string, prefix: string): Promise<{ presence: Presence; driver: matchMaker.MatchMakerDriver }> {
  const [{ RedisPresence }, { RedisDriver }] = await Promise.all([import('@colyseus/redis-presence'), import('@colyseus/redis-driver')]);
  const options = { ...redisOptions(redisUrl), keyPrefix: prefix };

  /** `RedisPresence` whose pub/sub channels carry the prefix (its keys do through ioredis' `keyPrefix`). */
  class PrefixedRedisPresence extends RedisPresence {
    override subscribe(topic: string, callback: (...args: unknown[]) => void): Promise<this> {
      return super.subscribe(prefix + topic, callback);
    }
    override unsubscribe(topic: string, callback?: (...args: unknown[]) => void): Promise<this> {
      return super.unsubscribe(prefix + topic, callback);
    }
    override publish(topic: string, data: unknown): Promise<void> {
      return super.publish(prefix + topic, data);
    }
    override async channels(pattern = '*'): Promise<string[]> {
      return (await super.channels(prefix + pattern)).map((channel) => channel.slice(prefix.length));
    }
  }
  return { presence: new PrefixedRedisPresence(options), driver: new RedisDriver(options) };
}

/** ioredis options of a `redis://[user:password@]host[:port][/db]` URL. */
function redisOptions(redisUrl: string): { host: string; port: number; db: number; username?: string; password?: string } {
  const url = new URL(redisUrl);
  return {
    host: url.hostname || '127.0.0.1',
    port: Number(url.port || 6379),
    db: Number(url.pathname.replace(/^\//, '') || 0),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
  };
}
