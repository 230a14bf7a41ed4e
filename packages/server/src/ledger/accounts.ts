/**
 * Accounts: their ids, the overdraft policy, each table's accounts, and the one place where balances
 * change: `postTransfers` writes transfers, their two entries and the new account balances together,
 * inside the caller's transaction (rules.md §5: "Every change to a balance is a ledger entry").
 *
 * The accounts: one wallet per player (`'wallet:<playerId>'`), the `'issuance'` account, and three
 * system accounts per table (`tableAccountId`: `'escrow:<tableId>'`, ...):
 * - issuance (`issuanceAccountId`: `'issuance:0'` … `'issuance:f'`): play money is created here (guest grants,
 *   top-ups), each player's from one of the 16 by its id, so that sign-ups and top-ups do not all lock one row;
 *   their sum is minus all play money ever issued, and each is always negative or zero. The single `'issuance'`
 *   account of migration 0001 keeps what was issued before the 16 (migration 0013);
 * - escrow: stakes taken at the table's deal, until the round is settled or refunded;
 * - house: the house bankroll at the table. It pays winners and collects losing stakes when the
 *   house banks. It may go negative: the money is play money and the house never runs out;
 * - commission: the house's commission (5% of wins) and the banking player's fee (1.5%) at the table.
 * The house's totals are the sums over each kind. One set per table means that no row is locked by
 * every deal and settlement: tables post in parallel on PostgreSQL (docs/server.md "The ledger").
 * The single `'escrow'`, `'house'` and `'commission'` accounts of migration 0001 stay: they keep
 * what was posted to them before per-table accounts (an open round's holds are released from the
 * escrow account they went into).
 * Player wallets, escrow and commission never go negative (also a CHECK in the schema).
 */
import { sql, type Transaction } from 'kysely';
import { err, ok, type Result } from '@paigow/engine';
import type { Database, DialectName } from '../storage/database.js';
import type { AccountKind, EntriesTable, Tables, TransferKind, TransfersTable } from '../storage/schema.js';
import { forUpdate } from '../storage/transaction.js';
import { timeOrderedId } from '../storage/time-ordered-ids.js';

/** The system accounts each table has. */
export type TableAccountKind = Extract<AccountKind, 'escrow' | 'house' | 'commission'>;

/** The kinds of `TableAccountKind`, in account-id order. */
export const TABLE_ACCOUNT_KINDS: readonly TableAccountKind[] = ['commission', 'escrow', 'house'];

/** The id of table `tableId`'s system account of `kind`: `'<kind>:<tableId>'`. */
export function tableAccountId(kind: TableAccountKind, tableId: string): string {
  return `${kind}:${tableId}`;
}

/** The id of a player's wallet account. */
export function walletAccountId(playerId: string): string {
  return `wallet:${playerId}`;
}

/** How many issuance accounts play money is created from (`issuanceAccountId`). */
export const ISSUANCE_ACCOUNTS = 16;

/**
 * The issuance account a player's play money (its guest grant, its top-ups) comes from: `'issuance:<h>'`, `h` one
 * hex digit from a hash (FNV-1a) of `playerId`, the same for a player every time. Sixteen accounts instead of one
 * row that every sign-up and top-up in the deployment locks (`FOR UPDATE` on PostgreSQL): during a burst of 20
 * sign-ups at once, each waited 221 ms on average for that row (`pg_stat_statements`, `npm run bench -- cluster`'s
 * guests), behind the others' whole transactions.
 */
export function issuanceAccountId(playerId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < playerId.length; i++) hash = Math.imul(hash ^ playerId.charCodeAt(i), 0x01000193);
  return `issuance:${((hash >>> 0) % ISSUANCE_ACCOUNTS).toString(16)}`;
}

/** True for the accounts allowed a negative balance: the house bankroll and issuance. */
export function mayGoNegative(kind: AccountKind): boolean {
  return kind === 'house' || kind === 'issuance';
}

/** A new guest's play money, and what a broke player is topped up to: 1,000.00. */
export const STARTING_BALANCE_CENTS = 100_000;

/** A player whose balance is below this (1.00) and who has nothing in escrow is broke. */
export const BROKE_BELOW_CENTS = 100;

/** The tables whose accounts are known to exist, per database (`rememberTableAccounts`). */
const known = new WeakMap<Database, Set<string>>();

/**
 * Makes sure, inside `trx`, that table `tableId` has its escrow, house and commission accounts (balance 0),
 * by one statement that leaves existing ones alone; nothing at all for a table `rememberTableAccounts` noted.
 * @throws the database's error
 */
