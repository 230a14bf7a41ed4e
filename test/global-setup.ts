/**
 * Vitest global setup: find the PostgreSQL the storage and ledger tests run against.
 *
 * When `DATABASE_URL` is set it is used as is. Otherwise the local server these machines run
 * (postgres://root@127.0.0.1:5432/test, trust auth) is tried for a second; if it answers, the tests use
 * it, and if not they report plainly that the PostgreSQL variants did not run (`npm test` then prints
 * "PostgreSQL storage tests did not run"). CI sets `DATABASE_URL` and must run them.
 */

import pg from 'pg';

const LOCAL_POSTGRES = 'postgres://root@127.0.0.1:5432/test';

export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    console.log(`PostgreSQL tests: DATABASE_URL=${process.env.DATABASE_URL}`);
    return;
  }
  const client = new pg.Client({ connectionString: LOCAL_POSTGRES, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    process.env.DATABASE_URL = LOCAL_POSTGRES;
    console.log(`PostgreSQL tests: using the local server at ${LOCAL_POSTGRES} (set DATABASE_URL to choose another)`);
  } catch {
    console.log(`PostgreSQL tests will not run: DATABASE_URL is not set and ${LOCAL_POSTGRES} does not answer`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
