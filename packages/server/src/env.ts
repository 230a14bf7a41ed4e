/**
 * The server's environment (interfaces.md "The web page"): `PORT` (default 2567),
 * `PAIGOW_DATA_DIR` (default `./data`), `DATABASE_URL` (PostgreSQL instead of SQLite),
 * `REDIS_URL` (optional scale-out, docs/server.md) and `PAIGOW_WEB_DIST` (the built web client's
 * folder, default the repository's `packages/web/dist` found from the server's code: `DEFAULT_WEB_DIST`).
 * Every setting is read one way (settings/values.ts): unset is the default, empty is refused, a number is plain
 * decimal digits within its documented range.
 */
import type { StartServerOptions } from './server.js';
import { DEFAULT_DRAIN_MS } from './table/drain.js';
import { LIMIT_ENV_NAMES, limitsFromEnv } from './limits/index.js';
import { operatorSettingsFromEnv } from './settings/index.js';
import { decimalSetting, refuseEmptySettings, SettingsConflictError, settingText, wholeSetting } from './settings/values.js';
import { checkRedisPrefix, checkRedisUrl } from './rooms/redis-presence.js';
import { DEFAULT_MAX_EVENT_LOOP_LAG_MS } from './health/index.js';

/**
 * Every variable the server reads (docs/operations.md "Settings", docs/server.md "Limits"): set but empty or only
 * spaces, each is refused before anything else is read (a failed secret substitution is not the default).
 */
const SERVER_SETTINGS: readonly string[] = [
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
  ...Object.values(LIMIT_ENV_NAMES),
];

/** The longest `PAIGOW_SESSION_IDLE_DAYS`, days (ten years). */
const MAX_SESSION_IDLE_DAYS = 3_650;

/** The longest `PAIGOW_DRAIN_MS`, ms (an hour). */
const MAX_DRAIN_MS = 3_600_000;

/**
 * `PAIGOW_ALLOWED_ORIGINS`: origins besides the page's own, separated by commas (`http://localhost:5173`).
 * @throws Error naming an entry that is not an origin (scheme, host and optional port only)
 */
function allowedOriginsFromEnv(env: NodeJS.ProcessEnv): string[] {
  const entries = (settingText(env, 'PAIGOW_ALLOWED_ORIGINS') ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
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
 * @throws Error when it is not a plain decimal number of days above 0 and at most 3650 (`decimalSetting`)
 */
function sessionIdleMsFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const days = decimalSetting(env, 'PAIGOW_SESSION_IDLE_DAYS', 0, MAX_SESSION_IDLE_DAYS, 'days');
  return days === undefined ? undefined : Math.round(days * 24 * 3_600_000);
}

/**
 * Checks an operator's `PAIGOW_PUBLIC_ADDRESS`: `host[:port]/<name>` without the scheme (Colyseus puts
 * `ws://`/`wss://` before it; docs/operations.md "A cluster"), the port 1‥65535. `http://127.0.0.1:3403/p1`, an
 * empty value, one without the `/<name>` the proxy routes by (`x`) or a port like 99999 started a server whose
 * every join then failed (close 1006).
 * @throws Error naming the variable
 */
function checkPublicAddress(text: string): string {
  const address = text.trim();
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?(\/[A-Za-z0-9._~%-]+)+$/.exec(address);
  const port = match?.[2] === undefined ? 1 : Number(match[2]);
  if (match === null || port < 1 || port > 65_535) {
    throw new Error(`PAIGOW_PUBLIC_ADDRESS must be host[:port]/<name> without the scheme, e.g. play.example.com/p1, got '${text}'`);
  }
  return address;
}

/**
 * Checks that admission control stops taking new players and seats (`PAIGOW_ADMIT_MAX_LAG_MS`) at a lower event-loop
 * delay than the one at which `/readyz` reports the process not ready (`PAIGOW_MAX_EVENT_LOOP_LAG_MS`, or its default):
 * otherwise the process would not shed new players before it says it is not ready (at equal limits both happen at once,
 * leaving no margin; docs/operations.md "Settings").
 * Unset, admission's limit is half of the readiness one (`startServer`), below it.
 * @throws SettingsConflictError naming both variables and their values
 */
function checkAdmissionLag(admitMaxLagMs: number | undefined, readyMaxLagMs: number | undefined): void {
  if (admitMaxLagMs === undefined) return;
  const ready = readyMaxLagMs ?? DEFAULT_MAX_EVENT_LOOP_LAG_MS;
  if (admitMaxLagMs < ready) return;
  throw new SettingsConflictError(
    `PAIGOW_ADMIT_MAX_LAG_MS (${admitMaxLagMs}) must be below PAIGOW_MAX_EVENT_LOOP_LAG_MS (${readyMaxLagMs === undefined ? `${ready}, its default` : ready}): otherwise the process does not refuse new players before /readyz reports it not ready`,
  );
}

/**
 * A port number as `PORT` and `paigow serve --port` take it: plain decimal digits, 0 to 65535 (`0` picks a free port).
 * @param text the value as given
 * @param name the variable or option the refusal names (`PORT`, `--port`)
 * @throws Error `<name> must be a port number, got '<text>'`
 */
export function portNumber(text: string, name: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65_535)) throw new Error(`${name} must be a port number, got '${text}'`);
  return port;
}

