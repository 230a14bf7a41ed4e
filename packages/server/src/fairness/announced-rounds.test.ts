/**
 * The rounds the tables announced and have not dealt (fairness.md §1; docs/fairness.md "The proof"): on one process
 * a map; in a cluster also a presence key per round, written once per round (not per view), so that a process answers
 * 409 for a round another process announced; withdrawn once dealt or when its table's room closes, and expiring
 * unless written again (a process killed before the deal). The Redis cases run when Redis answers (as `redis.test.ts`).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { commitmentOf, type FairnessProof, type NextRound } from '@paigow/engine';
import { createLedger } from '../ledger/index.js';
import { prefixedRedis, type PrefixedRedis } from '../rooms/redis-presence.js';
import type { ServerHandle } from '../server.js';
import type { Database } from '../storage/index.js';
import { createStore, openStore, redisAnswers, signIn, startTestServer, TestClient, TEST_REDIS_URL as REDIS_URL, type TestStore } from '../testing/harness.js';
import type { Ledger } from '../ledger/index.js';
import { capturedLog } from '../testing/log-capture.js';
import { AnnouncedRounds, AnnouncementsUnreachable, announcedKey, type SharedKeys } from './announced-rounds.js';
import { fairnessRoutes } from './routes.js';

const available = await redisAnswers(REDIS_URL);
if (!available) console.log(`the announced rounds' Redis tests did not run: nothing answers at ${REDIS_URL}`);

/** A round as a table commits to it. */
function round(): NextRound {
  return { roundId: randomUUID(), commitment: commitmentOf(new Uint8Array(randomBytes(32))) };
}

