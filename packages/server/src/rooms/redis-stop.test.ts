/**
 * A stop while Redis is away (docs/operations.md "Stop and drain" and "Logs"; `RedisStop`). An operator's SIGTERM
 * to `paigow serve` with Redis unreachable logged `drained`, then the process kept listening for about 33 s,
 * wrote 16 multi-line `MaxRetriesPerRequestError` stacks on stderr (ioredis' commands of Colyseus' shutdown, the
 * rooms given up and the balance news, rejected once their retries ran out) and exited with status 1 without a
 * line saying why (the close failed on one of them). And a server running while Redis is away: the commands Colyseus
 * does not wait for (`log/unhandled.ts`) are JSON lines too. Runs when Redis answers at REDIS_URL or 127.0.0.1:6379,
 * through a relay that is cut (`RedisCutter`); the server runs in a child process on SQLite, as `paigow serve`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { matchMaker } from '@colyseus/core';
import { RedisCutter } from '../cluster/soak-tools.js';
import { createLogger, type Logger } from '../log/index.js';
import { buildServer, createStore, redisAnswers, signIn, startTestServer, TEST_REDIS_URL as REDIS_URL, TEST_TABLES, type TestStore } from '../testing/harness.js';
import { prefixedRedis, REDIS_STOP_WAIT_MS } from './redis-presence.js';

const available = await redisAnswers(REDIS_URL);
if (!available) console.log(`the Redis stop tests did not run: no Redis at ${REDIS_URL}`);

const SERVER_PROCESS = new URL('../../dist/bench/server-process.js', import.meta.url).pathname;

/** How long the stop may take from the SIGTERM to the exit, ms ("a few seconds": the Redis bound, 2 s, and the rest of the close, with room for a loaded machine). */
const STOP_BOUND_MS = 8_000;

/** A server process as `serverProcess` starts it: the child, its port, its stderr so far, its exit status once it exits. */
interface ServerProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly stderr: () => string;
  readonly exited: Promise<number | null>;
}

/** A server process (`server-process.js`, as `paigow serve` on its signals) on `store` and Redis at `redisUrl`, its log at `info` on stderr. */
async function serverProcess(store: TestStore, redisUrl: string): Promise<ServerProcess> {
  const options = { ...store.options, tables: TEST_TABLES.slice(0, 2), redisUrl, redisPrefix: `test-${randomBytes(4).toString('hex')}:`, hostingSweepMs: 200, admission: { maxEventLoopLagMs: 3_600_000 } };
  const child = spawn(process.execPath, [SERVER_PROCESS, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'info' } });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve((JSON.parse(stdout.split('\n')[0]) as { port: number }).port);
    });
    void exited.then((code) => reject(new Error(`the server exited with ${code}: ${stderr}`)));
  });
  return { child, port, stderr: () => stderr, exited };
}

/** SIGTERM to `child`; resolves with its exit status and how long it took, ms, or `status: 'running'` when it still runs after `boundMs` (then it is killed). */
async function sigterm(child: ChildProcess, exited: Promise<number | null>, boundMs: number): Promise<{ status: number | null | 'running'; ms: number }> {
  const started = Date.now();
  child.kill('SIGTERM');
  const status = await Promise.race([exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), boundMs))]);
  const ms = Date.now() - started;
  if (status === 'running') {
    child.kill('SIGKILL');
    await exited;
  }
  return { status, ms };
}

/** The lines of `text` that are not one JSON object each. */
function nonJsonLines(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
}

/** The JSON lines of `text` (the others left out). */
function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/**
 * A describe block's server processes (`serverProcess`), each on a fresh SQLite store and a Redis relay of its own that
 * can be cut (`RedisCutter`): `start()` starts one and waits until it is ready; after each test its process (killed if
 * it still runs), relay and store go.
 */
function serverProcesses(): { start(): Promise<{ server: ServerProcess; cutter: RedisCutter; url: string }> } {
  let store: TestStore | undefined;
  let cutter: RedisCutter | undefined;
  let child: ChildProcess | undefined;
  beforeAll(buildServer, 120_000);
  afterEach(async () => {
    if (child !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await cutter?.close();
    await store?.dispose();
    store = cutter = child = undefined;
  });
  return {
    async start() {
      store = createStore('sqlite');
      cutter = await RedisCutter.start(REDIS_URL);
      const server = await serverProcess(store, cutter.url);
      child = server.child;
      const url = `http://127.0.0.1:${server.port}`;
      await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 15_000, interval: 100 }).toBe(200);
      return { server, cutter, url };
    },
  };
}

