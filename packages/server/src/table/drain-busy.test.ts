/**
 * A drain waits for the operations under way (`TableRunner.idle`), not only for the rounds in play: the cluster
 * operator's trial found a player's last decision of a round unanswered when its table moved in a drain,
 * because the round was over (settled) while the view that answers the decision was still to be sent. And a bet
 * refused by a drain says why: the table moves, or the process stops.
 */
import { describe, expect, it } from 'vitest';
import { createCryptoRng, tableConfig, unwrap } from '@paigow/engine';
import { createLedger } from '../ledger/index.js';
import { createPlayers } from '../players/index.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { drainTables } from './drain.js';
import { TableRunner, type TableChange, type TableRunnerOptions } from './runner.js';

/** Runs `test` with a runner of table `t` on a fresh SQLite database, and Ann, a guest joined there. */
async function withRunner(
  more: Partial<TableRunnerOptions>,
  test: (runner: TableRunner, playerId: string) => Promise<void>,
): Promise<void> {
  const sqlite = TEST_BACKENDS[0];
  const database = await sqlite.open();
  const players = createPlayers(database);
  const runner = new TableRunner({
    config: unwrap(tableConfig({ tableId: 't', limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: null } })),
    ledger: createLedger(database),
    players,
    rng: createCryptoRng(globalThis.crypto),
    log: () => undefined,
    ...more,
  });
  try {
    const playerId = unwrap(await players.createGuest('Ann')).player.id;
    unwrap(await runner.join((await players.getPlayer(playerId))!));
    await test(runner, playerId);
  } finally {
    await runner.close();
    await sqlite.close(database);
  }
}

describe('a drain', () => {
  it('ends only once the change of an operation under way is announced', async () => {
    // The sit's change waits 300 ms before it is announced (as a settlement's waits for the inboxes).
    await withRunner({ seatsChanged: () => new Promise((resolve) => setTimeout(resolve, 300)) }, async (runner, playerId) => {
      const changes: TableChange[] = [];
      runner.subscribe((change) => changes.push(change));
      const sat = runner.handle(playerId, { requestId: 'q-1', type: 'sit', seat: 0 });
      expect(runner.roundsInPlay).toBe(false);
      expect(await drainTables([runner], 5_000, new Promise(() => undefined))).toBe('finished');
      expect(changes.map((change) => change.ack?.requestId)).toEqual(['q-1']);
      unwrap(await sat);
    });
  });

  // A service tester's: with no round in play, a drain took 20 s, as long as a flood of joins that kept the table's
  // queue from ever being empty.
  it('does not wait for the operations queued after the rounds are over', async () => {
    await withRunner({ seatsChanged: () => new Promise((resolve) => setTimeout(resolve, 50)) }, async (runner, playerId) => {
      let sent = 0;
      // A sit or a stand every 20 ms, each 50 ms long: the queue only grows.
      const flood = setInterval(() => {
        sent += 1;
        void runner.handle(playerId, sent % 2 === 1 ? { requestId: `f-${sent}`, type: 'sit', seat: 0 } : { requestId: `f-${sent}`, type: 'stand' });
      }, 20);
      try {
        await new Promise((resolve) => setTimeout(resolve, 200));
        // Before its deadline, with the flood still on (it waited for the flood to end: 'deadline').
        expect(await drainTables([runner], 3_000, new Promise(() => undefined))).toBe('finished');
      } finally {
        clearInterval(flood);
      }
      await runner.idle();
    });
  });

  // An operator's: while a table moved (about 0.6 s), a bet was refused as if the server restarted, "try again in a minute".
  it('tells a bet refused while the table moves that it moves, and one refused while the process stops that it restarts; a move called off takes bets again', async () => {
    await withRunner({}, async (runner, playerId) => {
      unwrap(await runner.handle(playerId, { requestId: 'q-1', type: 'sit', seat: 0 }));
      const bet = () => runner.handle(playerId, { requestId: 'q-2', type: 'bet', spot: 'main', amountCents: 100 });
      expect(await drainTables([runner], 5_000, new Promise(() => undefined), 'moving')).toBe('finished');
      expect(await bet()).toMatchObject({ ok: false, error: { code: 'bet/closed', message: expect.stringMatching(/moving to another server/) } });
      runner.resume();
      unwrap(await bet());
      runner.drain('moving');
      runner.drain();
      runner.drain('moving'); // a stop prevails
      expect(await bet()).toMatchObject({ ok: false, error: { code: 'bet/closed', message: expect.stringMatching(/restarting/) } });
    });
  });

  // A move that the hosting calls off as the process's drain starts (its `resumeRounds` after a database read under
  // way at the signal) took bets and dealt again at a table of a process draining to stop.
  it('is not ended by a move called off once the process drains to stop', async () => {
    await withRunner({}, async (runner, playerId) => {
      unwrap(await runner.handle(playerId, { requestId: 'q-1', type: 'sit', seat: 0 }));
      runner.drain('moving');
      runner.drain();
      runner.resume();
      expect(await runner.handle(playerId, { requestId: 'q-2', type: 'bet', spot: 'main', amountCents: 100 })).toMatchObject({ ok: false, error: { code: 'bet/closed', message: expect.stringMatching(/restarting/) } });
    });
  });

  // An operator's: a cluster's process drained (its tables go to the live peers) told its players "the server is
  // restarting ... try again in a minute", and they were playing on another process a second later.
  it('tells the players of a process stopping whose table a peer takes on that it moves; a move called off does not end that drain', async () => {
    await withRunner({}, async (runner, playerId) => {
      unwrap(await runner.handle(playerId, { requestId: 'q-1', type: 'sit', seat: 0 }));
      const bet = () => runner.handle(playerId, { requestId: 'q-2', type: 'bet', spot: 'main', amountCents: 100 });
      runner.drain('leaving');
      expect(await bet()).toMatchObject({ ok: false, error: { code: 'bet/closed', message: expect.stringMatching(/moving to another server/) } });
      expect(await drainTables([runner], 5_000, new Promise(() => undefined))).toBe('finished');
      runner.drain('moving');
      runner.resume();
      expect(await bet()).toMatchObject({ ok: false, error: { code: 'bet/closed', message: expect.stringMatching(/moving to another server/) } });
    });
  });
});
