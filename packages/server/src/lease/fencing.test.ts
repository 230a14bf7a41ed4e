import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResponse } from '@paigow/protocol';
import { claimRound } from '../ledger/ownership.js';
import type { ServerHandle } from '../server.js';
import { buildServer, getJson, openStore, serversPerTest, signIn, STORE_BACKENDS, TestClient } from '../testing/harness.js';
import { endLease, registerInstance } from './lease.js';

/** A short lease, so that a stall of twice its length is quick; the stall bound is far above the stall. */
const LEASE = { leaseMs: 1_500, heartbeatMs: 100, stallMs: 60_000 };

/** Blocks this thread's event loop for `ms` (an overloaded process). */
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // spin
  }
}

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`the lease and fencing on ${backend.name} (docs/server.md "Processes, leases and recovery")`, () => {
    const servers = serversPerTest(backend.name);
    let server: ServerHandle | undefined;
    let jo: TestClient | undefined;
    beforeAll(buildServer, 120_000);
    afterEach(async () => {
      await jo?.leave().catch(() => undefined);
      jo = server = undefined;
    });

    /** A server with Jo seated at `small` and a round dealt to her (open in the ledger). */
    async function dealtRound(): Promise<{ roundId: string; token: string }> {
      server = await servers.start({ lease: LEASE });
      const session = await signIn(server, 'Jo');
      jo = await TestClient.join(server, 'small', session.token, 'jo');
      await jo.act('sit', { seat: 0 });
      await jo.act('bet', { spot: 'main', amountCents: 1_000 });
      const dealt = await jo.act('deal');
      expect((await server.ledger.openRounds()).map((r) => [r.roundId, r.ownerInstanceId])).toEqual([[dealt.roundId, server.instanceId]]);
      return { roundId: dealt.roundId!, token: session.token };
    }

    it('a main event loop blocked for twice the lease keeps its live round: a peer recovers nothing, the player settles it', async () => {
      const { roundId, token } = await dealtRound();
      await servers.spawn({ lease: LEASE });
      await new Promise((resolve) => setTimeout(resolve, 3 * LEASE.heartbeatMs));
      busy(2 * LEASE.leaseMs); // the peer sweeps for recovery every 100 ms meanwhile
      await new Promise((resolve) => setTimeout(resolve, 5 * LEASE.heartbeatMs));
      expect((await server!.ledger.openRounds()).map((r) => [r.roundId, r.ownerInstanceId])).toEqual([[roundId, server!.instanceId]]);
      const settled = await jo!.act('house-way');
      expect(settled.lastRound).toMatchObject({ roundId });
      expect(settled.lastRound!.players[0]).toMatchObject({ you: true, setBy: 'house-way' });
      const history = await getJson<HistoryResponse>(server!, '/api/history', token);
      expect(history.body.items[0]).toMatchObject({ roundId, status: 'settled' });
      expect(history.body.items[0].result!.players[0].setBy).toBe('house-way');
      expect(await server!.ledger.sumOfBalances()).toBe(0);
    }, 30_000);

    it('a process whose instance was marked stopped refuses to settle and shows no reveal', async () => {
      const { roundId } = await dealtRound();
      const database = openStore(servers.store);
      try {
        await endLease(database, server!.instanceId, Date.now());
      } finally {
        await database.db.destroy();
      }
      await expect.poll(() => server!.lease.lost, { timeout: 5_000, interval: 50 }).toBe(true);
      const from = jo!.received.length;
      const { error } = await jo!.refused('house-way');
      expect(error.code).toBe('action/unavailable');
      expect(jo!.received.slice(from).some((r) => r.kind === 'view' && r.view.lastRound !== null)).toBe(false);
      expect((await server!.ledger.openRounds()).map((r) => r.roundId)).toEqual([roundId]);
      expect(server!.runners.get('small')!.current.lastRound).toBeNull();
    }, 30_000);

    it('a process whose lease worker died stops dealing and settling once it cannot confirm the lease', async () => {
      const { roundId } = await dealtRound();
      await server!.lease.kill();
      await new Promise((resolve) => setTimeout(resolve, LEASE.leaseMs + 100));
      expect(server!.lease.held()).toBe(false);
      const { error } = await jo!.refused('house-way');
      expect(error.code).toBe('action/unavailable');
      expect((await server!.ledger.openRounds()).map((r) => r.roundId)).toEqual([roundId]);
      expect(server!.runners.get('small')!.current.lastRound).toBeNull();
    }, 30_000);

    it('a settlement the ledger refuses because another process took the round over shows no reveal and the ledger\'s balance', async () => {
      const { roundId } = await dealtRound();
      const database = openStore(servers.store);
      try {
        // A peer that judges this process dead (its clock far ahead) claims the round; it stays alive for
        // this process's own recovery sweeps (its lease renewed a minute ahead), so they leave the round to it.
        await registerInstance(database, 'peer', Date.now() + 60_000);
        const claimed = await claimRound(database, roundId, { instanceId: 'peer', nowMs: Date.now() + 100 * LEASE.leaseMs, leaseMs: LEASE.leaseMs });
        expect(claimed?.roundId).toBe(roundId);
      } finally {
        await database.db.destroy();
      }
      const view = await jo!.act('house-way');
      expect(view.lastRound).toBeNull();
      expect(view.you?.lastResult).toBeNull();
      // The stake stays in escrow: the balance shown is the ledger's, without any result of this round.
      expect(view.you?.balanceCents).toBe(100_000 - 1_000);
    }, 30_000);
  });
}
