/**
 * The banker's cover, committed when it approves (docs/server.md "The banker's cover"; issue 10 point 2).
 * A reservation holds part of a banking player's wallet for its bank at one table: no money moves (the
 * balances, entries and escrow are untouched), but every deal (`openRound`) and every other bank of the
 * same player at another table sees only its wallet less the reservations elsewhere (`spendableReader`), so
 * the money that covers a bank cannot be spent at another table.
 *
 * Locking: each write locks the player's wallet row first (`lockAccounts`, the ledger's one lock order),
 * then reads and writes reservations, so a reservation and a deal of the same player never interleave.
 */
import { err, ok, tableNotice, unwrap, type Result } from '@paigow/engine';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../storage/database.js';
import type { Tables } from '../storage/schema.js';
import { transact } from '../storage/transaction.js';
import { StatementBatch } from '../storage/statement-batch.js';
import { lockAccounts, walletAccountId, type LockedAccount } from './accounts.js';
import { appendEvents } from './player-events.js';
import type { LeaseCheck } from './ownership.js';

/** What `reserveBank` asks for. */
export interface ReserveBankInput {
  readonly tableId: string;
  readonly playerId: string;
  /** Below this the bank cannot be held (cents; the table's bank requirement, rules.md §5). */
  readonly minCents: number;
  /** The cover wanted (cents): the most the bank can lose in one round at this table. */
  readonly maxCents: number;
  /** The process running the table (docs/server.md "Processes, leases and recovery"), or `null`. */
  readonly ownerInstanceId: string | null;
}

/**
 * The cents of the reservation aliased `r` still held in its player's wallet: its amount less the cover the open
 * round at its table already took from that wallet into escrow (the deal's `'bank'` hold), never below 0. The deal
 * moves the cover the round needs out of the wallet; holding the whole reservation besides held that part twice,
 * and the banker could stake nothing at another table until the settlement.
 */
function heldInWallet(): RawBuilder<number> {
  const inEscrow = sql`coalesce((select sum(t.amount_cents) from rounds o inner join transfers t on t.round_id = o.id
    where o.status = 'open' and o.table_id = r.table_id and o.banker_player_id = r.player_id and t.kind = 'hold-bank'), 0)`;
  return sql<number>`cast(case when r.amount_cents > ${inEscrow} then r.amount_cents - ${inEscrow} else 0 end as bigint)`;
}

/**
 * The cents of each of `playerIds` held in their wallets by reservations at tables other than `tableId` (all of
 * them when `tableId` is `null`; `heldInWallet`), read inside `trx`; players without any reservation are absent.
 */
async function reservedElsewhere(
  trx: Transaction<Tables> | Database['db'],
  playerIds: readonly string[],
  tableId: string | null,
): Promise<Map<string, number>> {
  if (playerIds.length === 0) return new Map();
  let query = trx
    .selectFrom('bank_reservations as r')
    .select(['r.player_id', heldInWallet().as('cents')])
    .where('r.player_id', 'in', [...playerIds]);
  if (tableId !== null) query = query.where('r.table_id', '<>', tableId);
  const held = new Map<string, number>();
  for (const row of await query.execute()) held.set(row.player_id, (held.get(row.player_id) ?? 0) + Number(row.cents));
  return held;
}

/**
 * Commits a banking player's cover at one table: the largest amount ≤ `maxCents` that its wallet holds
 * beyond its reservations at other tables, replacing any earlier reservation at this table, in one
 * transaction.
 * @returns the cents reserved (`minCents` ≤ it ≤ `maxCents`); or `ledger/insufficient-funds` when less
 *   than `minCents` is free (nothing changes then), `ledger/unknown-account`, `bet/invalid-amount` for
 *   amounts that are not positive safe integers with min ≤ max.
 */
export async function reserveBank(database: Database, input: ReserveBankInput): Promise<Result<number>> {
  const { minCents, maxCents } = input;
  if (!Number.isSafeInteger(minCents) || !Number.isSafeInteger(maxCents) || minCents <= 0 || maxCents < minCents) {
    return err('bet/invalid-amount', `a bank cover of ${minCents}‥${maxCents} cents is not a range of positive cents`);
  }
  return transact(database, async (trx) => {
    const wallet = walletAccountId(input.playerId);
    const locked = await lockAccounts(trx, database.dialect, [wallet]);
    if (!locked.ok) return err('ledger/unknown-account', `no player ${input.playerId}`);
    const held = (await reservedElsewhere(trx, [input.playerId], input.tableId)).get(input.playerId) ?? 0;
    const free = locked.value.get(wallet)!.balanceCents - held;
    if (free < minCents) {
      return err('ledger/insufficient-funds', `the bank needs ${minCents} cents; ${Math.max(0, free)} are free`);
    }
    const amountCents = Math.min(maxCents, free);
    const row = {
      table_id: input.tableId,
      player_id: input.playerId,
      amount_cents: amountCents,
      owner_instance_id: input.ownerInstanceId,
      reserved_at_ms: Date.now(),
    };
    await trx
      .insertInto('bank_reservations')
      .values(row)
      .onConflict((conflict) => conflict.column('table_id').doUpdateSet(row))
      .execute();
    return ok(amountCents);
  });
}

