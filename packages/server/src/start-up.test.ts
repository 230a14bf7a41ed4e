/**
 * The port is bound before the database is opened (docs/server.md "Start-up" step 1, operations.md "Health"):
 * while PostgreSQL does not answer yet, `/livez` answers 200, `/readyz` and `/healthz` 503 `starting`, and
 * any other request 503 `action/unavailable` with `Retry-After`; once the database answers, the server
 * starts and `/readyz` is 200. An operator saw "connection refused" on both probes while the server started.
 *
 * The database is reached through a relay on loopback (`partitionRelay`), paused from the start: every connection is
 * accepted and nothing forwarded until it resumes, a database that does not answer yet.
 */
import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerStartError, type ServerHandle } from './server.js';
import { partitionRelay, type PartitionRelay } from './testing/faults.js';
import { createStore, serversPerTest, startTestServer, STORE_BACKENDS, type TestStore } from './testing/harness.js';

/** A port free on loopback now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function answer(url: string): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

describe.skipIf(!STORE_BACKENDS.find((backend) => backend.name === 'postgres')?.enabled)('start-up: the port before the database', () => {
  let store: TestStore | undefined;
  let relay: PartitionRelay | undefined;
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    await relay?.close();
    await store?.dispose();
    server = relay = store = undefined;
  });

  it('answers /livez 200 and /readyz 503 starting while the database does not answer, then serves', async () => {
    store = createStore('postgres');
    relay = await partitionRelay(store.options.databaseUrl as string);
    relay.pause();
    const port = await freePort();
    const starting = startTestServer(store, { port, databaseUrl: relay.url, databaseConnectTimeoutMs: 20_000 });
    starting.catch(() => undefined);
    const url = `http://127.0.0.1:${port}`;
    // The port is bound at once: no "connection refused" while the database is being reached.
    await expect.poll(async () => (await fetch(`${url}/livez`).catch(() => null))?.status ?? 'refused', { timeout: 5_000 }).toBe(200);
    expect(await answer(`${url}/livez`)).toMatchObject({ status: 200, body: { status: 'ok' } });
    for (const path of ['/readyz', '/healthz']) expect(await answer(`${url}${path}`)).toMatchObject({ status: 503, body: { status: 'starting' } });
    expect(await answer(`${url}/api/tables`)).toEqual({ status: 503, retryAfter: '1', body: { error: { code: 'action/unavailable', message: 'the server is starting; try again' } } });

    relay.resume();
    server = await starting;
    expect(server.port).toBe(port);
    expect(await answer(`${url}/readyz`)).toMatchObject({ status: 200, body: { status: 'ready' } });
  });
});

/** The advisory lock Kysely's migrator holds on PostgreSQL while it migrates (`PostgresAdapter.acquireMigrationLock`). */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';

describe.skipIf(!STORE_BACKENDS.find((backend) => backend.name === 'postgres')?.enabled)('start-up: the migrations', () => {
  let store: TestStore | undefined;
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    await store?.dispose();
    server = store = undefined;
  });

  // The serving pool's statements are bounded (docs/server.md "Database faults"); the migrations' are not: a process
  // starting while another migrates a large ledger waits for it, as it would for a long migration of its own.
  it('are not bounded by the statement timeout: a start waits for another process’s migrations past it', async () => {
    store = createStore('postgres');
    const other = new pg.Client({ connectionString: store.options.databaseUrl });
    await other.connect();
    try {
      await other.query(`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK})`);
      const starting = startTestServer(store, { databaseStatementTimeoutMs: 300 });
      starting.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await other.query(`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK})`);
      server = await starting;
    } finally {
      await other.end();
    }
    expect(await answer(`${server.url}/readyz`)).toMatchObject({ status: 200, body: { status: 'ready' } });
  });
});

describe.skipIf(!STORE_BACKENDS.find((backend) => backend.name === 'postgres')?.enabled)('start-up: a database that takes no writes', () => {
  const servers = serversPerTest('postgres');

  // Operator: a start on a read-only PostgreSQL ended in an uncaught stack (`cannot execute INSERT in a read-only transaction`).
  it('is refused with one line naming why, database-failed', async () => {
    const url = new URL(servers.store.options.databaseUrl as string);
    const role = `paigow_ro_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url.href });
    await admin.connect();
    try {
      await admin.query(`create role ${role} login`);
      await admin.query(`alter role ${role} set default_transaction_read_only = on`);
      url.username = role;
      const refused: unknown = await servers.start({ databaseUrl: url.href }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ServerStartError);
      expect(refused).toMatchObject({ code: 'database-failed' });
      expect((refused as Error).message).toMatch(/^cannot write to the database at postgres:\/\/.+ \(the database is read-only: writes fail \(25006\)\)$/);
    } finally {
      await admin.query(`drop role if exists ${role}`).catch(() => undefined);
      await admin.end();
    }
  });
});
