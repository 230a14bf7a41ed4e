/**
 * `saveRoundSecret`: replaces the private record of an open round (e.g. after a player submitted
 * its setting), so that a restart settles the round with the settings already made
 * (rules.md §5 "Interruptions": only unset hands are set by the house way).
 *
 * The records are saved in batches (issue 11 point 4c): at a busy server many tables' players set their
 * hands at once, and a statement and a commit for each record was a large part of the database's work
 * (five a round at a full table). The records saved within `SECRET_BATCH_MS` of each other are written by
 * one UPDATE; each caller still waits until its record is written (a table acknowledges a setting only
 * once a restart would keep it).
 */
import { sql } from 'kysely';
import { err, ok, type Result } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { StatementBatch } from '../storage/statement-batch.js';
import { toJson } from './rounds.js';

/** How long the first record of a batch waits for others, ms: the next turn of the event loop. */
const SECRET_BATCH_MS = 0;

/** One round's record waiting for its batch. */
interface SecretSave {
  readonly roundId: string;
  /** The record (a JSON document): only a round's latest in the batch is stringified (five settings a round at a full table). */
  readonly secret: unknown;
}

/** See `Ledger.saveRoundSecret`: returns that method, with its batch, for `database`. */
export function roundSecretSaver(database: Database): (roundId: string, secret: unknown) => Promise<Result<void>> {
  const batch = new StatementBatch(SECRET_BATCH_MS, (saves: readonly SecretSave[]) => saveRoundSecrets(database, saves));
  return async (roundId, secret) => {
    const saved = await batch.add({ roundId, secret });
    return saved.has(roundId) ? ok(undefined) : err('action/stale', `round ${roundId} is not open`);
  };
}

/**
 * Writes `saves` in one UPDATE (`case id when … then … end`), the last record of a round when it comes twice.
 * @returns the ids of the rounds written: those still open
 */
async function saveRoundSecrets(database: Database, saves: readonly SecretSave[]): Promise<ReadonlySet<string>> {
  const latest = new Map(saves.map((save) => [save.roundId, save.secret]));
  const written = await database.db
    .updateTable('rounds')
    .set({ secret_json: sql<string>`case id ${sql.join([...latest].map(([roundId, secret]) => sql`when ${roundId} then ${toJson(secret, 'secret')}`), sql` `)} end` })
    .where('id', 'in', [...latest.keys()])
    .where('status', '=', 'open')
    .returning('id')
    .execute();
  return new Set(written.map((row) => row.id));
}
