/**
 * Guest players: creation with a funded wallet, and sessions.
 */
import { randomUUID } from 'node:crypto';
import { err, ok, type Result } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { transact } from '../storage/transaction.js';
import { STARTING_BALANCE_CENTS, walletAccountId } from '../ledger/accounts.js';
import { postTransfers } from '../ledger/post.js';
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
   * from `issuance` (transfer kind `'grant'`), and a session token. One transaction.
   * Nicknames need not be unique (the player id is).
   * @returns the player and its token; or `auth/invalid-nickname` (see `validateNickname`).
   */
  createGuest(nickname: string): Promise<Result<GuestSession>>;

  /**
   * The player whose session token this is.
   * @returns the player; or `auth/invalid-session` for a malformed or unknown token.
   */
  resumeSession(sessionToken: string): Promise<Result<Player>>;

  /** The player `playerId` (with its current balance and comp points), or `undefined`. */
  getPlayer(playerId: string): Promise<Player | undefined>;
}

interface PlayerRow {
  readonly id: string;
  readonly nickname: string;
  readonly comp_points: number;
  readonly created_at: number;
  readonly balance_cents: number;
}

function selectPlayers(database: Database) {
  return database.db
    .selectFrom('players as p')
    .innerJoin('accounts as a', 'a.player_id', 'p.id')
    .select(['p.id', 'p.nickname', 'p.comp_points', 'p.created_at', 'a.balance_cents']);
}

function toPlayer(row: PlayerRow): Player {
  return {
    id: row.id,
    nickname: row.nickname,
    compPoints: row.comp_points,
    balanceCents: row.balance_cents,
    createdAt: row.created_at,
  };
}

async function createGuest(database: Database, rawNickname: string): Promise<Result<GuestSession>> {
  const nickname = validateNickname(rawNickname);
  if (!nickname.ok) return nickname;
  const id = randomUUID();
  const sessionToken = newSessionToken();
  const createdAt = Date.now();
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
          fromAccountId: 'issuance',
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
      player: { id, nickname: nickname.value, compPoints: 0, balanceCents: posted.value.get(wallet)!, createdAt },
      sessionToken,
    });
  });
}

async function resumeSession(database: Database, sessionToken: string): Promise<Result<Player>> {
  const row = isSessionToken(sessionToken)
    ? await selectPlayers(database).where('p.session_hash', '=', hashSessionToken(sessionToken)).executeTakeFirst()
    : undefined;
  return row === undefined ? err('auth/invalid-session', 'unknown or malformed session token') : ok(toPlayer(row));
}

async function getPlayer(database: Database, playerId: string): Promise<Player | undefined> {
  const row = await selectPlayers(database).where('p.id', '=', playerId).executeTakeFirst();
  return row === undefined ? undefined : toPlayer(row);
}

/** Guest players on `database` (migrated with `migrateToLatest`). */
export function createPlayers(database: Database): Players {
  return {
    createGuest: (nickname) => createGuest(database, nickname),
    resumeSession: (sessionToken) => resumeSession(database, sessionToken),
    getPlayer: (playerId) => getPlayer(database, playerId),
  };
}
