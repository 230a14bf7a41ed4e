/**
 * The deployment's identity, kept in the database (migration 0011, table `deployment`; docs/operations.md "A
 * cluster"): what the default Redis prefix is derived from (`rooms/redis-presence.ts` `defaultRedisPrefix`).
 *
 * It used to be derived from the database URL as each process wrote it, so `postgres://…@localhost:5432/x` and
 * `postgres://…@127.0.0.1:5432/x` gave two prefixes for one database: the processes shared the leases and table
 * hosts, but their rooms were in two Redis namespaces and joins through the front failed (`4212`). Now the first
 * process to start on the database writes its description of it once (`databaseDescription`), and every process
 * reads that row back, whatever URL reaches the database. Being the description the earlier versions derived the
 * prefix from, the first upgraded process keeps the prefix of the processes still running the earlier version
 * (when they spell the URL as it does): a rolling upgrade stays in one namespace.
 */
import { resolve } from 'node:path';
import type { Database } from './database.js';

/**
 * This process's description of its database: `postgres:<host>:<port>/<database>#<schema>` as the URL writes them
 * (port 5432 when none; no credentials), or `sqlite:<absolute path of the file>`. Two processes on one database may
 * describe it differently (`localhost`, `127.0.0.1`): only the first one's is kept (`deploymentIdentity`).
 * @param database `{ databaseUrl, schema }` or `{ sqlitePath }`
 * @throws TypeError for a database URL that does not parse
 */
export function databaseDescription(database: { readonly databaseUrl: string; readonly schema: string } | { readonly sqlitePath: string }): string {
  if ('sqlitePath' in database) return `sqlite:${resolve(database.sqlitePath)}`;
  const url = new URL(database.databaseUrl);
  return `postgres:${url.hostname}:${url.port || '5432'}${url.pathname}#${database.schema}`;
}

/**
 * The deployment's identity: the `deployment` row's, written now with `proposed` (this process's
 * `databaseDescription`) if the database has none yet. Two processes starting at once write one row (the second
 * insert does nothing) and both read the same identity back.
 * @param nowMs the row's `created_at_ms` if written (epoch ms)
 * @throws the database's error (the start fails: the prefix cannot be known)
 */
export async function deploymentIdentity(database: Database, proposed: string, nowMs: number): Promise<string> {
  await database.db
    .insertInto('deployment')
    .values({ id: 1, identity: proposed, created_at_ms: nowMs })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const row = await database.db.selectFrom('deployment').select('identity').where('id', '=', 1).executeTakeFirstOrThrow();
  return row.identity;
}
