/**
 * Reading balances.
 */
import { err, ok, type Result } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import type { AccountKind } from '../storage/schema.js';
import { walletAccountId } from './accounts.js';

/** One account and its balance. */
export interface AccountBalance {
  readonly accountId: string;
  readonly kind: AccountKind;
  /** The owner of a wallet; `null` for the system accounts. */
  readonly playerId: string | null;
  readonly balanceCents: number;
}

/** See `Ledger.balance`. */
export async function balance(database: Database, playerId: string): Promise<Result<number>> {
  const row = await database.db
    .selectFrom('accounts')
    .select('balance_cents')
    .where('id', '=', walletAccountId(playerId))
    .executeTakeFirst();
  return row === undefined ? err('ledger/unknown-account', `no player ${playerId}`) : ok(row.balance_cents);
}

/** See `Ledger.accountBalances`. */
export async function accountBalances(database: Database): Promise<AccountBalance[]> {
  const rows = await database.db
    .selectFrom('accounts')
    .select(['id', 'kind', 'player_id', 'balance_cents'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    accountId: row.id,
    kind: row.kind,
    playerId: row.player_id,
    balanceCents: row.balance_cents,
  }));
}

/** See `Ledger.sumOfBalances`. */
export async function sumOfBalances(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('accounts')
    .select((eb) => eb.cast<number>(eb.fn.coalesce(eb.fn.sum('balance_cents'), eb.lit(0)), 'bigint').as('cents'))
    .executeTakeFirstOrThrow();
  return row.cents;
}
