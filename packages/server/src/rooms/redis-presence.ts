/**
 * One deployment's share of a Redis (docs/server.md "Scaling out", issue 13 point 7): every key the
 * Colyseus presence and matchmaker driver write, and every pub/sub channel they use, starts with the
 * deployment's prefix. Keys are prefixed by ioredis (`keyPrefix`); pub/sub channels are not (and a Redis
 * DB number does not separate them either: pub/sub is server-wide), so `PrefixedRedisPresence` prefixes
 * them itself. Two deployments on one Redis, with the same table ids, never see each other's rooms,
 * seat reservations or remote calls.
 *
 * Also: `checkRedisUrl` (a malformed `REDIS_URL` is refused at start), `redisReachable` (a start fails
 * within a bound when Redis does not answer), `reportRedisErrors` (a client's errors are `redis-error`
 * log lines, at most one every `REDIS_ERROR_REPEAT_MS`, instead of ioredis' own plain-text lines) and `RedisStop`
 * (once the server stops, no Redis command waits longer than `REDIS_STOP_WAIT_MS`).
 */
import { createHash } from 'node:crypto';
import type { matchMaker, Presence } from '@colyseus/core';
import { briefError, LineThrottle, LOG_REPEAT_MS, rootLogger, type Logger } from '../log/index.js';
import { parseUrl, redactUrl } from '../settings/urls.js';
import { faultKindOf } from '../storage/faults.js';

/**
 * The default prefix of a deployment, `paigow:<8 hex>:`: a digest of what makes it one deployment, its identity as
 * the database keeps it (`storage/deployment.ts` `deploymentIdentity`: the first process's description of the
 * database, the same whatever URL spelling reaches it) and the Redis URL's DB number. Processes of one deployment
 * share these, so they share the prefix. For the same description, it is the prefix earlier versions derived from
 * each process's own URL.
 * @param deploymentIdentity the `deployment` row's identity (`postgres:<host>:<port>/<database>#<schema>` or `sqlite:<path>`)
 * @param redisUrl the Redis URL (its path is the DB number)
 */
export function defaultRedisPrefix(deploymentIdentity: string, redisUrl: string): string {
  const redisDb = new URL(redisUrl).pathname.replace(/^\//, '') || '0';
  return `paigow:${createHash('sha256').update(`${deploymentIdentity}|redis-db:${redisDb}`).digest('hex').slice(0, 8)}:`;
}

/**
 * Checks an operator's `PAIGOW_REDIS_PREFIX`: 1 to 64 characters of letters, digits and `:_.-`.
 * @throws Error naming the variable
 */
export function checkRedisPrefix(prefix: string): string {
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(prefix)) throw new Error(`PAIGOW_REDIS_PREFIX must be 1 to 64 letters, digits or ':_.-', got '${prefix}'`);
  return prefix;
}

/** The form of a Redis URL this server reads (`redisOptions`), for messages. */
const REDIS_URL_FORM = 'redis://[user:password@]host[:port][/db]';

/**
 * Checks an operator's `REDIS_URL`: `redis://[user:password@]host[:port][/db]` (`notaurl`, `127.0.0.1:6379`
 * without the scheme or `redis://host:notaport` used to fail the start with a TypeError's stack).
 * @returns the URL as given
 * @throws Error naming the variable (the password masked)
 */
export function checkRedisUrl(text: string): string {
  const url = parseUrl(text);
  if (url === null || url.protocol !== 'redis:' || url.hostname === '' || !/^\/?(\d+)?$/.test(url.pathname) || url.search !== '' || url.hash !== '') {
    throw new Error(`REDIS_URL must be ${REDIS_URL_FORM}, got '${redactUrl(text)}'`);
  }
  return text;
}

/** How long `redisReachable` waits for Redis by default, ms. */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;

/**
 * Connects once to Redis at `redisUrl`, asks it a trivial question (PING) and selects the URL's database, with no
 * retry, then disconnects: the start-up check (a Redis that does not answer used to hang the start for about 45 s, its
 * clients retrying, with hundreds of ioredis lines on stderr, then crash).
 * @param timeoutMs how long connecting and the answer may take
 * @throws Error with the first reason it got (`connect ECONNREFUSED 127.0.0.1:6399`, `WRONGPASS …`, a timeout,
 *   `database 99 refused: ERR DB index is out of range`)
 */
