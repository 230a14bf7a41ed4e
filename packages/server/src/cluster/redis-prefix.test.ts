/**
 * The default Redis prefix is one per database, whatever URL reaches it (docs/operations.md "A cluster"). An
 * operator's cluster had one process on `postgres://root@localhost:5432/x` and another on
 * `postgres://root@127.0.0.1:5432/x`: the same database, so one set of leases and `table_hosts` rows, but two
 * prefixes (a digest of the URL's host as written), so the rooms of one process were in another Redis namespace
 * than the other's matchmaker, and every join of its tables through the front failed `4212 room "…" not found`.
 * Runs on PostgreSQL (`DATABASE_URL`, its loopback host spelled both ways) and Redis.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { capturedLog } from '../testing/log-capture.js';
import { createStore, redisAnswers, startTestServer, TEST_REDIS_URL as REDIS_URL, type TestStore } from '../testing/harness.js';

const databaseUrl = process.env.DATABASE_URL;
const loopback = databaseUrl !== undefined && ['localhost', '127.0.0.1'].includes(new URL(databaseUrl).hostname);
const enabled = loopback && (await redisAnswers(REDIS_URL));
if (!enabled) console.log('the Redis prefix test did not run: it needs DATABASE_URL on loopback (localhost or 127.0.0.1) and Redis');

/** `url` with its host written `hostname`. */
function spelled(url: string, hostname: string): string {
  const other = new URL(url);
  other.hostname = hostname;
  return other.toString();
}

/** The `redisPrefix` of the `server-started` line of a server started on `store` with the database URL `url`, then closed. */
async function prefixOf(store: TestStore, url: string): Promise<unknown> {
  const log = capturedLog();
  const server = await startTestServer(store, { databaseUrl: url, redisUrl: REDIS_URL, logger: log.logger });
  await server.close();
  return log.lines().find((line) => line.event === 'server-started')?.redisPrefix;
}

describe.skipIf(!enabled)('the default Redis prefix', () => {
  let store: TestStore | undefined;
  afterEach(async () => {
    await store?.dispose();
    store = undefined;
  });

  it('is the same for two spellings of one database (localhost, 127.0.0.1), and another for another schema', async () => {
    store = createStore('postgres');
    const [first, second] = [await prefixOf(store, spelled(databaseUrl!, 'localhost')), await prefixOf(store, spelled(databaseUrl!, '127.0.0.1'))];
    expect(first).toMatch(/^paigow:[0-9a-f]{8}:$/);
    expect(second).toBe(first);
    const other = createStore('postgres');
    try {
      expect(await prefixOf(other, spelled(databaseUrl!, '127.0.0.1'))).not.toBe(first);
    } finally {
      await other.dispose();
    }
  });
});
