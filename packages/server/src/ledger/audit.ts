/**
 * `audit`: a full consistency check of the ledger, for tests and operators (`paigow audit`). Invariants:
 * the balances sum to zero; each account's entries chain and end at its balance; no wallet is negative;
 * each transfer has its two entries; each escrow account (a table's, or the single one of migration 0001)
 * holds exactly the holds of the open rounds put into it; and every closed round
 * was posted once: a settled round has settlement postings and no refund, a refunded round refunds and
 * no settlement, and either released exactly what it held in escrow.
 *
 * Each invariant is one statement that returns only what breaks it, all on one snapshot (`readSnapshot`): the
 * database reads the whole ledger, in time in proportion to its size, and the process holds the problems alone.
 * The audit read every account, transfer and entry into memory and checked them there: about 150 bytes a row, so
 * a ledger of some twenty million entries (a busy week) would not fit in the process.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../storage/database.js';
import { ACCOUNT_KINDS, SETTLEMENT_KINDS, type Tables } from '../storage/schema.js';
import { readSnapshot } from '../storage/transaction.js';
import { mayGoNegative } from './accounts.js';
import { HOLD_TRANSFER_KINDS } from './rounds.js';

/** `values` as a SQL list of text literals (fixed lists of kinds: `in (...)`). */
const list = (values: readonly string[]): RawBuilder<unknown> => sql.join(values.map((value) => sql.lit(value)));

/** The rows `query` returns (PostgreSQL's `sum` is `numeric`, read as text: the checks compare `Number`s). */
async function rows<R>(db: Kysely<Tables>, query: RawBuilder<R>): Promise<R[]> {
  return (await query.execute(db)).rows;
}

