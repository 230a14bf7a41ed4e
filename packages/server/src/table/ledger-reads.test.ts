/**
 * Issue 11 point 4c, on SQLite and PostgreSQL: a round reads its players' figures (balance less banks
 * elsewhere, comp points) from the ledger once at the deal and once at the settlement, for all of them
 * together, instead of two or three statements per player each time; and the table shows the ledger's figures.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCryptoRng, tableConfig, unwrap } from '@paigow/engine';
import { createLedger, type Ledger } from '../ledger/index.js';
import { createPlayers, type Players } from '../players/index.js';
import type { Database } from '../storage/database.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { TableRunner } from './runner.js';

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`a round's ledger reads on ${backend.title}`, () => {
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

    it('reads the figures of all the players of a round in one call at the deal and one at the settlement', async () => {
      const calls = { figures: [] as (readonly string[])[], getPlayer: 0 };
      const counting: Ledger = {
        ...ledger,
        figures: (playerIds, tableId) => {
          calls.figures.push([...playerIds]);
          return ledger.figures(playerIds, tableId);
        },
      };
      const countingPlayers: Players = {
        ...players,
        getPlayer: (playerId) => {
          calls.getPlayer += 1;
          return players.getPlayer(playerId);
        },
      };
      const table = new TableRunner({
        config: unwrap(tableConfig({ tableId: 'reads', limits: { main: { minCents: 100, maxCents: 10_000 } } })),
        ledger: counting,
        players: countingPlayers,
        rng: createCryptoRng(globalThis.crypto),
        log: () => undefined,
      });
      runner = table;
      const ids = [];
      for (const name of ['Ann', 'Bo', 'Cy']) ids.push(unwrap(await players.createGuest(name)).player.id);
      let request = 0;
      const act = async (playerId: string, message: Record<string, unknown> & { type: string }) =>
        unwrap(await table.handle(playerId, { requestId: `r${++request}`, ...message } as Parameters<TableRunner['handle']>[1]));
      for (const id of ids) {
        unwrap(await table.join((await players.getPlayer(id))!));
        await act(id, { type: 'sit', seat: null });
      }
      calls.figures = [];
      calls.getPlayer = 0;

      for (const id of ids) await act(id, { type: 'bet', spot: 'main', amountCents: 500 });
      for (const id of ids) await act(id, { type: 'deal' });
      await table.idle();
      expect(table.current.phase).toBe('setting');
      expect(calls.figures).toHaveLength(1);
      expect([...calls.figures[0]].sort()).toEqual([...ids].sort());
      for (const id of ids) expect(table.current.players[id]?.balanceCents).toBe(100_000 - 500);

      const roundId = table.current.round!.roundId;
      for (const id of ids) await act(id, { type: 'house-way', roundId });
      await table.idle();
      expect(table.current.round).toBeNull();
      expect(calls.figures).toHaveLength(2);
      expect([...calls.figures[1]].sort()).toEqual([...ids].sort());
      expect(calls.getPlayer).toBe(0);
      for (const id of ids) {
        const player = (await players.getPlayer(id))!;
        expect(table.current.players[id]).toMatchObject({ balanceCents: unwrap(await ledger.spendable(id, 'reads')), compPoints: player.compPoints });
      }
      expect(await ledger.audit()).toEqual([]);
    });
  });
}
