/**
 * A table's interrupted round recovered before its room opens (docs/server.md "Table hosting"; an operator's finding):
 * after a database outage longer than the lease, the process's own renewals broken, the peers' leases are not judged for
 * a lease and no round is recovered; a table claimed meanwhile opened anyway and dealt ten new rounds to the same
 * players before its interrupted round was settled, 52 s after it was dealt. Now the table waits (`host` resolves
 * false, the claim is given up, a `table-waits-for-recovery` line) and opens once the round is recovered. Runs when
 * Redis answers (hosting needs it).
 */
import { randomBytes } from 'node:crypto';
import { matchMaker } from '@colyseus/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeaseKeeper } from './keeper.js';
import { capturedLog } from '../testing/log-capture.js';
import { until } from '../testing/faults.js';
import type { ServerHandle } from '../server.js';
import { createStore, redisAnswers, signIn, startTestServer, TEST_REDIS_URL as REDIS_URL, type TestStore } from '../testing/harness.js';

const available = await redisAnswers(REDIS_URL);
if (!available) console.log(`the host-after-recovery test did not run: nothing answers at ${REDIS_URL}`);

describe.skipIf(!available)('a table with a round left open by its last host', () => {
  let store: TestStore | undefined;
  let server: ServerHandle | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await server?.close();
    await store?.dispose();
    server = store = undefined;
  });

  it('opens only once the round is recovered, however long the recovery waits for the peers\' leases', async () => {
    store = createStore('sqlite');
    // A round of `small` left open by a process that stopped (its lease ended: the round is anyone's to recover).
    const first = await startTestServer(store);
    const lu = await signIn(first, 'Lu');
    const opened = await first.ledger.openRound({
      roundId: 'left-open',
      tableId: 'small',
      bankerPlayerId: null,
      holds: [{ playerId: lu.player.id, kind: 'main', amountCents: 700 }],
      secret: { version: 99 },
      public: {},
      ownerInstanceId: first.instanceId,
    });
    expect(opened.ok).toBe(true);
    await first.close();

    // The next process's own renewals just broke: the peers' leases are not judged, nothing is recovered.
    const judged = vi.spyOn(LeaseKeeper.prototype, 'mayRecoverPeers').mockReturnValue(false);
    const { logger, lines } = capturedLog();
    server = await startTestServer(store, { redisUrl: REDIS_URL, redisPrefix: `test-${randomBytes(4).toString('hex')}:`, hostingSweepMs: 50, logger });
    const running = server;
    await until(() => matchMaker.getLocalRoomById('fresh') !== undefined);
    await until(() => lines().some((line) => line.event === 'table-waits-for-recovery' && line.tableId === 'small'));
    await new Promise((resolve) => setTimeout(resolve, 500)); // ten sweeps more
    expect(matchMaker.getLocalRoomById('small'), 'a room for the table whose round is still open').toBeUndefined();
    expect((await running.ledger.openRounds()).map((round) => round.roundId)).toEqual(['left-open']);
    expect(lines().filter((line) => line.event === 'table-waits-for-recovery')).toHaveLength(1);

    // The leases judged again: the round is recovered (refunded: its private record cannot be read), then the table opens.
    judged.mockReturnValue(true);
    await until(() => matchMaker.getLocalRoomById('small') !== undefined);
    expect(await running.ledger.openRounds()).toEqual([]);
    expect(await running.ledger.balance(lu.player.id)).toEqual({ ok: true, value: 100_000 });
    expect(lines().filter((line) => line.event === 'hosting-failed')).toEqual([]);
  });
});