/** See `Ledger.audit`. */
export async function audit(database: Database): Promise<string[]> {
  const mayNotGoNegative = ACCOUNT_KINDS.filter((kind) => !mayGoNegative(kind));
  return readSnapshot(database, async (db) => {
    const problems: string[] = [];

    const [{ total }] = await rows(db, sql<{ total: number | null }>`select sum(balance_cents) as total from accounts`);
    if (Number(total ?? 0) !== 0) problems.push(`the balances sum to ${Number(total)} cents, not 0`);

    // Each account's entries in version order: numbered 1, 2, ... and each starting where the one before ended.
    const links = await rows(
      db,
      sql<{ account_id: string; account_version: number; balance_before_cents: number; place: number; previous_after: number }>`
        select account_id, account_version, balance_before_cents, place, previous_after from (
          select account_id, account_version, balance_before_cents,
            row_number() over (partition by account_id order by account_version) as place,
            coalesce(lag(balance_after_cents) over (partition by account_id order by account_version), 0) as previous_after
          from entries) chain
        where account_version <> place or balance_before_cents <> previous_after
        order by account_id, account_version`,
    );
    for (const link of links) {
      const where = `${link.account_id} entry ${Number(link.place)}`;
      if (Number(link.account_version) !== Number(link.place)) problems.push(`${where}: version ${link.account_version}`);
      if (Number(link.balance_before_cents) !== Number(link.previous_after)) {
        problems.push(`${where}: balance before ${link.balance_before_cents}, previous balance after ${link.previous_after}`);
      }
    }

    const accounts = await rows(
      db,
      sql<{ id: string; kind: string; balance_cents: number; version: number; entries: number; last_after: number }>`
        select id, kind, balance_cents, version, entries, last_after from (
          select a.id, a.kind, a.balance_cents, a.version,
            (select count(*) from entries e where e.account_id = a.id) as entries,
            coalesce((select e.balance_after_cents from entries e where e.account_id = a.id order by e.account_version desc limit 1), 0) as last_after
          from accounts a) summary
        where balance_cents <> last_after or version <> entries or (kind in (${list(mayNotGoNegative)}) and balance_cents < 0)
        order by id`,
    );
    for (const account of accounts) {
      if (Number(account.balance_cents) !== Number(account.last_after)) problems.push(`${account.id}: balance ${account.balance_cents}, entries end at ${account.last_after}`);
      if (Number(account.version) !== Number(account.entries)) problems.push(`${account.id}: version ${account.version}, ${account.entries} entries`);
      if (mayNotGoNegative.includes(account.kind as never) && Number(account.balance_cents) < 0) problems.push(`${account.id}: negative balance ${account.balance_cents}`);
    }

    const unmatched = await rows(
      db,
      sql<{ id: string }>`
        select t.id from transfers t
        where (select count(*) from entries e where e.transfer_id = t.id) <> 2
          or not exists (select 1 from entries e where e.transfer_id = t.id and e.account_id = t.from_account_id and e.amount_cents = -t.amount_cents)
          or not exists (select 1 from entries e where e.transfer_id = t.id and e.account_id = t.to_account_id and e.amount_cents = t.amount_cents)
        order by t.id`,
    );
    for (const transfer of unmatched) problems.push(`transfer ${transfer.id}: entries do not match`);
    const [counts] = await rows(db, sql<{ entries: number; transfers: number }>`select (select count(*) from entries) as entries, (select count(*) from transfers) as transfers`);
    if (Number(counts.entries) !== 2 * Number(counts.transfers)) problems.push(`${counts.entries} entries for ${counts.transfers} transfers`);

    // The holds of the open rounds, by the account they went into.
    const openHolds = sql`
      select t.to_account_id as account_id, sum(t.amount_cents) as held from transfers t inner join rounds r on r.id = t.round_id
      where r.status = 'open' and t.kind in (${list(HOLD_TRANSFER_KINDS)}) group by t.to_account_id`;
    const escrows = await rows(
      db,
      sql<{ id: string; balance_cents: number; held: number }>`
        select a.id, a.balance_cents, coalesce(h.held, 0) as held from accounts a left join (${openHolds}) h on h.account_id = a.id
        where a.kind = 'escrow' and a.balance_cents <> coalesce(h.held, 0) order by a.id`,
    );
    for (const escrow of escrows) problems.push(`${escrow.id} holds ${escrow.balance_cents} cents, the open rounds' holds in it sum to ${escrow.held}`);
    const strays = await rows(
      db,
      sql<{ account_id: string }>`
        select h.account_id from (${openHolds}) h left join accounts a on a.id = h.account_id
        where a.kind is null or a.kind <> 'escrow' order by h.account_id`,
    );
    for (const stray of strays) problems.push(`open rounds hold stakes in ${stray.account_id}, which is not an escrow account`);

    // Every closed round posted once, and its escrow (in at the deal, out at the close) netting to zero.
    const rounds = await rows(
      db,
      sql<{ id: string; status: string; refunds: number; settlements: number; escrow_net: number }>`
        select id, status, refunds, settlements, escrow_net from (
          select r.id, r.status,
            coalesce(sum(case when t.kind = 'refund' then 1 else 0 end), 0) as refunds,
            coalesce(sum(case when t.kind in (${list(SETTLEMENT_KINDS)}) then 1 else 0 end), 0) as settlements,
            coalesce(sum(case when ta.kind = 'escrow' then t.amount_cents else 0 end), 0) - coalesce(sum(case when fa.kind = 'escrow' then t.amount_cents else 0 end), 0) as escrow_net
          from rounds r
          left join transfers t on t.round_id = r.id
          left join accounts ta on ta.id = t.to_account_id
          left join accounts fa on fa.id = t.from_account_id
          where r.status <> 'open'
          group by r.id, r.status) closed
        where (status = 'settled' and (settlements = 0 or refunds > 0)) or (status = 'refunded' and (refunds = 0 or settlements > 0)) or escrow_net <> 0
        order by id`,
    );
    for (const round of rounds) {
      const [refunds, settlements, escrowNet] = [Number(round.refunds), Number(round.settlements), Number(round.escrow_net)];
      if (round.status === 'settled' && (settlements === 0 || refunds > 0)) {
        problems.push(`round ${round.id}: settled with ${settlements} settlement posting(s) and ${refunds} refund(s)`);
      }
      if (round.status === 'refunded' && (refunds === 0 || settlements > 0)) {
        problems.push(`round ${round.id}: refunded with ${refunds} refund(s) and ${settlements} settlement posting(s)`);
      }
      if (escrowNet !== 0) problems.push(`round ${round.id}: ${round.status}, but ${escrowNet} cents of its escrow were not released exactly once`);
    }
    return problems;
  });
}