describe('announced rounds', () => {
  it("answers 503 while the presence fails, with one throttled warn line, not an error with a stack per request (an operator's Redis outage)", async () => {
    const log = capturedLog('warn');
    const down: SharedKeys = {
      setex: () => Promise.resolve('OK'),
      get: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379')),
      del: () => Promise.resolve(1),
    };
    const announced = new AnnouncedRounds(down, log.logger);
    await expect(announced.commitmentOf(randomUUID())).rejects.toBeInstanceOf(AnnouncementsUnreachable);
    const ledger = { roundFairness: async () => null } as unknown as Ledger;
    const server = express().use(fairnessRoutes(ledger, announced)).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${url}/api/rounds/${randomUUID()}/fairness`);
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(await response.json()).toMatchObject({ error: { code: 'server/coordination-unavailable' } });
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await announced.close();
    }
    const lines = log.lines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', event: 'announcement-lookup-failed', err: { message: 'connect ECONNREFUSED 127.0.0.1:6379' } });
    expect(JSON.stringify(lines[0])).not.toContain('at ');
  });

  it("answers each table's round until the table announces its next one or none; the presence is written once per round", async () => {
    const commands: string[] = [];
    const shared: SharedKeys = {
      setex: async (key, _value, seconds) => void commands.push(`setex ${key} ${seconds}`),
      get: async (key) => void commands.push(`get ${key}`),
      del: async (key) => void commands.push(`del ${key}`),
    };
    const announced = new AnnouncedRounds(shared);
    const [r1, r2, other] = [round(), round(), round()];
    for (let view = 0; view < 3; view++) announced.announce('t', r1);
    announced.announce('u', other);
    expect(await announced.commitmentOf(r1.roundId)).toBe(r1.commitment);
    announced.announce('t', r2);
    expect(await announced.commitmentOf(r1.roundId)).toBeNull();
    expect(await announced.commitmentOf(r2.roundId)).toBe(r2.commitment);
    announced.announce('t', null);
    expect(await announced.commitmentOf(r2.roundId)).toBeNull();
    expect(await announced.commitmentOf(other.roundId)).toBe(other.commitment);
    await announced.close();
    expect(commands).toEqual([
      `setex ${announcedKey(r1.roundId)} 300`,
      `setex ${announcedKey(other.roundId)} 300`,
      // The table's own ones are answered here; the presence is asked for a round not announced here.
      `del ${announcedKey(r1.roundId)}`,
      `setex ${announcedKey(r2.roundId)} 300`,
      `get ${announcedKey(r1.roundId)}`,
      `del ${announcedKey(r2.roundId)}`,
      `get ${announcedKey(r2.roundId)}`,
      `del ${announcedKey(other.roundId)}`,
    ]);
    // On one process the map answers alone.
    const alone = new AnnouncedRounds(null);
    alone.announce('t', r1);
    expect(await alone.commitmentOf(r1.roundId)).toBe(r1.commitment);
    expect(await alone.commitmentOf(r2.roundId)).toBeNull();
  });
});

describe.skipIf(!available)('announced rounds across processes (Redis)', () => {
  const opened: { presence: PrefixedRedis; announced: AnnouncedRounds[] }[] = [];
  let store: TestStore | undefined;
  let server: ServerHandle | undefined;
  let database: Database | undefined;
  let listener: ReturnType<express.Express['listen']> | undefined;
  afterEach(async () => {
    for (const { presence, announced } of opened.splice(0)) {
      for (const each of announced) await each.close();
      presence.presence.shutdown();
    }
    await new Promise((resolve) => (listener === undefined ? resolve(undefined) : listener.close(resolve)));
    await server?.close();
    await database?.db.destroy();
    await store?.dispose();
    listener = server = database = store = undefined;
  });

  /** One process's presence under `prefix`, and its announcements made with `timing`. */
  async function processOf(prefix: string, ...timings: { ttlS: number; refreshMs: number }[]): Promise<AnnouncedRounds[]> {
    const presence = await prefixedRedis(REDIS_URL, prefix);
    const announced = timings.length === 0 ? [new AnnouncedRounds(presence.presence)] : timings.map((timing) => new AnnouncedRounds(presence.presence, undefined, timing));
    opened.push({ presence, announced });
    return announced;
  }

  it('answers on another process until withdrawn; a key is written again while announced, and one no longer written expires', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const [a, killed] = await processOf(prefix, { ttlS: 1, refreshMs: 200 }, { ttlS: 1, refreshMs: 3_600_000 });
    const [b] = await processOf(prefix);
    const [r1, r2, lost] = [round(), round(), round()];
    a.announce('t', r1);
    killed.announce('u', lost);
    await expect.poll(() => b.commitmentOf(r1.roundId)).toBe(r1.commitment);
    expect(await b.commitmentOf(lost.roundId)).toBe(lost.commitment);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Past the 1 s expiry: the refreshed key lives, the other (a process killed before the deal) is gone.
    expect(await b.commitmentOf(r1.roundId)).toBe(r1.commitment);
    expect(await b.commitmentOf(lost.roundId)).toBeNull();
    a.announce('t', r2);
    await expect.poll(() => b.commitmentOf(r2.roundId)).toBe(r2.commitment);
    expect(await b.commitmentOf(r1.roundId)).toBeNull();
    await a.close();
    expect(await b.commitmentOf(r2.roundId)).toBeNull();
  });

  it('answers 409 on another process for a round a table announced, from its announcement to its deal, then the ledger', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    store = createStore('sqlite');
    server = await startTestServer(store, { redisUrl: REDIS_URL, redisPrefix: prefix });
    // Process B: the same database and presence, no table of its own.
    database = openStore(store);
    const [b] = await processOf(prefix);
    listener = express().use(fairnessRoutes(createLedger(database), b)).listen(0, '127.0.0.1');
    await new Promise((resolve) => listener!.once('listening', resolve));
    const atB = async (roundId: string): Promise<{ status: number; body: Partial<FairnessProof> & { error?: { code: string } } }> => {
      const response = await fetch(`http://127.0.0.1:${(listener!.address() as AddressInfo).port}/api/rounds/${roundId}/fairness`);
      return { status: response.status, body: (await response.json()) as Partial<FairnessProof> };
    };

    const session = await signIn(server, 'Far Flo');
    let flo: TestClient | null = await TestClient.join(server, 'small', session.token, 'flo');
    try {
      const first = flo.view.fairness!;
      const announced = await atB(first.roundId);
      // Before the fix: 404 on every process until the deal.
      expect(announced).toEqual({ status: 409, body: { scheme: 'paigow-shuffle-v1', roundId: first.roundId, commitment: first.commitment, error: expect.objectContaining({ code: 'action/out-of-phase' }) } });
      expect((await atB(randomUUID())).status).toBe(404);
      await flo.act('sit', { seat: 0 });
      await flo.act('bet', { spot: 'main', amountCents: 500 });
      const dealt = await flo.act('deal');
      expect(dealt.roundId).toBe(first.roundId);
      expect(await atB(first.roundId)).toEqual(announced); // the ledger's open round now
      const settled = await flo.act('house-way');
      expect(await atB(first.roundId)).toMatchObject({ status: 200, body: { roundId: first.roundId, commitment: first.commitment, serverSeed: expect.any(String) } });
      const next = settled.fairness!;
      expect(await atB(next.roundId)).toMatchObject({ status: 409, body: { roundId: next.roundId, commitment: next.commitment } });
      await flo.leave();
      flo = null;
      // The server stops: its tables' announcements are withdrawn.
      await server.close();
      expect((await atB(next.roundId)).status).toBe(404);
    } finally {
      await flo?.leave();
    }
  });
});
