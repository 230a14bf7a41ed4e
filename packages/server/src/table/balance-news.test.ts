/**
 * Balances across processes (issue 13 point 5): money of a seated player that another process moves
 * reaches its seat here within a second (the news over the Redis presence), and a bet is checked against
 * the ledger even when no news came. The other process is played by this test: a ledger on the same
 * PostgreSQL schema that reports its moves over its own presence under the deployment's prefix. While Redis is away,
 * the news that could not go out is a throttled `warn` line, not an `error` per change.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '@paigow/engine';
import { createLedger, type Ledger } from '../ledger/index.js';
import { LineThrottle } from '../log/index.js';
import { prefixedRedis } from '../rooms/redis-presence.js';
import { createStore, openStore, redisAnswers, signIn, startTestServer, TestClient, TEST_REDIS_URL as REDIS_URL, type TestStore } from '../testing/harness.js';
import type { ServerHandle } from '../server.js';
import type { Database } from '../storage/index.js';
import { capturedLog } from '../testing/log-capture.js';
import { BalanceNews, reportingMoves, type PubSub } from './balance-news.js';

const redis = await redisAnswers(REDIS_URL);
const postgres = Boolean(process.env.DATABASE_URL);
if (!redis || !postgres) console.log('The cross-process balance test did not run: it needs Redis (REDIS_URL) and PostgreSQL (DATABASE_URL)');

describe.skipIf(!redis || !postgres)('balances across processes (PostgreSQL and Redis)', () => {
  const prefix = `paigow-test-${randomBytes(4).toString('hex')}:`;
  let store: TestStore;
  let server: ServerHandle;
  let database: Database;
  let presence: PubSub & { shutdown(): void };
  let news: BalanceNews;
  /** The other process's ledger: its moves are told to the deployment. */
  let elsewhere: Ledger;
  /** The same ledger telling nobody (as if the news were lost). */
  let silent: Ledger;

  beforeAll(async () => {
    store = createStore('postgres');
    server = await startTestServer(store, { redisUrl: REDIS_URL, redisPrefix: prefix });
    database = openStore(store);
    presence = (await prefixedRedis(REDIS_URL, prefix)).presence as unknown as PubSub & { shutdown(): void };
    news = new BalanceNews(presence, 'the-other-process', () => undefined, () => undefined);
    await news.start();
    silent = createLedger(database);
    elsewhere = reportingMoves(silent, (playerIds) => news.changed(playerIds));
  });
  afterAll(async () => {
    await news?.stop();
    presence?.shutdown();
    await server?.close();
    await database?.db.destroy();
    await store?.dispose();
  });

  it("shows a deal on another process at the player's seat here within 1 s", async () => {
    const session = await signIn(server, 'Far Fay');
    const fay = await TestClient.join(server, 'small', session.token, 'fay');
    try {
      await fay.act('sit', { seat: null });
      const from = fay.received.length;
      const dealtAt = performance.now();
      unwrap(
        await elsewhere.openRound({
          roundId: `far-${randomBytes(4).toString('hex')}`,
          tableId: 'far-table',
          bankerPlayerId: null,
          holds: [{ playerId: session.player.id, kind: 'main', amountCents: 30_000 }],
          secret: {},
          public: {},
        }),
      );
      await fay.waitForView((view) => view.you?.balanceCents === 70_000, from, 1_000);
      expect(performance.now() - dealtAt).toBeLessThan(1_000);
    } finally {
      await fay.leave();
    }
  });

  it('checks a bet against the ledger, not a stale balance at the seat', async () => {
    const session = await signIn(server, 'Stale Sam');
    const sam = await TestClient.join(server, 'small', session.token, 'sam');
    try {
      await sam.act('sit', { seat: null });
      // Another process stakes nearly all of Sam's money, and no news of it arrives.
      unwrap(
        await silent.openRound({
          roundId: `stale-${randomBytes(4).toString('hex')}`,
          tableId: 'far-table',
          bankerPlayerId: null,
          holds: [{ playerId: session.player.id, kind: 'main', amountCents: 99_950 }],
          secret: {},
          public: {},
        }),
      );
      await expect(sam.act('bet', { spot: 'main', amountCents: 1_000 })).rejects.toThrow(/ledger\/insufficient-funds/);
      expect(sam.received.some((item) => item.kind === 'view' && item.view.you?.balanceCents === 50)).toBe(true);
    } finally {
      await sam.leave();
    }
  });
});

describe('balance news while Redis is away', () => {
  /** ioredis' rejection of a command once its retries ran out (Redis does not answer). */
  const redisAway = (): Error =>
    Object.assign(new Error('Reached the max retries per request limit (which is 20). Refer to "maxRetriesPerRequest" option for details.'), { name: 'MaxRetriesPerRequestError' });

  /** A presence whose publish rejects with `failure()`, and the news over it; `clock` drives the throttle. */
  function newsOver(failure: () => Error): { news: BalanceNews; lines: () => Record<string, unknown>[]; problems: unknown[][]; clock: { nowMs: number } } {
    const pubsub: PubSub = { publish: () => Promise.reject(failure()), subscribe: async () => undefined, unsubscribe: () => undefined };
    const { logger, lines } = capturedLog();
    const problems: unknown[][] = [];
    const clock = { nowMs: 0 };
    const news = new BalanceNews(pubsub, 'here', () => undefined, (...args) => problems.push(args), logger, new LineThrottle(5_000, () => clock.nowMs));
    return { news, lines, problems, clock };
  }

  /** One balance change per batch, `count` batches, `stepMs` of the clock apart. */
  async function changes(news: BalanceNews, clock: { nowMs: number }, count: number, stepMs: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      news.changed([`player-${i}`]);
      await news.stop(); // sends the batch now
      await new Promise((resolve) => setImmediate(resolve));
      clock.nowMs += stepMs;
    }
  }

  it('writes one warn line per 5 s with fault redis-unavailable and repeated, not an error per change (an operator counted 68 in 19 s)', async () => {
    const { news, lines, problems, clock } = newsOver(redisAway);
    await changes(news, clock, 20, 1_000); // 20 s, one change a second
    const failed = lines().filter((line) => line.event === 'balance-news-failed');
    expect(problems).toEqual([]);
    expect(failed.map((line) => [line.level, line.fault, line.repeated])).toEqual([
      ['warn', 'redis-unavailable', undefined],
      ['warn', 'redis-unavailable', 4],
      ['warn', 'redis-unavailable', 4],
      ['warn', 'redis-unavailable', 4],
    ]);
    expect(failed[0]!.err).toEqual({ type: 'MaxRetriesPerRequestError', message: expect.stringContaining('max retries') });
  });

  it('reports any other failure as before: once per change, through the problem log', async () => {
    const { news, lines, problems, clock } = newsOver(() => new TypeError('a bug'));
    await changes(news, clock, 3, 1_000);
    expect(lines()).toEqual([]);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toEqual(['balances: could not tell the other processes', expect.any(TypeError), { event: 'balance-news-failed' }]);
  });
});