/**
 * Why each setting that only means something with Redis is refused without `REDIS_URL` (docs/operations.md "Settings"),
 * the second half of its refusal:
 * - `PAIGOW_PUBLIC_ADDRESS` (a process of a cluster, behind its front): without Redis the process is an independent
 *   server, its rooms in its own memory, while the front sends a player's join to any process and the table's WebSocket
 *   to `<public address>/…`, so every join through it failed ("seat reservation expired") while its `/readyz` said 200
 *   (an operator's finding);
 * - `PAIGOW_REDIS_PREFIX`: there is no key or channel to prefix, and the setting was ignored without a word (an
 *   operator's finding: a deployment meant to share a Redis started on its own).
 */
const NEEDS_REDIS = {
  PAIGOW_PUBLIC_ADDRESS: "a process behind a cluster's front needs the cluster's Redis (set REDIS_URL), and a single server needs no PAIGOW_PUBLIC_ADDRESS (unset it)",
  PAIGOW_REDIS_PREFIX: 'the prefix splits a shared Redis (set REDIS_URL), and a server without Redis needs no PAIGOW_REDIS_PREFIX (unset it)',
} as const;

/**
 * Checks that each setting of `NEEDS_REDIS` that is set comes with `REDIS_URL`.
 * @param settings the value of each (`undefined`: unset)
 * @throws SettingsConflictError naming the setting and `REDIS_URL`, the first in `NEEDS_REDIS`'s order
 */
function checkNeedsRedis(settings: Record<keyof typeof NEEDS_REDIS, string | undefined>, redisUrl: string | undefined): void {
  if (redisUrl !== undefined) return;
  for (const [name, why] of Object.entries(NEEDS_REDIS)) {
    if (settings[name as keyof typeof NEEDS_REDIS] !== undefined) throw new SettingsConflictError(`${name} is set but REDIS_URL is not: ${why}`);
  }
}

