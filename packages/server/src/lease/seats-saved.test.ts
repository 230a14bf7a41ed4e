/**
 * The seats of a hosted table are saved before the view that answers the change (docs/server.md "Table
 * hosting"; issue 13 point 3, found by the cluster test in CI): a player told it sits in seat 1 finds seat 1
 * on the process that takes the table after a kill -9, however soon the kill comes. Here the hosting sweep,
 * which also saves the seats, runs only at the start, so only the save of the change itself can pass. Runs
 * when Redis answers (hosting needs it).
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerHandle } from '../server.js';
import { createStore, openStore, redisAnswers, signIn, startTestServer, TestClient, TEST_REDIS_URL as REDIS_URL, type TestStore } from '../testing/harness.js';

const available = await redisAnswers(REDIS_URL);
if (!available) console.log(`the seat-saving test did not run: nothing answers at ${REDIS_URL}`);

/** The seats saved in `tableId`'s hosting row. */
async function savedSeats(store: TestStore, tableId: string): Promise<unknown> {
  const database = openStore(store);
  try {
    const row = await database.db.selectFrom('table_hosts').select('seats_json').where('table_id', '=', tableId).executeTakeFirstOrThrow();
    return JSON.parse(row.seats_json);
  } finally {
    await database.db.destroy();
  }
}

describe.skipIf(!available)('the seats of a hosted table', () => {
  let store: TestStore | undefined;
  let server: ServerHandle | undefined;
  const clients: TestClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.leave()));
    await server?.close();
    await store?.dispose();
    server = store = undefined;
  });

  it('are in the database once a sit or a stand is answered, without waiting for a hosting sweep', async () => {
    store = createStore('sqlite');
    server = await startTestServer(store, { redisUrl: REDIS_URL, redisPrefix: `test-${randomBytes(4).toString('hex')}:`, hostingSweepMs: 3_600_000 });
    const ann = await TestClient.join(server, 'fresh', (await signIn(server, 'Ann')).token, 'ann');
    clients.push(ann);
    const nobody = (seats: unknown): boolean => (seats as unknown[]).every((seat) => seat === null);
    expect(nobody(await savedSeats(store, 'fresh'))).toBe(true);

    expect((await ann.act('sit', { seat: 1 })).you?.seat).toBe(1);
    const afterSit = (await savedSeats(store, 'fresh')) as unknown[];
    expect(afterSit[1]).toBe(ann.view.you?.playerId);

    await ann.act('stand');
    const afterStand = await savedSeats(store, 'fresh');
    expect(afterStand).toHaveLength(afterSit.length);
    expect(nobody(afterStand)).toBe(true);
  }, 30_000);
});
