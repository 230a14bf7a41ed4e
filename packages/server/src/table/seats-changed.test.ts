/**
 * `TableRunner`'s `seatsChanged` (docs/server.md "Table hosting"): a sit or a stand is announced only once the
 * seats are saved, so a player told it has a seat keeps it across a kill -9 of its process; a save that hangs
 * holds the table 1 s at most, and one that fails is logged and changes nothing else.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCryptoRng, tableConfig, unwrap } from '@paigow/engine';
import { createLedger } from '../ledger/index.js';
import { createPlayers, type Players } from '../players/index.js';
import type { Database } from '../storage/database.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { TableRunner, type TableChange } from './runner.js';

const sqlite = TEST_BACKENDS[0];

describe('a change of seats at a table', () => {
  let database: Database;
  let players: Players;
  let runner: TableRunner | undefined;
  const logged: string[] = [];

  beforeEach(async () => {
    database = await sqlite.open();
    players = createPlayers(database);
    logged.length = 0;
  });
  afterEach(async () => {
    await runner?.close();
    runner = undefined;
    await sqlite.close(database);
  });

  /** A table whose `seatsChanged` is `save`, with one guest at it; the changes it announces. */
  async function table(save: () => Promise<void>): Promise<{ playerId: string; changes: TableChange[] }> {
    runner = new TableRunner({
      config: unwrap(tableConfig({ tableId: 't', limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: null } })),
      ledger: createLedger(database),
      players,
      rng: createCryptoRng(globalThis.crypto),
      log: (message) => logged.push(message),
      seatsChanged: save,
    });
    const playerId = unwrap(await players.createGuest('Ann')).player.id;
    unwrap(await runner.join((await players.getPlayer(playerId))!));
    const changes: TableChange[] = [];
    runner.subscribe((change) => changes.push(change));
    return { playerId, changes };
  }

  it('is announced once its seats are saved, for a sit and for a stand; other actions save nothing', async () => {
    let release: () => void = () => undefined;
    let saves = 0;
    const { playerId, changes } = await table(() => {
      saves++;
      return new Promise<void>((resolve) => (release = resolve));
    });
    const sat = runner!.handle(playerId, { requestId: 'q-1', type: 'sit', seat: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saves).toBe(1);
    expect(changes).toEqual([]);
    release();
    unwrap(await sat);
    expect(changes.map((change) => change.ack?.requestId)).toEqual(['q-1']);
    expect(runner!.current.seats[2]).toBe(playerId);

    // A refused sit (the seat is hers already) and a top-up change no seat: nothing is saved.
    await runner!.handle(playerId, { requestId: 'q-2', type: 'sit', seat: 2 });
    await runner!.handle(playerId, { requestId: 'q-3', type: 'top-up' });
    expect(saves).toBe(1);
    const announced = changes.length;
    const stood = runner!.handle(playerId, { requestId: 'q-4', type: 'stand' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saves).toBe(2);
    expect(changes).toHaveLength(announced);
    release();
    unwrap(await stood);
    expect(changes.at(-1)?.ack?.requestId).toBe('q-4');
    expect(runner!.current.seats[2]).toBeNull();
  });

  it('goes on after 1 s when the save hangs, and at once when it fails; both are logged', async () => {
    const hanging = await table(() => new Promise<void>(() => undefined));
    const started = Date.now();
    unwrap(await runner!.handle(hanging.playerId, { requestId: 'q-1', type: 'sit', seat: 1 }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(hanging.changes).toHaveLength(1);
    expect(logged).toEqual([expect.stringContaining('not saved within 1000 ms')]);
    await runner!.close();

    logged.length = 0;
    const failing = await table(() => Promise.reject(new Error('the database is away')));
    unwrap(await runner!.handle(failing.playerId, { requestId: 'q-1', type: 'sit', seat: 1 }));
    expect(runner!.current.seats[1]).toBe(failing.playerId);
    expect(failing.changes).toHaveLength(1);
    expect(logged).toEqual([expect.stringContaining('could not be saved')]);
  });
});
