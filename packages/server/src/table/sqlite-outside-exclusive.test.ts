/**
 * Decisions while another process holds the SQLite file with `BEGIN EXCLUSIVE` (an attacker's trial, docs/server.md
 * "Database faults": "SQLite never freezes the server"). A table carries out its operations one after another, and
 * each write of each operation used to wait its own 5 s for the lock (`DEFAULT_BUSY_WAIT`): with four players
 * deciding together, the house way that completed the round was answered after 20 s, when the lock ended. The
 * statements that find the file busy now share one wait: every decision is answered within about 5 s, the round's
 * settlement is retried in the background, its result shown only once recorded, and the money is as the ledger says.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore, signIn, startTestServer, TestClient, type TestStore } from '../testing/harness.js';
import type { ServerHandle } from '../server.js';
import { holdSqliteFile, until, type OutsideLock } from '../testing/faults.js';

/** How long the file is held, ms. */
const HOLD_MS = 20_000;

describe('decisions while another process holds the SQLite file (BEGIN EXCLUSIVE)', () => {
  let store: TestStore | undefined;
  let server: ServerHandle | undefined;
  let lock: OutsideLock | undefined;
  afterEach(async () => {
    await lock?.release().catch(() => undefined);
    await server?.close();
    await store?.dispose();
    lock = server = store = undefined;
  });

  it('answers each house way within about the 5 s busy wait, the last one completing the round; settled once the lock ends', { timeout: 90_000 }, async () => {
    store = createStore('sqlite');
    // The production busy wait and deadlines; a lease that outlives the hold, so that the fence does not answer first.
    server = await startTestServer(store, { lease: { leaseMs: 120_000, heartbeatMs: 1_000 } });
    const players: { client: TestClient; playerId: string }[] = [];
    for (const [seat, nickname] of ['jo', 'al', 'bo', 'cy'].entries()) {
      const session = await signIn(server, nickname);
      const client = await TestClient.join(server, 'small', session.token, nickname);
      await client.act('sit', { seat });
      await client.act('bet', { spot: 'main', amountCents: 1_000 });
      players.push({ client, playerId: session.player.id });
    }
    const froms = players.map(({ client }) => client.received.length);
    for (const { client } of players) client.send('deal');
    for (const [i, { client }] of players.entries()) await client.waitForView((view) => view.phase === 'setting', froms[i]);
    const roundId = players[0].client.view.roundId!;
    const runner = server.runners.get('small')!;

    lock = await holdSqliteFile(join(store.options.dataDir!, 'paigow.sqlite'), 'exclusive');
    const held = Date.now();
    const released = new Promise<void>((resolve) => {
      setTimeout(() => void lock!.release().then(() => ((lock = undefined), resolve())), HOLD_MS);
    });
    // Every player decides at once; the last decision the table handles completes the round.
    const answers = await Promise.all(
      players.map(async ({ client }) => {
        const from = client.received.length;
        const requestId = client.send('house-way');
        const answer = await client.waitFor((r) => (r.kind === 'view' && r.view.ack === requestId) || (r.kind === 'error' && r.error.requestId === requestId), from, 60_000);
        return { ms: Date.now() - held, answer };
      }),
    );
    const ms = answers.map((a) => a.ms);
    expect(Math.max(...ms), `answered after ${ms.join(', ')} ms`).toBeLessThan(7_000);
    expect(answers.map((a) => a.answer.kind)).toEqual(['view', 'view', 'view', 'view']);
    // The round ended, its settlement waits for the ledger: no reveal, the stakes in escrow.
    for (const { client } of players) {
      const settling = await client.waitForView((view) => view.settlingRoundId === roundId, 0, 2_000);
      expect(settling).toMatchObject({ phase: 'betting', lastRound: null });
    }
    expect(Date.now() - held).toBeLessThan(HOLD_MS);
    expect(runner.roundsInPlay).toBe(true);

    await released;
    await until(() => !runner.roundsInPlay, 30_000);
    for (const { client, playerId } of players) {
      const revealed = await client.waitForView((view) => view.lastRound?.roundId === roundId && view.settlingRoundId === null);
      expect(revealed.lastRound?.players.every((p) => p.setBy === 'house-way')).toBe(true);
      const history = await server.ledger.history(playerId);
      expect(history[0]).toMatchObject({ roundId, status: 'settled' });
      const balance = await server.ledger.balance(playerId);
      expect(balance).toEqual({ ok: true, value: 100_000 + history[0].netCents });
    }
    expect(await server.ledger.openRounds()).toEqual([]);
    expect(await server.ledger.audit()).toEqual([]);
  });
});
