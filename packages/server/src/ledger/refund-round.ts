/**
 * `refundRound`: gives every hold of an open round back to its wallet, from the escrow account it went into.
 */
import { err, ok, type Result } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { transact } from '../storage/transaction.js';
import { appendEvents, roundEvents } from './player-events.js';
import { postTransfers } from './accounts.js';
import { HOLD_TRANSFER_KINDS, loadRound, lockRound, type RoundRecord } from './rounds.js';

/** See `Ledger.refundRound`. */
export async function refundRound(database: Database, roundId: string, reason: string, tell = false): Promise<Result<RoundRecord>> {
  const nowMs = Date.now();
  return transact(database, async (trx) => {
    const status = await lockRound(trx, database.dialect, roundId);
    if (status === undefined) return err('action/invalid', `no round ${roundId}`);
    if (status === 'settled') return err('action/stale', `round ${roundId} was settled`);
    if (status === 'refunded') return ok((await loadRound(trx, roundId))!);

    const holds = await trx
      .selectFrom('transfers')
      .select(['id', 'from_account_id', 'to_account_id', 'amount_cents'])
      .where('round_id', '=', roundId)
      .where('kind', 'in', HOLD_TRANSFER_KINDS)
      .orderBy('id')
      .execute();
    const posted = await postTransfers(
      trx,
      database.dialect,
      holds.map((hold) => ({
        idempotencyKey: `refund:${hold.id}`,
        fromAccountId: hold.to_account_id,
        toAccountId: hold.from_account_id,
        amountCents: hold.amount_cents,
        kind: 'refund' as const,
        roundId,
      })),
      nowMs,
    );
    if (!posted.ok) return posted;
    await trx
      .updateTable('rounds')
      .set({ status: 'refunded', refund_reason: reason, closed_at: nowMs })
      .where('id', '=', roundId)
      .execute();
    const refunded = (await loadRound(trx, roundId))!;
    if (tell) await appendEvents(trx, roundEvents(refunded, 'notice/round-recovered'), nowMs);
    return ok(refunded);
  });
}
