/**
 * The player inbox (docs/server.md "The player inbox"): every event a player must learn of — a notice
 * (`TableNotice`: a bet returned, a hand set by the house way, a seat or bank lost, a round settled,
 * void or recovered) — is a row of `player_events`, written in the transaction of the change that causes
 * it, numbered per player (`seq` 1, 2, ...), and kept until a client of the player acknowledges it. The
 * server sends the events not acknowledged at every join, and new ones after each change; a second
 * tab, a restart, a crash or another process changes nothing, since the inbox is in the database.
 *
 * Numbering is one upsert on `player_event_seqs` for all the players (`last_seq + n`, returning the new values):
 * on PostgreSQL the row lock makes a concurrent writer wait for this transaction and then add to what it
 * committed, so two writers never take the same number; SQLite has one writer at a time. Players are
 * numbered in id order, after every other lock of the transaction (storage/transaction.ts), so two
 * writers never wait for each other in a cycle.
 */
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { NOTICE_CODES, SET_BY, tableNotice, type NoticeCode, type RecoveredOutcome, type TableNotice, type WagerOutcome } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import type { Tables } from '../storage/schema.js';
import type { RoundRecord } from './rounds.js';

/** An event to write: a notice for `playerId` about table `tableId` (or none). */
export interface PlayerEventInput {
  readonly playerId: string;
  readonly tableId: string | null;
  readonly notice: TableNotice;
}

/** An event as stored, with its number. */
export interface PlayerEvent extends PlayerEventInput {
  /** 1, 2, ... per player, in the order written. */
  readonly seq: number;
  /** Epoch ms. */
  readonly createdAtMs: number;
}

/** At most this many events are read per player at a time (the oldest not acknowledged first). */
export const EVENTS_PER_READ = 100;

/**
 * Writes `events` in `trx` (the transaction of their cause), numbering each player's in the given order.
 * @returns the events with their numbers, in the given order
 */
export async function appendEvents(trx: Transaction<Tables>, events: readonly PlayerEventInput[], nowMs: number): Promise<PlayerEvent[]> {
  const byPlayer = new Map<string, PlayerEventInput[]>();
  for (const event of events) {
    const list = byPlayer.get(event.playerId);
    if (list === undefined) byPlayer.set(event.playerId, [event]);
    else list.push(event);
  }
  const numbered = new Map<PlayerEventInput, number>();
  const players = [...byPlayer.keys()].sort();
  if (players.length > 0) {
    // One statement for all the players (issue 11 point 4c), rows in id order: the lock order above.
    const rows = await trx
      .insertInto('player_event_seqs')
      .values(players.map((playerId) => ({ player_id: playerId, last_seq: byPlayer.get(playerId)!.length })))
      .onConflict((conflict) => conflict.column('player_id').doUpdateSet((eb) => ({ last_seq: eb('player_event_seqs.last_seq', '+', eb.ref('excluded.last_seq')) })))
      .returning(['player_id', 'last_seq'])
      .execute();
    const last = new Map(rows.map((row) => [row.player_id, Number(row.last_seq)]));
    for (const playerId of players) {
      const list = byPlayer.get(playerId)!;
      const first = last.get(playerId)! - list.length + 1;
      list.forEach((event, index) => numbered.set(event, first + index));
    }
  }
  const stored = events.map((event): PlayerEvent => ({ ...event, seq: numbered.get(event)!, createdAtMs: nowMs }));
  if (stored.length > 0) {
    await trx
      .insertInto('player_events')
      .values(
        stored.map((event) => ({
          player_id: event.playerId,
          seq: event.seq,
          table_id: event.tableId,
          code: event.notice.code,
          params_json: JSON.stringify(event.notice.params),
          created_at_ms: nowMs,
          acked_at_ms: null,
        })),
      )
      .execute();
  }
  return stored;
}

/** See `Ledger.recordEvents`. */
export async function recordEvents(database: Database, events: readonly PlayerEventInput[]): Promise<PlayerEvent[]> {
  if (events.length === 0) return [];
  const nowMs = Date.now();
  return database.db.transaction().execute((trx) => appendEvents(trx, events, nowMs));
}

/** Players per query of `unackedEvents` (each is one `OR` term: SQLite's expression depth is limited). */
const PLAYERS_PER_QUERY = 200;

