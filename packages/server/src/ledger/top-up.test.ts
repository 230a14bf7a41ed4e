import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unwrap, type Result } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { openLedger, TEST_BACKENDS } from '../testing/backends.js';
import { issuanceAccountId } from './accounts.js';
import type { Ledger } from './ledger.js';

function codeOf(result: Result<unknown>): string | undefined {
  return result.ok ? undefined : result.error.code;
}

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`topUp on ${backend.title}`, () => {
    let database: Database;
    let ledger: Ledger;
    let player: string;

    async function lose(roundId: string, amountCents: number): Promise<void> {
      unwrap(
        await ledger.openRound({
          roundId,
          tableId: 't',
          bankerPlayerId: null,
          holds: [{ playerId: player, kind: 'main', amountCents }],
          secret: {},
          public: {},
        }),
      );
      unwrap(
        await ledger.settleRound({
          roundId,
          postings: [{ from: 'escrow', to: 'house', amountCents, kind: 'stake-lost' }],
          compPoints: [],
          result: 'lose',
        }),
      );
    }

    beforeEach(async () => {
      ({ database, ledger, guests: [player] } = await openLedger(backend, 'player'));
    });
    afterEach(async () => {
      await backend.close(database);
    });

    it('refuses a player with 1.00 or more', async () => {
      expect(codeOf(await ledger.topUp(player))).toBe('ledger/not-broke');
      await lose('r1', 99_900);
      expect(unwrap(await ledger.balance(player))).toBe(100);
      expect(codeOf(await ledger.topUp(player))).toBe('ledger/not-broke');
      expect(await ledger.audit()).toEqual([]);
    });

    it("tops up below a table's minimum bet when the table names it (issue 10 point 11), never below 1.00", async () => {
      await lose('r1', 99_700);
      expect(codeOf(await ledger.topUp(player))).toBe('ledger/not-broke');
      expect(codeOf(await ledger.topUp(player, 50))).toBe('ledger/not-broke');
      expect(unwrap(await ledger.topUp(player, 500))).toEqual({ balanceCents: 100_000, amountCents: 99_700 });
      expect(await ledger.audit()).toEqual([]);
    });

    it("refuses a balance of 1,000.00 or more as not broke, typed, whatever minimum bet the table names (it threw on a negative transfer)", async () => {
      expect(codeOf(await ledger.topUp(player, 200_000))).toBe('ledger/not-broke');
      expect(codeOf(await ledger.topUp(player, 100_001))).toBe('ledger/not-broke');
      await lose('r1', 50_000);
      expect(unwrap(await ledger.topUp(player, 200_000))).toEqual({ balanceCents: 100_000, amountCents: 50_000 });
      expect(await ledger.audit()).toEqual([]);
    });

    it('brings a broke player back to 1,000.00 with play money from issuance, once', async () => {
      await lose('r1', 99_901);
      expect(unwrap(await ledger.topUp(player))).toEqual({ balanceCents: 100_000, amountCents: 99_901 });
      expect(unwrap(await ledger.balance(player))).toBe(100_000);
      expect(codeOf(await ledger.topUp(player))).toBe('ledger/not-broke');
      const issuance = (await ledger.accountBalances()).find((account) => account.accountId === issuanceAccountId(player));
      expect(issuance?.balanceCents).toBe(-100_000 - 99_901);
      expect(await ledger.sumOfBalances()).toBe(0);
      expect(await ledger.audit()).toEqual([]);
    });

    it('tops up a player at exactly 0 once, even when asked concurrently', async () => {
      await lose('r1', 100_000);
      const results = await Promise.all(Array.from({ length: 6 }, () => ledger.topUp(player)));
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => codeOf(result) === 'ledger/not-broke')).toHaveLength(5);
      expect(unwrap(await ledger.balance(player))).toBe(100_000);
      expect(await ledger.audit()).toEqual([]);
    });

    it('refuses a player whose money is held in an open round', async () => {
      unwrap(
        await ledger.openRound({
          roundId: 'r1',
          tableId: 't',
          bankerPlayerId: null,
          holds: [{ playerId: player, kind: 'main', amountCents: 99_950 }],
          secret: {},
          public: {},
        }),
      );
      expect(unwrap(await ledger.balance(player))).toBe(50);
      // In the player's words (an attacker was shown its own player id and "an open round").
      expect(await ledger.topUp(player)).toEqual({
        ok: false,
        error: { code: 'ledger/not-broke', message: 'your money is in a round in play: you may top up once it is settled' },
      });
      unwrap(await ledger.refundRound('r1', 'test'));
      expect(codeOf(await ledger.topUp(player))).toBe('ledger/not-broke');
      expect(unwrap(await ledger.balance(player))).toBe(100_000);
      expect(await ledger.audit()).toEqual([]);
    });

    it('refuses an unknown player', async () => {
      expect(codeOf(await ledger.topUp('ghost'))).toBe('ledger/unknown-account');
      expect(codeOf(await ledger.balance('ghost'))).toBe('ledger/unknown-account');
    });
  });
}
