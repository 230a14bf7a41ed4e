/**
 * Guest players: creation with a funded wallet, and sessions (docs/server.md "Sessions"): a session
 * expires after `sessionIdleMs` without use and Sign out revokes it for good.
 */
import { randomUUID } from 'node:crypto';
import { err, ok, type Result, type RuleError } from '@paigow/engine';
import { PLAYER_LANGUAGES, isPlayerLanguage, type PlayerLanguage } from '@paigow/protocol';
import type { Database } from '../storage/database.js';
import { transact } from '../storage/transaction.js';
import { issuanceAccountId, postTransfers, STARTING_BALANCE_CENTS, walletAccountId } from '../ledger/accounts.js';
import { validateNickname } from './nickname.js';
import { hashSessionToken, isSessionToken, newSessionToken } from './session-token.js';

/** A player as the lobby and the tables see it. */
export interface Player {
  readonly id: string;
  readonly nickname: string;
  /** Comp points (rules.md §5); changed only by `Ledger.settleRound`. */
  readonly compPoints: number;
  /** The wallet's balance in cents. */
  readonly balanceCents: number;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  /** The language the player chose (`PUT /api/me/language`), or null until it chooses. */
  readonly language: PlayerLanguage | null;
}

/** A new guest and the token that resumes its session. Give the token to the client only. */
export interface GuestSession {
  readonly player: Player;
  /** 64 hex characters; never stored, never logged, never part of room state. */
  readonly sessionToken: string;
}

export interface Players {
  /**
   * Creates a guest: a player, its wallet funded with 1,000.00 (100000 cents) of play money
   * from its issuance account (`issuanceAccountId`; transfer kind `'grant'`), and a session token. One transaction.
   * Nicknames need not be unique (the player id is); at a table, a name that reads like another one shown there is
   * numbered (`Anna (2)`: table/table-nickname.ts).
   * @returns the player and its token; or `auth/invalid-nickname` or `auth/reserved-nickname` (see `validateNickname`).
   */
  createGuest(nickname: string): Promise<Result<GuestSession>>;

  /**
   * The player whose session token this is; renews the session's last use (at most once a minute).
   * @returns the player; or `auth/invalid-session` for a malformed or unknown token, a revoked one
   *   (signed out) or one unused for longer than the idle time (expired).
   */
  resumeSession(sessionToken: string): Promise<Result<Player>>;

  /**
   * Signs out: revokes the session of `sessionToken`, which then never works again.
   * @returns the player signed out; or `auth/invalid-session` as `resumeSession` (nothing changes).
   */
  revokeSession(sessionToken: string): Promise<Result<Player>>;

  /**
   * Checks the sessions of the players connected at a table and renews those used there (docs/server.md
   * "Sessions"): a table message uses the session as an API request does. One read, and one write at most, for all.
   * @param playerIds the players connected
   * @param used those of them who sent a table message since the last check: their sessions are renewed as
   *   `resumeSession` renews one (at most once a minute)
   * @returns the players whose session was signed out or has expired, each with its refusal
   *   (`auth/invalid-session`), to be told and closed; an unknown player is left out
   */
  keepSessions(playerIds: readonly string[], used: ReadonlySet<string>): Promise<Map<string, RuleError>>;

  /** How often a table checks its players' sessions with `keepSessions`, ms: a tenth of the idle time, at most a minute. */
  readonly sessionCheckMs: number;

  /** The player `playerId` (with its current balance and comp points), or `undefined`. */
  getPlayer(playerId: string): Promise<Player | undefined>;

  /**
   * Keeps the language the player plays in (issue 14: the account keeps the switcher's choice).
   * @param language one of `PLAYER_LANGUAGES` (en, ru, fr, de, es)
   * @returns the player with its new language; or `action/invalid` for another value, or
   *   `ledger/unknown-account` for an unknown player (nothing changes)
   */
  setLanguage(playerId: string, language: string): Promise<Result<Player>>;
}

