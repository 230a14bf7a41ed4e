/**
 * Start-up (docs/server.md "Start-up"): the port is bound before anything else, so a start on a busy
 * port changes nothing; failures an operator can fix are `ServerStartError`s with a one-line message;
 * an unreachable database or Redis fails within the connect timeout instead of hanging.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLedger } from './ledger/index.js';
import { createStore, openStore, signIn, startTestServer, type TestStore } from './testing/harness.js';
import { ServerStartError, startServer, type ServerHandle } from './server.js';

/** A TCP server on a free loopback port that accepts connections and never answers. */
async function silentServer(): Promise<{ port: number; close(): void }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('start-up', () => {
  let store: TestStore | undefined;
  let running: ServerHandle | undefined;
  const folders: string[] = [];
  afterEach(async () => {
    await running?.close();
    await store?.dispose();
    running = undefined;
    store = undefined;
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const folder = (): string => {
    const path = mkdtempSync(join(tmpdir(), 'paigow-start-'));
    folders.push(path);
    return path;
  };

  it('on a busy port fails with port-in-use before touching the data: a live round stays open', async () => {
    store = createStore('sqlite');
    running = await startTestServer(store);
    const session = await signIn(running, 'Ann');
    const opened = await running.ledger.openRound({
      roundId: 'live',
      tableId: 'small',
      bankerPlayerId: null,
      holds: [{ playerId: session.player.id, kind: 'main', amountCents: 500 }],
      secret: { version: 1, round: null },
      public: {},
      ownerInstanceId: running.instanceId,
    });
    expect(opened.ok).toBe(true);
    // Even with the running server's lease ended (so that recovery would take the round), a start on
    // its busy port does nothing: the port comes first.
    const database = openStore(store);
    await database.db.updateTable('server_instances').set({ stopped_at_ms: 1 }).execute();
    const failed = startServer({ port: running.port, host: '127.0.0.1', ...store.options, log: () => undefined });
    await expect(failed).rejects.toThrow(ServerStartError);
    await expect(failed).rejects.toMatchObject({ code: 'port-in-use', message: `port ${running.port} is in use (set PORT or --port)` });
    expect((await createLedger(database).openRounds()).map((r) => r.roundId)).toEqual(['live']);
    expect(await database.db.selectFrom('server_instances').select('id').execute()).toHaveLength(1);
    await database.db.destroy();

    const empty = folder();
    await expect(startServer({ port: running.port, host: '127.0.0.1', dataDir: join(empty, 'data'), log: () => undefined })).rejects.toMatchObject({
      code: 'port-in-use',
    });
    expect(readdirSync(empty)).toEqual([]); // not even the data folder
  });

  it('names a data folder that cannot be created, and releases the port', async () => {
    const base = folder();
    writeFileSync(join(base, 'file'), 'x');
    const started = startServer({ port: 0, host: '127.0.0.1', dataDir: join(base, 'file'), log: () => undefined });
    await expect(started).rejects.toMatchObject({ code: 'data-folder', message: expect.stringMatching(/^cannot create the data folder .*file \(ENOTDIR/) });
    if (existsSync('/proc/self')) {
      await expect(startServer({ port: 0, host: '127.0.0.1', dataDir: '/proc/nope', log: () => undefined })).rejects.toMatchObject({
        code: 'data-folder',
        message: expect.stringContaining('/proc/nope (ENOENT'),
      });
    }
  });

  it('fails within the connect timeout when the database does not answer, and when nothing listens there', async () => {
    const silent = await silentServer();
    const port = silent.port;
    try {
      const started = Date.now();
      const failed = startServer({
        port: 0,
        host: '127.0.0.1',
        databaseUrl: `postgres://root:secret@127.0.0.1:${port}/test`,
        databaseConnectTimeoutMs: 400,
        log: () => undefined,
      });
      await expect(failed).rejects.toMatchObject({
        code: 'database-unreachable',
        message: expect.stringMatching(new RegExp(`^cannot reach the database at postgres://root:\\*\\*\\*@127\\.0\\.0\\.1:${port}/test \\(.+\\)$`)),
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
    const refused = startServer({ port: 0, host: '127.0.0.1', databaseUrl: `postgres://root@127.0.0.1:${port}/test`, log: () => undefined });
    await expect(refused).rejects.toMatchObject({ code: 'database-unreachable', message: expect.stringContaining('ECONNREFUSED') });
  });

  // It used to hang about 45 s, its Redis clients retrying, then crash on an uncaught MaxRetriesPerRequestError.
  it('fails within the connect timeout when Redis does not answer, and when nothing listens there, before touching the data', async () => {
    const base = folder();
    const silent = await silentServer();
    const port = silent.port;
    try {
      const started = Date.now();
      const failed = startServer({ port: 0, host: '127.0.0.1', dataDir: join(base, 'data'), redisUrl: `redis://u:secret@127.0.0.1:${port}/3`, redisConnectTimeoutMs: 400, log: () => undefined });
      await expect(failed).rejects.toMatchObject({
        name: 'ServerStartError',
        code: 'redis-unreachable',
        message: expect.stringMatching(new RegExp(`^cannot reach Redis at redis://u:\\*\\*\\*@127\\.0\\.0\\.1:${port}/3 \\(.+\\)$`)),
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      silent.close();
    }
    const started = Date.now();
    const refused = startServer({ port: 0, host: '127.0.0.1', dataDir: join(base, 'data'), redisUrl: `redis://127.0.0.1:${port}`, log: () => undefined });
    await expect(refused).rejects.toMatchObject({ code: 'redis-unreachable', message: `cannot reach Redis at redis://127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port})` });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(readdirSync(base)).toEqual([]);
  });
});
