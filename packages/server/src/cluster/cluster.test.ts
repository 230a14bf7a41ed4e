/**
 * A cluster on loopback (issue 13 points 1–4 and 8; docs/operations.md "A cluster"): nginx in front of
 * server processes on PostgreSQL and Redis, each test on its own PostgreSQL schema and Redis prefix. Runs
 * when PostgreSQL (`DATABASE_URL`), Redis and nginx are here; otherwise it is reported as not run.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TableConfigInput } from '@paigow/engine';
import { createLedger } from '../ledger/index.js';
import { buildServer, createStore, nginxHere, openStore, redisAnswers, signIn, TestClient, TEST_REDIS_URL as REDIS_URL, type TestStore } from '../testing/harness.js';
import { placeTables } from '../lease/index.js';
import { startCluster, type Cluster } from './cluster.js';

const ROOT = new URL('../../../../', import.meta.url).pathname;

const enabled = process.env.DATABASE_URL !== undefined && (await redisAnswers(REDIS_URL)) && nginxHere();
if (!enabled) console.log('cluster tests did not run: they need DATABASE_URL, Redis and nginx (apt-get install -y nginx)');

/** A short lease, so that a kill -9 is noticed in seconds. */
const LEASE = { leaseMs: 3_000, heartbeatMs: 300 };
const TABLES: readonly TableConfigInput[] = Array.from({ length: 6 }, (_, i) => ({ tableId: `c${i + 1}`, limits: { main: { minCents: 100, maxCents: 10_000 } } }));
const LIFTED = { guestsPerIp: { points: 1_000_000, windowMs: 60_000 }, messagesPerPlayer: { points: 1_000_000, windowMs: 1_000 }, messagesPerIp: { points: 1_000_000, windowMs: 1_000 } };

/** A cluster of test servers (`server-process.js`) on `store`, process `p<i>` with `tablesOf(name)`; instance ids by process name. */
async function testCluster(store: TestStore, processes: number, tablesOf: (name: string) => readonly TableConfigInput[] = () => TABLES): Promise<{ cluster: Cluster; instances: Map<string, string> }> {
  const instances = new Map<string, string>();
  const prefix = `test-${randomBytes(4).toString('hex')}:`;
  const cluster = await startCluster({
    processes,
    command: ({ name, port, publicAddress }) => ({
      command: process.execPath,
      args: [
        join(ROOT, 'packages/server/dist/bench/server-process.js'),
        JSON.stringify({ ...store.options, tables: tablesOf(name), port, publicAddress, redisUrl: REDIS_URL, redisPrefix: prefix, lease: LEASE, hostingSweepMs: 200, drainMs: 0, limits: LIFTED, admission: { maxEventLoopLagMs: 3_600_000 }, maxEventLoopLagMs: 3_600_000 }),
      ],
      env: process.env,
    }),
    // A loaded machine (the whole suite at once) starts a process in seconds, sometimes tens of seconds.
    readyTimeoutMs: 90_000,
    output: (name, chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.startsWith('{"port"')) instances.set(name, (JSON.parse(line) as { instanceId: string }).instanceId);
    },
  });
  return { cluster, instances };
}

/** The host of each table now, from the database (`''`: given up). */
async function hostsOf(store: TestStore): Promise<Map<string, string>> {
  const database = openStore(store);
  try {
    const rows = await database.db.selectFrom('table_hosts').select(['table_id', 'instance_id']).execute();
    return new Map(rows.map((row) => [row.table_id, row.instance_id]));
  } finally {
    await database.db.destroy();
  }
}

/**
 * Waits until every table in `tablesOf` is hosted by its preferred host among the instances (the moves of
 * a start are over), at most `ms`.
 */
async function settled(store: TestStore, instances: Map<string, string>, tablesOf: (name: string) => readonly TableConfigInput[], ms: number): Promise<Map<string, string>> {
  const wanted = placeTables([...instances].map(([name, instanceId]) => ({ instanceId, tableIds: tablesOf(name).map((table) => table.tableId) })));
  await expect.poll(async () => Object.fromEntries(await hostsOf(store)), { timeout: ms, interval: 100 }).toEqual(Object.fromEntries(wanted));
  return hostsOf(store);
}

