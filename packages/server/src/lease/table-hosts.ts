/**
 * Which process hosts each table (docs/server.md "Table hosting"; issue 13 points 2–4), in the database
 * beside the instances' leases (`lease.ts`). A table is hosted by the instance in its `table_hosts` row
 * while that instance is alive (not stopped, lease renewed less than `leaseMs` ago): the table's lease is
 * its host's lease, renewed with it, so it needs no renewal of its own. Taking a table (`claimTable`) is one
 * upsert that succeeds only when the row is absent, already this instance's, or its instance is not alive:
 * of any number of processes claiming at once, one gets it (PostgreSQL locks the row and re-checks the
 * condition on the winner's version; SQLite has one writer at a time).
 *
 * Who should host a table is decided from the live instances and the tables each knows (`tables_json`) by
 * `placeTables` (`placement.ts`): every process computes the same answer from the same rows.
 */
import { sql } from 'kysely';
import type { Database } from '../storage/database.js';
import type { SettingsFingerprints } from './table-settings.js';

/** A live instance and the tables it can host. */
export interface LiveInstance {
  readonly instanceId: string;
  readonly tableIds: readonly string[];
  /** Its Redis prefix; `null` without Redis, or from an earlier version. */
  readonly redisPrefix: string | null;
  /** The fingerprints of each of its tables' settings (`settingsFingerprints`) by table id; empty from an earlier version. */
  readonly tableSettings: Readonly<Record<string, SettingsFingerprints>>;
}

/** A table's row: its host (alive or not) and who sits where. */
export interface TableHost {
  readonly tableId: string;
  readonly instanceId: string;
  /** One entry per seat: a player id or `null`. */
  readonly seats: readonly (string | null)[];
}

/**
 * Records the table ids `instanceId` can host (`[]` while it drains: peers then prefer others) and, when given, the
 * fingerprints of their settings by table id (`settingsFingerprints`).
 * @throws the database's error
 */
export async function announceTables(database: Database, instanceId: string, tableIds: readonly string[], tableSettings?: Readonly<Record<string, SettingsFingerprints>>): Promise<void> {
  await database.db
    .updateTable('server_instances')
    .set({ tables_json: JSON.stringify(tableIds), ...(tableSettings === undefined ? {} : { table_settings_json: JSON.stringify(tableSettings) }) })
    .where('id', '=', instanceId)
    .execute();
}

/**
 * The instances alive at `nowMs` (not stopped, renewed less than `leaseMs` ago) with their tables.
 * @throws the database's error
 */
export async function liveInstances(database: Database, nowMs: number, leaseMs: number): Promise<LiveInstance[]> {
  const rows = await database.db
    .selectFrom('server_instances')
    .select(['id', 'tables_json', 'redis_prefix', 'table_settings_json'])
    .where('stopped_at_ms', 'is', null)
    .where('heartbeat_at_ms', '>', nowMs - leaseMs)
    .execute();
  return rows.map((row) => ({ instanceId: row.id, tableIds: parseStrings(row.tables_json), redisPrefix: row.redis_prefix, tableSettings: parseFingerprints(row.table_settings_json) }));
}

/**
 * Records `instanceId`'s Redis prefix, which its peers compare with theirs at their start (`null`: none, a start refused).
 * @throws the database's error
 */
export async function recordRedisPrefix(database: Database, instanceId: string, redisPrefix: string | null): Promise<void> {
  await database.db.updateTable('server_instances').set({ redis_prefix: redisPrefix }).where('id', '=', instanceId).execute();
}

/**
 * The rows of `tableIds` (tables never hosted have none).
 * @throws the database's error
 */
export async function tableHosts(database: Database, tableIds: readonly string[]): Promise<Map<string, TableHost>> {
  const hosts = new Map<string, TableHost>();
  if (tableIds.length === 0) return hosts;
  const rows = await database.db.selectFrom('table_hosts').select(['table_id', 'instance_id', 'seats_json']).where('table_id', 'in', [...tableIds]).execute();
  for (const row of rows) hosts.set(row.table_id, { tableId: row.table_id, instanceId: row.instance_id, seats: parseSeats(row.seats_json) });
  return hosts;
}

/**
 * Takes `tableId` for `instanceId` at `nowMs`, in one statement: only when it has no row, its row is this
 * instance's already, or its row's instance is not alive (stopped, unknown, or silent for `leaseMs`).
 * The row's seats stay as the last host left them.
 * @returns the table's row when taken (its seats for the new host), else `null` (a live peer hosts it)
 * @throws the database's error
 */
export async function claimTable(database: Database, tableId: string, instanceId: string, nowMs: number, leaseMs: number): Promise<TableHost | null> {
  const row = await database.db
    .insertInto('table_hosts')
    .values({ table_id: tableId, instance_id: instanceId, claimed_at_ms: nowMs })
    .onConflict((conflict) =>
      conflict
        .column('table_id')
        .doUpdateSet({ instance_id: instanceId, claimed_at_ms: nowMs })
        .where((eb) =>
          eb.or([
            eb('table_hosts.instance_id', '=', instanceId),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('server_instances')
                  .select(sql<number>`1`.as('one'))
                  .whereRef('server_instances.id', '=', 'table_hosts.instance_id')
                  .where('server_instances.stopped_at_ms', 'is', null)
                  .where('server_instances.heartbeat_at_ms', '>', nowMs - leaseMs),
              ),
            ),
          ]),
        ),
    )
    .returning(['table_id', 'instance_id', 'seats_json'])
    .executeTakeFirst();
  if (row === undefined || row.instance_id !== instanceId) return null;
  return { tableId: row.table_id, instanceId: row.instance_id, seats: parseSeats(row.seats_json) };
}

/**
 * Gives `tableId` up (its host moved it, or drains): if `instanceId` holds its row, the row's instance
 * becomes `''` (none: any process may claim it) and its seats stay, for the next host.
 * @throws the database's error
 */
export async function releaseTable(database: Database, tableId: string, instanceId: string): Promise<void> {
  await database.db.updateTable('table_hosts').set({ instance_id: '' }).where('table_id', '=', tableId).where('instance_id', '=', instanceId).execute();
}

/**
 * Records who sits where at `tableId`, if `instanceId` still holds it.
 * @throws the database's error
 */
export async function saveSeats(database: Database, tableId: string, instanceId: string, seats: readonly (string | null)[]): Promise<void> {
  await database.db
    .updateTable('table_hosts')
    .set({ seats_json: JSON.stringify(seats) })
    .where('table_id', '=', tableId)
    .where('instance_id', '=', instanceId)
    .execute();
}

function parseStrings(text: string | null): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** A `table_settings_json`'s fingerprints by table id, then by setting; empty when absent or unreadable. */
function parseFingerprints(text: string | null): Record<string, SettingsFingerprints> {
  const strings = (value: unknown): SettingsFingerprints =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).map(([tableId, settings]) => [tableId, strings(settings)]));
  } catch {
    return {};
  }
}

function parseSeats(text: string): (string | null)[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map((item) => (typeof item === 'string' ? item : null)) : [];
  } catch {
    return [];
  }
}
