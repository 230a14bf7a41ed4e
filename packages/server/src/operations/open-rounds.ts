/**
 * What an operator asks of the ledger (docs/operations.md): the rounds still open, who owns them and
 * for how long (`paigow rounds --open`), and the gauges `/metrics` reads at each scrape (open rounds, the oldest's
 * age, escrow balance: `ledgerGauges`). Read-only.
 */
import type { Kysely } from 'kysely';
import type { RoundState } from '@paigow/engine';
import { decodeRoundSecret } from '../table/recovery.js';
import type { Database } from '../storage/database.js';
import type { Tables } from '../storage/schema.js';
import { readSnapshot } from '../storage/transaction.js';
import { storedJson } from '../ledger/stored-json.js';

/**
 * The state of an open round's owner (docs/server.md "Processes, leases and recovery"): `alive` (its
 * lease was renewed within `leaseMs`), `expired` (not renewed since: it crashed or stalls; a live
 * process recovers the round), `stopped` (it stopped cleanly), `unknown` (no such instance row), `none`
 * (a round dealt before owners were recorded).
 */
export type OwnerState = 'alive' | 'expired' | 'stopped' | 'unknown' | 'none';

/** One open round, for `paigow rounds --open`. */
export interface OpenRoundSummary {
  readonly roundId: string;
  readonly tableId: string;
  /** The server instance running the round, or `null`. */
  readonly ownerInstanceId: string | null;
  readonly ownerState: OwnerState;
  /**
   * Where the round is, from its saved record (`roundPhase`): `deciding` (a hand not set yet and before its decision
   * deadline), `settling` (decided: every hand set, or set by the house way at its deadline; the settlement not
   * recorded yet, e.g. retried after a database fault), `unknown` (the record is not readable: recovery refunds it).
   */
  readonly phase: 'deciding' | 'settling' | 'unknown';
  /** Hands set in the saved record / hands dealt (players' hands; the banker's is set by the house way at the reveal). */
  readonly handsSet: number;
  readonly hands: number;
  /** Stakes and bank cover held in escrow for the round, cents. */
  readonly heldCents: number;
  /** When it was dealt, epoch ms, and how long ago, ms. */
  readonly openedAtMs: number;
  readonly ageMs: number;
}

/**
 * The phase of an open round whose saved record is `round` (`null`: unreadable) at `nowMs`: `settling` once it is
 * decided, every hand set in the record or past its decision deadline there (`RoundHand.deadlineMs`, recorded with the
 * first setting saved; the house way sets such a hand at once, rules.md §5 "Timers"), else `deciding`. A table saves the
 * record with every hand set when the settlement of the round is retried (table/settlement-retry.ts).
 */
function roundPhase(round: RoundState | null, nowMs: number): OpenRoundSummary['phase'] {
  if (round === null) return 'unknown';
  const decided = round.hands.every((hand) => hand.setting !== null || (typeof hand.deadlineMs === 'number' && hand.deadlineMs <= nowMs));
  return decided ? 'settling' : 'deciding';
}

/** The open rounds with their owners' rows, oldest first. */
function openRoundRows(db: Kysely<Tables>) {
  return db
    .selectFrom('rounds as r')
    .leftJoin('server_instances as i', 'i.id', 'r.owner_instance_id')
    .select(['r.id', 'r.table_id', 'r.owner_instance_id', 'r.secret_json', 'r.opened_at', 'i.id as instance_id', 'i.heartbeat_at_ms', 'i.stopped_at_ms'])
    .where('r.status', '=', 'open')
    .orderBy('r.opened_at')
    .orderBy('r.id')
    .execute();
}

/** The transfers of the open rounds, with the kinds of their two accounts. */
function heldTransfers(db: Kysely<Tables>) {
  return db
    .selectFrom('transfers as t')
    .innerJoin('rounds as r', 'r.id', 't.round_id')
    .innerJoin('accounts as to', 'to.id', 't.to_account_id')
    .innerJoin('accounts as from', 'from.id', 't.from_account_id')
    .select(['t.round_id', 'to.kind as to_kind', 'from.kind as from_kind', 't.amount_cents'])
    .where('r.status', '=', 'open')
    .execute();
}