export async function ensureTableAccounts(trx: Transaction<Tables>, database: Database, tableId: string): Promise<void> {
  if (known.get(database)?.has(tableId) === true) return;
  await trx
    .insertInto('accounts')
    .values(TABLE_ACCOUNT_KINDS.map((kind) => ({ id: tableAccountId(kind, tableId), kind, player_id: null, balance_cents: 0, version: 0 })))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** Notes that table `tableId`'s accounts exist: call it once a transaction that ran `ensureTableAccounts` committed. */
export function rememberTableAccounts(database: Database, tableId: string): void {
  let tables = known.get(database);
  if (tables === undefined) {
    tables = new Set();
    known.set(database, tables);
  }
  tables.add(tableId);
}

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
 * Posts `orders` in sequence inside `trx`: locks every account involved (in id order), then posts
 * them as `postLocked` does.
 *
 * @returns the new balance of every account involved, by id; or `ledger/unknown-account`,
 *   or `ledger/insufficient-funds` when a wallet, an escrow or a commission account would go
 *   below 0 (nothing is written then; the caller's transaction must roll back).
 * @throws Error as `postLocked`.
 */
export async function postTransfers(
  trx: Transaction<Tables>,
  dialect: DialectName,
  orders: readonly TransferOrder[],
  nowMs: number = Date.now(),
): Promise<Result<ReadonlyMap<string, number>>> {
  if (orders.length === 0) return ok(new Map());
  const locked = await lockAccounts(
    trx,
    dialect,
    orders.flatMap((order) => [order.fromAccountId, order.toAccountId]),
  );
  if (!locked.ok) return locked;
  return postLocked(trx, locked.value, orders, nowMs);
}

/**
 * Posts `orders` in sequence inside `trx`, whose accounts the caller locked (`lockAccounts`) and passes
 * as `locked` (every account the orders name must be there): checks each transfer against the balance
 * left by the ones before it, then inserts the transfers, one entry per side (signed amount, balance
 * before and after, the account's next version), and writes the accounts' new balances and versions:
 * three statements whatever the number of orders.
 *
 * @returns the new balance of every account in `locked`, by id; or `ledger/insufficient-funds` when a
 *   wallet, an escrow or a commission account would go below 0 (nothing is written then; the caller's
 *   transaction must roll back).
 * @throws Error for an amount that is not a positive safe integer, an account missing from `locked`,
 *   an idempotency key used before (a UNIQUE violation) or an account changed behind the lock
 *   (invariant breaks).
 */
export async function postLocked(
  trx: Transaction<Tables>,
  locked: ReadonlyMap<string, LockedAccount>,
  orders: readonly TransferOrder[],
  nowMs: number = Date.now(),
): Promise<Result<ReadonlyMap<string, number>>> {
  for (const order of orders) {
    if (!Number.isSafeInteger(order.amountCents) || order.amountCents <= 0) {
      throw new Error(`transfer ${order.idempotencyKey}: ${order.amountCents} is not a positive integer of cents`);
    }
    for (const id of [order.fromAccountId, order.toAccountId]) {
      if (!locked.has(id)) throw new Error(`transfer ${order.idempotencyKey}: account ${id} is not locked`);
    }
  }
  const balances = new Map([...locked].map(([id, account]) => [id, account.balanceCents]));
  if (orders.length === 0) return ok(balances);
  const versions = new Map([...locked].map(([id, account]) => [id, account.version]));
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
    const from = locked.get(order.fromAccountId)!;
    const available = balances.get(from.id)!;
    if (!mayGoNegative(from.kind) && available < order.amountCents) {
      return err(
        'ledger/insufficient-funds',
        `account ${from.id} holds ${available} cents, ${order.amountCents} needed`,
      );
    }
    // Time-ordered (UUID version 7), as round ids are: new transfers go at the end of the primary key's index.
    const id = timeOrderedId();
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
  // One UPDATE for every account moved: `case id when ... then ... end`. The numbers are parameters, so the
  // statement's text depends only on how many accounts move and its prepared statement is reused (issue 11 point 4c).
  const moved = [...locked.keys()].filter((id) => versions.get(id) !== locked.get(id)!.version);
  const byId = (value: (id: string) => number) =>
    sql<number>`case id ${sql.join(moved.map((id) => sql`when ${id} then cast(${value(id)} as bigint)`), sql` `)} end`;
  const update = await trx
    .updateTable('accounts')
    .set({ balance_cents: byId((id) => balances.get(id)!), version: byId((id) => versions.get(id)!) })
    .where('id', 'in', moved)
    .where('version', '=', byId((id) => locked.get(id)!.version))
    .executeTakeFirst();
  if (update.numUpdatedRows !== BigInt(moved.length)) throw new Error(`accounts ${moved.join(', ')} changed while locked`);
  return ok(balances);
}
