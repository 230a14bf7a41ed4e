/**
 * The drain on SIGTERM (docs/server.md "Drain"), with the server in a child process as operators run it:
 * `/readyz` says `draining`, bets are refused (`bet/closed`), the round in play finishes with its
 * player's own decision, then the process exits 0; at the deadline, or on a second SIGTERM, it stops at
 * once and the round left open is recovered at the next start. Without a round in play it stops at once.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../ledger/index.js';
import { capturedLog } from '../testing/log-capture.js';
import { holdSqliteFile, type OutsideLock } from '../testing/faults.js';
import {
  buildServer,
  createStore,
  openStore,
  redisAnswers,
  serversPerTest,
  signIn,
  startTestServer,
  STORE_BACKENDS,
  TEST_REDIS_URL,
  TestClient,
  type ChildServer,
  type TestStore,
} from '../testing/harness.js';

const redisAvailable = await redisAnswers(TEST_REDIS_URL);
if (!redisAvailable) console.log(`the drain's cluster test did not run: no Redis at ${TEST_REDIS_URL}`);

/** Jo signs in, sits at `small` and bets 10.00 on the main spot. */
async function joAtSmall(server: Parameters<typeof signIn>[0] & Parameters<typeof TestClient.join>[0]): Promise<TestClient> {
  const session = await signIn(server, 'Jo');
  const jo = await TestClient.join(server, 'small', session.token, 'jo');
  await jo.act('sit', { seat: 0 });
  await jo.act('bet', { spot: 'main', amountCents: 1_000 });
  return jo;
}

async function openRoundIds(store: TestStore): Promise<string[]> {
  const database = openStore(store);
  try {
    return (await createLedger(database).openRounds()).map((round) => round.roundId);
  } finally {
    await database.db.destroy();
  }
}

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`drain on SIGTERM on ${backend.name}`, () => {
    const servers = serversPerTest(backend.name);
    const clients: TestClient[] = [];
    beforeAll(buildServer, 120_000);
    afterEach(() => {
      for (const client of clients.splice(0)) void client.leave().catch(() => undefined); // the server may be gone: no answer
    });

    /** A child server with Jo dealt into a round at `small` (deciding) and Kim seated at `fresh`. */
    async function roundInPlay(drainMs: number): Promise<{ child: ChildServer; jo: TestClient; kim: TestClient; roundId: string; exited: Promise<unknown[]> }> {
      const child = await servers.spawn({ drainMs });
      const exited = once(child.process, 'exit');
      const [a, b] = await Promise.all([signIn(child, 'Jo'), signIn(child, 'Kim')]);
      const jo = await TestClient.join(child, 'small', a.token, 'jo');
      const kim = await TestClient.join(child, 'fresh', b.token, 'kim');
      clients.push(jo, kim);
      await jo.act('sit', { seat: 0 });
      await kim.act('sit', { seat: 0 });
      await jo.act('bet', { spot: 'main', amountCents: 1_000 });
      const dealt = await jo.act('deal');
      expect(dealt.phase).toBe('setting');
      return { child, jo, kim, roundId: dealt.roundId!, exited };
    }

    it('refuses bets, lets the round in play finish with the player deciding, then exits 0', async () => {
      const { child, jo, kim, roundId, exited } = await roundInPlay(30_000);
      child.process.kill('SIGTERM');
      const readyz = async () => (await fetch(`http://127.0.0.1:${child.port}/readyz`)).json() as Promise<{ status: string }>;
      await expect.poll(readyz).toMatchObject({ status: 'draining' });
      const refused = await kim.refused('bet', { spot: 'main', amountCents: 500 });
      expect(refused.error.code).toBe('bet/closed');
      expect((await kim.refused('deal')).error.code).toBe('bet/closed');

      await new Promise((resolve) => setTimeout(resolve, 1_000)); // still running: Jo has its decision time
      expect(child.process.exitCode).toBe(null);
      const settled = await jo.act('house-way');
      expect(settled.lastRound?.roundId).toBe(roundId);
      const [code] = await exited;
      expect(code).toBe(0);
      expect(await openRoundIds(servers.store)).toEqual([]);
    });

    it('at the drain deadline it stops anyway; the round left open is recovered at the next start', async () => {
      const { child, roundId, exited } = await roundInPlay(1_000);
      const signalled = Date.now();
      child.process.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5_000);
      expect(await openRoundIds(servers.store)).toEqual([roundId]);
      const server = await servers.start();
      expect(server.recovery).toEqual({ settled: [roundId], refunded: [], tableIds: ['small'] });
    });

    it('a second SIGTERM stops at once', async () => {
      const { child, roundId, exited } = await roundInPlay(60_000);
      const signalled = Date.now();
      child.process.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      child.process.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5_000);
      expect(await openRoundIds(servers.store)).toEqual([roundId]);
    });

    it('without a round in play SIGTERM stops at once', async () => {
      const child = await servers.spawn({ drainMs: 60_000 });
      const exited = once(child.process, 'exit');
      const signalled = Date.now();
      child.process.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(3_000);
    });
  });
}

