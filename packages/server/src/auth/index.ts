/**
 * Sessions: the token from guest sign-in (`POST /api/guest`) identifies a player on the HTTP API
 * (`Authorization: Bearer <token>`) and in the table rooms (join option `token`). Only the
 * token's SHA-256 is stored (players/session-token.ts); a session survives a reload because the
 * client keeps the token, expires after a while unused and ends at Sign out (docs/server.md "Sessions").
 * Tokens never enter room state or logs.
 */
import { err, type Result } from '@paigow/engine';
import type { Player, Players } from '../players/index.js';

/**
 * The token of an `Authorization: Bearer <token>` header, or `null` when there is none.
 * @param header the header's value (any case of "Bearer")
 */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match === null ? null : match[1];
}

/**
 * The player of a session token taken from untrusted input.
 * @returns the player; or `auth/invalid-session` for a missing, malformed, unknown, expired or signed-out token.
 */
export async function authenticate(players: Players, token: unknown): Promise<Result<Player>> {
  if (typeof token !== 'string' || token === '') return err('auth/invalid-session', 'sign in first: no session token');
  return players.resumeSession(token);
}
