/**
 * Issue 11 point 6: `/livez`, `/readyz` (with `/healthz` its alias) answer JSON with 200/503 and tell the
 * truth (database, lease, draining, load), and no operator path falls back to the web page.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, startTestServer, type TestStore } from '../testing/harness.js';
import type { ServerHandle } from '../server.js';
import { ServerHealth, type Readiness } from './index.js';

async function json(url: string): Promise<{ status: number; type: string; body: Record<string, unknown> }> {
  const response = await fetch(url);
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  return { status: response.status, type, body: type.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : { text } };
}

describe('/livez, /readyz and /healthz', () => {
  let store: TestStore;
  let server: ServerHandle;
  let clock = Date.now();
  const webDist = mkdtempSync(join(tmpdir(), 'paigow-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>the web page</title>');

  beforeAll(async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { webDist, now: () => clock, lease: { leaseMs: 15_000, heartbeatMs: 60_000 } });
    // The lease worker's first renewal (the next is 60 s away) reaches the server when it reaches it: on a loaded
    // machine after the tests below moved the clock on, when it would count as renewed at the moved time. Wait for it.
    const startedAt = server.lease.renewedAtMs;
    for (let tries = 0; server.lease.renewedAtMs === startedAt; tries++) {
      if (tries > 200) throw new Error('the lease was not renewed within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 100)); // the worker's message, posted after the shared slot
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('/livez says the process runs and its event loop turns', async () => {
    const live = await json(`${server.url}/livez`);
    expect(live.status).toBe(200);
    expect(live.type).toContain('application/json');
    expect(live.body).toMatchObject({ status: 'ok' });
    expect(typeof live.body.eventLoopLagMs).toBe('number');
  });

  it('/readyz and /healthz answer 200 with every check once the server takes players', async () => {
    for (const path of ['/readyz', '/healthz']) {
      const ready = await json(`${server.url}${path}`);
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({
        status: 'ready',
        checks: { database: { ok: true }, lease: { ok: true }, draining: { ok: true }, load: { ok: true } },
      });
      expect(ready.body.checks).not.toHaveProperty('redis'); // no REDIS_URL
    }
  });

  it('/readyz answers 503 draining while the server drains, and 200 again after', async () => {
    server.health.setDraining();
    const draining = await json(`${server.url}/readyz`);
    expect(draining.status).toBe(503);
    expect(draining.body).toMatchObject({ status: 'draining', checks: { draining: { ok: false } } });
    expect((await json(`${server.url}/livez`)).status).toBe(200);
    server.health.setDraining(false);
    expect((await json(`${server.url}/healthz`)).status).toBe(200);
  });

  it('/readyz answers 503 when the lease was not renewed within its term', async () => {
    const saved = clock;
    clock += 16_000; // the lease is 15 s and is not renewed meanwhile (heartbeat 60 s)
    try {
      const stale = await json(`${server.url}/readyz`);
      expect(stale.status).toBe(503);
      expect(stale.body).toMatchObject({ status: 'not-ready', checks: { lease: { ok: false, ageMs: 16_000 } } });
      // The metric the PaigowNotReady alert watches says the same (it read the drain flag alone, and stayed 1).
      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      expect(metrics).toMatch(/^paigow_ready 0$/m);
    } finally {
      clock = saved;
    }
  });

  it('unknown paths under /api, /metrics, /livez, /readyz and /healthz are a JSON 404, never the web page', async () => {
    // Also the paths a proxy or a browser may read as theirs (an attacker's finding: these were the web page).
    const readAsService = ['/api%2fme', '/metrics.', '/metrics%20', '//metrics', '/%6detrics', '/API%2Fguest', '//livez/x'];
    for (const path of ['/api/nothing', '/metrics/nothing', '/livez/nothing', '/readyz/x/y', '/healthz/nothing', ...readAsService]) {
      const missing = await json(`${server.url}${path}`);
      expect({ path, status: missing.status, type: missing.type }).toEqual({ path, status: 404, type: expect.stringContaining('application/json') });
      expect(missing.body).toMatchObject({ error: { code: 'action/unknown' } });
    }
    // Client-side routes still get the web page.
    expect((await json(`${server.url}/table/table-1`)).body).toEqual({ text: expect.stringContaining('the web page') });
    expect((await json(`${server.url}/apiary`)).body).toEqual({ text: expect.stringContaining('the web page') });
  });
});

describe('ServerHealth.readiness', () => {
  const base = { leaseMs: 15_000, now: () => 1_000, checkTimeoutMs: 50 };

  it('is not ready when the database or Redis fails or does not answer in time, saying which', async () => {
    const health = new ServerHealth({
      ...base,
      pingDatabase: () => Promise.reject(new Error('Connection terminated unexpectedly\n    at stack')),
      pingRedis: () => new Promise(() => undefined),
    });
    try {
      const readiness: Readiness = await health.readiness();
      expect(readiness.status).toBe('not-ready');
      expect(readiness.checks.database).toMatchObject({ ok: false, reason: 'Connection terminated unexpectedly' });
      expect(readiness.checks.redis).toMatchObject({ ok: false, reason: 'no answer within 50 ms' });
      expect(readiness.checks.lease).toMatchObject({ ok: true });
    } finally {
      health.close();
    }
  });

  it('runs at most one database and one Redis ping at a time, however many probes come while they are unanswered', async () => {
    let databasePings = 0;
    let redisPings = 0;
    let answerDatabase!: () => void;
    const health = new ServerHealth({
      ...base,
      pingDatabase: () => {
        databasePings++;
        return new Promise<void>((resolve) => (answerDatabase = resolve));
      },
      pingRedis: () => {
        redisPings++;
        return databasePings > 0 ? new Promise<never>(() => undefined) : Promise.resolve();
      },
    });
    try {
      // A partition: twenty probes, each giving up after 50 ms, while the first ping has not been answered.
      const probes = await Promise.all(Array.from({ length: 20 }, () => health.readiness()));
      expect(probes.every((probe) => probe.checks.database?.reason === 'no answer within 50 ms')).toBe(true);
      expect(await health.readiness()).toMatchObject({ checks: { database: { ok: false } } });
      expect([databasePings, redisPings]).toEqual([1, 1]);
      // Once it answers, the next probe pings again.
      answerDatabase();
      await new Promise((resolve) => setImmediate(resolve));
      const after = await health.readiness();
      expect(after.checks.database).toMatchObject({ ok: false, reason: 'no answer within 50 ms' });
      expect(databasePings).toBe(2);
    } finally {
      health.close();
    }
  });

  it("forgets the start's own event-loop stall when the server begins taking players (restartLagWindow)", async () => {
    const health = new ServerHealth({ ...base, pingDatabase: () => Promise.resolve(), maxEventLoopLagMs: 100 });
    try {
      // A start that keeps the loop busy in stalls of 300 ms for most of a window (before: /readyz overloaded, and new
      // players refused, for up to 2 s after `serving at`).
      const until = Date.now() + 1_500;
      while (Date.now() < until) {
        const stall = Date.now() + 300;
        while (Date.now() < stall) Math.sqrt(Math.random());
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(health.eventLoopLagMs()).toBeGreaterThan(100);
      health.restartLagWindow();
      expect(health.eventLoopLagMs()).toBe(0);
      expect((await health.readiness()).status).toBe('ready');
    } finally {
      health.close();
    }
  });

  it('is not ready once the lease was found stopped', async () => {
    const health = new ServerHealth({ ...base, pingDatabase: () => Promise.resolve() });
    try {
      expect((await health.readiness()).status).toBe('ready');
      health.leaseRenewed(false, 1_000);
      expect((await health.readiness()).checks.lease).toMatchObject({ ok: false });
    } finally {
      health.close();
    }
  });
});
