/**
 * The server's environment (interfaces.md "The web page"): `PORT` (default 2567),
 * `PAIGOW_DATA_DIR` (default `./data`), `DATABASE_URL` (PostgreSQL instead of SQLite),
 * `REDIS_URL` (optional scale-out, docs/server.md) and `PAIGOW_WEB_DIST` (the built web client's
 * folder, default `packages/web/dist` under the working folder: `DEFAULT_WEB_DIST`).
 */
import type { StartServerOptions } from './server.js';
import { admissionFromEnv } from './admission/index.js';
import { drainMsFromEnv } from './table/drain.js';
import { limitsFromEnv } from './limits/index.js';
import { operatorSettingsFromEnv } from './settings/index.js';
import { checkRedisPrefix, checkRedisUrl } from './rooms/redis-presence.js';

/**
 * `PAIGOW_ALLOWED_ORIGINS`: origins besides the page's own, separated by commas (`http://localhost:5173`).
 * @throws Error naming an entry that is not an origin (scheme, host and optional port only)
 */
function allowedOriginsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const entries = (env.PAIGOW_ALLOWED_ORIGINS ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    let origin: string | null;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = null;
    }
    if (origin !== entry) throw new Error(`PAIGOW_ALLOWED_ORIGINS must list origins like http://localhost:5173, got '${entry}'`);
  }
  return entries;
}

/**
 * `PAIGOW_SESSION_IDLE_DAYS` in ms (a session unused this long expires), `undefined` when unset.
 * @throws Error when it is not a number of days above 0
 */
function sessionIdleMsFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const text = env.PAIGOW_SESSION_IDLE_DAYS?.trim();
  if (text === undefined || text === '') return undefined;
  const days = Number(text);
  if (!(days > 0) || !Number.isFinite(days)) throw new Error(`PAIGOW_SESSION_IDLE_DAYS must be a number of days above 0, got '${text}'`);
  return Math.round(days * 24 * 3_600_000);
}

/**
 * Checks an operator's `PAIGOW_PUBLIC_ADDRESS`: `host[:port]` and an optional path, without the scheme (Colyseus
 * puts `ws://`/`wss://` before it; docs/operations.md "A cluster"). `http://127.0.0.1:3403/p1` or an empty value
 * started a server whose every join then failed (close 1006).
 * @throws Error naming the variable
 */
function checkPublicAddress(text: string): string {
  const address = text.trim();
  if (!/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?(\/[A-Za-z0-9._~%-]+)*$/.test(address)) {
    throw new Error(`PAIGOW_PUBLIC_ADDRESS must be host[:port]/<name> without the scheme, e.g. play.example.com/p1, got '${text}'`);
  }
  return address;
}

/**
 * Reads the server options from the environment (and `PAIGOW_DRAIN_MS`: how long a SIGTERM drain waits
 * for the rounds in play, docs/server.md "Drain"), and the abuse settings of docs/server.md "Limits",
 * "Headers and origins" and "Sessions": `PAIGOW_MAX_BODY_BYTES`, `PAIGOW_MAX_MESSAGE_BYTES`,
 * `PAIGOW_CONNECTIONS_PER_PLAYER`, `PAIGOW_RATE_*`, `PAIGOW_ALLOWED_ORIGINS`, `PAIGOW_SESSION_IDLE_DAYS`; and the
 * operator's settings of docs/operations.md "Settings" (`PAIGOW_TABLES`, `PAIGOW_DB_POOL_SIZE`, `PAIGOW_LEASE_MS`,
 * `PAIGOW_LEASE_RENEW_MS`, `PAIGOW_MAX_EVENT_LOOP_LAG_MS`, `LOG_LEVEL`: `operatorSettingsFromEnv`); admission control's
 * `PAIGOW_MAX_PLAYERS` and `PAIGOW_ADMIT_MAX_LAG_MS` (docs/server.md "Admission control"); a cluster's
 * `PAIGOW_PUBLIC_ADDRESS` and `PAIGOW_REDIS_PREFIX` (docs/operations.md "A cluster").
 * @throws Error when `PORT` is set but not a port number (empty included), `PAIGOW_DRAIN_MS` not a whole number of ms, or an abuse
 *   setting is malformed, `REDIS_URL` is not `redis://[user:password@]host[:port][/db]`, `PAIGOW_REDIS_PREFIX` is not 1 to 64 letters, digits or `:_.-`, or `PAIGOW_PUBLIC_ADDRESS` (empty
 *   included) is not `host[:port]/<name>` without the scheme (the message names the variable)
 */
export function serverOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): StartServerOptions {
  // Unset: the default; set but empty is a malformed setting like any other (docs/operations.md "Start").
  const portText = env.PORT?.trim();
  const port = portText === undefined ? 2567 : portText === '' ? Number.NaN : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  return {
    port,
    dataDir: env.PAIGOW_DATA_DIR || './data',
    ...(env.PAIGOW_WEB_DIST?.trim() ? { webDist: env.PAIGOW_WEB_DIST.trim() } : {}),
    databaseUrl: env.DATABASE_URL || undefined,
    // Unset or empty: no Redis (one process); set, it must be a redis:// URL.
    redisUrl: env.REDIS_URL ? checkRedisUrl(env.REDIS_URL) : undefined,
    ...(env.PAIGOW_REDIS_PREFIX ? { redisPrefix: checkRedisPrefix(env.PAIGOW_REDIS_PREFIX) } : {}),
    ...(env.PAIGOW_PUBLIC_ADDRESS === undefined ? {} : { publicAddress: checkPublicAddress(env.PAIGOW_PUBLIC_ADDRESS) }),
    ...operatorSettingsFromEnv(env),
    drainMs: drainMsFromEnv(env),
    limits: limitsFromEnv(env),
    allowedOrigins: allowedOriginsFromEnv(env),
    sessionIdleMs: sessionIdleMsFromEnv(env),
    admission: admissionFromEnv(env),
  };
}
