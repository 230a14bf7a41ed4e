/**
 * Which process may settle an open round (docs/server.md "Processes, leases and recovery"): the
 * instance that dealt it (`rounds.owner_instance_id`) while its lease is alive (`lease/lease.ts`).
 * Recovery lists the rounds whose owner is not alive and claims each one before settling it, so that
 * of several surviving processes exactly one recovers it, and the old owner (were it only stalled) can
 * no longer settle it (`settleRound`'s `ownerInstanceId` check).
 */
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../storage/database.js';
import type { Tables } from '../storage/schema.js';
import { loadRound, loadRounds, type RoundRecord, type RoundWithSecret } from './rounds.js';
import { storedJson } from './stored-json.js';

/** Who asks, and when: the asking instance, the clock and the lease length (ms). */
export interface LeaseCheck {
  /** The asking instance: never treated as dead, whatever its own last renewal. */
  readonly instanceId: string;
  /** Epoch ms. */
  readonly nowMs: number;
  /** An instance renewed less than `leaseMs` ago and not stopped is alive. */
  readonly leaseMs: number;
}

/** Rounds whose owner is not alive: no owner (dealt before migration 0002), unknown, stopped or lease expired. */
function ownerIsDead(eb: ExpressionBuilder<Tables, 'rounds'>, check: LeaseCheck) {
  const alive = eb
    .selectFrom('server_instances')
    .select('server_instances.id')
    .where('server_instances.stopped_at_ms', 'is', null)
    .where('server_instances.heartbeat_at_ms', '>', check.nowMs - check.leaseMs);
  return eb.or([
    eb('rounds.owner_instance_id', 'is', null),
    eb.and([eb('rounds.owner_instance_id', '<>', check.instanceId), eb('rounds.owner_instance_id', 'not in', alive)]),
  ]);
}

/** The open rounds no live process runs, oldest first (without their private records). */
export async function recoverableRounds(database: Database, check: LeaseCheck): Promise<RoundRecord[]> {
  const rows = await database.db
    .selectFrom('rounds')
    .select('rounds.id')
    .where('rounds.status', '=', 'open')
    .where((eb) => ownerIsDead(eb, check))
    .orderBy('rounds.seq')
    .execute();
  return loadRounds(database.db, rows.map((row) => row.id));
}

/**
 * Makes `check.instanceId` the owner of open round `roundId` if its owner is not alive (one conditional
 * statement, so two processes never both claim it). The players hear of what recovery then does from
 * their inbox (the settlement or refund writes it: `player-events.ts`).
 * @returns the round with its private record as of the claim; `null` when it is not open or its owner
 *   is alive (another process claimed it first, or the owner renewed its lease)
 */
export async function claimRound(database: Database, roundId: string, check: LeaseCheck): Promise<RoundWithSecret | null> {
  const update = await database.db
    .updateTable('rounds')
    .set({ owner_instance_id: check.instanceId })
    .where('rounds.id', '=', roundId)
    .where('rounds.status', '=', 'open')
    .where((eb) => ownerIsDead(eb, check))
    .executeTakeFirst();
  if (update.numUpdatedRows === 0n) return null;
  const row = await database.db.selectFrom('rounds').select('secret_json').where('id', '=', roundId).executeTakeFirst();
  const round = await loadRound(database.db, roundId);
  if (row === undefined || round === undefined) return null;
  return { ...round, secret: storedJson(row.secret_json) };
}

/** See `Ledger.releaseRounds`. */
export async function releaseRounds(database: Database, roundIds: readonly string[], instanceId: string): Promise<number> {
  if (roundIds.length === 0) return 0;
  const update = await database.db
    .updateTable('rounds')
    .set({ owner_instance_id: null })
    .where('id', 'in', [...roundIds])
    .where('status', '=', 'open')
    .where('owner_instance_id', '=', instanceId)
    .executeTakeFirst();
  return Number(update.numUpdatedRows);
}
