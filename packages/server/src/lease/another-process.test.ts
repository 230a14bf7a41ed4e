/**
 * A second `paigow serve` on the same database without Redis (an operator's: two processes on one SQLite folder
 * both hosted `t1`, its players split into two rooms, and neither said a word) is told of at `error`, once, by the
 * process already serving (docs/operations.md "Logs"); a crashed process's lease, still fresh at a quick restart,
 * is not.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerInstance } from './lease.js';
import { buildServer, openStore, serversPerTest } from '../testing/harness.js';
import { capturedLog } from '../testing/log-capture.js';
import { until } from '../testing/faults.js';
import type { Database } from '../storage/database.js';

const LEASE = { leaseMs: 5_000, heartbeatMs: 100, stallMs: 60_000 };

describe('another process serving the same database without Redis', () => {
  const servers = serversPerTest('sqlite');
  let database: Database | undefined;
  beforeAll(buildServer, 120_000);
  afterEach(async () => {
    await database?.db.destroy();
    database = undefined;
  });

  it('is told of at error once by the process serving; a crashed process whose lease has not run out is not', { timeout: 60_000 }, async () => {
    const { logger, lines } = capturedLog();
    const beforeStart = Date.now();
    const first = await servers.start({ logger, lease: LEASE });
    // A process that crashed just before this one started: its lease renewed then, and never again, not run out yet.
    database = openStore(servers.store);
    await registerInstance(database, 'crashed-a-moment-ago', beforeStart);
    const told = () => lines().filter((line) => line.event === 'another-process-serving');
    // Several sweeps (every 100 ms) while the crashed one's lease is still fresh: nothing said.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(told()).toEqual([]);

    const second = await servers.spawn({ lease: LEASE });
    await until(() => told().length > 0, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(told()).toEqual([
      expect.objectContaining({ level: 'error', instanceId: first.instanceId, peerInstanceId: second.instanceId, msg: expect.stringContaining('without REDIS_URL each hosts every table') }),
    ]);
  });
});