describe('the drain in the log', () => {
  it('says when it starts and, at its deadline, which tables and rounds were still in play (an operator saw neither)', async () => {
    const { logger, lines } = capturedLog();
    const store = createStore('sqlite');
    // The server's problems (its `warn` and `error` lines, silent in the harness) go to the same logger.
    const server = await startTestServer(store, { drainMs: 300, logger, log: undefined });
    try {
      const jo = await joAtSmall(server);
      const dealt = await jo.act('deal');
      await server.drain();
      const inPlay = { tableIds: ['small'], roundIds: [dealt.roundId] };
      const written = lines();
      expect(written.find((line) => line.event === 'draining')).toMatchObject({ level: 'info', drainMs: 300, ...inPlay });
      expect(written.find((line) => line.event === 'drain-deadline')).toMatchObject(inPlay);
      expect(written.findIndex((line) => line.event === 'draining')).toBeLessThan(written.findIndex((line) => line.event === 'drained'));
    } finally {
      await server.close();
      await store.dispose();
    }
  });

  it('names a round whose settlement is being retried in both lines (an operator saw roundIds [] for it)', async () => {
    const { logger, lines } = capturedLog();
    const store = createStore('sqlite');
    const server = await startTestServer(store, {
      drainMs: 300,
      logger,
      log: undefined,
      roundDeadlines: { dealMs: 1_000, settleMs: 60_000, firstRetryPauseMs: 100, maxRetryPauseMs: 300 },
      sqliteBusyWait: { attemptMs: 5, firstPauseMs: 5, maxPauseMs: 50, totalMs: 300 },
    });
    let lock: OutsideLock | undefined;
    try {
      const jo = await joAtSmall(server);
      const roundId = (await jo.act('deal')).roundId!;
      // Another process holds the SQLite file: the settlement fails and is retried in the background.
      lock = await holdSqliteFile(join(store.options.dataDir!, 'paigow.sqlite'));
      const from = jo.received.length;
      jo.send('house-way');
      await jo.waitForView((view) => view.settlingRoundId === roundId, from);
      expect(server.runners.get('small')!.current.round).toBeNull();
      await server.drain();
      const inPlay = { tableIds: ['small'], roundIds: [roundId] };
      const written = lines();
      expect(written.find((line) => line.event === 'draining')).toMatchObject(inPlay);
      expect(written.find((line) => line.event === 'drain-deadline')).toMatchObject(inPlay);
    } finally {
      await lock?.release();
      await server.close();
      await store.dispose();
    }
  });
});

describe('the drain interrupted', () => {
  // A tester's second SIGTERM during a drain: `drained` said `interrupted`, and no line named the rounds left open, as
  // `drain-deadline` does at the deadline.
  it('names at `warn` the tables and rounds it leaves open for recovery, before `drained`', async () => {
    const { logger, lines } = capturedLog();
    const store = createStore('sqlite');
    const server = await startTestServer(store, { drainMs: 60_000, logger, log: undefined });
    try {
      const jo = await joAtSmall(server);
      const dealt = await jo.act('deal');
      const drained = server.drain();
      await server.close(); // the second signal
      await drained;
      const written = lines();
      const interrupted = written.findIndex((line) => line.event === 'drain-interrupted');
      expect(written[interrupted]).toMatchObject({ level: 'warn', tableIds: ['small'], roundIds: [dealt.roundId] });
      expect(written.find((line) => line.event === 'drained')).toMatchObject({ ended: 'interrupted' });
      expect(interrupted).toBeLessThan(written.findIndex((line) => line.event === 'drained'));
      expect(await openRoundIds(store)).toEqual([dealt.roundId]);
    } finally {
      await server.close();
      await store.dispose();
    }
  });
});

describe.skipIf(!redisAvailable)('the drain in a cluster', () => {
  // An operator's: in a two-process cluster, `draining` named one table's round, and 66 ms later another table dealt a
  // round, played out before the table was given up: the tables were put into drain only once the process had told the
  // others it hosts nothing more, after the `draining` line.
  it('refuses a deal from the signal on, so that the `draining` line names every round the drain waits for', async () => {
    const { logger, lines } = capturedLog();
    const store = createStore('sqlite');
    const server = await startTestServer(store, { redisUrl: TEST_REDIS_URL, redisPrefix: `test-${randomBytes(4).toString('hex')}:`, drainMs: 5_000, logger, log: undefined });
    try {
      const jo = await joAtSmall(server);
      const drained = server.drain();
      const deal = await server.runners.get('small')!.handle(jo.view.you!.playerId, { type: 'deal', requestId: 'after-the-signal' });
      expect(deal).toMatchObject({ ok: false, error: { code: 'bet/closed' } });
      await drained;
      const written = lines();
      expect(written.find((line) => line.event === 'draining')).toMatchObject({ tableIds: [], roundIds: [] });
      expect(written.filter((line) => line.event === 'round-dealt')).toEqual([]);
      expect(await openRoundIds(store)).toEqual([]);
    } finally {
      await server.close();
      await store.dispose();
    }
  }, 30_000);
});
