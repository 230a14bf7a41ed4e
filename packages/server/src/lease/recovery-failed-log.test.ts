/**
 * Recovery sweeps that fail while the database is away write one `recovery-failed` line per 5 s, not one per sweep
 * (docs/operations.md "Logs"; an operator's: one `error` line every sweep of every process through an outage). A
 * sweep runs at every lease renewal, here every 100 ms; its read of the open rounds is made to fail by renaming
 * `rounds` for a while.
 */
import { describe, expect, it } from 'vitest';
import type { ProblemFields } from '../log/index.js';
import { recoverySweepFailed } from '../server.js';
import { renameTable, serversPerTest } from '../testing/harness.js';

describe('recovery sweeps failing in a row', () => {
  const servers = serversPerTest('sqlite');

  it('write one recovery-failed line, not one per sweep', async () => {
    const store = servers.store;
    const failures: ProblemFields[] = [];
    const messages: string[] = [];
    await servers.start({
      lease: { leaseMs: 1_500, heartbeatMs: 100 },
      log: (message, _error, fields) => {
        if (fields?.event !== 'recovery-failed') return;
        failures.push(fields);
        messages.push(message);
      },
    });
    await renameTable(store, 'rounds', 'rounds_away');
    // About 15 sweeps fail meanwhile (one every 100 ms).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await renameTable(store, 'rounds_away', 'rounds');
    expect(failures).toHaveLength(1);
    expect(failures[0]).not.toHaveProperty('repeated');
    // A missing table is no silence of the database (an operator's: every failure said "the database did not answer").
    expect(messages).toEqual(['recovery: the sweep failed']);
  }, 30_000);

  it('say what the database did', () => {
    expect(recoverySweepFailed(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))).toBe('recovery: the sweep failed: the disk is full: writes fail (SQLITE_FULL)');
    expect(recoverySweepFailed(new Error('timeout exceeded when trying to connect'))).toBe('recovery: the sweep failed: the database did not answer in time');
  });
});
