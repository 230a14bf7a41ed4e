/**
 * Server instances and their leases (docs/server.md "Processes, leases and recovery"; rules.md §5:
 * "nothing is ever lost or counted twice").
 *
 * Several server processes may share one database (several on PostgreSQL behind a load balancer, or a
 * second `paigow serve` started by mistake on the same SQLite file). Each process, at start, registers
 * an instance (a fresh UUID) in `server_instances` and renews its lease every `heartbeatMs`; a clean stop
 * marks it stopped. The ledger records on each round the instance that dealt it (`openRound`'s
 * `ownerInstanceId`). An instance is **alive** while it is not stopped and its last renewal is less than
 * `leaseMs` old; recovery (table/recovery.ts) touches only open rounds whose owner is not alive.
 *
 * Times are the servers' clocks in epoch ms: processes sharing a database need clocks within a few
 * seconds of each other (NTP), far less than `leaseMs`.
 */
import type { Database } from '../storage/database.js';

/** How long a lease lasts and how often it is renewed, in ms. */
export interface LeaseTiming {
  /** An instance whose last renewal is older than this is dead; its open rounds may be recovered. */
  readonly leaseMs: number;
  /** How often a running instance renews its lease (and looks for rounds to recover). */
  readonly heartbeatMs: number;
  /**
   * The lease is renewed by a worker thread (`keeper.ts`), which stops renewing once the main event loop
   * has not turned for this long: a process hung longer loses its lease like a dead one (optional; default
   * `DEFAULT_STALL_MS`, 30 s).
   */
  readonly stallMs?: number;
}

/**
 * The production timing: a 15 s lease renewed every 5 s. A process killed without a clean stop has its
 * rounds recovered by a surviving (or restarted) process 10–20 s later.
 */
export const DEFAULT_LEASE: LeaseTiming = Object.freeze({ leaseMs: 15_000, heartbeatMs: 5_000 });

/** Instance rows older than this (last renewal) are deleted at start; a deleted owner counts as dead. */
export const INSTANCE_RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Registers instance `instanceId` as alive from `nowMs` (a new row).
 * @throws the database's error (e.g. unreachable)
 */
export async function registerInstance(database: Database, instanceId: string, nowMs: number): Promise<void> {
  await database.db
    .insertInto('server_instances')
    .values({ id: instanceId, started_at_ms: nowMs, heartbeat_at_ms: nowMs, stopped_at_ms: null })
    .execute();
}

/**
 * Renews the lease of `instanceId` at `nowMs`.
 * @returns false when the instance is unknown or stopped (nothing renewed)
 * @throws the database's error
 */
export async function renewLease(database: Database, instanceId: string, nowMs: number): Promise<boolean> {
  const updated = await database.db
    .updateTable('server_instances')
    .set({ heartbeat_at_ms: nowMs })
    .where('id', '=', instanceId)
    .where('stopped_at_ms', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/**
 * Ends the lease of `instanceId` at `nowMs` (a clean stop): its rounds left open become recoverable at
 * once, by a surviving process or by the next start.
 * @throws the database's error
 */
export async function endLease(database: Database, instanceId: string, nowMs: number): Promise<void> {
  await database.db.updateTable('server_instances').set({ stopped_at_ms: nowMs }).where('id', '=', instanceId).execute();
}

/**
 * The other instances on this database seen alive since `sinceMs`: not stopped, and their lease renewed after
 * `sinceMs` and less than `leaseMs` before `nowMs`. An instance that crashed before `sinceMs` is not among them,
 * even while its lease has not run out yet.
 * @returns their ids and start times (epoch ms)
 * @throws the database's error
 */
export async function peersRenewedSince(
  database: Database,
  instanceId: string,
  sinceMs: number,
  nowMs: number,
  leaseMs: number,
): Promise<{ readonly instanceId: string; readonly startedAtMs: number }[]> {
  const rows = await database.db
    .selectFrom('server_instances')
    .select(['id', 'started_at_ms'])
    .where('id', '!=', instanceId)
    .where('stopped_at_ms', 'is', null)
    .where('heartbeat_at_ms', '>', Math.max(sinceMs, nowMs - leaseMs))
    .execute();
  return rows.map((row) => ({ instanceId: row.id, startedAtMs: row.started_at_ms }));
}

/**
 * Deletes instance rows last renewed before `beforeMs` (they are dead; their rounds, if any are still
 * open, stay recoverable: an owner without a row is dead).
 * @returns how many rows were deleted
 */
export async function pruneInstances(database: Database, beforeMs: number): Promise<number> {
  const deleted = await database.db.deleteFrom('server_instances').where('heartbeat_at_ms', '<', beforeMs).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
