/**
 * A table another process took over (docs/server.md "Table hosting"; an operator's, with three processes and a
 * database cut longer than the lease: a peer took the tables of a process whose lease had run out; that process
 * renewed its lease once the database answered, dealt on a table it no longer hosted, and, when its sweep saw the
 * table taken, dropped the room with the round in play. The round stayed open, its owner alive, its stakes held for
 * minutes, until that process stopped). Here the take-over is written into the hosting row, as the peer's claim
 * would. Runs when Redis answers (hosting needs it).
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerHandle, StartServerOptions } from '../server.js';
import { createStore, openStore, redisAnswers, signIn, startTestServer, TestClient, TEST_REDIS_URL as REDIS_URL, type TestStore } from '../testing/harness.js';

const available = await redisAnswers(REDIS_URL);
if (!available) console.log(`the table take-over test did not run: nothing answers at ${REDIS_URL}`);

describe.skipIf(!available)('a table another process took over', () => {
  let store: TestStore | undefined;
  let server: ServerHandle | undefined;
  let jo: TestClient | undefined;
  afterEach(async () => {
    await jo?.leave().catch(() => undefined);
    await server?.close();
    await store?.dispose();
    jo = server = store = undefined;
  });

  /** A server hosting `fresh` (with Redis), Jo seated there with a bet of 5.00; returns Jo's player id. */
  async function seated(extra: Partial<StartServerOptions>): Promise<string> {
    store = createStore('sqlite');
    server = await startTestServer(store, { redisUrl: REDIS_URL, redisPrefix: `test-${randomBytes(4).toString('hex')}:`, ...extra });
    const session = await signIn(server, 'Jo');
    jo = await TestClient.join(server, 'fresh', session.token, 'jo');
    await jo.act('sit', { seat: 0 });
    await jo.act('bet', { spot: 'main', amountCents: 500 });
    return session.player.id;
  }

  /** Writes `fresh`'s hosting row to another instance, as a peer's claim does. */
  async function takenOver(): Promise<void> {
    const database = openStore(store!);
    try {
      await database.db.updateTable('table_hosts').set({ instance_id: 'a-peer' }).where('table_id', '=', 'fresh').execute();
    } finally {
      await database.db.destroy();
    }
  }

  it('is not dealt on here: the deal is void, nothing taken, the bets back on the felt', async () => {
    // No sweep after the start: only the deal's own check can see the take-over.
    const playerId = await seated({ hostingSweepMs: 3_600_000 });
    await takenOver();
    const from = jo!.received.length;
    jo!.send('deal');
    const notice = await jo!.waitForNotice('notice/round-void', from);
    expect(notice.params).toMatchObject({ reason: 'action/stale' });
    await jo!.waitForView((view) => view.phase === 'betting' && view.you?.bets.main === 500, from);
    // No more deals here until the sweep drops the room: told the table is moving, not voided again.
    await expect(jo!.act('deal')).rejects.toThrow(/bet\/closed.*moving to another server/);
    expect(await server!.ledger.openRounds()).toEqual([]);
    expect(await server!.ledger.balance(playerId)).toEqual({ ok: true, value: 100_000 });
  }, 30_000);

  it('has its round in play settled at once by recovery, not left open while this process lives', async () => {
    const playerId = await seated({ hostingSweepMs: 100 });
    const dealt = await jo!.act('deal');
    const roundId = dealt.roundId;
    expect(roundId).toEqual(expect.any(String));
    expect((await server!.ledger.openRounds()).map((round) => round.roundId)).toEqual([roundId]);
    await takenOver();
    jo = undefined; // its room is dropped with the table: nothing to leave
    // The sweep sees the table taken and drops its room; the round it left open is recovered (the house way sets Jo's hand).
    await expect.poll(async () => (await server!.ledger.openRounds()).length, { timeout: 10_000, interval: 100 }).toBe(0);
    expect((await server!.ledger.history(playerId)).find((item) => item.roundId === roundId)).toMatchObject({ status: 'settled' });
    expect(await server!.ledger.audit()).toEqual([]);
  }, 30_000);
});
