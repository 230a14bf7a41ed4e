/**
 * `settleRound`: releases a round's escrow as the table logic computed, grants comp points and
 * records the result, in one transaction.
 */
import { sql } from 'kysely';
import { err, ok, type AccountRef, type Hold, type Posting, type Result } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { SETTLEMENT_KINDS } from '../storage/schema.js';
import { transact } from '../storage/transaction.js';
import { ensureTableAccounts, postTransfers, rememberTableAccounts, tableAccountId, walletAccountId } from './accounts.js';
import { appendEvents, roundEvents, type RoundTell } from './player-events.js';
import { HOLD_TRANSFER_KINDS, holdKindOf, loadRound, lockRoundRow, toJson, writtenRound, type RoundRecord } from './rounds.js';

/** Comp points to add to (or, if negative, take from) a participant (rules.md §5). */
export interface CompPointsChange {
  readonly playerId: string;
  /** An integer; may be negative (a banker loses points). */
  readonly delta: number;
}

/** What `settleRound` posts and records. */
export interface SettleRoundInput {
  readonly roundId: string;
  /**
   * The reducer's postings (engine `Posting`), posted in this order; every balance check sees the postings
   * before it. An `AccountRef` names a participant's wallet or a system account: `'house'` and `'commission'`
   * are the round's table's (`tableAccountId`); `'escrow'` is the account its holds went into, never a `to`
   * (a settlement only releases escrow); amounts are positive safe integers of cents.
   */
  readonly postings: readonly Posting[];
  readonly compPoints: readonly CompPointsChange[];
  /** The public result (settings, outcomes), stored and shown in history. */
  readonly result: unknown;
  /**
   * When given, the settling server instance: the round is settled only if that instance owns it
   * (docs/server.md "Processes, leases and recovery"); a round another process claimed is refused with
   * `action/stale`, even if already settled.
   */
  readonly ownerInstanceId?: string;
  /**
   * When given, each participant's inbox gets this notice of the round (docs/server.md "The player inbox";
   * `roundEvents`), in the settlement's transaction: `notice/round-settled` at the table,
   * `notice/round-recovered` from recovery. Not written again by a repeated call.
   */
  readonly tell?: RoundTell;
}

/** The account a posting's `ref` names, where the round's holds are in `escrowAccountId`. */
function accountIdOf(ref: AccountRef, tableId: string, escrowAccountId: string): string {
  if (typeof ref !== 'string') return walletAccountId(ref.player);
  return ref === 'escrow' ? escrowAccountId : tableAccountId(ref, tableId);
}

/** Whether two refs name the same account. */
function sameAccount(a: AccountRef, b: AccountRef): boolean {
  return typeof a === 'string' || typeof b === 'string' ? a === b : a.player === b.player;
}

function describeRef(ref: AccountRef): string {
  return typeof ref === 'string' ? ref : `player ${ref.player}`;
}

function validateShape(input: SettleRoundInput): Result<void> {
  for (const posting of input.postings) {
    if (!Number.isSafeInteger(posting.amountCents) || posting.amountCents <= 0) {
      return err('action/invalid', `posting of ${posting.amountCents} cents is not a positive integer of cents`);
    }
    if (!SETTLEMENT_KINDS.includes(posting.kind)) {
      return err('action/invalid', `unknown posting kind '${String(posting.kind)}'`);
    }
    if (posting.to === 'escrow') return err('action/invalid', 'a settlement cannot move money into escrow');
    if (sameAccount(posting.from, posting.to)) {
      return err('action/invalid', `posting from ${describeRef(posting.from)} to itself`);
    }
  }
  const seen = new Set<string>();
  for (const change of input.compPoints) {
    if (!Number.isSafeInteger(change.delta)) {
      return err('action/invalid', `comp points delta ${change.delta} is not an integer`);
    }
    if (seen.has(change.playerId)) return err('action/invalid', `two comp point changes for player ${change.playerId}`);
    seen.add(change.playerId);
  }
  return ok(undefined);
}

