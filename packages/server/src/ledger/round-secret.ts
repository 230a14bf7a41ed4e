/**
 * `saveRoundSecret`: replaces the private record of an open round (e.g. after a player submitted
 * its setting), so that a restart settles the round with the settings already made
 * (rules.md §5 "Interruptions": only unset hands are set by the house way).
 */
import { err, ok, type Result } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { toJson } from './rounds.js';

/** See `Ledger.saveRoundSecret`. */
export async function saveRoundSecret(database: Database, roundId: string, secret: unknown): Promise<Result<void>> {
  const secretJson = toJson(secret, 'secret');
  const updated = await database.db
    .updateTable('rounds')
    .set({ secret_json: secretJson })
    .where('id', '=', roundId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return err('action/stale', `round ${roundId} is not open`);
  return ok(undefined);
}
