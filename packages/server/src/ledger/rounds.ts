/**
 * Reading rounds: the `RoundRecord` returned by every round operation, and the round lock.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Hold } from '@paigow/engine';
import type { Database, DialectName } from '../storage/database.js';
import {
  HOLD_KINDS,
  type HoldKind,
  type RoundRole,
  type RoundStatus,
  type Tables,
  type TransferKind,
} from '../storage/schema.js';
import { forUpdate } from '../storage/transaction.js';
import { storedJson } from './stored-json.js';

/** A participant of a round: every player with a hold, and the banking player if any. */
export interface RoundPlayer {
  readonly playerId: string;
  readonly role: RoundRole;
  /** The change of the player's wallet in this round so far, in cents (minus the holds while open). */
  readonly netCents: number;
  /** Comp points granted (or taken, if negative) at settlement; 0 until then. */
  readonly compPointsDelta: number;
}

/** A round as stored. The private `secret` is left out; only `openRounds()` returns it. */
export interface RoundRecord {
  readonly roundId: string;
  readonly tableId: string;
  readonly bankerPlayerId: string | null;
  readonly status: RoundStatus;
  /** Sorted by player id, then hold kind. */
  readonly holds: readonly Hold[];
  /** Sorted by player id. */
  readonly players: readonly RoundPlayer[];
  readonly public: unknown;
  /** The settlement's result JSON; `null` unless settled. */
  readonly result: unknown;
  /** Why the round was refunded; `null` unless refunded. */
  readonly refundReason: string | null;
  /** Milliseconds since the epoch. */
  readonly openedAt: number;
  readonly closedAt: number | null;
  /**
   * The server instance that runs (or recovered) the round (docs/server.md "Processes, leases and
   * recovery"); `null` for a round dealt without one (before migration 0002, or by a direct ledger call).
   */
  readonly ownerInstanceId: string | null;
}

/** An open round with the server's private record (deck, hands), for recovery after a restart. */
export interface RoundWithSecret extends RoundRecord {
  readonly secret: unknown;
}

/** The transfer kind of a hold. */
export function holdTransferKind(kind: HoldKind): TransferKind {
  return `hold-${kind}`;
}

/** The transfer kinds of all holds (`'hold-main'`, ...), in `HOLD_KINDS` order. */
export const HOLD_TRANSFER_KINDS: readonly TransferKind[] = HOLD_KINDS.map(holdTransferKind);

/** JSON text of a caller's document. @throws TypeError if it has no JSON form (e.g. `undefined`). */
export function toJson(value: unknown, what: string): string {
  const text = JSON.stringify(value);
  if (typeof text !== 'string') throw new TypeError(`${what} has no JSON form`);
  return text;
}

/** Locks the round row (`FOR UPDATE` on PostgreSQL) and returns its status, or `undefined` if there is none. */
export async function lockRound(
  trx: Transaction<Tables>,
  dialect: DialectName,
  roundId: string,
): Promise<RoundStatus | undefined> {
  return (await lockRoundRow(trx, dialect, roundId))?.status;
}

/** A round's row as `lockRoundRow` reads it. */
export interface LockedRoundRow {
  readonly status: RoundStatus;
  readonly ownerInstanceId: string | null;
  readonly tableId: string;
  readonly bankerPlayerId: string | null;
  readonly openedAt: number;
  /** The public record's JSON text. */
  readonly publicJson: string;
}

/** `lockRound`, also returning what a settlement needs of the round's row. */
export async function lockRoundRow(trx: Transaction<Tables>, dialect: DialectName, roundId: string): Promise<LockedRoundRow | undefined> {
  const row = await forUpdate(
    dialect,
    trx
      .selectFrom('rounds')
      .select(['status', 'owner_instance_id', 'table_id', 'banker_player_id', 'opened_at', 'public_json'])
      .where('id', '=', roundId),
  ).executeTakeFirst();
  return row === undefined
    ? undefined
    : {
        status: row.status,
        ownerInstanceId: row.owner_instance_id,
        tableId: row.table_id,
        bankerPlayerId: row.banker_player_id,
        openedAt: row.opened_at,
        publicJson: row.public_json,
      };
}

/** The hold kind of a hold transfer kind (`holdTransferKind`'s inverse). */
export function holdKindOf(transferKind: TransferKind): HoldKind {
  return HOLD_KINDS[HOLD_TRANSFER_KINDS.indexOf(transferKind)];
}

/** Sorts holds as a `RoundRecord` lists them: by player id, then hold kind. */
function sortHolds(holds: Hold[]): Hold[] {
  return holds.sort((a, b) =>
    a.playerId === b.playerId ? HOLD_KINDS.indexOf(a.kind) - HOLD_KINDS.indexOf(b.kind) : a.playerId < b.playerId ? -1 : 1,
  );
}