/** Joins `tableId` through the front, retrying while the table has no host, for at most `ms`. */
async function joinThroughFront(cluster: Cluster, tableId: string, token: string, nickname: string, ms: number): Promise<TestClient> {
  const port = Number(new URL(cluster.url).port);
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await TestClient.join({ port }, tableId, token, nickname);
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describe.skipIf(!enabled)('a cluster behind nginx on PostgreSQL and Redis', () => {
  let store: TestStore | undefined;
  let cluster: Cluster | undefined;
  const clients: TestClient[] = [];
  beforeAll(buildServer, 120_000);
  afterEach(async () => {
    // A client of a killed process never hears its close: each leave waits 2 s at most.
    await Promise.all(clients.splice(0).map((client) => Promise.race([client.leave().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2_000))])));
    await cluster?.stop();
    await store?.dispose();
    cluster = store = undefined;
  }, 120_000);

  it('hosts every table once, two per process; a kill -9 moves its tables to a survivor with the same players in the same seats; the ledger balances', async () => {
    store = createStore('postgres');
    const started = await testCluster(store, 3);
    cluster = started.cluster;
    const { instances } = started;
    const hosts = await settled(store, instances, () => TABLES, 15_000);
    // 6 tables on 3 processes: 2 each (docs/server.md "Table hosting").
    expect([...instances.values()].map((id) => [...hosts.values()].filter((host) => host === id).length)).toEqual([2, 2, 2]);
    // /metrics stays on the internal network: the front has none, under a process's path neither (docs/operations.md "Metrics").
    for (const path of ['/metrics', '/METRICS', '/metrics/', '/p1/metrics', '/p2/metrics?name=x']) expect((await fetch(`${cluster.url}${path}`)).status, path).toBe(404);
    expect((await fetch(`${cluster.url}/readyz`)).status).toBe(200);

    // A player at every table, through the one address, each in seat 1; a round dealt at every table.
    const players: { tableId: string; token: string; nickname: string }[] = [];
    for (const { tableId } of TABLES) {
      const session = await signIn({ url: cluster.url }, `P ${tableId}`);
      const client = await joinThroughFront(cluster, tableId, session.token, tableId, 5_000);
      clients.push(client);
      expect((await client.act('sit', { seat: 1 })).you?.seat).toBe(1);
      await client.act('bet', { spot: 'main', amountCents: 500 });
      await client.act('deal');
      players.push({ tableId, token: session.token, nickname: `${tableId}-again` });
    }

    // kill -9 of the host of c1.
    const victim = [...instances.entries()].find(([, id]) => id === hosts.get('c1'))![0];
    const victimIndex = Number(victim.slice(1)) - 1;
    const moved = TABLES.map((t) => t.tableId).filter((tableId) => hosts.get(tableId) === instances.get(victim));
    const killedAt = Date.now();
    await cluster.kill(victimIndex);

    // Each of its players joins again through the same address and finds its seat, within 20 s.
    for (const tableId of moved) {
      const player = players.find((p) => p.tableId === tableId)!;
      const again = await joinThroughFront(cluster, tableId, player.token, player.nickname, 20_000);
      clients.push(again);
      expect(again.view.you?.seat).toBe(1);
    }
    expect(Date.now() - killedAt).toBeLessThan(20_000);
    const after = await hostsOf(store);
    for (const tableId of moved) expect([...instances.entries()].find(([, id]) => id === after.get(tableId))?.[0]).not.toBe(victim);

    // The dead host's rounds were recovered; the ledger is sound and sums to zero.
    const database = openStore(store);
    try {
      const ledger = createLedger(database);
      await expect.poll(async () => (await ledger.openRounds()).filter((round) => moved.includes(round.tableId)), { timeout: 10_000, interval: 200 }).toEqual([]);
      expect(await ledger.audit()).toEqual([]);
      expect(await ledger.sumOfBalances()).toBe(0);
    } finally {
      await database.db.destroy();
    }
  }, 180_000);

  it('processes with different table lists coexist; a drained process\'s tables move before it exits and its players keep their seats', async () => {
    store = createStore('postgres');
    // p1 is the older version without table b-4.
    const tablesOf = (name: string): readonly TableConfigInput[] => (name === 'p1' ? TABLES.slice(0, 3) : [...TABLES.slice(0, 3), { tableId: 'b-4', limits: { main: { minCents: 100, maxCents: 10_000 } } }]);
    const started = await testCluster(store, 2, tablesOf);
    cluster = started.cluster;
    const { instances } = started;
    const hosts = await settled(store, instances, tablesOf, 15_000);
    expect(hosts.get('b-4')).toBe(instances.get('p2'));
    expect(cluster.processes()).toHaveLength(2);

    // Players at p1's tables, then p1 drains and starts again: its tables are on p2 before it exits.
    const onP1 = [...hosts.entries()].filter(([, id]) => id === instances.get('p1')).map(([tableId]) => tableId);
    expect(onP1.length).toBeGreaterThan(0);
    const sessions = new Map<string, string>();
    for (const tableId of onP1) {
      const session = await signIn({ url: cluster.url }, `R ${tableId}`);
      sessions.set(tableId, session.token);
      const client = await joinThroughFront(cluster, tableId, session.token, tableId, 5_000);
      clients.push(client);
      await client.act('sit', { seat: 2 });
    }
    const restarting = cluster.restart(0);
    // p2 takes every table p1 had (p1 gives them up as it drains).
    await expect
      .poll(async () => {
        const now = await hostsOf(store!);
        return onP1.every((tableId) => now.get(tableId) === instances.get('p2'));
      }, { timeout: 30_000, interval: 50 })
      .toBe(true);
    await restarting;
    for (const tableId of onP1) {
      const again = await joinThroughFront(cluster, tableId, sessions.get(tableId)!, `${tableId}-again`, 15_000);
      clients.push(again);
      expect(again.view.you?.seat).toBe(2);
    }
    expect(cluster.processes()).toHaveLength(2);
  }, 180_000);
});