/**
 * The players among `holds` whose wallet, less their reservations at tables other than `tableId`, does not
 * cover their holds at the deal, in hold order. `locked` holds their wallets, locked by the caller
 * (`lockAccounts`, with the table's escrow), so that the answer stays true until `trx` ends.
 */
export async function shortOfStakes(
  trx: Transaction<Tables>,
  locked: ReadonlyMap<string, LockedAccount>,
  tableId: string,
  holds: readonly { readonly playerId: string; readonly amountCents: number }[],
): Promise<string[]> {
  const needed = new Map<string, number>();
  for (const hold of holds) needed.set(hold.playerId, (needed.get(hold.playerId) ?? 0) + hold.amountCents);
  const held = await reservedElsewhere(trx, [...needed.keys()], tableId);
  return [...needed].filter(([playerId, cents]) => {
    const wallet = locked.get(walletAccountId(playerId))!.balanceCents;
    return wallet - (held.get(playerId) ?? 0) < cents;
  }).map(([playerId]) => playerId);
}

/** Drops `playerId`'s reservation at `tableId` (the banker left the bank); nothing if there is none. */
export async function releaseBank(database: Database, tableId: string, playerId: string): Promise<void> {
  await dropReservation(database.db, tableId, playerId);
}

/** Deletes `playerId`'s reservation row at `tableId`, in `db` (a transaction or not). */
async function dropReservation(db: Kysely<Tables>, tableId: string, playerId: string): Promise<void> {
  await db.deleteFrom('bank_reservations').where('table_id', '=', tableId).where('player_id', '=', playerId).execute();
}

/** The notice of a banker whose table moved to another process (its bank does not move with it). */
const TABLE_MOVED = tableNotice('notice/left-bank', { reason: 'table-moved' });

/** The notice of a banker whose table's process stopped (crashed, or stopped without moving it on): its bank ended with it. */
const SERVER_STOPPED = tableNotice('notice/left-bank', { reason: 'server-stopped' });

/**
 * The bank of `playerId` at `tableId` ends because the table moves to another process (docs/server.md "Table
 * hosting"): its reservation is dropped and the player told (`notice/left-bank`, `table-moved`), in one transaction.
 */
export async function releaseMovedBank(database: Database, tableId: string, playerId: string, nowMs: number): Promise<void> {
  await transact(database, async (trx) => {
    await dropReservation(trx, tableId, playerId);
    await appendEvents(trx, [{ playerId, tableId, notice: TABLE_MOVED }], nowMs);
    return ok(undefined);
  });
}

/** A balance check waiting for its batch (`spendableReader`). */
interface SpendableAsk {
  readonly playerId: string;
  readonly tableId: string;
}

/** A wallet and the bank reservations of its player, at every table, each as the cents it still holds in the wallet (`heldInWallet`). */
interface WalletWithReservations {
  readonly balanceCents: number;
  readonly reservations: readonly { readonly tableId: string; readonly amountCents: number }[];
}

/** How long the first balance check of a batch waits for others, ms: the next turn of the event loop. */
const SPENDABLE_BATCH_MS = 0;

/**
 * `Ledger.spendable` with its batch, for `database`: what a player may stake at a table, cents: its wallet less
 * its reservations at other tables (never below 0). Its own bank at that table, if any, is not deducted: that
 * money covers the bets there. The checks asked within a turn of the event loop, at every table, are answered by
 * one statement (issue 11 point 4c: every bet's balance check, issue 13 point 5, was a statement a wager).
 * @returns for each call: the amount; or `ledger/unknown-account`
 */
export function spendableReader(database: Database): (playerId: string, tableId: string) => Promise<Result<number>> {
  const batch = new StatementBatch(SPENDABLE_BATCH_MS, (asks: readonly SpendableAsk[]) => walletsOf(database, asks.map((ask) => ask.playerId)));
  return async (playerId, tableId) => {
    const wallet = (await batch.add({ playerId, tableId })).get(playerId);
    if (wallet === undefined) return err('ledger/unknown-account', `no player ${playerId}`);
    const held = wallet.reservations.reduce((sum, reservation) => (reservation.tableId === tableId ? sum : sum + reservation.amountCents), 0);
    return ok(Math.max(0, wallet.balanceCents - held));
  };
}

