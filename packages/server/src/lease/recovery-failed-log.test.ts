/**
 * Recovery sweeps that fail while the database is away write one `recovery-failed` line per 5 s, not one per sweep
 * (docs/operations.md "Logs"; an operator's: one `error` line every sweep of every process through an outage). A
 * sweep runs at every lease renewal, here every 100 ms; its read of the open rounds is made to fail by renaming
 * `rounds` for a while.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ProblemFields } from '../log/index.js';
import type { ServerHandle } from '../server.js';
import { createStore, renameTable, startTestServer, type TestStore } from '../testing/harness.js';


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
    await renameTable(store, 'rounds', 'rounds_away');
    // About 15 sweeps fail meanwhile (one every 100 ms).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await renameTable(store, 'rounds_away', 'rounds');
    expect(failures).toHaveLength(1);
    expect(failures[0]).not.toHaveProperty('repeated');
  }, 30_000);
});
