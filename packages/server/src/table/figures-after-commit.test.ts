/**
 * A read of the players' figures that fails after the ledger committed a deal or a settlement (an operator's trial:
 * a PostgreSQL backend terminated just after a deal left the table in `dealing` for good, its stakes in escrow)
 * does not stop the table: the dealt round goes on to its decisions, the settled round ends, and the figures are
 * read again once the database answers (docs/server.md "Database faults").
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
  describe.skipIf(!backend.enabled)(`figures unread after a commit on ${backend.title}`, () => {
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

    it('a dealt round goes on to its decisions and a settled one ends; the balances are read again', async () => {
      /** The next reads of the figures that fail, as a dropped connection does. */
      let failing = 0;
      const logged: Record<string, unknown>[] = [];
      const faulty: Ledger = {
        ...ledger,
        figures: async (playerIds, tableId) => {
          if (failing > 0) {
            failing -= 1;
            throw new Error('Connection terminated unexpectedly');
          }
          return ledger.figures(playerIds, tableId);
        },
      };
      const table = new TableRunner({
        config: unwrap(tableConfig({ tableId: 'unread', limits: { main: { minCents: 100, maxCents: 10_000 } } })),
        ledger: faulty,
        players,
        rng: createCryptoRng(globalThis.crypto),
        log: () => undefined,
        logger: createLogger({ level: 'warn', destination: { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) } }),
      });
      runner = table;
      const id = unwrap(await players.createGuest('Ann')).player.id;
      let request = 0;
      const act = async (message: Record<string, unknown> & { type: string }) =>
        unwrap(await table.handle(id, { requestId: `r${++request}`, ...message } as Parameters<TableRunner['handle']>[1]));
      unwrap(await table.join((await players.getPlayer(id))!));
      await act({ type: 'sit', seat: null });
      await act({ type: 'bet', spot: 'main', amountCents: 500 });

      failing = 2; // the read after the deal, and its first retry
      await act({ type: 'deal' });
      await table.idle();
      expect(table.current.phase).toBe('setting');
      expect(await ledger.openRounds()).toHaveLength(1);
      await until(() => table.current.players[id]?.balanceCents === 99_500, 10_000);

      failing = 1; // the read after the settlement
      await act({ type: 'house-way', roundId: table.current.round!.roundId });
      await table.idle();
      expect(table.current.round).toBeNull();
      expect(await ledger.openRounds()).toEqual([]);
      const spendable = unwrap(await ledger.spendable(id, 'unread'));
      await until(() => table.current.players[id]?.balanceCents === spendable, 10_000);
      await act({ type: 'bet', spot: 'main', amountCents: 500 });
      expect(table.current.players[id]?.bets.main).toBe(500);
      expect(logged.map((line) => line.event)).toEqual(['figures-unread', 'figures-unread', 'figures-unread']);
      expect(logged[0]).toMatchObject({ playerIds: [id], err: { message: 'Connection terminated unexpectedly' } });
      expect(await ledger.audit()).toEqual([]);
    });
  });
}

describe('a failed action at a table', () => {
  it('is logged on one line naming its event (action-failed), and answered action/unavailable', async () => {
    const database = await TEST_BACKENDS[0].open();
    try {
      const players = createPlayers(database);
      const ledger = createLedger(database);
      const lines: { message: string; fields: unknown }[] = [];
      const table = new TableRunner({
        config: unwrap(tableConfig({ tableId: 'fails', limits: { main: { minCents: 100, maxCents: 10_000 } } })),
        ledger: { ...ledger, topUp: () => Promise.reject(new Error('Connection terminated unexpectedly')) },
        players,
        rng: createCryptoRng(globalThis.crypto),
        log: (message, _detail, fields) => void lines.push({ message, fields }),
      });
      const id = unwrap(await players.createGuest('Bo')).player.id;
      unwrap(await table.join((await players.getPlayer(id))!));
      const answer = await table.handle(id, { requestId: 'r1', type: 'top-up' });
      expect(answer.ok === false && answer.error.code).toBe('action/unavailable');
      expect(lines).toEqual([{ message: 'an action failed', fields: { event: 'action-failed' } }]);
      await table.close();
    } finally {
      await TEST_BACKENDS[0].close(database);
    }
  });
});
