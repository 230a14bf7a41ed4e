/**
 * A player's round history, newest first, with the net change of its wallet in each round.
 */
import type { Database } from '../storage/database.js';
import type { RoundRole, RoundStatus } from '../storage/schema.js';
import { walletAccountId } from './accounts.js';

/** One round of a player's history. */
export interface HistoryItem {
  readonly roundId: string;
  readonly tableId: string;
  readonly role: RoundRole;
  readonly status: RoundStatus;
  readonly public: unknown;
  /** The settlement's result JSON; `null` unless settled. */
  readonly result: unknown;
  readonly refundReason: string | null;
  /** The sum of the player's wallet entries in this round, in cents (0 after a refund). */
  readonly netCents: number;
  readonly compPointsDelta: number;
  readonly openedAt: number;
  readonly closedAt: number | null;
}

/**
 * Paging: at most `limit` rounds (default 20, clamped to 1..100), older than round `before` if
 * given (an unknown `before` gives an empty page).
 */
export interface HistoryQuery {
  readonly limit?: number;
  /** The `roundId` of the last item of the previous page. */
  readonly before?: string;
}

const DEFAULT_LIMIT = 20;
/** The most rounds one page of history holds (`GET /api/history?limit=` refuses more). */
export const HISTORY_MAX_LIMIT = 100;

/** See `Ledger.history`. */
export async function history(database: Database, playerId: string, query: HistoryQuery = {}): Promise<HistoryItem[]> {
  const requested = query.limit ?? DEFAULT_LIMIT;
  const limit = Number.isFinite(requested) ? Math.min(Math.max(Math.trunc(requested), 1), HISTORY_MAX_LIMIT) : DEFAULT_LIMIT;
  const wallet = walletAccountId(playerId);
  let select = database.db
    .selectFrom('round_players as rp')
    .innerJoin('rounds as r', 'r.id', 'rp.round_id')
    .select((eb) => [
      'r.id',
      'r.table_id',
      'r.status',
      'r.public_json',
      'r.result_json',
      'r.refund_reason',
      'r.opened_at',
      'r.closed_at',
      'rp.role',
      'rp.comp_points_delta',
      eb
        .cast<number>(
          eb.fn.coalesce(
            eb
              .selectFrom('entries as e')
              .innerJoin('transfers as t', 't.id', 'e.transfer_id')
              .select((sub) => sub.fn.sum<number>('e.amount_cents').as('sum'))
              .whereRef('t.round_id', '=', 'r.id')
              .where('e.account_id', '=', wallet),
            eb.lit(0),
          ),
          'bigint',
        )
        .as('net_cents'),
    ])
    .where('rp.player_id', '=', playerId)
    .orderBy('r.seq', 'desc')
    .limit(limit);
  if (query.before !== undefined) {
    const before = query.before;
    select = select.where('r.seq', '<', (eb) => eb.selectFrom('rounds').select('seq').where('id', '=', before));
  }
  const rows = await select.execute();
  return rows.map((row) => ({
    roundId: row.id,
    tableId: row.table_id,
    role: row.role,
    status: row.status,
    public: JSON.parse(row.public_json) as unknown,
    result: row.result_json === null ? null : (JSON.parse(row.result_json) as unknown),
    refundReason: row.refund_reason,
    netCents: row.net_cents,
    compPointsDelta: row.comp_points_delta,
    openedAt: row.opened_at,
    closedAt: row.closed_at,
  }));
}