/** Options of `createPlayers`. */
export interface PlayersOptions {
  /** A session unused for longer than this expires, ms (default `DEFAULT_SESSION_IDLE_MS`). */
  readonly sessionIdleMs?: number;
  /** The clock, epoch ms (default `Date.now`). */
  readonly now?: () => number;
}

/** Sessions expire after 30 days without use. */
export const DEFAULT_SESSION_IDLE_MS = 30 * 24 * 3_600_000;

/** A session's last use is written at most this often, ms, or a tenth of the idle time if shorter (so that a busy player costs no write per request). */
const SESSION_RENEW_MS = 60_000;

interface PlayerRow {
  readonly id: string;
  readonly nickname: string;
  readonly comp_points: number;
  readonly created_at: number;
  readonly balance_cents: number;
  readonly language: string | null;
}

interface SessionRow extends PlayerRow {
  readonly session_seen_at_ms: number | null;
  readonly session_revoked_at_ms: number | null;
}

function selectPlayers(database: Database) {
  return database.db
    .selectFrom('players as p')
    .innerJoin('accounts as a', 'a.player_id', 'p.id')
    .select(['p.id', 'p.nickname', 'p.comp_points', 'p.created_at', 'p.language', 'a.balance_cents']);
}

function toPlayer(row: PlayerRow): Player {
  return {
    id: row.id,
    nickname: row.nickname,
    compPoints: row.comp_points,
    balanceCents: row.balance_cents,
    createdAt: row.created_at,
    // A value outside today's list (written by a later version) reads as not chosen.
    language: isPlayerLanguage(row.language) ? row.language : null,
  };
}

async function createGuest(database: Database, rawNickname: string, now: () => number): Promise<Result<GuestSession>> {
  const nickname = validateNickname(rawNickname);
  if (!nickname.ok) return nickname;
  const id = randomUUID();
  const sessionToken = newSessionToken();
  const createdAt = now();
  return transact(database, async (trx) => {
    const sessionHash = hashSessionToken(sessionToken);
    await trx
      .insertInto('players')
      .values({ id, nickname: nickname.value, session_hash: sessionHash, comp_points: 0, created_at: createdAt })
      .execute();
    const wallet = walletAccountId(id);
    await trx
      .insertInto('accounts')
      .values({ id: wallet, kind: 'wallet', player_id: id, balance_cents: 0, version: 0 })
      .execute();
    const posted = await postTransfers(
      trx,
      database.dialect,
      [
        {
          idempotencyKey: `grant:${id}`,
          fromAccountId: issuanceAccountId(id),
          toAccountId: wallet,
          amountCents: STARTING_BALANCE_CENTS,
          kind: 'grant',
          roundId: null,
        },
      ],
      createdAt,
    );
    if (!posted.ok) return posted;
    return ok({
      player: { id, nickname: nickname.value, compPoints: 0, balanceCents: posted.value.get(wallet)!, createdAt, language: null },
      sessionToken,
    });
  });
}

/** A session's times: when its player was created, last used it and signed out (epoch ms). */
type SessionTimes = Pick<SessionRow, 'created_at' | 'session_seen_at_ms' | 'session_revoked_at_ms'>;

/** Why the session is no longer live at `nowMs` (signed out, or unused for longer than `idleMs`), or null while it is. */
function sessionRefusal(row: SessionTimes, nowMs: number, idleMs: number): RuleError | null {
  if (row.session_revoked_at_ms !== null) return { code: 'auth/invalid-session', message: 'this session was signed out; sign in again' };
  if (nowMs - (row.session_seen_at_ms ?? row.created_at) > idleMs) return { code: 'auth/invalid-session', message: 'this session expired; sign in again' };
  return null;
}

/** True when a use of the live session at `nowMs` is written as its last use (at most once a minute, `SESSION_RENEW_MS`). */
function renewable(row: SessionTimes, nowMs: number, idleMs: number): boolean {
  return nowMs - (row.session_seen_at_ms ?? row.created_at) >= Math.min(SESSION_RENEW_MS, idleMs / 10);
}