/** The wallets of `playerIds` with their players' bank reservations, by player id, in one statement. */
async function walletsOf(database: Database, playerIds: readonly string[]): Promise<ReadonlyMap<string, WalletWithReservations>> {
  const rows = await database.db
    .selectFrom('accounts as a')
    .leftJoin('bank_reservations as r', 'r.player_id', 'a.player_id')
    .select(['a.player_id', 'a.balance_cents', 'r.table_id', heldInWallet().as('held_cents')])
    .where('a.id', 'in', [...new Set(playerIds)].map(walletAccountId))
    .execute();
  const wallets = new Map<string, { balanceCents: number; reservations: { tableId: string; amountCents: number }[] }>();
  for (const row of rows) {
    if (row.player_id === null) continue;
    let wallet = wallets.get(row.player_id);
    if (wallet === undefined) wallets.set(row.player_id, (wallet = { balanceCents: row.balance_cents, reservations: [] }));
    if (row.table_id !== null) wallet.reservations.push({ tableId: row.table_id, amountCents: Number(row.held_cents) });
  }
  return wallets;
}

/** A player's figures as a table shows them: what it may stake there (`spendableReader`) and its comp points. */
export interface TableFigures {
  readonly playerId: string;
  /** Its wallet less its bank reservations at other tables, never below 0, cents. */
  readonly balanceCents: number;
  readonly compPoints: number;
  /** What its bank reservations at other tables hold in its wallet, cents (0 when it banks nowhere else), never more than its wallet. */
  readonly heldElsewhereCents: number;
}

/**
 * What each of `playerIds` may stake at `tableId` (as `spendableReader`) and its comp points, in one statement (issue 11 point 4c:
 * a deal and a settlement re-read the figures of all their players at once instead of two or three
 * statements each). Unknown players are absent from the answer; order follows the database.
 */
export async function figuresOf(database: Database, playerIds: readonly string[], tableId: string): Promise<TableFigures[]> {
  if (playerIds.length === 0) return [];
  const rows = await database.db
    .selectFrom('players as p')
    .innerJoin('accounts as a', 'a.player_id', 'p.id')
    .select(['p.id', 'p.comp_points', 'a.balance_cents', heldElsewhere(tableId).as('held_cents')])
    .where('p.id', 'in', [...new Set(playerIds)])
    .execute();
  return rows.map((row) => ({
    playerId: row.id,
    balanceCents: Math.max(0, row.balance_cents - Number(row.held_cents)),
    compPoints: row.comp_points,
    // A reservation keeps the cover its approval committed until the next approval, even after the round it covered
    // took part of it: a bank that held the whole balance and then lost 1.50 still reserved the 1.50 gone, and
    // another table said "$434.10 is held as your bank's cover" of a balance of 432.60. What is held is never more
    // than the wallet has.
    heldElsewhereCents: Math.min(Number(row.held_cents), Math.max(0, row.balance_cents)),
  }));
}

/** The cents the player `p` holds in its wallet for banks at tables other than `tableId` (`heldInWallet`; 0 when none). */
function heldElsewhere(tableId: string): RawBuilder<number> {
  return sql<number>`(select coalesce(cast(sum(${heldInWallet()}) as bigint), 0) from bank_reservations r where r.player_id = p.id and r.table_id <> ${tableId})`;
}

/**
 * Drops the reservations of processes that are no longer alive (stopped, unknown, or lease older than
 * `check.leaseMs`; never `check.instanceId`'s own): their tables are gone, and so are their banks. Each
 * banker is told (`notice/left-bank`, `server-stopped`: a single server restarted after a crash or a stop has no
 * other server its table moved to) in the same transaction.
 * @returns how many were dropped
 */
export async function releaseOrphanReservations(database: Database, check: LeaseCheck): Promise<number> {
  const released = await transact(database, async (trx) => {
    const alive = trx
      .selectFrom('server_instances')
      .select('server_instances.id')
      .where('server_instances.stopped_at_ms', 'is', null)
      .where('server_instances.heartbeat_at_ms', '>', check.nowMs - check.leaseMs);
    const dropped = await trx
      .deleteFrom('bank_reservations')
      .where('owner_instance_id', 'is not', null)
      .where('owner_instance_id', '<>', check.instanceId)
      .where('owner_instance_id', 'not in', alive)
      .returning(['player_id', 'table_id'])
      .execute();
    await appendEvents(trx, dropped.map((row) => ({ playerId: row.player_id, tableId: row.table_id, notice: SERVER_STOPPED })), check.nowMs);
    return ok(dropped.length);
  });
  return unwrap(released);
}
