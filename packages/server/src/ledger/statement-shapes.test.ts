/**
 * Issue 11 point 4c, on SQLite and PostgreSQL: a deal and a settlement run statements whose text does not
 * depend on the amounts, balances or comp points they write (those are parameters), so SQLite's prepared
 * statements are reused from round to round instead of being compiled again for every round.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryId, type RootOperationNode } from 'kysely';
import { unwrap } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { openLedger, TEST_BACKENDS } from '../testing/backends.js';
import { settlementFor } from '../testing/settlement.js';
import { createLedger, type Ledger } from './ledger.js';

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`statement shapes on ${backend.title}`, () => {
    let database: Database;
    let ann: string;
    let bo: string;

    beforeEach(async () => {
      ({ database, guests: [ann, bo] } = await openLedger(backend, 'Ann', 'Bo'));
    });
    afterEach(async () => {
      await backend.close(database);
    });

    it('a round with other amounts and outcomes runs the same statement texts, none with a number written in', async () => {
      let texts: string[] = [];
      const recording = database.db.withPlugin({
        transformQuery: (args) => {
          texts.push(database.db.getExecutor().compileQuery(args.node as RootOperationNode, createQueryId()).sql);
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const ledger: Ledger = createLedger({ ...database, db: recording });
      const play = async (roundId: string, cents: readonly [number, number], outcomes: readonly ('win' | 'lose')[]): Promise<string[]> => {
        texts = [];
        const holds = [
          { playerId: ann, kind: 'main' as const, amountCents: cents[0] },
          { playerId: bo, kind: 'main' as const, amountCents: cents[1] },
        ];
        const round = unwrap(await ledger.openRound({ roundId, tableId: 'shapes', bankerPlayerId: null, holds, secret: {}, public: {} }));
        const { postings, compPoints } = settlementFor(round, (_hold, index) => outcomes[index]);
        unwrap(await ledger.settleRound({ roundId, postings, compPoints, result: {} }));
        return texts;
      };
      await play('warm-up', [100, 100], ['win', 'lose']); // the table's accounts are created in its first round
      const first = await play('r1', [500, 700], ['win', 'lose']);
      const second = await play('r2', [1_200, 300], ['win', 'lose']);
      expect(second).toEqual(first);
      const writes = first.filter((text) => /^\s*update/i.test(text));
      expect(writes.length).toBeGreaterThan(0);
      for (const text of writes) expect(text).not.toMatch(/then -?\d/);
      expect(await createLedger(database).audit()).toEqual([]);
    });
  });
}