/** See `Ledger.unackedEvents`. */
export async function unackedEvents(db: Kysely<Tables>, playerIds: readonly string[], after?: ReadonlyMap<string, number>): Promise<PlayerEvent[]> {
  const rows: { player_id: string; seq: number; table_id: string | null; code: string; params_json: string; created_at_ms: number }[] = [];
  const ids = [...new Set(playerIds)].sort();
  for (let start = 0; start < ids.length; start += PLAYERS_PER_QUERY) {
    const chunk = ids.slice(start, start + PLAYERS_PER_QUERY);
    rows.push(
      ...(await db
        .selectFrom('player_events')
        .select(['player_id', 'seq', 'table_id', 'code', 'params_json', 'created_at_ms'])
        .where((eb) => eb.or(chunk.map((playerId) => eb.and([eb('player_id', '=', playerId), eb('seq', '>', after?.get(playerId) ?? 0)]))))
        .where('acked_at_ms', 'is', null)
        .orderBy('player_id')
        .orderBy('seq')
        .execute()),
    );
  }
  const perPlayer = new Map<string, number>();
  const events: PlayerEvent[] = [];
  for (const row of rows) {
    const count = (perPlayer.get(row.player_id) ?? 0) + 1;
    perPlayer.set(row.player_id, count);
    if (count > EVENTS_PER_READ || !(NOTICE_CODES as readonly string[]).includes(row.code)) continue;
    const notice = tableNotice(row.code as NoticeCode, JSON.parse(row.params_json) as never);
    events.push({ playerId: row.player_id, seq: Number(row.seq), tableId: row.table_id, notice, createdAtMs: Number(row.created_at_ms) });
  }
  return events;
}

/** One acknowledgement of an inbox event: player `playerId`'s event numbered `seq`. */
export interface EventAck {
  readonly playerId: string;
  readonly seq: number;
}

/** See `Ledger.ackEvents`. */
export async function ackEvents(db: Kysely<Tables>, acks: readonly EventAck[], nowMs: number): Promise<number> {
  if (acks.length === 0) return 0;
  const update = await db
    .updateTable('player_events')
    .set({ acked_at_ms: nowMs })
    .where((eb) => eb(eb.refTuple('player_id', 'seq'), 'in', acks.map((ack) => eb.tuple(ack.playerId, ack.seq))))
    .where('acked_at_ms', 'is', null)
    .executeTakeFirst();
  return Number(update.numUpdatedRows);
}

/**
 * How many events one statement of a prune deletes at most. SQLite runs a statement on the main thread: an hour of
 * a busy server's events (125,000 rows of a table of a million) in one statement stopped every table for 1.8 s;
 * a thousand take about 12 ms, and the event loop turns between statements.
 */
export const PRUNE_BATCH_ROWS = 1_000;

/**
 * See `Ledger.pruneEvents`. Deletes in statements of at most `batchRows` events, each found through an index
 * (`player_events_acked_idx`, `player_events_unacked_idx`), the event loop turning between them.
 */
export async function pruneEvents(db: Kysely<Tables>, ackedBeforeMs: number, unackedBeforeMs: number, batchRows = PRUNE_BATCH_ROWS): Promise<number> {
  let deleted = 0;
  for (const past of [
    (eb: ExpressionBuilder<Tables, 'player_events'>) => eb.and([eb('acked_at_ms', 'is not', null), eb('acked_at_ms', '<', ackedBeforeMs)]),
    (eb: ExpressionBuilder<Tables, 'player_events'>) => eb.and([eb('acked_at_ms', 'is', null), eb('created_at_ms', '<', unackedBeforeMs)]),
  ]) {
    for (;;) {
      const batch = await db
        .deleteFrom('player_events')
        .where((eb) => eb(eb.refTuple('player_id', 'seq'), 'in', eb.selectFrom('player_events').select(['player_id', 'seq']).where(past).limit(batchRows).$asTuple('player_id', 'seq')))
        .executeTakeFirst();
      deleted += Number(batch.numDeletedRows);
      if (Number(batch.numDeletedRows) < batchRows) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return deleted;
}

/** Which inbox notice a closed round leaves its players (`SettleRoundInput.tell`, `refundRound`'s `tell`). */
export type RoundTell = 'notice/round-settled' | 'notice/round-recovered';

/**
 * The notice of each participant of closed round `round` (rules.md §5: a player is told what became of a
 * round it may not have watched): `notice/round-settled` for a round settled at its table (outcome,
 * net, how the hand was set), `notice/round-recovered` for one settled or refunded by recovery or after a
 * failed settlement (outcome, `'refunded'` for a refund, net, and how the hand was set: `'recovery'` for a hand
 * recovery set by the house way; `null` for the banker and in a refund).
 */
export function roundEvents(round: RoundRecord, tell: RoundTell): PlayerEventInput[] {
  const result = round.result as { players?: readonly { playerId?: unknown; outcome?: unknown; setBy?: unknown }[] } | null;
  return round.players.map((player) => {
    const seat = result?.players?.find((p) => p.playerId === player.playerId);
    const wager: WagerOutcome = seat?.outcome === 'win' || seat?.outcome === 'push' ? seat.outcome : 'lose';
    const outcome = player.role === 'banker' ? 'bank' : wager;
    const netCents = round.status === 'settled' ? player.netCents : 0;
    const setBy = round.status === 'settled' ? (SET_BY.find((by) => by === seat?.setBy) ?? null) : null;
    if (tell === 'notice/round-settled') {
      return { playerId: player.playerId, tableId: round.tableId, notice: tableNotice(tell, { roundId: round.roundId, outcome, netCents, setBy }) };
    }
    const recovered: RecoveredOutcome = round.status === 'settled' ? outcome : 'refunded';
    return { playerId: player.playerId, tableId: round.tableId, notice: tableNotice(tell, { roundId: round.roundId, outcome: recovered, netCents, setBy }) };
  });
}