/** See `Ledger.settleRound`. */
export async function settleRound(database: Database, input: SettleRoundInput): Promise<Result<RoundRecord>> {
  const shape = validateShape(input);
  if (!shape.ok) return shape;
  const resultJson = toJson(input.result, 'result');
  const nowMs = Date.now();
  /** The table whose accounts this transaction made sure of, if it did. */
  let ensured: string | undefined;
  const settled = await transact(database, async (trx) => {
    const row = await lockRoundRow(trx, database.dialect, input.roundId);
    if (row === undefined) return err('action/invalid', `no round ${input.roundId}`);
    if (input.ownerInstanceId !== undefined && row.ownerInstanceId !== input.ownerInstanceId) {
      return err('action/stale', `round ${input.roundId} is run by another server instance now`);
    }
    const status = row.status;
    if (status === 'refunded') return err('action/stale', `round ${input.roundId} was refunded`);
    if (status === 'settled') return ok((await loadRound(trx, input.roundId))!);

    const roles = new Map(
      (await trx.selectFrom('round_players').select(['player_id', 'role']).where('round_id', '=', input.roundId).execute()).map(
        (row) => [row.player_id, row.role] as const,
      ),
    );
    const named = [
      ...input.postings
        .flatMap((posting) => [posting.from, posting.to])
        .flatMap((ref) => (typeof ref === 'string' ? [] : [ref.player])),
      ...input.compPoints.map((change) => change.playerId),
    ];
    const strangers = named.filter((playerId) => !roles.has(playerId));
    if (strangers.length > 0) return err('action/invalid', `player ${strangers[0]} is not in round ${input.roundId}`);

    // Every hold of a round went into one escrow account: its table's (or, for a round dealt before
    // per-table accounts, the single 'escrow' of migration 0001).
    const holdRows = await trx
      .selectFrom('transfers as t')
      .innerJoin('accounts as a', 'a.id', 't.from_account_id')
      .select(['a.player_id', 't.kind', 't.amount_cents', 't.to_account_id'])
      .where('t.round_id', '=', input.roundId)
      .where('t.kind', 'in', HOLD_TRANSFER_KINDS)
      .execute();
    const holds: Hold[] = holdRows.map((hold) => ({ playerId: hold.player_id!, kind: holdKindOf(hold.kind), amountCents: hold.amount_cents }));
    const heldCents = holds.reduce((sum, hold) => sum + hold.amountCents, 0);
    const escrowAccountId = holdRows[0]?.to_account_id ?? tableAccountId('escrow', row.tableId);
    const released = input.postings
      .filter((posting) => posting.from === 'escrow')
      .reduce((sum, posting) => sum + posting.amountCents, 0);
    if (released !== heldCents) {
      return err(
        'action/invalid',
        `round ${input.roundId} holds ${heldCents} cents in escrow but the postings release ${released}`,
      );
    }

    await ensureTableAccounts(trx, database, row.tableId);
    ensured = row.tableId;
    const posted = await postTransfers(
      trx,
      database.dialect,
      input.postings.map((posting, index) => ({
        idempotencyKey: `settle:${input.roundId}:${index}`,
        fromAccountId: accountIdOf(posting.from, row.tableId, escrowAccountId),
        toAccountId: accountIdOf(posting.to, row.tableId, escrowAccountId),
        amountCents: posting.amountCents,
        kind: posting.kind,
        roundId: input.roundId,
      })),
      nowMs,
    );
    if (!posted.ok) return posted;

    // Two statements for all the comp points (their wallets are locked already, so no order is needed here).
    if (input.compPoints.length > 0) {
      const playerIds = input.compPoints.map((change) => change.playerId);
      const deltaBy = (column: 'id' | 'player_id') =>
        sql<number>`case ${sql.ref(column)} ${sql.join(input.compPoints.map((change) => sql`when ${change.playerId} then cast(${change.delta} as integer)`), sql` `)} else 0 end`;
      await trx
        .updateTable('players')
        .set((eb) => ({ comp_points: eb('comp_points', '+', deltaBy('id')) }))
        .where('id', 'in', playerIds)
        .execute();
      await trx
        .updateTable('round_players')
        .set({ comp_points_delta: deltaBy('player_id') })
        .where('round_id', '=', input.roundId)
        .where('player_id', 'in', playerIds)
        .execute();
    }
    await trx
      .updateTable('rounds')
      .set({ status: 'settled', result_json: resultJson, closed_at: nowMs })
      .where('id', '=', input.roundId)
      .execute();
    const walletMoves = [
      ...holds.map((hold) => ({ playerId: hold.playerId, cents: -hold.amountCents })),
      ...input.postings.flatMap((posting) => [
        ...(typeof posting.from === 'string' ? [] : [{ playerId: posting.from.player, cents: -posting.amountCents }]),
        ...(typeof posting.to === 'string' ? [] : [{ playerId: posting.to.player, cents: posting.amountCents }]),
      ]),
    ];
    const settled = writtenRound({
      roundId: input.roundId,
      tableId: row.tableId,
      bankerPlayerId: row.bankerPlayerId,
      status: 'settled',
      holds,
      roles,
      compPoints: new Map(input.compPoints.map((change) => [change.playerId, change.delta])),
      walletMoves,
      // Read back from the row: the settlement is not given the public record.
      public: JSON.parse(row.publicJson) as unknown,
      result: input.result,
      openedAt: row.openedAt,
      closedAt: nowMs,
      ownerInstanceId: row.ownerInstanceId,
    });
    if (input.tell !== undefined) await appendEvents(trx, roundEvents(settled, input.tell), nowMs);
    return ok(settled);
  });
  if (settled.ok && ensured !== undefined) rememberTableAccounts(database, ensured);
  return settled;
}