export async function redisReachable(redisUrl: string, timeoutMs: number = REDIS_CONNECT_TIMEOUT_MS): Promise<void> {
  const { RedisPresence } = await import('@colyseus/redis-presence');
  const { db, ...connection } = redisOptions(redisUrl);
  /** The presence's client, for one question; its subscriber is never connected (`lazyConnect`). */
  class Probe extends RedisPresence {
    async ping(): Promise<void> {
      let firstError: unknown = null;
      // With a listener, ioredis does not print its `Unhandled error event` lines.
      for (const client of [this.pub, this.sub]) {
        client.on('error', (error: unknown) => {
          firstError ??= error;
        });
      }
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(firstError ?? new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([
          (async () => {
            await this.pub.connect();
            await this.pub.ping();
            // The URL's database: refused (`ERR DB index is out of range`), the clients used to log it and run on DB 0.
            if (db !== 0) {
              await this.pub.select(db).catch((error: unknown) => {
                throw new Error(`database ${db} refused: ${(error as Error).message}`);
              });
            }
          })().catch((error: unknown) => {
            throw firstError ?? error;
          }),
          late,
        ]);
      } finally {
        clearTimeout(timer);
        this.pub.disconnect();
        this.sub.disconnect();
      }
    }
  }
  await new Probe({
    ...connection,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  }).ping();
}

/** How long a client's errors go unwritten after one was written (`reportRedisErrors`), ms. */
export const REDIS_ERROR_REPEAT_MS = LOG_REPEAT_MS;

/** An ioredis client as far as its errors go. */
export interface RedisErrorSource {
  on(event: 'error', listener: (error: unknown) => void): unknown;
}

/**
 * Writes `client`'s errors as `warn` lines `{"event":"redis-error","client":<name>,"err":{…}}`, at most one
 * per `repeatMs`: the errors in between are counted in the next line's `repeated`. While Redis is away, ioredis
 * reconnects every few hundred ms and each attempt fails (`ECONNREFUSED`, or `ECONNRESET` and `EPIPE` in turn
 * behind a proxy): an outage is a few lines per client, not ioredis' `[ioredis] Unhandled error event` with a
 * stack on stderr for every attempt (what it writes when a client has no listener).
 */
export function reportRedisErrors(client: RedisErrorSource, name: string, logger: Logger, repeatMs: number = REDIS_ERROR_REPEAT_MS, now: () => number = Date.now): void {
  const throttle = new LineThrottle(repeatMs, now);
  client.on('error', (error: unknown) => {
    throttle.offer((repeated) => {
      const err = briefError(error);
      logger.warn({ event: 'redis-error', client: name, err, ...(repeated > 0 ? { repeated } : {}) }, `redis: the ${name} client: ${err.message}`);
    });
  });
}

/** How long a Redis command may wait for its answer once the server stops (its drain or its close), ms: then Redis is given up. */
export const REDIS_STOP_WAIT_MS = 2_000;

/** An ioredis client as far as `RedisStop` goes. */
export interface StoppableRedisClient extends RedisErrorSource {
  /** ioredis' connection state (`ready` while connected). */
  readonly status: string;
  sendCommand(...args: never[]): unknown;
  quit(...args: never[]): Promise<unknown>;
  disconnect(): void;
}

/** A command sent through a `RedisStop`'s client and not answered yet. */
interface PendingCommand {
  /** Settles the caller's promise with `null` (Redis given up). */
  readonly giveUp: () => void;
  timer?: NodeJS.Timeout;
}

/**
 * How long a join waits for each of its Redis steps (the room listing's read, the table's answer beyond Colyseus' own
 * IPC timeout), ms: then it is refused as when Redis refuses connections. A Redis that stops answering without closing
 * its connections (a partition, `kill -STOP`) leaves the clients connected and ioredis waiting without end: joins used
 * to hang until the front gave up on them (10 s) and took the process out, so every request through it answered 503.
 * Only the join waits so: a timeout on every command of the clients failed the commands Colyseus drops the promises of,
 * unhandled rejections through every outage.
 */
export const JOIN_REDIS_TIMEOUT_MS = 1_500;

