/**
 * The port is bound before the database is opened (docs/server.md "Start-up" step 1, operations.md "Health"):
 * while PostgreSQL does not answer yet, `/livez` answers 200, `/readyz` and `/healthz` 503 `starting`, and
 * any other request 503 `action/unavailable` with `Retry-After`; once the database answers, the server
 * starts and `/readyz` is 200. An operator saw "connection refused" on both probes while the server started.
 *
 * The database is reached through a relay on loopback that holds every connection (accepted, nothing
 * forwarded) until it is released: a database that does not answer yet.
 */
import { createConnection, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerHandle } from './server.js';
import { createStore, startTestServer, STORE_BACKENDS, type TestStore } from './testing/harness.js';

/** A relay to `target` that holds the connections it accepts until `release()`. */
async function heldRelay(target: URL): Promise<{ server: Server; port: number; release: () => void; close: () => Promise<void> }> {
  let held = true;
  const waiting: Socket[] = [];
  const sockets = new Set<Socket>();
  const forward = (client: Socket): void => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.once('close', end);
    upstream.once('close', end);
    upstream.once('error', end);
    client.once('error', end);
  };
  const server = createServer((client) => {
    sockets.add(client);
    client.pause();
    if (held) waiting.push(client);
    else forward(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    release: () => {
      held = false;
      for (const client of waiting.splice(0)) forward(client);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

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
  let relay: Awaited<ReturnType<typeof heldRelay>> | undefined;
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    await relay?.close();
    await store?.dispose();
    server = relay = store = undefined;
  });

  it('answers /livez 200 and /readyz 503 starting while the database does not answer, then serves', async () => {
    store = createStore('postgres');
    const target = new URL(store.options.databaseUrl as string);
    relay = await heldRelay(target);
    const held = new URL(target);
    held.host = `127.0.0.1:${relay.port}`;
    const port = await freePort();
    const starting = startTestServer(store, { port, databaseUrl: held.toString(), databaseConnectTimeoutMs: 20_000 });
    starting.catch(() => undefined);
    const url = `http://127.0.0.1:${port}`;
    // The port is bound at once: no "connection refused" while the database is being reached.
    await expect.poll(async () => (await fetch(`${url}/livez`).catch(() => null))?.status ?? 'refused', { timeout: 5_000 }).toBe(200);
    expect(await answer(`${url}/livez`)).toMatchObject({ status: 200, body: { status: 'ok' } });
    for (const path of ['/readyz', '/healthz']) expect(await answer(`${url}${path}`)).toMatchObject({ status: 503, body: { status: 'starting' } });
    expect(await answer(`${url}/api/tables`)).toEqual({ status: 503, retryAfter: '1', body: { error: { code: 'action/unavailable', message: 'the server is starting; try again' } } });

    relay.release();
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
