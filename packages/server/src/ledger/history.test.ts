import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unwrap } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { openLedger, TEST_BACKENDS } from '../testing/backends.js';
import type { Ledger } from './ledger.js';

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`history on ${backend.title}`, () => {
    let database: Database;
    let ledger: Ledger;
    let alice: string;
    let bob: string;

    beforeEach(async () => {
      ({ database, ledger, guests: [alice, bob] } = await openLedger(backend, 'alice', 'bob'));

      // r1: the house banks; alice wins 20.00 less 5% commission.
      unwrap(
        await ledger.openRound({
          roundId: 'r1',
          tableId: 't',
          bankerPlayerId: null,
          holds: [{ playerId: alice, kind: 'main', amountCents: 2_000 }],
          secret: 'deck-1',
          public: { n: 1 },
        }),
      );
      unwrap(
        await ledger.settleRound({
          roundId: 'r1',
          postings: [
            { from: 'escrow', to: { player: alice }, amountCents: 2_000, kind: 'stake-return' },
            { from: 'house', to: { player: alice }, amountCents: 2_000, kind: 'payout' },
            { from: { player: alice }, to: 'commission', amountCents: 100, kind: 'commission' },
          ],
          compPoints: [{ playerId: alice, delta: 20 }],
          result: { alice: 'win' },
        }),
      );
      // r2: bob banks, alice loses 5.00 to bob, who pays a 0.08 fee.
      unwrap(
        await ledger.openRound({
          roundId: 'r2',
          tableId: 't',
          bankerPlayerId: bob,
          holds: [{ playerId: alice, kind: 'main', amountCents: 500 }],
          secret: 'deck-2',
          public: { n: 2 },
        }),
      );
      unwrap(
        await ledger.settleRound({
          roundId: 'r2',
          postings: [
            { from: 'escrow', to: { player: bob }, amountCents: 500, kind: 'stake-lost' },
            { from: { player: bob }, to: 'commission', amountCents: 8, kind: 'banker-fee' },
          ],
          compPoints: [
            { playerId: alice, delta: 5 },
            { playerId: bob, delta: -5 },
          ],
          result: { alice: 'lose' },
        }),
      );
      // r3: refunded.
      unwrap(
        await ledger.openRound({
          roundId: 'r3',
          tableId: 't',
          bankerPlayerId: null,
          holds: [{ playerId: alice, kind: 'main', amountCents: 700 }],
          secret: 'deck-3',
          public: { n: 3 },
        }),
      );
      unwrap(await ledger.refundRound('r3', 'restart'));
      // r4: still open.
      unwrap(
        await ledger.openRound({
          roundId: 'r4',
          tableId: 't',
          bankerPlayerId: null,
          holds: [{ playerId: alice, kind: 'fortune', amountCents: 300 }],
          secret: 'deck-4',
          public: { n: 4 },
        }),
      );
    });
    afterEach(async () => {
      await backend.close(database);
    });

    it("lists the player's rounds newest first with its net change derived from entries", async () => {
      const items = await ledger.history(alice);
      expect(items.map((item) => [item.roundId, item.status, item.netCents, item.compPointsDelta, item.role])).toEqual([
        ['r4', 'open', -300, 0, 'player'],
        ['r3', 'refunded', 0, 0, 'player'],
        ['r2', 'settled', -500, 5, 'player'],
        ['r1', 'settled', 1_900, 20, 'player'],
      ]);
      expect(items[3]).toMatchObject({ tableId: 't', public: { n: 1 }, result: { alice: 'win' }, refundReason: null });
      expect(items[1]).toMatchObject({ result: null, refundReason: 'restart' });
      expect(items.every((item) => !('secret' in item))).toBe(true);
      expect(unwrap(await ledger.balance(alice))).toBe(100_000 + 1_900 - 500 - 300);
    });

    it("shows a banker's rounds with its role", async () => {
      expect(await ledger.history(bob)).toEqual([
        expect.objectContaining({ roundId: 'r2', role: 'banker', netCents: 492, compPointsDelta: -5 }),
      ]);
    });

    it('pages with limit and before', async () => {
      const first = await ledger.history(alice, { limit: 2 });
      expect(first.map((item) => item.roundId)).toEqual(['r4', 'r3']);
      const second = await ledger.history(alice, { limit: 2, before: first[1].roundId });
      expect(second.map((item) => item.roundId)).toEqual(['r2', 'r1']);
      expect(await ledger.history(alice, { limit: 2, before: 'r1' })).toEqual([]);
      expect(await ledger.history('nobody')).toEqual([]);
    });
  });
}
