/**
 * `openRound`: the deal. Records the round and takes every stake from its wallet into escrow.
 */
import { err, ok, type Hold, type Result, type RuleError } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { HOLD_KINDS, type RoundRole } from '../storage/schema.js';
import { forUpdate, transact } from '../storage/transaction.js';
import { ensureTableAccounts, lockAccounts, postLocked, rememberTableAccounts, tableAccountId, walletAccountId } from './accounts.js';
import { shortOfStakes } from './bank-reservations.js';
import { holdTransferKind, loadRound, toJson, writtenRound, type RoundRecord } from './rounds.js';

/** What `openRound` records. */
export interface OpenRoundInput {
  /** Chosen by the caller (e.g. a UUID); the idempotency key of the deal. */
  readonly roundId: string;
  readonly tableId: string;
  /** The banking player, or `null` when the house banks. */
  readonly bankerPlayerId: string | null;
  /**
   * The stakes to take into escrow, at most one per player and kind. `'main'` and `'fortune'`
   * come from players other than the banker; `'bank'` (optional: the banker's cover, so that
   * its payments cannot fail at settlement) only from the banker.
   */
  readonly holds: readonly Hold[];
  /** The server's private round record (deck, hands), returned only by `openRounds()`. */
  readonly secret: unknown;
  /** What every participant may see, shown in history. */
  readonly public: unknown;
  /**
   * The server instance dealing the round (docs/server.md "Processes, leases and recovery"): only it
   * settles the round while its lease is alive. Omitted or `null`: no owner, so any server's recovery
   * may settle it at once (only for rounds written outside a running table, e.g. by tests or tools).
   */
  readonly ownerInstanceId?: string | null;
  /**
   * The provably fair deal (fairness.md): the commitment, the client seeds and the server seed (hex),
   * stored with the round; the seed is revealed only once the round is closed. Omitted: a round dealt
   * from a given deck (tests).
   */
  readonly fairness?: { readonly commitment: string; readonly clientSeeds: string; readonly serverSeed: string } | null;
  /**
   * With many processes (docs/server.md "Table hosting"): the instance that must host the table for the deal to
   * go through, checked in its transaction against the table's hosting row (locked until the deal commits, so a
   * take-over waits for it). Otherwise the deal is refused `action/stale`: a process whose table another one took
   * over while the database was away must not deal on it. Omitted: not checked (one process).
   */
  readonly hostedBy?: string;
}

/**
 * A refused deal. For `ledger/insufficient-funds`, `shortPlayerIds` names the players whose wallet, less
 * their banks at other tables, does not cover their stakes: the table deals without them (docs/server.md
 * "One player's shortfall").
 */
export interface OpenRoundError extends RuleError {
  readonly shortPlayerIds?: readonly string[];
}

/** The players a refused deal found short of their stakes (`OpenRoundError.shortPlayerIds`), else `[]`. */
export function shortPlayersOf(error: RuleError): readonly string[] {
  const ids = (error as OpenRoundError).shortPlayerIds;
  return error.code === 'ledger/insufficient-funds' && Array.isArray(ids) ? ids : [];
}

function validate(input: OpenRoundInput): Result<Map<string, RoundRole>> {
  if (input.roundId === '' || input.tableId === '') {
    return err('action/invalid', 'roundId and tableId must not be empty');
  }
  if (input.holds.length === 0) return err('bet/none', `round ${input.roundId} has no stake to hold`);
  const participants = new Map<string, RoundRole>();
  if (input.bankerPlayerId !== null) participants.set(input.bankerPlayerId, 'banker');
  const seen = new Set<string>();
  for (const hold of input.holds) {
    if (!HOLD_KINDS.includes(hold.kind)) return err('action/invalid', `unknown hold kind '${String(hold.kind)}'`);
    if (!Number.isSafeInteger(hold.amountCents) || hold.amountCents <= 0) {
      return err('bet/invalid-amount', `hold of ${hold.amountCents} cents is not a positive integer of cents`);
    }
    const key = `${hold.playerId}:${hold.kind}`;
    if (seen.has(key)) return err('action/invalid', `two '${hold.kind}' holds for player ${hold.playerId}`);
    seen.add(key);
    if ((hold.kind === 'bank') !== (hold.playerId === input.bankerPlayerId)) {
      return err('action/invalid', `a '${hold.kind}' hold cannot come from player ${hold.playerId}`);
    }
    if (hold.kind !== 'bank') participants.set(hold.playerId, 'player');
  }
  return ok(participants);
}

