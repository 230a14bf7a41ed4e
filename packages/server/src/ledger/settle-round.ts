/**
 * `settleRound`: releases a round's escrow as the table logic computed, grants comp points and
 * records the result, in one transaction.
 */
import { err, ok, type Result } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { SETTLEMENT_KINDS, type SettlementKind } from '../storage/schema.js';
import { transact } from '../storage/transaction.js';
import { walletAccountId } from './accounts.js';
import { postTransfers } from './post.js';
import { HOLD_TRANSFER_KINDS, loadRound, lockRoundRow, toJson, type RoundRecord } from './rounds.js';

/** An account named by a settlement: a participant's wallet or a system account. */
export type AccountRef = { readonly player: string } | 'house' | 'commission' | 'escrow';

/** One transfer of a settlement. */
export interface Posting {
  readonly from: AccountRef;
  /** Never `'escrow'`: a settlement only releases escrow. */
  readonly to: AccountRef;
  /** Cents, a positive safe integer. */
  readonly amountCents: number;
  readonly kind: SettlementKind;
}

/** Comp points to add to (or, if negative, take from) a participant (rules.md §5). */
export interface CompPointsChange {
  readonly playerId: string;
  /** An integer; may be negative (a banker loses points). */
  readonly delta: number;
}

/** What `settleRound` posts and records. */
export interface SettleRoundInput {
  readonly roundId: string;
  /** Posted in this order; every balance check sees the postings before it. */
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
}

function accountIdOf(ref: AccountRef): string {
  return typeof ref === 'string' ? ref : walletAccountId(ref.player);
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
    if (accountIdOf(posting.from) === accountIdOf(posting.to)) {
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
  return transact(database, async (trx) => {
    const row = await lockRoundRow(trx, database.dialect, input.roundId);
    if (row === undefined) return err('action/invalid', `no round ${input.roundId}`);
    if (input.ownerInstanceId !== undefined && row.ownerInstanceId !== input.ownerInstanceId) {
      return err('action/stale', `round ${input.roundId} is run by another server instance now`);
    }
    const status = row.status;
    if (status === 'refunded') return err('action/stale', `round ${input.roundId} was refunded`);
    if (status === 'settled') return ok((await loadRound(trx, input.roundId))!);

    const participants = new Set(
      (await trx.selectFrom('round_players').select('player_id').where('round_id', '=', input.roundId).execute()).map(
        (row) => row.player_id,
      ),
    );
    const named = [
      ...input.postings
        .flatMap((posting) => [posting.from, posting.to])
        .flatMap((ref) => (typeof ref === 'string' ? [] : [ref.player])),
      ...input.compPoints.map((change) => change.playerId),
    ];
    const strangers = named.filter((playerId) => !participants.has(playerId));
    if (strangers.length > 0) return err('action/invalid', `player ${strangers[0]} is not in round ${input.roundId}`);

    const held = await trx
      .selectFrom('transfers')
      .select((eb) => eb.cast<number>(eb.fn.coalesce(eb.fn.sum('amount_cents'), eb.lit(0)), 'bigint').as('cents'))
      .where('round_id', '=', input.roundId)
      .where('kind', 'in', HOLD_TRANSFER_KINDS)
      .executeTakeFirstOrThrow();
    const released = input.postings
      .filter((posting) => posting.from === 'escrow')
      .reduce((sum, posting) => sum + posting.amountCents, 0);
    if (released !== held.cents) {
      return err(
        'action/invalid',
        `round ${input.roundId} holds ${held.cents} cents in escrow but the postings release ${released}`,
      );
    }

    const posted = await postTransfers(
      trx,
      database.dialect,
      input.postings.map((posting, index) => ({
        idempotencyKey: `settle:${input.roundId}:${index}`,
        fromAccountId: accountIdOf(posting.from),
        toAccountId: accountIdOf(posting.to),
        amountCents: posting.amountCents,
        kind: posting.kind,
        roundId: input.roundId,
      })),
      nowMs,
    );
    if (!posted.ok) return posted;

    const inIdOrder = [...input.compPoints].sort((a, b) => (a.playerId < b.playerId ? -1 : 1));
    for (const change of inIdOrder) {
      await trx
        .updateTable('players')
        .set((eb) => ({ comp_points: eb('comp_points', '+', change.delta) }))
        .where('id', '=', change.playerId)
        .execute();
      await trx
        .updateTable('round_players')
        .set({ comp_points_delta: change.delta })
        .where('round_id', '=', input.roundId)
        .where('player_id', '=', change.playerId)
        .execute();
    }
    await trx
      .updateTable('rounds')
      .set({ status: 'settled', result_json: resultJson, closed_at: nowMs })
      .where('id', '=', input.roundId)
      .execute();
    return ok((await loadRound(trx, input.roundId))!);
  });
}
