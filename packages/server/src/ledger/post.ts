/**
 * The one place where balances change: `postTransfers` writes transfers, their two entries
 * and the new account balances together, inside the caller's transaction (rules.md §5:
 * "Every change to a balance is a ledger entry").
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { err, ok, type Result } from '@paigow/engine';
import type { DialectName } from '../storage/database.js';
import type { AccountKind, EntriesTable, Tables, TransferKind, TransfersTable } from '../storage/schema.js';
import { forUpdate } from '../storage/transaction.js';
import { mayGoNegative } from './accounts.js';

/** One transfer to post. */
export interface TransferOrder {
  /** Unique over all transfers ever posted (a UNIQUE column): derived from what the transfer is for. */
  readonly idempotencyKey: string;
  readonly fromAccountId: string;
  readonly toAccountId: string;
  /** Cents, a positive safe integer. */
  readonly amountCents: number;
  readonly kind: TransferKind;
  readonly roundId: string | null;
}

/** An account row as locked for an update. */
export interface LockedAccount {
  readonly id: string;
  readonly kind: AccountKind;
  readonly balanceCents: number;
  readonly version: number;
}

/**
 * Locks the accounts `ids` in id order (`FOR UPDATE` on PostgreSQL; see `storage/sqlite.ts` for
 * SQLite) and returns them by id.
 * @returns `ledger/unknown-account` if one of them does not exist.
 */
export async function lockAccounts(
  trx: Transaction<Tables>,
  dialect: DialectName,
  ids: readonly string[],
): Promise<Result<Map<string, LockedAccount>>> {
  const unique = [...new Set(ids)];
  const rows = await forUpdate(
    dialect,
    trx
      .selectFrom('accounts')
      .select(['id', 'kind', 'balance_cents', 'version'])
      .where('id', 'in', unique)
      .orderBy('id'),
  ).execute();
  if (rows.length !== unique.length) {
    const missing = unique.filter((id) => !rows.some((row) => row.id === id));
    return err('ledger/unknown-account', `no account ${missing.join(', ')}`);
  }
  return ok(
    new Map(
      rows.map((row) => [row.id, { id: row.id, kind: row.kind, balanceCents: row.balance_cents, version: row.version }]),
    ),
  );
}

/**
 * Posts `orders` in sequence inside `trx`: locks every account involved (in id order), checks
 * each transfer against the balance left by the ones before it, then inserts the transfers,
 * one entry per side (signed amount, balance before and after, the account's next version) and
 * writes the accounts' new balances and versions.
 *
 * @returns the new balance of every account involved, by id; or `ledger/unknown-account`,
 *   or `ledger/insufficient-funds` when a wallet, the escrow or the commission account would go
 *   below 0 (nothing is written then; the caller's transaction must roll back).
 * @throws Error for an amount that is not a positive safe integer, an idempotency key used
 *   before (a UNIQUE violation) or an account changed behind the lock (invariant breaks).
 */
export async function postTransfers(
  trx: Transaction<Tables>,
  dialect: DialectName,
  orders: readonly TransferOrder[],
  nowMs: number = Date.now(),
): Promise<Result<ReadonlyMap<string, number>>> {
  if (orders.length === 0) return ok(new Map());
  for (const order of orders) {
    if (!Number.isSafeInteger(order.amountCents) || order.amountCents <= 0) {
      throw new Error(`transfer ${order.idempotencyKey}: ${order.amountCents} is not a positive integer of cents`);
    }
  }
  const locked = await lockAccounts(
    trx,
    dialect,
    orders.flatMap((order) => [order.fromAccountId, order.toAccountId]),
  );
  if (!locked.ok) return locked;
  const before = locked.value;
  const balances = new Map([...before].map(([id, account]) => [id, account.balanceCents]));
  const versions = new Map([...before].map(([id, account]) => [id, account.version]));
  const transfers: TransfersTable[] = [];
  const entries: EntriesTable[] = [];

  const addEntry = (accountId: string, transferId: string, amountCents: number): void => {
    const balanceBefore = balances.get(accountId)!;
    const balanceAfter = balanceBefore + amountCents;
    if (!Number.isSafeInteger(balanceAfter)) throw new Error(`account ${accountId}: balance overflow`);
    const version = versions.get(accountId)! + 1;
    balances.set(accountId, balanceAfter);
    versions.set(accountId, version);
    entries.push({
      account_id: accountId,
      account_version: version,
      transfer_id: transferId,
      amount_cents: amountCents,
      balance_before_cents: balanceBefore,
      balance_after_cents: balanceAfter,
    });
  };

  for (const order of orders) {
    const from = before.get(order.fromAccountId)!;
    const available = balances.get(from.id)!;
    if (!mayGoNegative(from.kind) && available < order.amountCents) {
      return err(
        'ledger/insufficient-funds',
        `account ${from.id} holds ${available} cents, ${order.amountCents} needed`,
      );
    }
    const id = randomUUID();
    transfers.push({
      id,
      idempotency_key: order.idempotencyKey,
      from_account_id: order.fromAccountId,
      to_account_id: order.toAccountId,
      amount_cents: order.amountCents,
      kind: order.kind,
      round_id: order.roundId,
      created_at: nowMs,
    });
    addEntry(order.fromAccountId, id, -order.amountCents);
    addEntry(order.toAccountId, id, order.amountCents);
  }

  await trx.insertInto('transfers').values(transfers).execute();
  await trx.insertInto('entries').values(entries).execute();
  for (const [id, account] of before) {
    const update = await trx
      .updateTable('accounts')
      .set({ balance_cents: balances.get(id)!, version: versions.get(id)! })
      .where('id', '=', id)
      .where('version', '=', account.version)
      .executeTakeFirst();
    if (update.numUpdatedRows !== 1n) throw new Error(`account ${id} changed while locked`);
  }
  return ok(balances);
}
