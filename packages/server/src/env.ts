/**
 * The server's environment (interfaces.md "The web page"): `PORT` (default 2567),
 * `PAIGOW_DATA_DIR` (default `./data`), `DATABASE_URL` (PostgreSQL instead of SQLite) and
 * `REDIS_URL` (optional scale-out, docs/server.md).
 */
import type { StartServerOptions } from './server.js';

/**
 * Reads the server options from the environment.
 * @throws Error when `PORT` is not a port number
 */
export function serverOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): StartServerOptions {
  const portText = env.PORT?.trim();
  const port = portText ? Number(portText) : 2567;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got '${env.PORT}'`);
  return {
    port,
    dataDir: env.PAIGOW_DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
  };
}
