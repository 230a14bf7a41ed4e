/**
 * A tester's finding: two guests named "Anna" at one table showed as "Anna" twice in the seats, the reveal and the
 * results. Nicknames are not unique on the site; at a table, the second of two names that read alike is numbered.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCryptoRng, tableConfig, unwrap } from '@paigow/engine';
import { createLedger } from '../ledger/index.js';
import { createPlayers, type Player, type Players } from '../players/index.js';
import type { Database } from '../storage/database.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { TableRunner } from './runner.js';

const backend = TEST_BACKENDS[0];

describe('names at a table', () => {
  let database: Database;
  let players: Players;
  let table: TableRunner;
  beforeEach(async () => {
    database = await backend.open();
    players = createPlayers(database);
    table = new TableRunner({
      config: unwrap(tableConfig({ tableId: 'names', limits: { main: { minCents: 100, maxCents: 10_000 } } })),
      ledger: createLedger(database),
      players,
      rng: createCryptoRng(globalThis.crypto),
      log: () => undefined,
    });
  });
  afterEach(async () => {
    await table.close();
    await backend.close(database);
  });

  const guest = async (nickname: string): Promise<Player> => unwrap(await players.createGuest(nickname)).player;
  const play = async (player: Player, message: Record<string, unknown> & { type: string }): Promise<void> => {
    unwrap(await table.handle(player.id, { requestId: `${player.id}-${message.type}`, ...message } as Parameters<TableRunner['handle']>[1]));
  };

  it('numbers the second of two names that read alike in the seats, the reveal and the results', async () => {
    const [anna, otherAnna, cyrillicAnna, bo] = [await guest('Anna'), await guest('anna'), await guest('Аnna'), await guest('Bo')];
    for (const [seat, player] of [anna, otherAnna, cyrillicAnna, bo].entries()) {
      unwrap(await table.join(player));
      await play(player, { type: 'sit', seat });
      await play(player, { type: 'bet', spot: 'main', amountCents: 500 });
    }
    const seatNames = () => table.view(null).seats.map((seat) => seat.nickname);
    expect(seatNames().slice(0, 4)).toEqual(['Anna', 'anna (2)', 'Аnna (3)', 'Bo']);

    for (const player of [anna, otherAnna, cyrillicAnna, bo]) await play(player, { type: 'deal' });
    await expect.poll(() => table.current.phase).toBe('setting');
    const roundId = table.current.round!.roundId;
    expect(table.current.round!.hands.map((hand) => hand.nickname)).toEqual(['Anna', 'anna (2)', 'Аnna (3)', 'Bo']);
    for (const player of [anna, otherAnna, cyrillicAnna, bo]) await play(player, { type: 'house-way', roundId });
    await expect.poll(() => table.view(null).lastRound?.roundId).toBe(roundId);
    expect(table.view(anna.id).lastRound!.players.map((hand) => hand.nickname)).toEqual(['Anna', 'anna (2)', 'Аnna (3)', 'Bo']);

    // A player back at the table keeps its name; the first Anna gone, a new one takes the free name.
    unwrap(await table.leave(otherAnna.id));
    unwrap(await table.join(otherAnna));
    expect(table.view(otherAnna.id).you?.nickname).toBe('anna (2)');
    await play(anna, { type: 'stand' });
    unwrap(await table.leave(anna.id));
    const lateAnna = await guest('ANNA');
    unwrap(await table.join(lateAnna));
    // The last round's result still names the first Anna: the newcomer is numbered after the names shown.
    expect(table.view(lateAnna.id).you?.nickname).toBe('ANNA (4)');
  });

  it('leaves names that do not read alike as they are', async () => {
    const [anna, anne, annaTwo] = [await guest('Anna'), await guest('Anne'), await guest('Anna 2')];
    for (const player of [anna, anne, annaTwo]) unwrap(await table.join(player));
    expect([anna, anne, annaTwo].map((player) => table.view(player.id).you?.nickname)).toEqual(['Anna', 'Anne', 'Anna 2']);
    // "Anna (2)" would read as "Anna 2": the next Anna is the third.
    const again = await guest('Anna');
    unwrap(await table.join(again));
    expect(table.view(again.id).you?.nickname).toBe('Anna (3)');
  });
});
