/**
 * `paigow audit` (docs/operations.md "Audit"): the ledger's invariants on a database, with the figures
 * an operator wants beside them. The checks are the ledger's own `audit` (ledger/audit.ts).
 */
import { audit } from '../ledger/audit.js';
import type { Database } from '../storage/index.js';
import { ledgerGauges } from './open-rounds.js';

/** The invariants `audit` checks, by name (docs/operations.md "Audit"). */
export const LEDGER_INVARIANTS: readonly string[] = [
  'the balances of all accounts sum to zero',
  "each account's entries chain (balance before = the previous balance after) and end at its balance",
  'no wallet is negative',
  'each transfer has exactly its two entries',
  "each escrow account (one per table) holds exactly the holds of the open rounds put into it",
  'every closed round was posted once (settled: settlement postings, no refund; refunded: refunds, no settlement; escrow released exactly once)',
];

/** The outcome of `auditLedger`. */
export interface LedgerAuditReport {
  /** True when no problem was found. */
  readonly ok: boolean;
  /** One line per problem found (empty when `ok`). */
  readonly problems: readonly string[];
  /** What was checked (`LEDGER_INVARIANTS`). */
  readonly invariants: readonly string[];
  readonly accounts: number;
  readonly transfers: number;
  readonly openRounds: number;
  /** The escrow accounts' balance (all tables), cents. */
  readonly escrowCents: number;
}

/**
 * Checks the ledger of `database` (reads every account, transfer and entry: it takes time in
 * proportion to the ledger's size; on SQLite it holds the read snapshot meanwhile).
 * @throws the database's error
 */
export async function auditLedger(database: Database): Promise<LedgerAuditReport> {
  const problems = await audit(database);
  const count = async (table: 'accounts' | 'transfers'): Promise<number> =>
    Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  // The open rounds and the escrow on one snapshot, so that the two figures agree.
  const { openRounds, escrowCents } = await ledgerGauges(database, Date.now());
  return { ok: problems.length === 0, problems, invariants: LEDGER_INVARIANTS, accounts: await count('accounts'), transfers: await count('transfers'), openRounds, escrowCents };
}
