/**
 * A tester's finding: `paigow rounds --open` showed phase `deciding` for a round whose settlement was being retried
 * after a database fault. The table does not save the last setting when the settlement follows it at once, so the
 * saved record lacked it; a hand the house way set at its deadline was not saved either. Now a settlement retried
 * saves the record with every hand set, and a hand past its recorded decision deadline counts as decided.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCryptoRng, tableConfig, unwrap } from '@paigow/engine';
import { createLedger, type Ledger } from '../ledger/index.js';
import { createPlayers, type Player, type Players } from '../players/index.js';
import type { Database } from '../storage/database.js';
import { DatabaseFault } from '../storage/faults.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { TableRunner } from '../table/runner.js';
import { openRoundSummaries } from './index.js';

const LEASE_MS = 15_000;

describe.each(TEST_BACKENDS.filter((backend) => backend.enabled))('the phase of a round whose settlement is retried on $name', (backend) => {
  let database: Database;
  let players: Players;
  let table: TableRunner | undefined;
  /** The database as the table sees it: `settle` and `save` fail on a lost connection while set. */
  const down = { settle: false, save: false };
  beforeEach(async () => {
    database = await backend.open();
    players = createPlayers(database);
  });
  afterEach(async () => {
    down.settle = down.save = false;
    await table?.close();
    table = undefined;
    await backend.close(database);
  });

  const fault = (): DatabaseFault => new DatabaseFault('connection-lost', new Error('Connection terminated unexpectedly'));

  /** A table over a ledger that fails as `down` says, with `guests` seated and betting 5.00 each. */
  async function tableWith(...guests: string[]): Promise<{ runner: TableRunner; seated: Player[]; play: (player: Player, message: Record<string, unknown> & { type: string }) => Promise<void> }> {
    const ledger = createLedger(database);
    const flaky: Ledger = {
      ...ledger,
      settleRound: (input) => (down.settle ? Promise.reject(fault()) : ledger.settleRound(input)),
      saveRoundSecret: (roundId, secret) => (down.save ? Promise.reject(fault()) : ledger.saveRoundSecret(roundId, secret)),
    };
    const runner = new TableRunner({
      config: unwrap(tableConfig({ tableId: 'flaky', limits: { main: { minCents: 100, maxCents: 10_000 } }, timers: { decisionMs: 1_500 } })),
      ledger: flaky,
      players,
      rng: createCryptoRng(globalThis.crypto),
      deadlines: { dealMs: 1_000, settleMs: 30_000, firstRetryPauseMs: 50, maxRetryPauseMs: 200 },
      log: () => undefined,
    });
    table = runner;
    const play = async (player: Player, message: Record<string, unknown> & { type: string }): Promise<void> => {
      unwrap(await runner.handle(player.id, { requestId: `${player.id}-${message.type}`, ...message } as Parameters<TableRunner['handle']>[1]));
    };
    const seated: Player[] = [];
    for (const nickname of guests) {
      const player = unwrap(await players.createGuest(nickname)).player;
      unwrap(await runner.join(player));
      await play(player, { type: 'sit', seat: null });
      await play(player, { type: 'bet', spot: 'main', amountCents: 500 });
      seated.push(player);
    }
    for (const player of seated) await play(player, { type: 'deal' });
    await expect.poll(() => runner.current.phase).toBe('setting');
    return { runner, seated, play };
  }

  const phaseNow = async () => (await openRoundSummaries(database, Date.now(), LEASE_MS)).map((round) => ({ phase: round.phase, handsSet: round.handsSet, hands: round.hands }));

  it('is settling once the last setting was played, while the settlement is retried', async () => {
    const { runner, seated, play } = await tableWith('Jo');
    const roundId = runner.current.round!.roundId;
    expect(await phaseNow()).toEqual([{ phase: 'deciding', handsSet: 0, hands: 1 }]);
    down.settle = true;
    await play(seated[0]!, { type: 'house-way', roundId });
    await expect.poll(() => runner.view(null).settlingRoundId).toBe(roundId);
    await expect.poll(phaseNow, { timeout: 3_000 }).toEqual([{ phase: 'settling', handsSet: 1, hands: 1 }]);

    down.settle = false;
    await expect.poll(phaseNow, { timeout: 3_000 }).toEqual([]);
    expect(await createLedger(database).audit()).toEqual([]);
  });

  it('is settling once a hand not set is past its decision deadline, even when nothing more could be saved', async () => {
    const { runner, seated, play } = await tableWith('Ann', 'Bea');
    const roundId = runner.current.round!.roundId;
    await play(seated[0]!, { type: 'house-way', roundId }); // saved, with the hands' deadlines
    expect(await phaseNow()).toEqual([{ phase: 'deciding', handsSet: 1, hands: 2 }]);
    down.settle = down.save = true;
    // Bea's hand is set by the house way at her deadline; the settlement fails and is retried.
    await expect.poll(() => runner.view(null).settlingRoundId, { timeout: 5_000 }).toBe(roundId);
    expect(await phaseNow()).toEqual([{ phase: 'settling', handsSet: 1, hands: 2 }]);
  });
});
