/**
 * Which process may settle an open round (docs/server.md "Processes, leases and recovery"): only its
 * owner while the owner's lease is alive; once the owner stops or its lease expires, exactly one other
 * process claims it, and the old owner can no longer settle it. Times are explicit epoch ms.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unwrap } from '@paigow/engine';
import { endLease, pruneInstances, registerInstance, renewLease } from '../lease/index.js';
import type { Database } from '../storage/database.js';
import { openLedger, TEST_BACKENDS } from '../testing/backends.js';
import type { Ledger } from './ledger.js';
import type { OpenRoundInput } from './open-round.js';

const LEASE_MS = 15_000;
const T0 = 1_700_000_000_000;

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`round ownership and leases on ${backend.title}`, () => {
    let database: Database;
    let ledger: Ledger;
    let alice: string;

    const check = (instanceId: string, nowMs: number) => ({ instanceId, nowMs, leaseMs: LEASE_MS });
    const deal = (roundId: string, ownerInstanceId: string | null): OpenRoundInput => ({
      roundId,
      tableId: 'table-1',
      bankerPlayerId: null,
      holds: [{ playerId: alice, kind: 'main', amountCents: 1_000 }],
      secret: { n: roundId },
      public: {},
      ownerInstanceId,
    });
    const lose = (roundId: string, ownerInstanceId?: string) => ({
      roundId,
      postings: [{ from: 'escrow' as const, to: 'house' as const, amountCents: 1_000, kind: 'stake-lost' as const }],
      compPoints: [{ playerId: alice, delta: 10 }],
      result: { by: ownerInstanceId ?? null },
      ...(ownerInstanceId === undefined ? {} : { ownerInstanceId }),
    });
    const ids = async (instanceId: string, nowMs: number) => (await ledger.recoverableRounds(check(instanceId, nowMs))).map((r) => r.roundId);

    beforeEach(async () => {
      ({ database, ledger, guests: [alice] } = await openLedger(backend, 'alice'));
      await registerInstance(database, 'A', T0);
      await registerInstance(database, 'B', T0);
      await registerInstance(database, 'C', T0);
    });
    afterEach(async () => {
      await backend.close(database);
    });

    it('records the owner at the deal; a live owner\'s round is recoverable by nobody', async () => {
      const opened = unwrap(await ledger.openRound(deal('r1', 'A')));
      expect(opened.ownerInstanceId).toBe('A');
      expect(await ids('B', T0 + LEASE_MS - 1)).toEqual([]);
      expect(await ledger.claimRound('r1', check('B', T0 + LEASE_MS - 1))).toBeNull();
      // The owner itself never recovers its own round, even if its own lease looks expired.
      expect(await ids('A', T0 + 10 * LEASE_MS)).toEqual([]);
      expect(await ledger.claimRound('r1', check('A', T0 + 10 * LEASE_MS))).toBeNull();
      // Renewing keeps it alive.
      expect(await renewLease(database, 'A', T0 + LEASE_MS)).toBe(true);
      expect(await ids('B', T0 + 2 * LEASE_MS - 1)).toEqual([]);
    });

    it('once the lease expires, exactly one process claims the round; the old owner can no longer settle it', async () => {
      await ledger.openRound(deal('r1', 'A'));
      const later = T0 + LEASE_MS + 1;
      // B and C renew their leases; A (the owner) does not.
      expect(await renewLease(database, 'B', later)).toBe(true);
      expect(await renewLease(database, 'C', later)).toBe(true);
      expect(await ids('B', later)).toEqual(['r1']);
      expect(await ids('C', later)).toEqual(['r1']);
      const claimed = await ledger.claimRound('r1', check('B', later));
      expect(claimed).toMatchObject({ roundId: 'r1', status: 'open', ownerInstanceId: 'B', secret: { n: 'r1' } });
      expect(await ledger.claimRound('r1', check('C', later))).toBeNull(); // B is alive: C keeps off
      expect(await ids('C', later)).toEqual([]);

      const stale = await ledger.settleRound(lose('r1', 'A'));
      expect(stale.ok ? null : stale.error.code).toBe('action/stale');
      const settled = unwrap(await ledger.settleRound(lose('r1', 'B')));
      expect(settled).toMatchObject({ status: 'settled', result: { by: 'B' }, ownerInstanceId: 'B' });
      expect(unwrap(await ledger.settleRound(lose('r1', 'B'))).closedAt).toBe(settled.closedAt); // idempotent
      const afterwards = await ledger.settleRound(lose('r1', 'A'));
      expect(afterwards.ok ? null : afterwards.error.code).toBe('action/stale'); // not the first settlement passed off as A's
      expect(await ledger.balance(alice)).toEqual({ ok: true, value: 100_000 - 1_000 });
      expect(await ledger.audit()).toEqual([]);
    });

    it('a clean stop ends the lease at once; rounds without an owner are recoverable at once', async () => {
      await ledger.openRound(deal('r1', 'A'));
      await ledger.openRound(deal('r2', null));
      expect(await ids('B', T0 + 1)).toEqual(['r2']);
      await endLease(database, 'A', T0 + 2);
      expect(await renewLease(database, 'A', T0 + 3)).toBe(false);
      expect(await ids('B', T0 + 3)).toEqual(['r1', 'r2']);
      expect(await ids('A', T0 + 3)).toEqual(['r2']); // never its own
    });

    it('an owner without an instance row (pruned, or never registered) is dead', async () => {
      await ledger.openRound(deal('r1', 'ghost'));
      expect(await ids('B', T0)).toEqual(['r1']);
      expect(await pruneInstances(database, T0 + 1)).toBe(3);
      await ledger.openRound({ ...deal('r2', 'A'), holds: [{ playerId: alice, kind: 'main', amountCents: 500 }] });
      expect(await ids('B', T0)).toEqual(['r1', 'r2']);
    });

    it('settling without naming an owner (a direct ledger call) is not fenced', async () => {
      await ledger.openRound(deal('r1', 'A'));
      expect(unwrap(await ledger.settleRound(lose('r1'))).status).toBe('settled');
    });
  });
}
