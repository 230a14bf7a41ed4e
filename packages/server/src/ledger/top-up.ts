/**
 * `topUp`: play money for a broke player.
 */
import { err, ok, type Result } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { transact } from '../storage/transaction.js';
import { BROKE_BELOW_CENTS, issuanceAccountId, lockAccounts, postTransfers, STARTING_BALANCE_CENTS, walletAccountId } from './accounts.js';

/** What a top-up did. */
export interface TopUp {
  /** The new balance: always `STARTING_BALANCE_CENTS`. */
  readonly balanceCents: number;
  /** The play money issued. */
  readonly amountCents: number;
}

/** See `Ledger.topUp`; `brokeBelowCents` is taken as at least `BROKE_BELOW_CENTS` and at most `STARTING_BALANCE_CENTS`. */
export async function topUp(database: Database, playerId: string, brokeBelowCents = BROKE_BELOW_CENTS): Promise<Result<TopUp>> {
  // A top-up refills to the starting balance, so a player at or above it is never broke, whatever the table's minimum.
  const threshold = Math.min(STARTING_BALANCE_CENTS, Math.max(BROKE_BELOW_CENTS, brokeBelowCents));
  const wallet = walletAccountId(playerId);
  return transact(database, async (trx) => {
    const locked = await lockAccounts(trx, database.dialect, [issuanceAccountId(playerId), wallet]);
    if (!locked.ok) return err('ledger/unknown-account', `no player ${playerId}`);
    const { balanceCents, version } = locked.value.get(wallet)!;
    if (balanceCents >= threshold) {
      return err('ledger/not-broke', `a top-up is for a balance under ${(threshold / 100).toFixed(2)}; yours is ${(balanceCents / 100).toFixed(2)}`);
    }
    const held = await trx
      .selectFrom('transfers as t')
      .innerJoin('rounds as r', 'r.id', 't.round_id')
      .select('t.id')
      .where('t.from_account_id', '=', wallet)
      .where('r.status', '=', 'open')
      .executeTakeFirst();
    // In the player's words, as the other refusal (an attacker saw its own player id and "an open round").
    if (held !== undefined) return err('ledger/not-broke', 'your money is in a round in play: you may top up once it is settled');
    const amountCents = STARTING_BALANCE_CENTS - balanceCents;
    const posted = await postTransfers(trx, database.dialect, [
      {
        idempotencyKey: `top-up:${playerId}:${version}`,
        fromAccountId: issuanceAccountId(playerId),
        toAccountId: wallet,
        amountCents,
        kind: 'top-up',
        roundId: null,
      },
    ]);
    if (!posted.ok) return posted;
    return ok({ balanceCents: posted.value.get(wallet)!, amountCents });
  });
}