/** A join's Redis step not answered within `JOIN_REDIS_TIMEOUT_MS` (or Colyseus' IPC timeout plus it): a Redis fault. */
export class RedisNoAnswer extends Error {
  constructor(step: string, ms: number) {
    super(`Redis did not answer ${step} within ${ms} ms`);
    this.name = 'RedisNoAnswer';
  }
}

/**
 * `work`'s outcome, or a `RedisNoAnswer` rejection after `ms` (the join's steps on Redis). `work` is not withdrawn: its
 * late outcome is dropped (a late rejection is caught, not left unhandled).
 */
export function answeredWithin<T>(work: Promise<T>, step: string, ms: number): Promise<T> {
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisNoAnswer(step, ms)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** ioredis' word that Redis does not answer: its retries per command ran out, the connection is closed or was refused, …; or a join's step unanswered (`RedisNoAnswer`). */
export function isRedisFault(error: unknown): boolean {
  return faultKindOf(error) !== null || error instanceof RedisNoAnswer || (error instanceof Error && error.name === 'MaxRetriesPerRequestError');
}

/** ioredis' refusal of a command on a connection that is closed (its `CONNECTION_CLOSED_ERROR_MSG`). */
function isClosedConnection(error: unknown): boolean {
  return error instanceof Error && error.message === 'Connection is closed.';
}

/**
 * The stop of a server with Redis (docs/operations.md "Stop and drain"). While Redis is away, ioredis keeps a
 * command queued until its retries run out (20 reconnections: about 10 s for the first command, up to 40 s for
 * the next ones), then rejects it with `MaxRetriesPerRequestError`; Colyseus' shutdown awaits some of those
 * commands (a rejected one made the close fail, the process exiting with status 1) and leaves others unhandled
 * (each a multi-line stack on stderr). Once `stop()` is called, every command of the watched clients, pending or
 * new, waits at most `waitMs`: when one is not answered in time, or fails because Redis does not answer, Redis is
 * given up: one `error` line `{"event":"redis-given-up","fault":"redis-unavailable","err":{…}}` (no stack), every
 * command pending and every later one resolves to `null` at once (nothing waits, nothing rejects), and the clients
 * are disconnected (no more reconnections). Before `stop()` the commands answer and fail as ioredis makes them.
 *
 * A client the server quits itself (Colyseus' shutdown: `presence.shutdown()`, `driver.shutdown()`) while it is
 * connected is closed by us, not lost: a command sent on it afterwards, which ioredis refuses with "Connection is
 * closed.", resolves to `null` without a line and without giving Redis up (`gaveUp` stays false). Colyseus sends
 * such commands: a join still waiting for a table's answer when the shutdown quits the presence unsubscribes from its
 * reply channel (`requestFromIPC`) once the answer comes or its 2 s run out; a drain in a rolling restart, its
 * players joining again through the front, used to log `redis-given-up` at `error` about once in ten. A client quit
 * while Redis is away (not connected) is not counted as closed by us: its commands are Redis' faults as before.
 */
export class RedisStop {
  private stopping = false;
  private givenUp = false;
  private readonly pending = new Set<PendingCommand>();
  private readonly clients: StoppableRedisClient[] = [];
  /** The clients the server quit while they were connected (see the class comment). */
  private readonly closedHere = new WeakSet<StoppableRedisClient>();

  /**
   * @param logger where the `redis-given-up` line goes
   * @param waitMs how long a command may wait once stopping, ms (default `REDIS_STOP_WAIT_MS`)
   */
  constructor(
    private readonly logger: Logger,
    private readonly waitMs: number = REDIS_STOP_WAIT_MS,
  ) {}

  /** Routes `client`'s commands through this stop: each caller gets a promise this settles (see the class comment). */
  watch(client: StoppableRedisClient): void {
    this.clients.push(client);
    const quit = client.quit.bind(client) as (...args: unknown[]) => Promise<unknown>;
    client.quit = (...args: unknown[]): Promise<unknown> => {
      if (client.status === 'ready') this.closedHere.add(client);
      return quit(...args);
    };
    const send = client.sendCommand.bind(client) as (...args: unknown[]) => unknown;
    client.sendCommand = (...args: unknown[]): Promise<unknown> => {
      const sent = Promise.resolve(send(...args));
      return new Promise((resolve, reject) => {
        if (this.givenUp) {
          sent.catch(() => undefined);
          resolve(null);
          return;
        }
        const command: PendingCommand = { giveUp: () => resolve(null) };
        this.pending.add(command);
        if (this.stopping) this.arm(command);
        sent.then(
          (value) => {
            this.settled(command);
            resolve(value);
          },
          (error: unknown) => {
            this.settled(command);
            // Our own close, not Redis' fault (the class comment).
            if (this.closedHere.has(client) && isClosedConnection(error)) {
              resolve(null);
              return;
            }
            if (!this.stopping || !isRedisFault(error)) {
              reject(error);
              return;
            }
            this.giveUp(error);
            resolve(null);
          },
        );
      });
    };
  }

  /** The server stops: from now on no command waits longer than `waitMs` (the class comment). Idempotent. */
  stop(): void {
    if (this.stopping) return;
    this.stopping = true;
    for (const command of this.pending) this.arm(command);
  }

  /** Whether Redis was given up. */
  get gaveUp(): boolean {
    return this.givenUp;
  }

  private arm(command: PendingCommand): void {
    command.timer = setTimeout(() => this.giveUp(new Error(`no answer within ${this.waitMs} ms`)), this.waitMs);
    command.timer.unref();
  }

  private settled(command: PendingCommand): void {
    clearTimeout(command.timer);
    this.pending.delete(command);
  }

  private giveUp(cause: unknown): void {
    if (this.givenUp) return;
    this.givenUp = true;
    const err = briefError(cause);
    this.logger.error({ event: 'redis-given-up', err, fault: 'redis-unavailable' }, `stop: Redis does not answer (${err.message}); the server stops without it`);
    for (const command of this.pending) {
      clearTimeout(command.timer);
      command.giveUp();
    }
    this.pending.clear();
    for (const client of this.clients) client.disconnect();
  }
}

/** An ioredis client as far as `RedisReach` goes. */
export interface ReachableRedisClient {
  /** ioredis' connection state (`ready` while connected; `connecting`, `reconnecting`, `end`, …). */
  readonly status: string;
  on(event: 'close' | 'ready', listener: () => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
}

/** How long a join waits for a Redis client that is reconnecting before it is refused (`RedisReach.reachable`), ms. */
export const REACH_GRACE_MS = 500;

/** How often `RedisReach.reachable` looks at the clients meanwhile, ms. */
const REACH_POLL_MS = 20;

/**
 * Whether the deployment's coordination store, Redis, is within this process's reach, as its clients see it (a join
 * is refused with `server/coordination-unavailable` while it is not: `matchmakingRoutes`).
 */
export class RedisReach {
  /** When a client's connection last closed, epoch ms (`-Infinity`: never). */
  private lostAtMs = Number.NEGATIVE_INFINITY;
  /** Each client's last error since it was last connected (its first line). */
  private readonly lastError = new Map<ReachableRedisClient, string>();

  /** @param now the clock, epoch ms */
  constructor(
    private readonly clients: readonly ReachableRedisClient[],
    private readonly now: () => number = Date.now,
  ) {
    for (const client of clients) {
      client.on('close', () => (this.lostAtMs = this.now()));
      client.on('error', (error) => this.lastError.set(client, (error instanceof Error ? error.message : String(error)).split('\n')[0]));
      client.on('ready', () => this.lastError.delete(client));
    }
  }

  /**
   * Why a client is not connected now: its last error since it was (`connect ECONNREFUSED 127.0.0.1:6379`), else its
   * state (`Redis is not connected (reconnecting)`); `null` while every client is connected. For `/readyz`, which
   * must not wait for a read ioredis holds until it reconnects (an operator saw `no answer within 2000 ms` while
   * Redis refused every connection).
   */
  notConnected(): string | null {
    const client = this.clients.find((each) => each.status !== 'ready');
    return client === undefined ? null : (this.lastError.get(client) ?? `Redis is not connected (${client.status})`);
  }

  /** Whether every client is connected now. */
  private connected(): boolean {
    return this.clients.every((client) => client.status === 'ready');
  }

  /**
   * Whether every client is connected, waiting up to `REACH_GRACE_MS` for one that is not: a connection Redis closed
   * (`CLIENT KILL`, an idle timeout, a proxy) is back within ioredis' first retry (about 50 ms) while Redis answers, and
   * a join meanwhile is no reason to tell a player the service is out of reach.
   * @returns true once every client is `ready`; false if one is not after the grace
   */
  async reachable(): Promise<boolean> {
    const deadlineMs = this.now() + REACH_GRACE_MS;
    while (!this.connected()) {
      if (this.now() >= deadlineMs) return false;
      await new Promise((resolve) => setTimeout(resolve, REACH_POLL_MS));
    }
    return true;
  }

  /** Whether a client was not connected at some moment since `sinceMs` (epoch ms), now included. */
  lostSince(sinceMs: number): boolean {
    return !this.connected() || this.lostAtMs >= sinceMs;
  }
}

/** What `prefixedRedis` gives a game server. */
export interface PrefixedRedis {
  /** Colyseus' presence, its channels under the prefix. */
  readonly presence: Presence;
  /** Colyseus' matchmaker driver, its keys under the prefix. */
  readonly driver: matchMaker.MatchMakerDriver;
  /** `RedisStop.stop`: call it when the server stops. */
  readonly stop: () => void;
  /** Whether the three clients are connected (`RedisReach`). */
  readonly reach: RedisReach;
}

/**
 * Colyseus' presence and matchmaker driver on Redis at `redisUrl`, every key and channel under `prefix`;
 * their three clients' errors go to `logger` (`reportRedisErrors`: clients `presence-pub`, `presence-sub`, `driver`),
 * and their commands go through a `RedisStop` (`stop`: call it when the server stops).
 * @returns the presence (its channels prefixed), the driver (its keys prefixed), `stop` (`RedisStop.stop`) and `reach`
 *   (whether the three clients are connected: `RedisReach`)
 */
export async function prefixedRedis(
  redisUrl: string,
  prefix: string,
  logger: Logger = rootLogger(),
): Promise<PrefixedRedis> {
  const bound = new RedisStop(logger);
  const [{ RedisPresence }, { RedisDriver }] = await Promise.all([import('@colyseus/redis-presence'), import('@colyseus/redis-driver')]);
  // Without CLIENT SETINFO at each connection: since ioredis 5.8.2 it is sent as the connection opens, and a subscriber
  // reconnecting after an outage of some 20 s then resubscribed before its ready check's INFO, which Redis refused in
  // that context; the refusal reached the process as an unhandled rejection, an `error` line after every Redis outage
  // (an operator's finding; ioredis issue #2037, whose workaround this is).
  const options = { ...redisOptions(redisUrl), keyPrefix: prefix, disableClientInfo: true };

  /** `RedisPresence` whose pub/sub channels carry the prefix (its keys do through ioredis' `keyPrefix`). */
  class PrefixedRedisPresence extends RedisPresence {
    constructor(...args: ConstructorParameters<typeof RedisPresence>) {
      super(...args);
      reportRedisErrors(this.pub, 'presence-pub', logger);
      reportRedisErrors(this.sub, 'presence-sub', logger);
      bound.watch(this.pub as unknown as StoppableRedisClient);
      bound.watch(this.sub as unknown as StoppableRedisClient);
    }
    /** Colyseus' `shutdown` without its unhandled rejections: a QUIT the connection's close cuts short is no error. */
    override shutdown(): void {
      for (const client of [this.sub, this.pub]) void client.quit().catch(() => undefined);
    }
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
  const presence = new PrefixedRedisPresence(options);
  const driver = new RedisDriver(options);
  // The driver keeps its client private: without a listener, ioredis writes every error of it on stderr.
  const driverClient = (driver as unknown as { _client?: Partial<RedisErrorSource> })._client;
  if (typeof driverClient?.on !== 'function') throw new Error('@colyseus/redis-driver has no _client to watch for errors');
  reportRedisErrors(driverClient as RedisErrorSource, 'driver', logger);
  bound.watch(driverClient as StoppableRedisClient);
  const clients = presence as unknown as { pub: ReachableRedisClient; sub: ReachableRedisClient };
  const reach = new RedisReach([clients.pub, clients.sub, driverClient as unknown as ReachableRedisClient]);
  return { presence, driver, stop: () => bound.stop(), reach };
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