/**
 * The rounds open in the ledger at `nowMs`, oldest first, with their owners' state judged by a lease
 * of `leaseMs` (docs/server.md: 15,000 by default).
 * @throws the database's error
 */
export async function openRoundSummaries(database: Database, nowMs: number, leaseMs: number): Promise<OpenRoundSummary[]> {
  // The rounds and their holds on one snapshot: read apart, a round settled in between was listed open with 0.00 held.
  const { rounds, held } = await readSnapshot(database, async (db) => ({ rounds: await openRoundRows(db), held: await heldTransfers(db) }));
  const heldByRound = new Map<string, number>();
  for (const transfer of held) {
    const delta = (transfer.to_kind === 'escrow' ? transfer.amount_cents : 0) - (transfer.from_kind === 'escrow' ? transfer.amount_cents : 0);
    heldByRound.set(transfer.round_id as string, (heldByRound.get(transfer.round_id as string) ?? 0) + delta);
  }
  return rounds.map((row): OpenRoundSummary => {
    const ownerState: OwnerState =
      row.owner_instance_id === null
        ? 'none'
        : row.instance_id === null
          ? 'unknown'
          : row.stopped_at_ms !== null
            ? 'stopped'
            : nowMs - Number(row.heartbeat_at_ms) < leaseMs
              ? 'alive'
              : 'expired';
    const round = decodeRoundSecret(storedJson(row.secret_json));
    const hands = round?.hands.length ?? 0;
    const handsSet = round?.hands.filter((hand) => hand.setting !== null).length ?? 0;
    return {
      roundId: row.id,
      tableId: row.table_id,
      ownerInstanceId: row.owner_instance_id,
      ownerState,
      phase: roundPhase(round, nowMs),
      handsSet,
      hands,
      heldCents: heldByRound.get(row.id) ?? 0,
      openedAtMs: row.opened_at,
      ageMs: Math.max(0, nowMs - row.opened_at),
    };
  });
}

/** What `/metrics` reads of the ledger at a scrape (`ledgerGauges`). */
export interface LedgerGauges {
  /** Rounds open in the ledger (dealt, not yet settled or refunded), all processes. */
  readonly openRounds: number;
  /** How long the oldest open round has been open, s; 0 when none is. */
  readonly oldestOpenRoundSeconds: number;
  /** The balance of every escrow account (each table's: ledger/accounts.ts), cents (0 before the first deal). */
  readonly escrowCents: number;
}

/**
 * The ledger gauges of `/metrics` at `nowMs`, read on one snapshot: read apart, a round settled between the reads showed
 * as open with its stakes already out of escrow (or the other way round), and an operator comparing
 * `paigow_open_rounds` with `paigow_escrow_cents` saw money held for no round. A round older than its table's timers
 * allow is stuck (docs/operations.md "Alerts and what to do").
 * @throws the database's error
 */
export async function ledgerGauges(database: Database, nowMs: number): Promise<LedgerGauges> {
  return readSnapshot(database, async (db) => {
    const open = await db
      .selectFrom('rounds')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('opened_at').as('opened')])
      .where('status', '=', 'open')
      .executeTakeFirst();
    const opened = open?.opened ?? null;
    return {
      openRounds: Number(open?.n ?? 0),
      oldestOpenRoundSeconds: opened === null ? 0 : Math.max(0, (nowMs - Number(opened)) / 1000),
      escrowCents: await escrowBalanceCents(db),
    };
  });
}

/** The balance of every escrow account (each table's: ledger/accounts.ts), cents (0 before the first deal). @throws the database's error */
export async function escrowBalanceCents(db: Kysely<Tables>): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.cast<number>(eb.fn.coalesce(eb.fn.sum('balance_cents'), eb.lit(0)), 'bigint').as('cents'))
    .where('kind', '=', 'escrow')
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}
