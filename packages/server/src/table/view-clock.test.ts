/**
 * `TableRunner.view`'s `serverNowMs` is the clock when the view is made (docs/protocol.md `TableView`): a client
 * counts a deadline down from it, so a view made long after the table's last change (a client joining a quiet
 * table, the others' views sent a moment after a change) must not carry that change's time (a tester saw two
 * screens of one table count down apart).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCryptoRng, tableConfig, unwrap } from '@paigow/engine';
import { createLedger } from '../ledger/index.js';
import { createPlayers, type Players } from '../players/index.js';
import type { Database } from '../storage/database.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { TableRunner } from './runner.js';

const sqlite = TEST_BACKENDS[0];

describe("a table view's server clock", () => {
  let database: Database;
  let players: Players;
  let runner: TableRunner | undefined;

  beforeEach(async () => {
    database = await sqlite.open();
    players = createPlayers(database);
  });
  afterEach(async () => {
    await runner?.close();
    runner = undefined;
    await sqlite.close(database);
  });

  it('is the time the view is made, so the time left to a deadline shrinks between changes', async () => {
    let clockMs = 1_700_000_000_000;
    runner = new TableRunner({
      config: unwrap(tableConfig({ tableId: 't', limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: null } })),
      ledger: createLedger(database),
      players,
      rng: createCryptoRng(globalThis.crypto),
      log: () => undefined,
      now: () => clockMs,
    });
    const playerId = unwrap(await players.createGuest('Ann')).player.id;
    unwrap(await runner.join((await players.getPlayer(playerId))!));
    unwrap(await runner.handle(playerId, { requestId: 'q-1', type: 'sit', seat: 1 }));
    unwrap(await runner.handle(playerId, { requestId: 'q-2', type: 'bet', spot: 'main', amountCents: 500 }));
    unwrap(await runner.handle(playerId, { requestId: 'q-3', type: 'deal', clientSeed: 'seed' }));
    for (let tries = 0; runner.view(playerId).phase !== 'setting' && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
    const dealt = runner.view(playerId);
    expect(dealt.phase).toBe('setting');
    expect(dealt.serverNowMs).toBe(clockMs);
    const deadlineMs = dealt.you?.deadlineMs ?? null;
    expect(deadlineMs).not.toBeNull();

    clockMs += 7_000;
    const later = runner.view(playerId);
    expect(later.you?.deadlineMs).toBe(deadlineMs);
    expect(deadlineMs! - later.serverNowMs).toBe(deadlineMs! - dealt.serverNowMs - 7_000);
    expect(runner.view(null).serverNowMs).toBe(clockMs);
  });
});
