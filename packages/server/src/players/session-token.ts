/**
 * Session tokens: 32 random bytes as 64 hex characters. Only their SHA-256 is stored, so a
 * copy of the database does not let anyone resume a session.
 */
import { createHash, randomBytes } from 'node:crypto';

const TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** A fresh token from `node:crypto`. */
export function newSessionToken(): string {
  return randomBytes(32).toString('hex');
}

/** True when `token` has the shape of a session token (so that garbage is refused unhashed). */
export function isSessionToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

/** SHA-256 of the token, hex: what the database stores. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
