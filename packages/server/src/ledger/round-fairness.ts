/**
 * `roundFairness`: what the fairness endpoint needs of one round (fairness.md "What is published"):
 * its status, its commitment, client seeds and server seed (migration 0005), and its records.
 */
import type { Database } from '../storage/database.js';
import type { RoundStatus, RoundsTable } from '../storage/schema.js';
import { storedJson } from './stored-json.js';

/** One round's provably fair facts as stored. The server seed is secret while `status` is `'open'`. */
export interface RoundFairnessRecord {
  readonly roundId: string;
  readonly tableId: string;
  readonly status: RoundStatus;
  /** `null` for a round not dealt from seeds (dealt before migration 0005, or from a given deck in tests). */
  readonly commitment: string | null;
  readonly clientSeeds: string | null;
  readonly serverSeed: string | null;
  /** The private round record (the engine's `RoundState` wrapped by `encodeRoundSecret`). */
  readonly secret: unknown;
  /** The public record: seats, nicknames and bets of the players dealt. */
  readonly public: unknown;
  /** The settled result (`RoundResult`), or `null` unless settled. */
  readonly result: unknown;
}

const COLUMNS = ['id', 'table_id', 'status', 'commitment', 'client_seeds', 'server_seed', 'secret_json', 'public_json', 'result_json'] as const;

type Row = Pick<RoundsTable, (typeof COLUMNS)[number]>;

function fromRow(row: Row): RoundFairnessRecord {
  return {
    roundId: row.id,
    tableId: row.table_id,
    status: row.status,
    commitment: row.commitment,
    clientSeeds: row.client_seeds,
    serverSeed: row.server_seed,
    secret: storedJson(row.secret_json),
    public: storedJson(row.public_json),
    result: row.result_json === null ? null : storedJson(row.result_json),
  };
}

/** See `Ledger.roundFairness`. */
export async function roundFairness(database: Database, roundId: string): Promise<RoundFairnessRecord | null> {
  const row = await database.db
    .selectFrom('rounds')
    .select(COLUMNS)
    .where('id', '=', roundId)
    .executeTakeFirst();
  return row === undefined ? null : fromRow(row);
}

/** Rounds read per statement by `closedFairRoundPages`: a statement of a few ms, even on SQLite's one thread. */
export const FAIR_ROUNDS_PAGE = 200;

/**
 * The provably fair facts of the rounds closed (settled or refunded) with a server seed, newest first, in pages
 * of `pageSize` read one statement each: at most `limit` (default all). Between pages the event loop turns, so a
 * reader of many rounds never holds it for long (the fairness audit over HTTP).
 */
export async function* closedFairRoundPages(database: Database, limit = Infinity, pageSize = FAIR_ROUNDS_PAGE): AsyncGenerator<RoundFairnessRecord[]> {
  let before: number | null = null;
  for (let left = limit; left > 0; ) {
    let query = database.db
      .selectFrom('rounds')
      .select(['seq', ...COLUMNS])
      .where('status', '<>', 'open')
      .where('server_seed', 'is not', null);
    if (before !== null) query = query.where('seq', '<', before);
    const rows = await query.orderBy('seq', 'desc').limit(Math.min(pageSize, left)).execute();
    if (rows.length === 0) return;
    yield rows.map(fromRow);
    before = rows[rows.length - 1].seq;
    left -= rows.length;
    if (rows.length < pageSize) return;
  }
}

/**
 * The provably fair facts of the rounds closed (settled or refunded) with a server seed, oldest first,
 * for the fairness audit (`paigow audit-fairness`): at most `limit` (default all).
 */
export async function closedFairRounds(database: Database, limit?: number): Promise<RoundFairnessRecord[]> {
  const rounds: RoundFairnessRecord[] = [];
  for await (const page of closedFairRoundPages(database, limit)) rounds.push(...page);
  return rounds.reverse();
}
