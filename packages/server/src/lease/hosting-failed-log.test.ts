/**
 * A hosting sweep that fails while the database is away writes one `hosting-failed` line per 5 s, not one per
 * sweep (docs/operations.md "Logs"; an operator's: during a database cut each process wrote a line every second).
 * The sweep's read of `table_hosts` is made to fail by renaming that table for a while. Runs when Redis answers
 * (hosting needs it).
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProblemFields } from '../log/index.js';
import type { ServerHandle } from '../server.js';
import { until } from '../testing/faults.js';
import { createStore, openStore, redisAnswers, renameTable, startTestServer, TEST_REDIS_URL as REDIS_URL, type TestStore } from '../testing/harness.js';

const available = await redisAnswers(REDIS_URL);
if (!available) console.log(`the hosting-failed log test did not run: nothing answers at ${REDIS_URL}`);


describe.skipIf(!available)('hosting sweeps failing in a row', () => {
  let store: TestStore | undefined;
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    await store?.dispose();
    server = store = undefined;
  });

  it('write one hosting-failed line, not one per sweep, and the sweeps host again once the database answers', async () => {
    store = createStore('sqlite');
    const failures: ProblemFields[] = [];
    server = await startTestServer(store, {
      redisUrl: REDIS_URL,
      redisPrefix: `test-${randomBytes(4).toString('hex')}:`,
      hostingSweepMs: 50,
      log: (_message, _error, fields) => {
        if (fields?.event === 'hosting-failed') failures.push(fields);
      },
    });
    const sweepsBefore = failures.length;
    await renameTable(store, 'table_hosts', 'table_hosts_away');
    // About 30 sweeps fail meanwhile (one every 50 ms).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await renameTable(store, 'table_hosts_away', 'table_hosts');
    expect(sweepsBefore).toBe(0);
    expect(failures).toHaveLength(1);
    expect(failures[0]).not.toHaveProperty('repeated');
    // Sweeps succeed again: a table this process hosts is still listed as its own.
    const database = openStore(store);
    try {
      await until(async () => (await database.db.selectFrom('table_hosts').select('instance_id').where('table_id', '=', 'fresh').executeTakeFirst())?.instance_id === server?.instanceId, 5_000);
    } finally {
      await database.db.destroy();
    }
    expect(failures).toHaveLength(1);
  }, 30_000);
});