/** The live session of `sessionToken` (not revoked, used within `idleMs` of `nowMs`), or the refusal. */
async function liveSession(database: Database, sessionToken: string, nowMs: number, idleMs: number): Promise<Result<SessionRow>> {
  const row = isSessionToken(sessionToken)
    ? await selectPlayers(database)
        .select(['p.session_seen_at_ms', 'p.session_revoked_at_ms'])
        .where('p.session_hash', '=', hashSessionToken(sessionToken))
        .executeTakeFirst()
    : undefined;
  if (row === undefined) return err('auth/invalid-session', 'unknown or malformed session token');
  const refusal = sessionRefusal(row, nowMs, idleMs);
  return refusal === null ? ok(row) : { ok: false, error: refusal };
}

async function resumeSession(database: Database, sessionToken: string, now: () => number, idleMs: number): Promise<Result<Player>> {
  const nowMs = now();
  const session = await liveSession(database, sessionToken, nowMs, idleMs);
  if (!session.ok) return session;
  if (renewable(session.value, nowMs, idleMs)) {
    await database.db.updateTable('players').set({ session_seen_at_ms: nowMs }).where('id', '=', session.value.id).execute();
  }
  return ok(toPlayer(session.value));
}

async function keepSessions(database: Database, playerIds: readonly string[], used: ReadonlySet<string>, now: () => number, idleMs: number): Promise<Map<string, RuleError>> {
  const refused = new Map<string, RuleError>();
  if (playerIds.length === 0) return refused;
  const nowMs = now();
  const rows = await database.db
    .selectFrom('players')
    .select(['id', 'created_at', 'session_seen_at_ms', 'session_revoked_at_ms'])
    .where('id', 'in', [...playerIds])
    .execute();
  const renewed: string[] = [];
  for (const row of rows) {
    const refusal = sessionRefusal(row, nowMs, idleMs);
    if (refusal !== null) refused.set(row.id, refusal);
    else if (used.has(row.id) && renewable(row, nowMs, idleMs)) renewed.push(row.id);
  }
  if (renewed.length > 0) await database.db.updateTable('players').set({ session_seen_at_ms: nowMs }).where('id', 'in', renewed).execute();
  return refused;
}

async function revokeSession(database: Database, sessionToken: string, now: () => number, idleMs: number): Promise<Result<Player>> {
  const nowMs = now();
  const session = await liveSession(database, sessionToken, nowMs, idleMs);
  if (!session.ok) return session;
  await database.db.updateTable('players').set({ session_revoked_at_ms: nowMs }).where('id', '=', session.value.id).execute();
  return ok(toPlayer(session.value));
}

async function getPlayer(database: Database, playerId: string): Promise<Player | undefined> {
  const row = await selectPlayers(database).where('p.id', '=', playerId).executeTakeFirst();
  return row === undefined ? undefined : toPlayer(row);
}

async function setLanguage(database: Database, playerId: string, language: string): Promise<Result<Player>> {
  if (!isPlayerLanguage(language)) return err('action/invalid', `language must be one of ${PLAYER_LANGUAGES.join(', ')}`);
  const updated = await database.db.updateTable('players').set({ language }).where('id', '=', playerId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return err('ledger/unknown-account', `no player ${playerId}`);
  const player = await getPlayer(database, playerId);
  return player === undefined ? err('ledger/unknown-account', `no player ${playerId}`) : ok(player);
}

/** Guest players on `database` (migrated with `migrateToLatest`); sessions expire after `options.sessionIdleMs` idle. */
export function createPlayers(database: Database, options: PlayersOptions = {}): Players {
  const now = options.now ?? Date.now;
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  return {
    createGuest: (nickname) => createGuest(database, nickname, now),
    resumeSession: (sessionToken) => resumeSession(database, sessionToken, now, idleMs),
    revokeSession: (sessionToken) => revokeSession(database, sessionToken, now, idleMs),
    keepSessions: (playerIds, used) => keepSessions(database, playerIds, used, now, idleMs),
    sessionCheckMs: Math.min(SESSION_RENEW_MS, idleMs / 10),
    getPlayer: (playerId) => getPlayer(database, playerId),
    setLanguage: (playerId, language) => setLanguage(database, playerId, language),
  };
}
