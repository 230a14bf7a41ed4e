/**
 * No table stuck on a database fault (docs/server.md "Database faults"; issue 11 points 1–2, issue 10
 * point 5), on both databases. Faults are injected from outside: on PostgreSQL a row lock held by another
 * session, whose waiters are terminated or cancelled mid-transaction; on SQLite another process holding
 * `BEGIN IMMEDIATE`. A deal that cannot be recorded returns the table to betting with the bets back on the
 * felt and a notice; a settlement that fails is retried until it succeeds, or refunded past its deadline;
 * meanwhile the player is shown only the money the ledger has; the process survives and play goes on.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeResponse } from '@paigow/protocol';
import { createStore, getJson, signIn, startTestServer, STORE_BACKENDS, TestClient, type TestStore } from '../testing/harness.js';
import type { ServerHandle } from '../server.js';
import { holdPostgresRow, holdSqliteFile, until, type OutsideLock } from '../testing/faults.js';

const DEADLINES = { dealMs: 1_000, settleMs: 1_500, firstRetryPauseMs: 100, maxRetryPauseMs: 300 };
const BUSY_WAIT = { attemptMs: 5, firstPauseMs: 5, maxPauseMs: 50, totalMs: 300 };

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`a round under database faults on ${backend.name}`, () => {
    let store: TestStore | undefined;
    let server: ServerHandle | undefined;
    let lock: OutsideLock | undefined;
    afterEach(async () => {
      await lock?.release().catch(() => undefined);
      await server?.close();
      await store?.dispose();
      lock = server = store = undefined;
    });

    /** Locks what the ledger write needs: the player's wallet (a deal) or the round (a settlement); the whole file on SQLite. */
    async function hold(table: 'accounts' | 'rounds', id: string): Promise<OutsideLock> {
      const { dataDir, databaseUrl, databaseSchema } = store!.options;
      lock = databaseUrl === undefined ? await holdSqliteFile(join(dataDir!, 'paigow.sqlite')) : await holdPostgresRow(databaseUrl, databaseSchema!, table, id);
      return lock;
    }

    async function seatedPlayer(betCents: number): Promise<{ jo: TestClient; playerId: string; token: string }> {
      store = createStore(backend.name);
      server = await startTestServer(store, { roundDeadlines: DEADLINES, sqliteBusyWait: BUSY_WAIT });
      const session = await signIn(server, 'Jo');
      const jo = await TestClient.join(server, 'small', session.token, 'jo');
      await jo.act('sit', { seat: 0 });
      await jo.act('bet', { spot: 'main', amountCents: betCents });
      return { jo, playerId: session.player.id, token: session.token };
    }

    const ledgerBalance = async (playerId: string): Promise<number> => {
      const balance = await server!.ledger.balance(playerId);
      if (!balance.ok) throw new Error(balance.error.message);
      return balance.value;
    };

    it('a deal whose transaction keeps failing returns the table to betting with the bets on the felt and a notice; play goes on', async () => {
      const { jo, playerId } = await seatedPlayer(500);
      const runner = server!.runners.get('small')!;
      const held = await hold('accounts', `wallet:${playerId}`);
      const from = jo.received.length;
      jo.send('deal');
      // PostgreSQL: every attempt waits for the wallet's lock and its backend is terminated mid-transaction.
      // Until the deal is given up (its notice): the Deal itself is answered before the deal is tried.
      await held.interruptWaiters('terminate', () => jo.received.slice(from).some((r) => r.kind === 'notice' && r.notice.code === 'notice/round-void'));
      const notice = await jo.waitForNotice('notice/round-void', from);
      expect(notice.params).toMatchObject({ reason: 'action/unavailable' });
      // The view that came with the notice (the Deal's own answer, before the deal was tried, showed the table betting too).
      const noticeAt = jo.received.findIndex((r, i) => i >= from && r.kind === 'notice' && r.notice.code === 'notice/round-void');
      const back = await jo.waitForView((view) => view.phase === 'betting' && view.you?.bets.main === 500, noticeAt - 1);
      // Until the ledger says whether the deal reached it, the balance shown is without the stake.
      expect(back.you?.balanceCents).toBe(99_500);

      await held.release();
      lock = undefined;
      await until(() => !runner.roundsInPlay); // the refund in case the deal had reached the ledger: it had not
      expect(await server!.ledger.openRounds()).toEqual([]);
      expect(await ledgerBalance(playerId)).toBe(100_000);
      await jo.waitForView((view) => view.you?.balanceCents === 100_000 && view.you.bets.main === 500, from);

      const dealt = await jo.act('deal'); // the same bets, dealt now
      expect(dealt.phase).toBe('setting');
      expect(dealt.you?.balanceCents).toBe(99_500);
      expect(await server!.ledger.audit()).toEqual([]);
    });

    // The result waits for the ledger: an operator saw a table reveal a player's own setting during a database outage,
    // and the round recovered elsewhere by the house way paid another result than the one shown.
    it('a settlement that fails is retried until it succeeds; meanwhile the player sees the ledger balance only, and the result once recorded', async () => {
      const { jo, playerId, token } = await seatedPlayer(1_000);
      const runner = server!.runners.get('small')!;
      const dealt = await jo.act('deal');
      const roundId = dealt.roundId!;
      const held = await hold('rounds', roundId);
      const from = jo.received.length;
      jo.send('house-way');
      // The round ends; its settlement fails (PostgreSQL: its backend cancelled while it waits for the round's lock).
      await held.interruptWaiters('cancel', () => jo.received.slice(from).some((r) => r.kind === 'view' && r.view.settlingRoundId === roundId));
      const settling = await jo.waitForView((view) => view.settlingRoundId === roundId, from);
      expect(settling.phase).toBe('betting');
      expect(settling.lastRound).toBeNull(); // no reveal the ledger has not recorded
      expect(jo.received.slice(from).some((r) => r.kind === 'view' && r.view.lastRound?.roundId === roundId)).toBe(false);
      expect(runner.roundsInPlay).toBe(true);
      expect(await ledgerBalance(playerId)).toBe(99_000); // the stake is in escrow
      expect(settling.you?.balanceCents).toBe(99_000); // not the 1,000 returned (nor any winnings)
      expect(settling.you?.compPoints).toBe(0);
      expect((await server!.ledger.openRounds()).map((round) => round.roundId)).toEqual([roundId]);

      await held.release();
      lock = undefined;
      await until(() => !runner.roundsInPlay);
      const revealed = await jo.waitForView((view) => view.lastRound?.roundId === roundId && view.settlingRoundId === null, from);
      expect(revealed.lastRound?.players[0]?.setBy).toBe('house-way');
      const history = await server!.ledger.history(playerId);
      expect(history[0]).toMatchObject({ roundId, status: 'settled' });
      const final = 99_000 + 1_000 + history[0].netCents;
      const shown = await jo.waitForView((view) => view.you?.balanceCents === final && view.you.compPoints === 10, from);
      expect(shown.you?.balanceCents).toBe(await ledgerBalance(playerId));
      expect((await getJson<MeResponse>(server!, '/api/me', token)).body.player.compPoints).toBe(10);
      expect(jo.notices.filter((n) => n.code === 'notice/round-recovered')).toEqual([]);
      expect(await server!.ledger.audit()).toEqual([]);
    });

    it('a settlement that cannot be recorded within its deadline is refunded, and the player is told', async () => {
      const { jo, playerId } = await seatedPlayer(1_000);
      const runner = server!.runners.get('small')!;
      const dealt = await jo.act('deal');
      const roundId = dealt.roundId!;
      const held = await hold('rounds', roundId);
      const from = jo.received.length;
      jo.send('house-way');
      let endedAt = Number.POSITIVE_INFINITY;
      await held.interruptWaiters('terminate', () => {
        if (endedAt === Number.POSITIVE_INFINITY && jo.received.slice(from).some((r) => r.kind === 'view' && r.view.settlingRoundId === roundId)) {
          endedAt = Date.now();
        }
        return Date.now() - endedAt > DEADLINES.settleMs + DEADLINES.maxRetryPauseMs + 500;
      });
      expect(runner.roundsInPlay).toBe(true);
      expect(jo.view.you?.balanceCents).toBe(99_000);
      await held.release();
      lock = undefined;

      const notice = await jo.waitForNotice('notice/round-recovered', from);
      expect(notice.params).toEqual({ roundId, outcome: 'refunded', netCents: 0, setBy: null });
      const refunded = await jo.waitForView((view) => view.you?.balanceCents === 100_000 && view.settlingRoundId === null, from);
      // Its result was never shown: the player was paid a refund, not that result.
      expect(refunded.lastRound).toBeNull();
      expect(jo.received.slice(from).some((r) => r.kind === 'view' && r.view.lastRound?.roundId === roundId)).toBe(false);
      await until(() => !runner.roundsInPlay);
      expect((await server!.ledger.history(playerId))[0]).toMatchObject({ roundId, status: 'refunded' });
      expect(await ledgerBalance(playerId)).toBe(100_000);
      expect(await server!.ledger.audit()).toEqual([]);
      // Play goes on.
      await jo.act('bet', { spot: 'main', amountCents: 100 });
      expect((await jo.act('deal')).phase).toBe('setting');
    });
  });
}