describe.skipIf(!available)('a SIGTERM while Redis is away', () => {
  const servers = serverProcesses();

  it('drains, exits 0 within a few seconds, one redis-given-up line (no stack), every line JSON, the last one "stopped"', async () => {
    const { server, cutter } = await servers.start();
    cutter.cut();
    // The clients noticed (each writes a redis-error line at its first failed reconnection).
    await expect.poll(() => jsonLines(server.stderr()).filter((line) => line.event === 'redis-error').length, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    const stop = await sigterm(server.child, server.exited, STOP_BOUND_MS);
    // It kept listening for 33–84 s (ioredis' retries), then exited with status 1.
    expect(stop.status, server.stderr()).toBe(0);
    expect(stop.ms).toBeLessThan(STOP_BOUND_MS);
    // 16 to 19 stacks of `MaxRetriesPerRequestError`, 5 lines each, came out of @pm2/io's unhandled-rejection handler.
    expect(nonJsonLines(server.stderr())).toEqual([]);
    const lines = jsonLines(server.stderr());
    const givenUp = lines.filter((line) => line.event === 'redis-given-up');
    expect(givenUp).toHaveLength(1);
    expect(givenUp[0]).toMatchObject({ level: 'error', fault: 'redis-unavailable' });
    expect(givenUp[0].err).not.toHaveProperty('stack');
    expect(lines.map((line) => line.event)).toContain('drained');
    expect(lines.at(-1)).toMatchObject({ level: 'info', event: 'stopped', status: 0 });
  }, 90_000);

  it('with Redis there, the stop is as before: exit 0 at once, no redis-given-up line, the last line "stopped"', async () => {
    const { server } = await servers.start();
    const stop = await sigterm(server.child, server.exited, STOP_BOUND_MS);
    expect(stop.status, server.stderr()).toBe(0);
    expect(stop.ms).toBeLessThan(2_000);
    expect(nonJsonLines(server.stderr())).toEqual([]);
    const lines = jsonLines(server.stderr());
    expect(lines.filter((line) => line.event === 'redis-given-up' || line.level === 'error')).toEqual([]);
    // The stop's own lines: a WAL checkpoint's warn (storage, not Redis; `sqlite-checkpoint`) is not what this is about.
    expect(lines.map((line) => line.event).filter((event) => event !== 'sqlite-checkpoint').slice(-2)).toEqual(['drained', 'stopped']);
  }, 90_000);
});

describe.skipIf(!available)('a server running while Redis is away', () => {
  const servers = serverProcesses();

  it('writes a Redis command Colyseus does not wait for as one JSON line, not a stack, and goes on', async () => {
    // Operator: with Redis paused, MaxRetriesPerRequestError stacks (5 lines each) came on stderr among the JSON lines:
    // Colyseus drops the promise of a room listing's update when a seat reservation expires, and @pm2/io printed it.
    const { server, cutter, url } = await servers.start();
    // A seat reserved and never used: it expires 15 s later, while Redis is away.
    const session = await signIn({ url }, 'Reloader');
    const joined = await fetch(`${url}/matchmake/joinById/small`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: session.token }) });
    expect(joined.status).toBe(200);
    cutter.cut();
    // Until a command is dropped: a JSON line, or (as it was) a stack.
    const dropped = (): Record<string, unknown>[] => jsonLines(server.stderr()).filter((line) => line.event === 'redis-command-dropped');
    await expect.poll(() => dropped().length + nonJsonLines(server.stderr()).length, { timeout: 45_000, interval: 200 }).toBeGreaterThanOrEqual(1);
    expect(nonJsonLines(server.stderr())).toEqual([]);
    expect(dropped()[0]).toMatchObject({ level: 'warn', fault: 'redis-unavailable', err: { type: 'MaxRetriesPerRequestError' } });
    expect(dropped()[0]?.err).not.toHaveProperty('stack');
    expect(server.child.exitCode).toBeNull();
  }, 90_000);

  it('names Redis, not the database, in a hosting sweep\'s hosting-failed line', async () => {
    // Operator: the line said "hosting: the database did not answer" with `fault: redis-unavailable`.
    const { server, cutter } = await servers.start();
    cutter.cut();
    const failed = (): Record<string, unknown>[] => jsonLines(server.stderr()).filter((line) => line.event === 'hosting-failed');
    await expect.poll(() => failed().length, { timeout: 45_000, interval: 200 }).toBeGreaterThanOrEqual(1);
    expect(failed()[0]).toMatchObject({ level: 'error', fault: 'redis-unavailable', msg: 'hosting: Redis did not answer' });
  }, 90_000);
});

/** A logger whose lines are kept (JSON objects). */
function keptLog(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const kept: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim() !== '') kept.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger({ level: 'info', destination }), lines: () => kept };
}