/** What a transaction wrote of a round, for `writtenRound`. */
export interface WrittenRound {
  readonly roundId: string;
  readonly tableId: string;
  readonly bankerPlayerId: string | null;
  readonly status: RoundStatus;
  readonly holds: readonly Hold[];
  /** Every participant's role. */
  readonly roles: ReadonlyMap<string, RoundRole>;
  /** Comp points granted by the settlement (participants not named: 0). */
  readonly compPoints: ReadonlyMap<string, number>;
  /** Every move of a participant's wallet in the round, signed cents (the holds' included). */
  readonly walletMoves: readonly { readonly playerId: string; readonly cents: number }[];
  /**
   * The public record's document as written. Handed on as is: parsing again what the transaction has just stringified
   * was 1.5% of the server's time (`npm run bench`).
   */
  readonly public: unknown;
  /** The settlement's result document as written; `null` unless settled. */
  readonly result: unknown;
  readonly openedAt: number;
  readonly closedAt: number | null;
  readonly ownerInstanceId: string | null;
}

/**
 * The `RoundRecord` of a round a transaction has just written (dealt or settled), built from what it wrote
 * rather than read back (`loadRound` would take four more statements): what `loadRound` would read, the
 * participants sorted by player id, each one's net the sum of its wallet's moves. The public record and the result
 * are the documents the caller gave (not copies), which `loadRound` reads as their JSON form.
 */
export function writtenRound(round: WrittenRound): RoundRecord {
  const nets = new Map<string, number>();
  for (const move of round.walletMoves) nets.set(move.playerId, (nets.get(move.playerId) ?? 0) + move.cents);
  return {
    roundId: round.roundId,
    tableId: round.tableId,
    bankerPlayerId: round.bankerPlayerId,
    status: round.status,
    holds: sortHolds([...round.holds]),
    players: [...round.roles.keys()]
      .sort()
      .map((playerId) => ({ playerId, role: round.roles.get(playerId)!, netCents: nets.get(playerId) ?? 0, compPointsDelta: round.compPoints.get(playerId) ?? 0 })),
    public: round.public,
    result: round.result,
    refundReason: null,
    openedAt: round.openedAt,
    closedAt: round.closedAt,
    ownerInstanceId: round.ownerInstanceId,
  };
}

/** Reads a round with its holds, participants and their net amounts; `undefined` if unknown. */
export async function loadRound(db: Kysely<Tables>, roundId: string): Promise<RoundRecord | undefined> {
  const round = await db.selectFrom('rounds').selectAll().where('id', '=', roundId).executeTakeFirst();
  if (round === undefined) return undefined;
  const [participants, holds, nets] = await Promise.all([
    db
      .selectFrom('round_players')
      .select(['player_id', 'role', 'comp_points_delta'])
      .where('round_id', '=', roundId)
      .orderBy('player_id')
      .execute(),
    db
      .selectFrom('transfers as t')
      .innerJoin('accounts as a', 'a.id', 't.from_account_id')
      .select(['a.player_id', 't.kind', 't.amount_cents'])
      .where('t.round_id', '=', roundId)
      .where('t.kind', 'in', HOLD_TRANSFER_KINDS)
      .execute(),
    db
      .selectFrom('entries as e')
      .innerJoin('transfers as t', 't.id', 'e.transfer_id')
      .innerJoin('accounts as a', 'a.id', 'e.account_id')
      .select((eb) => ['a.player_id', eb.cast<number>(eb.fn.sum('e.amount_cents'), 'bigint').as('net_cents')])
      .where('t.round_id', '=', roundId)
      .where('a.kind', '=', 'wallet')
      .groupBy('a.player_id')
      .execute(),
  ]);
  return {
    roundId: round.id,
    tableId: round.table_id,
    bankerPlayerId: round.banker_player_id,
    status: round.status,
    holds: sortHolds(holds.map((hold) => ({ playerId: hold.player_id!, kind: holdKindOf(hold.kind), amountCents: hold.amount_cents }))),
    players: participants.map((participant) => ({
      playerId: participant.player_id,
      role: participant.role,
      netCents: nets.find((net) => net.player_id === participant.player_id)?.net_cents ?? 0,
      compPointsDelta: participant.comp_points_delta,
    })),
    public: JSON.parse(round.public_json) as unknown,
    result: round.result_json === null ? null : (JSON.parse(round.result_json) as unknown),
    refundReason: round.refund_reason,
    openedAt: round.opened_at,
    closedAt: round.closed_at,
    ownerInstanceId: round.owner_instance_id,
  };
}

/** `loadRound` of each id, in the order given (an id without a round is skipped). */
export async function loadRounds(db: Kysely<Tables>, roundIds: readonly string[]): Promise<RoundRecord[]> {
  const rounds: RoundRecord[] = [];
  for (const roundId of roundIds) {
    const round = await loadRound(db, roundId);
    if (round !== undefined) rounds.push(round);
  }
  return rounds;
}

/**
 * Whether `tableId` has a round still open (dealt, not settled nor refunded), whoever runs it.
 * @throws the database's error
 */
export async function tableHasOpenRound(database: Database, tableId: string): Promise<boolean> {
  const row = await database.db.selectFrom('rounds').select('id').where('table_id', '=', tableId).where('status', '=', 'open').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The rounds still open, oldest first, with their private records. */
export async function openRounds(database: Database): Promise<RoundWithSecret[]> {
  const rows = await database.db
    .selectFrom('rounds')
    .select(['id', 'secret_json'])
    .where('status', '=', 'open')
    .orderBy('seq')
    .execute();
  const rounds: RoundWithSecret[] = [];
  for (const row of rows) {
    const round = await loadRound(database.db, row.id);
    if (round !== undefined) rounds.push({ ...round, secret: storedJson(row.secret_json) });
  }
  return rounds;
}