/** See `Ledger.openRound`. */
export async function openRound(database: Database, input: OpenRoundInput): Promise<Result<RoundRecord, OpenRoundError>> {
  const valid = validate(input);
  if (!valid.ok) return valid;
  const participants = valid.value;
  const secretJson = toJson(input.secret, 'secret');
  const publicJson = toJson(input.public, 'public');
  const nowMs = Date.now();
  const escrow = tableAccountId('escrow', input.tableId);
  const opened = await transact(database, async (trx) => {
    const known = await trx.selectFrom('players').select('id').where('id', 'in', [...participants.keys()]).execute();
    if (known.length !== participants.size) {
      const missing = [...participants.keys()].filter((id) => !known.some((row) => row.id === id));
      return err('ledger/unknown-account', `no player ${missing.join(', ')}`);
    }
    await ensureTableAccounts(trx, database, input.tableId);
    // Claims the round id; a concurrent second call waits here for the first to commit.
    const inserted = await trx
      .insertInto('rounds')
      .values({
        id: input.roundId,
        table_id: input.tableId,
        banker_player_id: input.bankerPlayerId,
        status: 'open',
        secret_json: secretJson,
        public_json: publicJson,
        result_json: null,
        refund_reason: null,
        opened_at: nowMs,
        closed_at: null,
        owner_instance_id: input.ownerInstanceId ?? null,
        commitment: input.fairness?.commitment ?? null,
        client_seeds: input.fairness?.clientSeeds ?? null,
        server_seed: input.fairness?.serverSeed ?? null,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .executeTakeFirst();
    if (inserted.numInsertedOrUpdatedRows === 0n) return ok((await loadRound(trx, input.roundId))!);
    // A new deal only (a deal written already, whose answer was lost, is answered as it is); refused, it rolls back.
    if (input.hostedBy !== undefined) {
      const host = await forUpdate(database.dialect, trx.selectFrom('table_hosts').select('instance_id').where('table_id', '=', input.tableId)).executeTakeFirst();
      if (host?.instance_id !== input.hostedBy) return err('action/stale', `table ${input.tableId} is hosted by another process now`);
    }

    // The table's escrow and the stakers' wallets, locked once (in id order) for the check and the postings.
    const locked = await lockAccounts(trx, database.dialect, [escrow, ...input.holds.map((hold) => walletAccountId(hold.playerId))]);
    if (!locked.ok) return locked;
    // A wallet's money committed to a bank at another table is not there to stake (docs/server.md).
    const short = await shortOfStakes(trx, locked.value, input.tableId, input.holds);
    if (short.length > 0) {
      const refusal: OpenRoundError = {
        code: 'ledger/insufficient-funds',
        message: `the balance of ${short.join(', ')} does not cover the stakes`,
        shortPlayerIds: short,
      };
      return { ok: false, error: refusal };
    }

    const posted = await postLocked(
      trx,
      locked.value,
      input.holds.map((hold) => ({
        idempotencyKey: `hold:${input.roundId}:${hold.playerId}:${hold.kind}`,
        fromAccountId: walletAccountId(hold.playerId),
        toAccountId: escrow,
        amountCents: hold.amountCents,
        kind: holdTransferKind(hold.kind),
        roundId: input.roundId,
      })),
      nowMs,
    );
    if (!posted.ok) return posted;
    await trx
      .insertInto('round_players')
      .values(
        [...participants].map(([playerId, role]) => ({
          round_id: input.roundId,
          player_id: playerId,
          role,
          comp_points_delta: 0,
        })),
      )
      .execute();
    return ok(
      writtenRound({
        roundId: input.roundId,
        tableId: input.tableId,
        bankerPlayerId: input.bankerPlayerId,
        status: 'open',
        holds: input.holds,
        roles: participants,
        compPoints: new Map(),
        walletMoves: input.holds.map((hold) => ({ playerId: hold.playerId, cents: -hold.amountCents })),
        public: input.public,
        result: null,
        openedAt: nowMs,
        closedAt: null,
        ownerInstanceId: input.ownerInstanceId ?? null,
      }),
    );
  });
  if (opened.ok) rememberTableAccounts(database, input.tableId);
  return opened;
}
