/**
 * How `paigow serve` reads its environment (docs/operations.md "Settings": a malformed setting exits with status 2
 * and one line), after an operator's trial: numbers in hex, binary, exponent or padded form were taken (`PORT=0x10`
 * served on port 16), an empty `DATABASE_URL` meant SQLite under ./data, `PAIGOW_PUBLIC_ADDRESS=x` and absurd limits
 * were accepted, `REDIS_URL=…/99` ran on DB 0, and the web client was looked for under the working folder.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { serverOptionsFromEnv } from './env.js';
import { limitsFromEnv } from './limits/index.js';
import { redisReachable } from './rooms/redis-presence.js';
import { ServerStartError, startServer } from './server.js';
import { operatorSettingsFromEnv, SettingsConflictError } from './settings/index.js';
import { DEFAULT_ADMISSION } from './admission/index.js';
import { DEFAULT_MAX_EVENT_LOOP_LAG_MS } from './health/index.js';
import { createLogger } from './log/index.js';
import { redisAnswers, TEST_REDIS_URL } from './testing/harness.js';

const base = mkdtempSync(join(tmpdir(), 'paigow-env-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The message `serverOptionsFromEnv(env)` throws (the test fails when it accepts `env`). */
function refusal(env: NodeJS.ProcessEnv): string {
  try {
    serverOptionsFromEnv(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('number settings', () => {
  it('take plain decimal digits only: no hex, binary, exponent, sign, separator or padding', () => {
    for (const bad of ['0x10', '1e3', '0b11', '0o7', ' 3132', '3132 ', '+80', '8_0', '80.0', '', ' ']) {
      expect(() => serverOptionsFromEnv({ PORT: bad }), bad).toThrow(/^PORT (must be a port number|is set but empty)/);
    }
    expect(refusal({ PORT: '0x10' })).toBe("PORT must be a port number, got '0x10'");
    expect(serverOptionsFromEnv({ PORT: '3132' }).port).toBe(3132);
    expect(serverOptionsFromEnv({ PORT: '0' }).port).toBe(0);
    expect(refusal({ PAIGOW_DRAIN_MS: '1e3' })).toBe("PAIGOW_DRAIN_MS must be a whole number of ms from 0 to 3600000 (decimal digits only), got '1e3'");
    expect(serverOptionsFromEnv({ PAIGOW_DRAIN_MS: '0' }).drainMs).toBe(0);
    // 0x1000 is 4096, within the range: refused for its form.
    expect(refusal({ PAIGOW_MAX_BODY_BYTES: '0x1000' })).toBe("PAIGOW_MAX_BODY_BYTES must be a whole number of bytes from 1024 to 1048576 (decimal digits only), got '0x1000'");
    expect(refusal({ PAIGOW_CONNECTIONS_PER_PLAYER: ' 2 ' })).toMatch(/^PAIGOW_CONNECTIONS_PER_PLAYER must be a whole number/);
    expect(refusal({ PAIGOW_DB_POOL_SIZE: '1_0' })).toMatch(/^PAIGOW_DB_POOL_SIZE must be a whole number/);
    expect(refusal({ PAIGOW_LEASE_MS: '2e4' })).toMatch(/^PAIGOW_LEASE_MS must be a whole number/);
    expect(refusal({ PAIGOW_MAX_PLAYERS: '1_500' })).toBe("PAIGOW_MAX_PLAYERS must be a whole number of players from 1 to 1000000 (decimal digits only), got '1_500'");
    expect(refusal({ PAIGOW_ADMIT_MAX_LAG_MS: '0x20' })).toMatch(/^PAIGOW_ADMIT_MAX_LAG_MS must be a whole number/);
    expect(serverOptionsFromEnv({ PAIGOW_MAX_PLAYERS: '1500', PAIGOW_ADMIT_MAX_LAG_MS: '200' }).admission).toEqual({ maxPlayers: 1_500, maxEventLoopLagMs: 200 });
  });

  it('takes a fraction of days as a plain decimal with one optional point', () => {
    expect(serverOptionsFromEnv({ PAIGOW_SESSION_IDLE_DAYS: '0.5' }).sessionIdleMs).toBe(12 * 3_600_000);
    expect(serverOptionsFromEnv({ PAIGOW_SESSION_IDLE_DAYS: '30' }).sessionIdleMs).toBe(30 * 24 * 3_600_000);
    for (const bad of ['1e1', '0x7', '.5', '5.', '1.2.3', ' 7', '-1', '0', '0.0', '3651']) {
      expect(refusal({ PAIGOW_SESSION_IDLE_DAYS: bad }), bad).toBe(
        `PAIGOW_SESSION_IDLE_DAYS must be a number of days above 0 and at most 3650 (decimal digits, one optional point), got '${bad}'`,
      );
    }
  });
});

describe('empty settings', () => {
  const names = [
    'PORT',
    'PAIGOW_DATA_DIR',
    'PAIGOW_WEB_DIST',
    'DATABASE_URL',
    'REDIS_URL',
    'PAIGOW_REDIS_PREFIX',
    'PAIGOW_PUBLIC_ADDRESS',
    'PAIGOW_TABLES',
    'PAIGOW_DB_POOL_SIZE',
    'PAIGOW_LEDGER_THREAD',
    'PAIGOW_LEASE_MS',
    'PAIGOW_LEASE_RENEW_MS',
    'PAIGOW_MAX_EVENT_LOOP_LAG_MS',
    'LOG_LEVEL',
    'PAIGOW_DRAIN_MS',
    'PAIGOW_MAX_PLAYERS',
    'PAIGOW_ADMIT_MAX_LAG_MS',
    'PAIGOW_ALLOWED_ORIGINS',
    'PAIGOW_SESSION_IDLE_DAYS',
    'PAIGOW_MAX_BODY_BYTES',
    'PAIGOW_MAX_MESSAGE_BYTES',
    'PAIGOW_MAX_BUFFERED_BYTES',
    'PAIGOW_CONNECTIONS_PER_PLAYER',
    'PAIGOW_CONNECTIONS_PER_IP',
    'PAIGOW_MAX_PIPELINED_REQUESTS',
    'PAIGOW_SEATS_PER_IP',
    'PAIGOW_HEADERS_TIMEOUT_MS',
    'PAIGOW_REQUEST_TIMEOUT_MS',
    'PAIGOW_RATE_GUESTS_PER_IP',
    'PAIGOW_RATE_TOP_UPS_PER_PLAYER',
    'PAIGOW_RATE_TOP_UPS_PER_IP',
    'PAIGOW_RATE_ACCOUNT_WRITES_PER_PLAYER',
    'PAIGOW_RATE_ACCOUNT_WRITES_PER_IP',
    'PAIGOW_RATE_MESSAGES_PER_PLAYER',
    'PAIGOW_RATE_MESSAGES_PER_IP',
    'PAIGOW_TRUST_PROXY',
  ];

  // DATABASE_URL= (a failed secret substitution) used to mean SQLite under ./data; the others their default.
  it('are refused, every one, with one line saying to unset the variable for the default', () => {
    for (const name of names) {
      for (const value of ['', ' ', '\t']) {
        expect(refusal({ [name]: value }), `${name}=${JSON.stringify(value)}`).toBe(`${name} is set but empty: unset it to use the default`);
      }
    }
    // Unset, each is the default.
    expect(serverOptionsFromEnv({})).toMatchObject({ port: 2567, dataDir: './data', databaseUrl: undefined, redisUrl: undefined, drainMs: 60_000, limits: {}, allowedOrigins: [] });
    // The parts read on their own refuse it too.
    expect(() => limitsFromEnv({ PAIGOW_RATE_TOP_UPS_PER_PLAYER: '' })).toThrow('PAIGOW_RATE_TOP_UPS_PER_PLAYER is set but empty: unset it to use the default');
    expect(() => operatorSettingsFromEnv({ PAIGOW_TABLES: ' ' })).toThrow('PAIGOW_TABLES is set but empty: unset it to use the default');
    expect(() => operatorSettingsFromEnv({ LOG_LEVEL: '' })).toThrow('LOG_LEVEL is set but empty: unset it to use the default');
  });
});

describe('PAIGOW_PUBLIC_ADDRESS', () => {
  it('must be host[:port]/<name>, the port 1 to 65535', () => {
    for (const bad of ['x', 'play.example.com', 'host:8080', 'host:99999/p1', 'host:65536/p1', 'host:0/p1', 'host:/p1', '/p1']) {
      expect(refusal({ PAIGOW_PUBLIC_ADDRESS: bad }), bad).toBe(`PAIGOW_PUBLIC_ADDRESS must be host[:port]/<name> without the scheme, e.g. play.example.com/p1, got '${bad}'`);
    }
    for (const good of ['play.example.com/p1', 'host:65535/p1', '127.0.0.1:3403/p2', '[::1]:8080/p3']) {
      expect(serverOptionsFromEnv({ PAIGOW_PUBLIC_ADDRESS: good, REDIS_URL: 'redis://127.0.0.1:6379' }).publicAddress, good).toBe(good);
    }
  });

  // An operator's finding: without REDIS_URL it was accepted, the process served the cluster's database on its own
  // (/readyz 200) and every join through it failed "seat reservation expired".
  it('is refused without REDIS_URL, one line naming both', () => {
    let error: unknown;
    try {
      serverOptionsFromEnv({ PAIGOW_PUBLIC_ADDRESS: 'play.example.com/p1', DATABASE_URL: 'postgres://db/paigow' });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SettingsConflictError);
    expect((error as Error).message).toBe(
      "PAIGOW_PUBLIC_ADDRESS is set but REDIS_URL is not: a process behind a cluster's front needs the cluster's Redis (set REDIS_URL), and a single server needs no PAIGOW_PUBLIC_ADDRESS (unset it)",
    );
  });
});

describe('PAIGOW_REDIS_PREFIX', () => {
  // An operator's finding: without REDIS_URL it was accepted and ignored, while PAIGOW_PUBLIC_ADDRESS alike is refused.
  it('is refused without REDIS_URL, one line naming both', () => {
    let error: unknown;
    try {
      serverOptionsFromEnv({ PAIGOW_REDIS_PREFIX: 'abc' });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SettingsConflictError);
    expect((error as Error).message).toBe(
      'PAIGOW_REDIS_PREFIX is set but REDIS_URL is not: the prefix splits a shared Redis (set REDIS_URL), and a server without Redis needs no PAIGOW_REDIS_PREFIX (unset it)',
    );
    expect(serverOptionsFromEnv({ PAIGOW_REDIS_PREFIX: 'abc', REDIS_URL: 'redis://127.0.0.1:6379' }).redisPrefix).toBe('abc');
  });
});

// Both were accepted whatever their values: at PAIGOW_ADMIT_MAX_LAG_MS ≥ PAIGOW_MAX_EVENT_LOOP_LAG_MS the process reported
// itself not ready (/readyz 503 load) while it still took new players and seats (docs/operations.md "Settings").
describe('the admission lag and the readiness lag', () => {
  /** The error `serverOptionsFromEnv(env)` throws (the test fails when it accepts `env`). */
  function refused(env: NodeJS.ProcessEnv): unknown {
    try {
      serverOptionsFromEnv(env);
    } catch (error) {
      return error;
    }
    throw new Error(`accepted ${JSON.stringify(env)}`);
  }

  it('refuses PAIGOW_ADMIT_MAX_LAG_MS at or above PAIGOW_MAX_EVENT_LOOP_LAG_MS, one line naming both and their values', () => {
    const error = refused({ PAIGOW_ADMIT_MAX_LAG_MS: '800', PAIGOW_MAX_EVENT_LOOP_LAG_MS: '800' });
    expect(error).toBeInstanceOf(SettingsConflictError);
    expect(error).toMatchObject({ name: 'SettingsConflictError', code: 'settings/conflict' });
    expect((error as Error).message).toBe(
      'PAIGOW_ADMIT_MAX_LAG_MS (800) must be below PAIGOW_MAX_EVENT_LOOP_LAG_MS (800): otherwise the process does not refuse new players before /readyz reports it not ready',
    );
    expect(refusal({ PAIGOW_ADMIT_MAX_LAG_MS: '3000', PAIGOW_MAX_EVENT_LOOP_LAG_MS: '200' })).toMatch(/^PAIGOW_ADMIT_MAX_LAG_MS \(3000\) must be below PAIGOW_MAX_EVENT_LOOP_LAG_MS \(200\): /);
    // PAIGOW_MAX_EVENT_LOOP_LAG_MS unset: its default, said so.
    expect(refusal({ PAIGOW_ADMIT_MAX_LAG_MS: '1000' })).toBe(
      'PAIGOW_ADMIT_MAX_LAG_MS (1000) must be below PAIGOW_MAX_EVENT_LOOP_LAG_MS (1000, its default): otherwise the process does not refuse new players before /readyz reports it not ready',
    );
    expect(serverOptionsFromEnv({ PAIGOW_ADMIT_MAX_LAG_MS: '799', PAIGOW_MAX_EVENT_LOOP_LAG_MS: '800' })).toMatchObject({ maxEventLoopLagMs: 800, admission: { maxEventLoopLagMs: 799 } });
    expect(serverOptionsFromEnv({ PAIGOW_ADMIT_MAX_LAG_MS: '999' }).admission).toEqual({ maxEventLoopLagMs: 999 });
  });

  it('the defaults keep admission below readiness, and so does PAIGOW_MAX_EVENT_LOOP_LAG_MS alone (admission at half of it)', () => {
    expect(DEFAULT_ADMISSION.maxEventLoopLagMs).toBeLessThan(DEFAULT_MAX_EVENT_LOOP_LAG_MS);
    expect(DEFAULT_MAX_EVENT_LOOP_LAG_MS).toBe(1_000);
    for (const lag of ['1', '2', '1000', '3600000']) expect(serverOptionsFromEnv({ PAIGOW_MAX_EVENT_LOOP_LAG_MS: lag }).admission, lag).toEqual({});
  });
});

describe('limit ranges', () => {
  // PAIGOW_REQUEST_TIMEOUT_MS=1 started, and every table join then failed with 1006 while /readyz said 200.
  it('refuses a limit outside its documented range', () => {
    const out: [string, string, string][] = [
      ['PAIGOW_REQUEST_TIMEOUT_MS', '1', 'a whole number of ms from 1000 to 3600000'],
      ['PAIGOW_REQUEST_TIMEOUT_MS', '3600001', 'a whole number of ms from 1000 to 3600000'],
      ['PAIGOW_HEADERS_TIMEOUT_MS', '999', 'a whole number of ms from 1000 to 3600000'],
      ['PAIGOW_MAX_MESSAGE_BYTES', '2000000', 'a whole number of bytes from 1024 to 1048576'],
      ['PAIGOW_MAX_MESSAGE_BYTES', '10', 'a whole number of bytes from 1024 to 1048576'],
      ['PAIGOW_MAX_BODY_BYTES', '1048577', 'a whole number of bytes from 1024 to 1048576'],
      ['PAIGOW_MAX_BUFFERED_BYTES', '65535', 'a whole number of bytes from 65536 to 268435456'],
      ['PAIGOW_CONNECTIONS_PER_PLAYER', '101', 'a whole number of connections from 1 to 100'],
      ['PAIGOW_CONNECTIONS_PER_IP', '7', 'a whole number of connections from 8 to 1000000'],
      ['PAIGOW_MAX_PIPELINED_REQUESTS', '0', 'a whole number of requests from 1 to 1000'],
      ['PAIGOW_MAX_PIPELINED_REQUESTS', '1001', 'a whole number of requests from 1 to 1000'],
      ['PAIGOW_SEATS_PER_IP', '0', 'a whole number of seats from 1 to 6'],
    ];
    for (const [name, value, range] of out) {
      expect(refusal({ [name]: value }), `${name}=${value}`).toBe(`${name} must be ${range} (decimal digits only), got '${value}'`);
    }
    for (const rate of ['2000000/1s', '1/1ms', '1/99ms', '1/25h']) {
      expect(refusal({ PAIGOW_RATE_GUESTS_PER_IP: rate }), rate).toBe(`PAIGOW_RATE_GUESTS_PER_IP must be a rate of 1 to 1000000 requests per 100ms to 24h, got '${rate}'`);
    }
    expect(serverOptionsFromEnv({ PAIGOW_MAX_MESSAGE_BYTES: '1048576', PAIGOW_REQUEST_TIMEOUT_MS: '1000', PAIGOW_RATE_GUESTS_PER_IP: '1000000/24h' }).limits).toEqual({
      maxMessageBytes: 1_048_576,
      requestTimeoutMs: 1_000,
      guestsPerIp: { points: 1_000_000, windowMs: 86_400_000 },
    });
  });
});

const redisHere = await redisAnswers(TEST_REDIS_URL);

// REDIS_URL=…/99 started, /readyz said redis ok, three "ERR DB index is out of range" warnings, then everything on DB 0.
describe.skipIf(!redisHere)('the Redis database of REDIS_URL', () => {
  const local = new URL(TEST_REDIS_URL);
  const atDb = (db: number): string => `redis://${local.host}/${db}`;

  it('is selected by the start-up check, which fails when Redis refuses it', async () => {
    await expect(redisReachable(atDb(1))).resolves.toBeUndefined();
    await expect(redisReachable(atDb(99))).rejects.toThrow('database 99 refused: ERR DB index is out of range');
  });

  it('refused, fails the start (ServerStartError: status 1), naming the URL', async () => {
    const dataDir = join(base, 'redis-db');
    // It used to start (on DB 0): then it is closed, and the test fails on what it got.
    const outcome = await startServer({ port: 0, host: '127.0.0.1', dataDir, redisUrl: atDb(99), log: () => undefined, logger: createLogger({ level: 'silent' }) }).then(
      async (server) => {
        await server.close();
        return 'started';
      },
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(ServerStartError);
    expect((outcome as ServerStartError).message).toBe(`cannot reach Redis at ${atDb(99)} (database 99 refused: ERR DB index is out of range)`);
    expect(existsSync(join(dataDir, 'paigow.sqlite'))).toBe(false);
  });
});

describe('the web client', () => {
  const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

  // Started from another folder, `/` said "The web client is not built yet" although it was built.
  it('is found from the code\'s own place whatever the working folder', async () => {
    expect(existsSync(join(webDist, 'index.html')), 'npm run build writes packages/web/dist').toBe(true);
    const elsewhere = mkdtempSync(join(base, 'cwd-'));
    const before = process.cwd();
    process.chdir(elsewhere);
    try {
      const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: join(elsewhere, 'data'), log: () => undefined, logger: createLogger({ level: 'silent' }) });
      try {
        const page = await fetch(`${server.url}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toBe(readFileSync(join(webDist, 'index.html'), 'utf8'));
      } finally {
        await server.close();
      }
    } finally {
      process.chdir(before);
    }
    // The override stays.
    expect(serverOptionsFromEnv({ PAIGOW_WEB_DIST: '/srv/paigow/web' }).webDist).toBe('/srv/paigow/web');
  });
});
