/**
 * A table's views show it as its last operation left it, never midway through one (`TableRunner.view`): an
 * operation that waits for the ledger (a settlement) has changed the table's state already, and a view sent
 * meanwhile (the others' views, 50 ms after a change; a client joining) showed the round's reveal before its
 * settlement was committed, withdrawn again if the commit failed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCryptoRng, tableConfig, unwrap } from '@paigow/engine';
import { createLedger, type Ledger } from '../ledger/index.js';
import { createLogger } from '../log/index.js';
import { createPlayers, type Players } from '../players/index.js';
import type { Database } from '../storage/database.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { until } from '../testing/faults.js';
import { TableRunner } from './runner.js';

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`views between an operation's steps on ${backend.title}`, () => {
    let database: Database;
    let ledger: Ledger;
    let players: Players;
    let runner: TableRunner | undefined;

    beforeEach(async () => {
      database = await backend.open();
      ledger = createLedger(database);
      players = createPlayers(database);
    });
    afterEach(async () => {
      await runner?.close();
      await backend.close(database);
    });

    it('a reveal is not shown while its settlement waits for the ledger, and is once it is committed', async () => {
      let settling: (() => void) | null = null;
      const slow: Ledger = {
        ...ledger,
        settleRound: async (input) => {
          await new Promise<void>((resolve) => (settling = resolve));
          return ledger.settleRound(input);
        },
      };
      const table = new TableRunner({
        config: unwrap(tableConfig({ tableId: 'steps', limits: { main: { minCents: 100, maxCents: 10_000 } } })),
        ledger: slow,
        players,
        rng: createCryptoRng(globalThis.crypto),
        log: () => undefined,
        logger: createLogger({ level: 'warn', destination: { write: () => undefined } }),
      });
      runner = table;
      const id = unwrap(await players.createGuest('Ann')).player.id;
      let request = 0;
      const act = (message: Record<string, unknown> & { type: string }) =>
        table.handle(id, { requestId: `r${++request}`, ...message } as Parameters<TableRunner['handle']>[1]);
      unwrap(await table.join((await players.getPlayer(id))!));
      unwrap(await act({ type: 'sit', seat: null }));
      unwrap(await act({ type: 'bet', spot: 'main', amountCents: 500 }));
      unwrap(await act({ type: 'deal' }));
      await table.idle();
      const roundId = table.current.round!.roundId;
      const balanceDealt = table.view(id).you?.balanceCents;

      const played = act({ type: 'house-way', roundId });
      await until(() => settling !== null, 5_000);
      try {
        // The reducer has revealed the round (its state), but the ledger has not recorded it yet.
        expect(table.current.lastRound?.roundId).toBe(roundId);
        expect(table.view(id).lastRound).toBeNull();
        expect(table.view(null).lastRound).toBeNull();
        expect(table.view(id).you?.balanceCents).toBe(balanceDealt);
      } finally {
        (settling as unknown as () => void)();
      }
      unwrap(await played);
      expect(table.view(id).lastRound?.roundId).toBe(roundId);
      expect(table.view(id).you?.balanceCents).toBe(unwrap(await ledger.spendable(id, 'steps')));
    });
  });
}
