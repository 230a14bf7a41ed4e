/**
 * Operators' URLs (`DATABASE_URL`, `REDIS_URL`; docs/operations.md "Settings"): parsed without throwing, and
 * shown in logs and messages without their password.
 */

/** `text` as a URL, or `null` when it is not one. */
export function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * A URL without its password (`postgres://user:***@host/db`), for logs and error messages: as given when it has
 * none; text that is not a URL has any `//user:password@` part masked the same way.
 */
export function redactUrl(text: string): string {
  const parsed = parseUrl(text);
  if (parsed === null) return text.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
  if (parsed.password === '') return text;
  parsed.password = '***';
  return parsed.toString();
}
