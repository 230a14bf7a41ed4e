/**
 * Recovery notices owed (docs/server.md "Recovery"; rules.md §5 "a reconnecting player sees the results
 * of the rounds it missed"): claiming a round for recovery marks its players' rows
 * (`round_players.recovery_notice_pending`, migration 0003); once the round is settled or refunded, any
 * process a player is connected to tells it (`notice/round-recovered`) and clears the mark, so each player
 * hears of each recovered round once, whichever process recovered it and whichever it reconnects to.
 */
import type { Database } from '../storage/database.js';
import { loadRounds, type RoundRecord } from './rounds.js';

/**
 * The recovered rounds (settled or refunded) that any of `playerIds` has not been told of, oldest first.
 * A round still open (claimed, not yet settled) is not listed.
 * @param playerIds the players to look for (at most a few hundred: the players at this process's tables)
 */
export async function pendingRecoveryNotices(database: Database, playerIds: readonly string[]): Promise<RoundRecord[]> {
  if (playerIds.length === 0) return [];
  const rows = await database.db
    .selectFrom('round_players')
    .innerJoin('rounds', 'rounds.id', 'round_players.round_id')
    .select(['rounds.id', 'rounds.seq'])
    .distinct()
    .where('round_players.recovery_notice_pending', '=', 1)
    .where('round_players.player_id', 'in', [...playerIds])
    .where('rounds.status', '<>', 'open')
    .orderBy('rounds.seq')
    .execute();
  return loadRounds(database.db, rows.map((row) => row.id));
}

/**
 * Clears `playerId`'s mark on recovered round `roundId` (one conditional statement).
 * @returns `true` if this call cleared it: the caller tells the player; `false` if it was not set (another
 *   process told it already, or the round was not recovered).
 */
export async function takeRecoveryNotice(database: Database, roundId: string, playerId: string): Promise<boolean> {
  const update = await database.db
    .updateTable('round_players')
    .set({ recovery_notice_pending: 0 })
    .where('round_id', '=', roundId)
    .where('player_id', '=', playerId)
    .where('recovery_notice_pending', '=', 1)
    .executeTakeFirst();
  return update.numUpdatedRows > 0n;
}
