/**
 * An outside writer on the server's SQLite file (an operator's `sqlite3` shell in a transaction, a second
 * `paigow serve` by mistake) must not freeze the server (docs/server.md "Database faults"): while another
 * process holds `BEGIN IMMEDIATE` for 3 s, the event loop never stalls over 100 ms, `/healthz` answers,
 * and a deal asked for meanwhile goes through once the lock is released.
 */
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore, signIn, startTestServer, TestClient, type TestStore } from '../rooms/test-harness.js';
import type { ServerHandle } from '../server.js';
import { holdSqliteFile } from './test-faults.js';

describe('SQLite with an outside writer holding the file', () => {
  let store: TestStore | undefined;
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    await store?.dispose();
    server = store = undefined;
  });

  it('keeps the event loop under 100 ms of delay and /healthz answering while BEGIN IMMEDIATE is held for 3 s', async () => {
    store = createStore('sqlite');
    // Lease renewals every 200 ms: writes of their own, besides the deal.
    server = await startTestServer(store, { lease: { heartbeatMs: 200, leaseMs: 5_000 } });
    const { token } = await signIn(server, 'Jo');
    const jo = await TestClient.join(server, 'small', token, 'jo');
    await jo.act('sit', { seat: 0 });
    await jo.act('bet', { spot: 'main', amountCents: 500 });

    const writer = await holdSqliteFile(join(store.options.dataDir!, 'paigow.sqlite'));
    const held = Date.now();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    jo.send('deal'); // its ledger transaction must wait for the lock
    const health: number[] = [];
    while (Date.now() - held < 3_000) {
      const asked = performance.now();
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status, await response.clone().text()).toBe(200);
      health.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(server.runners.get('small')!.current.phase).toBe('dealing'); // the deal still waits for the lock
    delay.disable();
    await writer.release();
    const dealt = await jo.waitForView((view) => view.phase === 'setting');

    const maxDelayMs = delay.max / 1e6;
    expect(maxDelayMs, `event loop delay: max ${maxDelayMs.toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms`).toBeLessThan(100);
    expect(health.length).toBeGreaterThan(10);
    expect(Math.max(...health)).toBeLessThan(100);
    expect((await server.ledger.openRounds()).map((round) => round.roundId)).toEqual([dealt.roundId]);
    expect(await server.ledger.audit()).toEqual([]);
  }, 20_000);
});
