/**
 * Issue 10 point 11 with the real ledger: a `top-up` sent at a table is granted below that table's
 * minimum bet (the web client offers Top up on the felt there), and never to a player who can still
 * cover the minimum (docs/server.md "Top-up").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCryptoRng, tableConfig, unwrap, type TableConfigInput } from '@paigow/engine';
import { createLedger, type Ledger } from '../ledger/index.js';
import { createPlayers, type Players } from '../players/index.js';
import type { Database } from '../storage/database.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { TableRunner } from './runner.js';

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`a top-up at a table on ${backend.title}`, () => {
    let database: Database;
    let ledger: Ledger;
    let players: Players;
    let runners: TableRunner[];

    beforeEach(async () => {
      database = await backend.open();
      ledger = createLedger(database);
      players = createPlayers(database);
      runners = [];
    });
    afterEach(async () => {
      for (const runner of runners) await runner.close();
      await backend.close(database);
    });

    function table(input: TableConfigInput): TableRunner {
      const runner = new TableRunner({ config: unwrap(tableConfig(input)), ledger, players, rng: createCryptoRng(globalThis.crypto), log: () => undefined });
      runners.push(runner);
      return runner;
    }

    /** A guest left with `balanceCents` after losing a round (a real ledger entry). */
    async function guestWith(name: string, balanceCents: number): Promise<string> {
      const id = unwrap(await players.createGuest(name)).player.id;
      const lost = unwrap(await ledger.balance(id)) - balanceCents;
      const roundId = `lost-${name}`;
      unwrap(await ledger.openRound({ roundId, tableId: 't', bankerPlayerId: null, holds: [{ playerId: id, kind: 'main', amountCents: lost }], secret: {}, public: {} }));
      unwrap(await ledger.settleRound({ roundId, postings: [{ from: 'escrow', to: 'house', amountCents: lost, kind: 'stake-lost' }], compPoints: [], result: 'lose' }));
      return id;
    }

    it('tops up a player under the table minimum, and refuses one who covers it', async () => {
      const fives = table({ tableId: 'fives', limits: { main: { minCents: 500, maxCents: 50_000 }, fortune: null } });
      const ones = table({ tableId: 'ones', limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: null } });
      const pia = await guestWith('Pia', 300);
      unwrap(await ones.join((await players.getPlayer(pia))!));
      unwrap(await fives.join((await players.getPlayer(pia))!));
      // 3.00 covers the 1.00 minimum: no top-up there …
      const refused = await ones.handle(pia, { requestId: 'q-1', type: 'top-up' });
      expect(refused.ok ? null : refused.error.code).toBe('ledger/not-broke');
      // … but not the 5.00 minimum: a top-up there.
      unwrap(await fives.handle(pia, { requestId: 'q-2', type: 'top-up' }));
      expect(unwrap(await ledger.balance(pia))).toBe(100_000);
      expect(fives.current.players[pia]?.balanceCents).toBe(100_000);
      expect(await ledger.audit()).toEqual([]);
    });
  });
}
