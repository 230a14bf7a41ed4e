/**
 * Recovery sweeps that fail while the database is away write one `recovery-failed` line per 5 s, not one per sweep
 * (docs/operations.md "Logs"; an operator's: one `error` line every sweep of every process through an outage). A
 * sweep runs at every lease renewal, here every 100 ms; its read of the open rounds is made to fail by renaming
 * `rounds` for a while.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProblemFields } from '../log/index.js';
import type { ServerHandle } from '../server.js';
import { createStore, openStore, startTestServer, type TestStore } from '../testing/harness.js';

/** Renames the table `from` to `to` with a connection of the test's own. */
async function rename(store: TestStore, from: string, to: string): Promise<void> {
  const database = openStore(store);
  try {
    await sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(database.db);
  } finally {
    await database.db.destroy();
  }
}

describe('recovery sweeps failing in a row', () => {
  let store: TestStore | undefined;
  let server: ServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    await store?.dispose();
    server = store = undefined;
  });

  it('write one recovery-failed line, not one per sweep', async () => {
    store = createStore('sqlite');
    const failures: ProblemFields[] = [];
    server = await startTestServer(store, {
      lease: { leaseMs: 1_500, heartbeatMs: 100 },
      log: (_message, _error, fields) => {
        if (fields?.event === 'recovery-failed') failures.push(fields);
      },
    });
    await rename(store, 'rounds', 'rounds_away');
    // About 15 sweeps fail meanwhile (one every 100 ms).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await rename(store, 'rounds_away', 'rounds');
    expect(failures).toHaveLength(1);
    expect(failures[0]).not.toHaveProperty('repeated');
  }, 30_000);
});
