/**
 * `audit`: a full consistency check of the ledger, for tests and operators (`paigow audit`). It reads
 * every account, transfer and entry, so it costs time in proportion to the ledger's size. Invariants:
 * the balances sum to zero; each account's entries chain and end at its balance; no wallet is negative;
 * each transfer has its two entries; each escrow account (a table's, or the single one of migration 0001)
 * holds exactly the holds of the open rounds put into it; and every closed round
 * was posted once: a settled round has settlement postings and no refund, a refunded round refunds and
 * no settlement, and either released exactly what it held in escrow.
 */
import type { Database } from '../storage/database.js';
import { SETTLEMENT_KINDS } from '../storage/schema.js';
import { readSnapshot } from '../storage/transaction.js';
import { mayGoNegative } from './accounts.js';
import { HOLD_TRANSFER_KINDS } from './rounds.js';

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group === undefined) groups.set(keyOf(item), [item]);
    else group.push(item);
  }
  return groups;
}

/** See `Ledger.audit`. */
export async function audit(database: Database): Promise<string[]> {
  // One snapshot for all five reads, which servers writing meanwhile do not wait for.
  const [accounts, transfers, entries, openHolds, rounds] = await readSnapshot(database, (db) =>
    Promise.all([
      db.selectFrom('accounts').select(['id', 'kind', 'balance_cents', 'version']).execute(),
      db.selectFrom('transfers').select(['id', 'from_account_id', 'to_account_id', 'amount_cents', 'kind', 'round_id']).execute(),
      db.selectFrom('entries').selectAll().orderBy('account_id').orderBy('account_version').execute(),
      db
        .selectFrom('transfers as t')
        .innerJoin('rounds as r', 'r.id', 't.round_id')
        .select(['t.to_account_id', 't.amount_cents'])
        .where('r.status', '=', 'open')
        .where('t.kind', 'in', HOLD_TRANSFER_KINDS)
        .execute(),
      db.selectFrom('rounds').select(['id', 'status']).execute(),
    ]),
  );
  const problems: string[] = [];

  const total = accounts.reduce((sum, account) => sum + account.balance_cents, 0);
  if (total !== 0) problems.push(`the balances sum to ${total} cents, not 0`);

  const entriesByAccount = groupBy(entries, (entry) => entry.account_id);
  for (const account of accounts) {
    const chain = entriesByAccount.get(account.id) ?? [];
    let balanceCents = 0;
    chain.forEach((entry, index) => {
      const where = `${account.id} entry ${index + 1}`;
      if (entry.account_version !== index + 1) problems.push(`${where}: version ${entry.account_version}`);
      if (entry.balance_before_cents !== balanceCents) {
        problems.push(`${where}: balance before ${entry.balance_before_cents}, previous balance after ${balanceCents}`);
      }
      balanceCents = entry.balance_after_cents;
    });
    if (balanceCents !== account.balance_cents) {
      problems.push(`${account.id}: balance ${account.balance_cents}, entries end at ${balanceCents}`);
    }
    if (chain.length !== account.version) {
      problems.push(`${account.id}: version ${account.version}, ${chain.length} entries`);
    }
    if (!mayGoNegative(account.kind) && account.balance_cents < 0) {
      problems.push(`${account.id}: negative balance ${account.balance_cents}`);
    }
  }

  const entriesByTransfer = groupBy(entries, (entry) => entry.transfer_id);
  for (const transfer of transfers) {
    const sides = entriesByTransfer.get(transfer.id) ?? [];
    const debit = sides.find((entry) => entry.account_id === transfer.from_account_id);
    const credit = sides.find((entry) => entry.account_id === transfer.to_account_id);
    const matches = debit?.amount_cents === -transfer.amount_cents && credit?.amount_cents === transfer.amount_cents;
    if (sides.length !== 2 || !matches) {
      problems.push(`transfer ${transfer.id}: entries do not match`);
    }
  }
  if (entries.length !== 2 * transfers.length) {
    problems.push(`${entries.length} entries for ${transfers.length} transfers`);
  }

  const heldBy = new Map<string, number>();
  for (const hold of openHolds) heldBy.set(hold.to_account_id, (heldBy.get(hold.to_account_id) ?? 0) + hold.amount_cents);
  const escrows = accounts.filter((account) => account.kind === 'escrow');
  for (const escrow of escrows) {
    const heldCents = heldBy.get(escrow.id) ?? 0;
    if (escrow.balance_cents !== heldCents) {
      problems.push(`${escrow.id} holds ${escrow.balance_cents} cents, the open rounds' holds in it sum to ${heldCents}`);
    }
  }
  for (const accountId of heldBy.keys()) {
    if (!escrows.some((escrow) => escrow.id === accountId)) problems.push(`open rounds hold stakes in ${accountId}, which is not an escrow account`);
  }
  const kindOf = new Map(accounts.map((account) => [account.id, account.kind]));
  // Not `push(...)`: a ledger with a hundred thousand bad rounds passed the stack's limit on arguments.
  return problems.concat(closedRoundProblems(rounds, transfers, (accountId) => kindOf.get(accountId) === 'escrow'));
}

/**
 * The problems of rounds not posted exactly once: a settled round without settlement postings or with
 * a refund, a refunded round without refunds or with settlement postings, a closed round whose escrow
 * (in at the deal, out at the close) does not net to zero (released twice, or not at all).
 */
function closedRoundProblems(
  rounds: readonly { id: string; status: string }[],
  transfers: readonly { from_account_id: string; to_account_id: string; amount_cents: number; kind: string; round_id: string | null }[],
  isEscrow: (accountId: string) => boolean,
): string[] {
  const problems: string[] = [];
  const byRound = groupBy(
    transfers.filter((transfer) => transfer.round_id !== null),
    (transfer) => transfer.round_id as string,
  );
  for (const round of rounds) {
    if (round.status === 'open') continue;
    const posted = byRound.get(round.id) ?? [];
    const refunds = posted.filter((transfer) => transfer.kind === 'refund').length;
    const settlements = posted.filter((transfer) => (SETTLEMENT_KINDS as readonly string[]).includes(transfer.kind)).length;
    if (round.status === 'settled' && (settlements === 0 || refunds > 0)) {
      problems.push(`round ${round.id}: settled with ${settlements} settlement posting(s) and ${refunds} refund(s)`);
    }
    if (round.status === 'refunded' && (refunds === 0 || settlements > 0)) {
      problems.push(`round ${round.id}: refunded with ${refunds} refund(s) and ${settlements} settlement posting(s)`);
    }
    const escrowNet = posted.reduce(
      (sum, transfer) => sum + (isEscrow(transfer.to_account_id) ? transfer.amount_cents : 0) - (isEscrow(transfer.from_account_id) ? transfer.amount_cents : 0),
      0,
    );
    if (escrowNet !== 0) problems.push(`round ${round.id}: ${round.status}, but ${escrowNet} cents of its escrow were not released exactly once`);
  }
  return problems;
}