/**
 * Reads the server options from the environment, each variable one way (settings/values.ts: unset is the default,
 * empty or only spaces is refused, a number is plain decimal digits within its range) (and `PAIGOW_DRAIN_MS`: how long a SIGTERM drain waits
 * for the rounds in play, docs/server.md "Drain"), and the abuse settings of docs/server.md "Limits",
 * "Headers and origins" and "Sessions": `PAIGOW_MAX_BODY_BYTES`, `PAIGOW_MAX_MESSAGE_BYTES`,
 * `PAIGOW_CONNECTIONS_PER_PLAYER`, `PAIGOW_RATE_*`, `PAIGOW_ALLOWED_ORIGINS`, `PAIGOW_SESSION_IDLE_DAYS`; and the
 * operator's settings of docs/operations.md "Settings" (`PAIGOW_TABLES`, `PAIGOW_DB_POOL_SIZE`, `PAIGOW_LEDGER_THREAD`, `PAIGOW_LEASE_MS`,
 * `PAIGOW_LEASE_RENEW_MS`, `PAIGOW_MAX_EVENT_LOOP_LAG_MS`, `LOG_LEVEL`: `operatorSettingsFromEnv`); admission control's
 * `PAIGOW_MAX_PLAYERS` and `PAIGOW_ADMIT_MAX_LAG_MS` (docs/server.md "Admission control"); a cluster's
 * `PAIGOW_PUBLIC_ADDRESS` and `PAIGOW_REDIS_PREFIX` (docs/operations.md "A cluster").
 * @throws Error when a variable is set but empty (`<name> is set but empty: unset it to use the default`), `PORT` is
 *   not a port number (0‥65535), `PAIGOW_DRAIN_MS` not a whole number of ms up to 3,600,000, `PAIGOW_MAX_PLAYERS` not
 *   1‥1,000,000, `PAIGOW_ADMIT_MAX_LAG_MS` not 1‥3,600,000 ms, an abuse setting is malformed or out of its range
 *   (`NUMBER_LIMIT_RANGES`, `RATE_RANGE`), `REDIS_URL` is not `redis://[user:password@]host[:port][/db]`, `PAIGOW_REDIS_PREFIX` is not 1 to 64 letters, digits or `:_.-`, or `PAIGOW_PUBLIC_ADDRESS`
 *   is not `host[:port]/<name>` without the scheme (the message names the variable); `SettingsConflictError` when
 *   `PAIGOW_ADMIT_MAX_LAG_MS` is not below `PAIGOW_MAX_EVENT_LOOP_LAG_MS` (or its default, 1,000 ms), or when
 *   `PAIGOW_PUBLIC_ADDRESS` or `PAIGOW_REDIS_PREFIX` is set without `REDIS_URL`
 */
export function serverOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): StartServerOptions {
  // Unset: the default; set but empty is a malformed setting like any other (docs/operations.md "Start").
  refuseEmptySettings(env, SERVER_SETTINGS);
  const portText = settingText(env, 'PORT');
  const port = portText === undefined ? 2567 : portNumber(portText, 'PORT');
  const webDist = settingText(env, 'PAIGOW_WEB_DIST')?.trim();
  const redisUrl = settingText(env, 'REDIS_URL');
  const redisPrefix = settingText(env, 'PAIGOW_REDIS_PREFIX');
  const publicAddressText = settingText(env, 'PAIGOW_PUBLIC_ADDRESS');
  const publicAddress = publicAddressText === undefined ? undefined : checkPublicAddress(publicAddressText);
  const maxPlayers = wholeSetting(env, 'PAIGOW_MAX_PLAYERS', 1, 1_000_000, 'players');
  const admitMaxLagMs = wholeSetting(env, 'PAIGOW_ADMIT_MAX_LAG_MS', 1, 3_600_000, 'ms');
  const operator = operatorSettingsFromEnv(env);
  checkAdmissionLag(admitMaxLagMs, operator.maxEventLoopLagMs);
  checkNeedsRedis({ PAIGOW_PUBLIC_ADDRESS: publicAddress, PAIGOW_REDIS_PREFIX: redisPrefix }, redisUrl);
  return {
    port,
    dataDir: settingText(env, 'PAIGOW_DATA_DIR') ?? './data',
    ...(webDist === undefined ? {} : { webDist }),
    databaseUrl: settingText(env, 'DATABASE_URL'),
    // Unset: no Redis (one process); set, it must be a redis:// URL.
    redisUrl: redisUrl === undefined ? undefined : checkRedisUrl(redisUrl),
    ...(redisPrefix === undefined ? {} : { redisPrefix: checkRedisPrefix(redisPrefix) }),
    ...(publicAddress === undefined ? {} : { publicAddress }),
    ...operator,
    drainMs: wholeSetting(env, 'PAIGOW_DRAIN_MS', 0, MAX_DRAIN_MS, 'ms') ?? DEFAULT_DRAIN_MS,
    limits: limitsFromEnv(env),
    allowedOrigins: allowedOriginsFromEnv(env),
    sessionIdleMs: sessionIdleMsFromEnv(env),
    // docs/server.md "Admission control".
    admission: { ...(maxPlayers === undefined ? {} : { maxPlayers }), ...(admitMaxLagMs === undefined ? {} : { maxEventLoopLagMs: admitMaxLagMs }) },
  };
}
