/**
 * What a PostgreSQL URL must look like (`DATABASE_URL`, `--database-url`; docs/operations.md "Settings"). `pg`
 * reads any text as a connection string: `notaurl` became the host `base` ("cannot reach the database …
 * getaddrinfo ENOTFOUND base", a network fault for a typing slip) and `mysql://…` connected to PostgreSQL.
 */

import { parseUrl, redactUrl } from '../settings/urls.js';

/** The schemes `pg` takes for a PostgreSQL server. */
const SCHEMES = new Set(['postgres:', 'postgresql:']);

/**
 * Checks an operator's PostgreSQL URL: `postgres://` or `postgresql://`, then a host.
 * @returns the URL as given
 * @throws Error `must be a postgres:// URL …, got '<url, password masked>'` (the caller names the setting before it)
 */
export function checkDatabaseUrl(url: string): string {
  const parsed = parseUrl(url);
  if (parsed === null || !SCHEMES.has(parsed.protocol) || parsed.hostname === '') {
    throw new Error(`must be a postgres:// URL, e.g. postgres://paigow@127.0.0.1:5432/paigow, got '${redactUrl(url)}'`);
  }
  return url;
}
