import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unwrap } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { countingLedger, openLedger, TEST_BACKENDS } from '../testing/backends.js';
import type { Ledger } from './ledger.js';

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`saveRoundSecret on ${backend.title}`, () => {
    let database: Database;
    let ledger: Ledger;
    let alice: string;

    beforeEach(async () => {
      ({ database, ledger, guests: [alice] } = await openLedger(backend, 'alice'));
      unwrap(
        await ledger.openRound({
          roundId: 'r1',
          tableId: 't',
          bankerPlayerId: null,
          holds: [{ playerId: alice, kind: 'main', amountCents: 500 }],
          secret: { step: 1 },
          public: {},
        }),
      );
    });
    afterEach(async () => {
      await backend.close(database);
    });

    it('replaces the private record of an open round without touching money', async () => {
      const before = await ledger.accountBalances();
      expect(await ledger.saveRoundSecret('r1', { step: 2 })).toEqual({ ok: true, value: undefined });
      expect((await ledger.openRounds()).map((round) => round.secret)).toEqual([{ step: 2 }]);
      expect(await ledger.accountBalances()).toEqual(before);
      expect(await ledger.audit()).toEqual([]);
    });

    it('reads a private record that is not JSON as unreadable (null), so that recovery refunds its round', async () => {
      await database.db.updateTable('rounds').set({ secret_json: '{corrupted' }).where('id', '=', 'r1').execute();
      // Before the fix JSON.parse's SyntaxError escaped: recovery failed on the round for good.
      expect((await ledger.openRounds()).map((round) => [round.roundId, round.secret])).toEqual([['r1', null]]);
      expect((await ledger.roundFairness('r1'))?.secret).toBeNull();
    });

    it('refuses unknown and closed rounds with action/stale', async () => {
      const unknown = await ledger.saveRoundSecret('nope', { step: 2 });
      expect(unknown.ok === false && unknown.error.code).toBe('action/stale');
      unwrap(await ledger.refundRound('r1', 'test'));
      const closed = await ledger.saveRoundSecret('r1', { step: 3 });
      expect(closed.ok === false && closed.error.code).toBe('action/stale');
    });
  });
}

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`saveRoundSecret in batches on ${backend.title}`, () => {
  it('writes the records saved at once in one statement, the last one of a round, and refuses the closed rounds alone', async () => {
    const { database, ledger, guests } = await openLedger(backend, 'a', 'b', 'c');
    try {
      for (const [i, playerId] of guests.entries()) {
        unwrap(
          await ledger.openRound({
            roundId: `r${i}`,
            tableId: `t${i}`,
            bankerPlayerId: null,
            holds: [{ playerId, kind: 'main', amountCents: 500 }],
            secret: { step: 0 },
            public: {},
          }),
        );
      }
      unwrap(await ledger.refundRound('r2', 'test'));
      const { ledger: batched, statements: updates } = countingLedger(database, 'UpdateQueryNode');
      const results = await Promise.all([
        batched.saveRoundSecret('r0', { step: 1 }),
        batched.saveRoundSecret('r1', { step: 1 }),
        batched.saveRoundSecret('r0', { step: 2 }),
        batched.saveRoundSecret('r2', { step: 1 }),
      ]);
      expect(results.map((result) => (result.ok ? 'ok' : result.error.code))).toEqual(['ok', 'ok', 'ok', 'action/stale']);
      expect(updates()).toBe(1);
      const secrets = Object.fromEntries((await ledger.openRounds()).map((round) => [round.roundId, round.secret]));
      expect(secrets).toEqual({ r0: { step: 2 }, r1: { step: 1 } });
    } finally {
      await backend.close(database);
    }
  });
});
}
