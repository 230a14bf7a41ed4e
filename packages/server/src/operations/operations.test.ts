/**
 * Issue 11 point 9: what `paigow rounds --open` and `paigow audit` read, on a live round of a real server:
 * its owner and the owner's state, its phase from the saved record, the stakes held; the audit's figures.
 */
import { describe, expect, it } from 'vitest';
import { createStore, openStore, signIn, startTestServer, STORE_BACKENDS, TestClient } from '../testing/harness.js';
import { auditLedger, openRoundSummaries } from './index.js';

describe.each(STORE_BACKENDS.filter((backend) => backend.enabled))('open rounds and the audit on a live round on $name', ({ name }) => {
  it('lists a dealt round as deciding, owned by a live process, then by a stopped one', async () => {
    const store = createStore(name);
    const server = await startTestServer(store);
    const database = openStore(store);
    try {
      const session = await signIn(server, 'Rhea');
      const client = await TestClient.join(server, 'small', session.token, 'rhea');
      await client.act('sit', { seat: 3 });
      await client.act('bet', { spot: 'main', amountCents: 4_000 });
      const dealt = await client.act('deal');
      const now = Date.now();
      const [open, ...others] = await openRoundSummaries(database, now, 15_000);
      expect(others).toEqual([]);
      expect(open).toMatchObject({
        roundId: dealt.roundId,
        tableId: 'small',
        ownerInstanceId: server.instanceId,
        ownerState: 'alive',
        phase: 'deciding',
        handsSet: 0,
        hands: 1,
        heldCents: 4_000,
      });
      expect(open!.ageMs).toBeGreaterThanOrEqual(0);
      expect(await auditLedger(database)).toMatchObject({ ok: true, problems: [], openRounds: 1, escrowCents: 4_000 });

      // A clean stop ends the lease and leaves the round open for the next start to recover.
      await server.close();
      expect(await openRoundSummaries(database, Date.now(), 15_000)).toEqual([expect.objectContaining({ roundId: dealt.roundId, ownerState: 'stopped', phase: 'deciding' })]);
      expect((await auditLedger(database)).ok).toBe(true);
    } finally {
      await server.close();
      await database.db.destroy();
      await store.dispose();
    }
  });
});