describe.skipIf(!available)('RedisStop (the presence and driver of `prefixedRedis`)', () => {
  it('before the stop a command waits for Redis; after it, a pending one resolves to null within the bound, later ones at once, one line', async () => {
    const cutter = await RedisCutter.start(REDIS_URL);
    const { logger, lines } = keptLog();
    const { presence, driver, stop } = await prefixedRedis(cutter.url, `test-${randomBytes(4).toString('hex')}:`, logger);
    try {
      expect(await presence.hset('h', 'f', 'v')).toBe(true);
      cutter.cut();
      let settled = false;
      const pending = presence.hget('h', 'f').finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(settled).toBe(false);
      const stoppedAt = Date.now();
      stop();
      expect(await pending).toBeNull();
      expect(Date.now() - stoppedAt).toBeLessThan(REDIS_STOP_WAIT_MS + 1_000);
      const later = Date.now();
      expect(await presence.srem('s', 'x')).toBeNull();
      expect(await driver.has('table-1')).toBe(false);
      expect(Date.now() - later).toBeLessThan(100);
      const givenUp = lines().filter((line) => line.event === 'redis-given-up');
      expect(givenUp).toHaveLength(1);
      expect(givenUp[0]).toMatchObject({ level: 'error', fault: 'redis-unavailable', err: { message: `no answer within ${REDIS_STOP_WAIT_MS} ms` } });
    } finally {
      presence.shutdown();
      await driver.shutdown();
      await cutter.close();
    }
  }, 30_000);

  it('after the stop, with Redis there, commands answer as before', async () => {
    const { logger, lines } = keptLog();
    const { presence, driver, stop } = await prefixedRedis(REDIS_URL, `test-${randomBytes(4).toString('hex')}:`, logger);
    try {
      stop();
      expect(await presence.hset('h', 'f', 'v')).toBe(true);
      expect(await presence.hget('h', 'f')).toBe('v');
      expect(await presence.hdel('h', 'f')).toBe(true);
      expect(await presence.hget('h', 'f')).toBeNull();
      expect(lines()).toEqual([]);
    } finally {
      presence.shutdown();
      await driver.shutdown();
    }
  });
});

/**
 * A connection this server closed itself is no Redis fault (an operator's finding: about one drain in ten of a rolling
 * restart logged `redis-given-up` at `error`, "Connection is closed.", with Redis healthy). Colyseus' shutdown quits the
 * presence's and the driver's clients while a join may still wait for a table's answer: its remote call
 * (`requestFromIPC`) unsubscribes from its reply channel when the answer comes or after 2 s, on a client already quit.
 */
describe.skipIf(!available)('a command after the server quit its own Redis clients', () => {
  it('resolves to null, no line: the presence and the driver quit with Redis there', async () => {
    const { logger, lines } = keptLog();
    const { presence, driver, stop } = await prefixedRedis(REDIS_URL, `test-${randomBytes(4).toString('hex')}:`, logger);
    // Connected, as a server's clients are when it stops.
    await presence.subscribe('news', () => undefined);
    expect(await presence.hget('h', 'f')).toBeNull();
    expect(await driver.has('table-1')).toBe(false);
    stop();
    presence.shutdown();
    await driver.shutdown();
    // Colyseus' IPC unsubscribes from its reply channel once the answer came or its 2 s ran out.
    await presence.unsubscribe('ipc:late');
    expect(await presence.hget('h', 'f')).toBeNull();
    expect(await driver.has('table-1')).toBe(false);
    expect(lines()).toEqual([]);
  });

  it('a close while a join waits for a table that does not answer: no redis-given-up line, nothing at error', async () => {
    const { logger, lines } = keptLog();
    const store = createStore('sqlite');
    const server = await startTestServer(store, { redisUrl: REDIS_URL, redisPrefix: `test-${randomBytes(4).toString('hex')}:`, logger });
    try {
      // A listing whose host never answers (a table moving, as after a drain): the join's remote call waits 2 s.
      const ghost = matchMaker.driver.createInstance({ roomId: 'ghost', name: 'table', processId: 'gone', clients: 0, maxClients: 7 });
      await ghost.save();
      const session = await signIn(server, 'Late');
      const join = fetch(`${server.url}/matchmake/joinById/ghost`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: session.token }) }).catch(() => null);
      await expect.poll(() => matchMaker.presence.channels('ipc:*'), { timeout: 5_000, interval: 20 }).toHaveLength(1);
      await ghost.remove();
      await server.close();
      // Answered by the process, a table moving's 503, before the close cut its connection (server.md "Drain").
      const answer = await join;
      expect(answer?.status).toBe(503);
      expect(answer?.headers.get('retry-after')).toBe('2');
      // The remote call's unsubscribe comes after its 2 s.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(lines().filter((line) => line.event === 'redis-given-up' || line.level === 'error' || line.level === 'fatal')).toEqual([]);
    } finally {
      await server.close();
      await store.dispose();
    }
  }, 30_000);
});

