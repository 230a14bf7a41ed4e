/**
 * A peer does not recover a live owner's round right after a database outage (docs/server.md "Processes, leases and
 * recovery"). An operator cut PostgreSQL for 25 s under three processes: two players had set their hands at the start
 * of the cut, their table's process held the settings while it waited to retry the settlement, and a peer recovered
 * the round one second after the cut ended, before the owner renewed its lease: the players' settings were replaced
 * by the house way's, marked `disconnect`. Here two processes share a SQLite file that another process holds through
 * the outage: the player's own setting is the one settled, by its table's process.
 */
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatCard, houseWay, parseHand, unwrap } from '@paigow/engine';
import type { ServerHandle } from '../server.js';
import { buildServer, serversPerTest, signIn, TestClient } from '../testing/harness.js';
import { holdSqliteFile, until, type OutsideLock } from '../testing/faults.js';

/**
 * A short lease, which the outage below outlasts several times over. The owner renews it less often than the peer
 * looks for rounds to recover, so that after the outage the peer looks before the owner has renewed (the race the
 * operator's peer won).
 */
const OWNER_LEASE = { leaseMs: 1_500, heartbeatMs: 700, stallMs: 60_000 };
const PEER_LEASE = { leaseMs: 1_500, heartbeatMs: 100, stallMs: 60_000 };
/** How long the file is held: past the settlement's 5 s busy wait, so that the settlement is retried later. */
const OUTAGE_MS = 8_000;

describe('recovery after a database outage (SQLite held from outside)', () => {
  const servers = serversPerTest('sqlite');
  let server: ServerHandle | undefined;
  let jo: TestClient | undefined;
  let lock: OutsideLock | undefined;
  beforeAll(buildServer, 120_000);
  afterEach(async () => {
    await lock?.release().catch(() => undefined);
    await jo?.leave().catch(() => undefined);
    lock = jo = server = undefined;
  });

  it('leaves a live owner its round: the player’s setting made during the outage is settled, not the house way', { timeout: 90_000 }, async () => {
    server = await servers.start({ lease: OWNER_LEASE });
    await servers.spawn({ lease: PEER_LEASE });
    const session = await signIn(server, 'Jo');
    jo = await TestClient.join(server, 'small', session.token, 'jo');
    await jo.act('sit', { seat: 0 });
    await jo.act('bet', { spot: 'main', amountCents: 1_000 });
    const dealt = await jo.act('deal');
    const roundId = dealt.roundId!;
    const low = houseWay(unwrap(parseHand(dealt.you!.cards!))).low.map(formatCard);

    lock = await holdSqliteFile(join(servers.store.options.dataDir!, 'paigow.sqlite'));
    const released = new Promise<void>((resolve) => {
      setTimeout(() => void lock!.release().then(() => ((lock = undefined), resolve())), OUTAGE_MS);
    });
    // Set at once, while the lease still holds: accepted, its settlement waits for the file.
    const from = jo.received.length;
    const requestId = jo.send('set', { low });
    await jo.waitFor((r) => (r.kind === 'view' && r.view.ack === requestId) || (r.kind === 'error' && r.error.requestId === requestId), from, 30_000);
    await released;

    const runner = server.runners.get('small')!;
    await until(() => !runner.roundsInPlay, 60_000);
    const history = await server.ledger.history(session.player.id);
    expect(history[0]).toMatchObject({ roundId, status: 'settled' });
    expect((history[0].result as { players: { setBy: string }[] }).players[0].setBy).toBe('player');
    expect((await server.ledger.openRounds()).length).toBe(0);
    expect(await server.ledger.sumOfBalances()).toBe(0);
  });
});
