/**
 * Bank reservations (docs/server.md "The banker's cover"; issue 10 point 2), on SQLite and PostgreSQL:
 * what they hold, what the deal then refuses and names, and who drops them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unwrap } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { countingLedger, openLedger, TEST_BACKENDS } from '../testing/backends.js';
import type { Ledger } from './ledger.js';
import { shortPlayersOf } from './open-round.js';

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`bank reservations on ${backend.title}`, () => {
    let database: Database;
    let ledger: Ledger;
    let ben: string;
    let pat: string;

    beforeEach(async () => {
      ({ database, ledger, guests: [ben, pat] } = await openLedger(backend, 'Ben', 'Pat'));
    });
    afterEach(async () => {
      await backend.close(database);
    });

    const reserve = (tableId: string, minCents: number, maxCents: number, ownerInstanceId: string | null = null) =>
      ledger.reserveBank({ tableId, playerId: ben, minCents, maxCents, ownerInstanceId });

    /** Deals round `roundId` at 'bank-table', Ben banking with a hold of `bankCents` against Pat's 100.00. */
    const dealBanked = async (roundId: string, bankCents: number): Promise<void> => {
      unwrap(
        await ledger.openRound({
          roundId,
          tableId: 'bank-table',
          bankerPlayerId: ben,
          holds: [
            { playerId: pat, kind: 'main', amountCents: 10_000 },
            { playerId: ben, kind: 'bank', amountCents: bankCents },
          ],
          secret: {},
          public: {},
        }),
      );
    };

    it('holds up to the cover wanted, from what other banks leave free; moves no money', async () => {
      expect(unwrap(await reserve('t1', 10_150, 50_750))).toBe(50_750);
      expect(unwrap(await reserve('t2', 10_150, 80_000))).toBe(49_250); // 1,000.00 − 507.50 held at t1
      const refused = await reserve('t3', 10_150, 50_750);
      expect(refused.ok === false && refused.error.code).toBe('ledger/insufficient-funds');
      expect(unwrap(await reserve('t1', 10_150, 20_000))).toBe(20_000); // a new approval replaces t1's
      expect(unwrap(await ledger.spendable(ben, 't1'))).toBe(50_750);
      expect(unwrap(await ledger.spendable(ben, 'elsewhere'))).toBe(100_000 - 20_000 - 49_250);
      expect(unwrap(await ledger.balance(ben))).toBe(100_000);
      const badRange = await reserve('t4', 500, 100);
      expect(badRange.ok === false && badRange.error.code).toBe('bet/invalid-amount');
      await ledger.releaseBank('t2', ben);
      expect(unwrap(await ledger.spendable(ben, 'elsewhere'))).toBe(80_000);
      expect(await ledger.audit()).toEqual([]);
    });

    it('refuses a deal whose stake is held by a bank elsewhere, naming only the short players; the bank’s own table deals', async () => {
      unwrap(await reserve('bank-table', 10_150, 95_000));
      const holds = [
        { playerId: ben, kind: 'main' as const, amountCents: 10_000 },
        { playerId: pat, kind: 'main' as const, amountCents: 10_000 },
      ];
      const refused = await ledger.openRound({ roundId: 'r1', tableId: 'house', bankerPlayerId: null, holds, secret: {}, public: {} });
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.error.code).toBe('ledger/insufficient-funds');
        expect(shortPlayersOf(refused.error)).toEqual([ben]);
      }
      expect(await ledger.openRounds()).toEqual([]);
      const banked = await ledger.openRound({
        roundId: 'r2',
        tableId: 'bank-table',
        bankerPlayerId: ben,
        holds: [
          { playerId: pat, kind: 'main', amountCents: 10_000 },
          { playerId: ben, kind: 'bank', amountCents: 10_150 },
        ],
        secret: {},
        public: {},
      });
      expect(banked.ok).toBe(true);
      expect(await ledger.audit()).toEqual([]);
    });

    it('holds a dealt round’s cover once: what the deal took into escrow is no longer held in the wallet', async () => {
      unwrap(await reserve('bank-table', 10_150, 50_750));
      await dealBanked('banked', 50_750);
      // 1,000.00 − 507.50 in escrow: all 492.50 left is free elsewhere, and the bank's own table shows it too.
      expect(unwrap(await ledger.balance(ben))).toBe(49_250);
      expect(unwrap(await ledger.spendable(ben, 'elsewhere'))).toBe(49_250);
      expect((await ledger.figures([ben], 'elsewhere'))[0].balanceCents).toBe(49_250);
      expect(unwrap(await reserve('second-bank', 10_150, 20_000))).toBe(20_000);
      await ledger.releaseBank('second-bank', ben);
      const elsewhere = await ledger.openRound({
        roundId: 'elsewhere-round',
        tableId: 'elsewhere',
        bankerPlayerId: null,
        holds: [{ playerId: ben, kind: 'main', amountCents: 49_250 }],
        secret: {},
        public: {},
      });
      expect(elsewhere.ok).toBe(true);
      expect(await ledger.audit()).toEqual([]);
    });

    it('recovery drops the reservations of processes no longer alive, never its own', async () => {
      const nowMs = Date.now();
      await database.db
        .insertInto('server_instances')
        .values([
          { id: 'dead', started_at_ms: nowMs - 60_000, heartbeat_at_ms: nowMs - 60_000, stopped_at_ms: null },
          { id: 'alive', started_at_ms: nowMs, heartbeat_at_ms: nowMs, stopped_at_ms: null },
        ])
        .execute();
      unwrap(await reserve('t-dead', 100, 1_000, 'dead'));
      unwrap(await reserve('t-alive', 100, 2_000, 'alive'));
      unwrap(await reserve('t-mine', 100, 4_000, 'me'));
      unwrap(await reserve('t-none', 100, 8_000, null));
      expect(await ledger.releaseOrphanReservations({ instanceId: 'me', nowMs, leaseMs: 15_000 })).toBe(1);
      expect(unwrap(await ledger.spendable(ben, 'elsewhere'))).toBe(100_000 - 2_000 - 4_000 - 8_000);
      // The banker is told, once, of the bank that went with its dead table.
      const told = (await ledger.unackedEvents([ben])).filter((event) => event.notice.code === 'notice/left-bank');
      expect(told.map((event) => [event.tableId, event.notice.params])).toEqual([['t-dead', { reason: 'server-stopped' }]]);
      expect(await ledger.releaseOrphanReservations({ instanceId: 'me', nowMs, leaseMs: 15_000 })).toBe(0);
      expect((await ledger.unackedEvents([ben])).filter((event) => event.notice.code === 'notice/left-bank')).toHaveLength(1);
    });

    it('a bank whose table moves: its reservation dropped and its banker told, together', async () => {
      unwrap(await reserve('t1', 100, 1_000, 'me'));
      await ledger.releaseMovedBank('t1', ben, Date.now());
      expect(unwrap(await ledger.spendable(ben, 'elsewhere'))).toBe(100_000);
      const told = await ledger.unackedEvents([ben]);
      expect(told.map((event) => [event.tableId, event.notice.code, event.notice.params])).toEqual([['t1', 'notice/left-bank', { reason: 'table-moved' }]]);
      expect(await ledger.audit()).toEqual([]);
    });

    it('never says more is held than the wallet has: a bank that held the whole balance and lost part of it (a player banker tester)', async () => {
      unwrap(await reserve('bank-table', 10_150, 100_000));
      await dealBanked('lost', 10_150);
      // Pat wins 100.00 against the bank and pays its 5.00 commission; the bank's 101.50 hold pays the win.
      const postings = [
        { from: 'escrow' as const, to: { player: pat }, amountCents: 10_000, kind: 'stake-return' as const },
        { from: 'escrow' as const, to: { player: pat }, amountCents: 10_000, kind: 'payout' as const },
        { from: { player: pat }, to: 'commission' as const, amountCents: 500, kind: 'commission' as const },
        { from: 'escrow' as const, to: { player: ben }, amountCents: 150, kind: 'stake-return' as const },
      ];
      unwrap(await ledger.settleRound({ roundId: 'lost', postings, compPoints: [], result: {} }));
      expect(unwrap(await ledger.balance(ben))).toBe(90_000);
      // The approval's reservation still says 1,000.00 until the next approval; the wallet has 900.00.
      const [figures] = await ledger.figures([ben], 'elsewhere');
      expect(figures).toMatchObject({ balanceCents: 0, heldElsewhereCents: 90_000 });
      expect(unwrap(await ledger.spendable(ben, 'elsewhere'))).toBe(0);
      expect(await ledger.audit()).toEqual([]);
    });

    it('reads the figures of several players in one statement: spendable at the table (as spendable), held at other tables and comp points; unknown players absent', async () => {
      unwrap(await reserve('t1', 10_150, 30_000));
      unwrap(await reserve('t2', 10_150, 20_000));
      await database.db.updateTable('players').set({ comp_points: 7 }).where('id', '=', pat).execute();
      const counting = countingLedger(database);
      const figures = await counting.ledger.figures([ben, pat, 'nobody', ben], 't1');
      expect(counting.statements()).toBe(1);
      expect([...figures].sort((a, b) => (a.playerId < b.playerId ? -1 : 1))).toEqual(
        [
          { playerId: ben, balanceCents: 100_000 - 20_000, compPoints: 0, heldElsewhereCents: 20_000 }, // t1's own bank is not deducted at t1
          { playerId: pat, balanceCents: 100_000, compPoints: 7, heldElsewhereCents: 0 },
        ].sort((a, b) => (a.playerId < b.playerId ? -1 : 1)),
      );
      for (const { playerId, balanceCents } of figures) expect(unwrap(await ledger.spendable(playerId, 't1'))).toBe(balanceCents);
      expect(await ledger.figures([], 't1')).toEqual([]);
    });

    it('answers the balance checks asked at once, at several tables, with one statement and as one at a time', async () => {
      unwrap(await reserve('t1', 10_150, 50_750));
      unwrap(await reserve('t2', 10_150, 20_000));
      const asks: [string, string][] = [
        [ben, 't1'],
        [ben, 't2'],
        [ben, 'elsewhere'],
        [pat, 't1'],
        ['nobody', 't1'],
      ];
      const oneAtATime = [];
      for (const [playerId, tableId] of asks) oneAtATime.push(await ledger.spendable(playerId, tableId));
      const { ledger: batched, statements: selects } = countingLedger(database, 'SelectQueryNode');
      const atOnce = await Promise.all(asks.map(([playerId, tableId]) => batched.spendable(playerId, tableId)));
      expect(selects()).toBe(1);
      expect(atOnce).toEqual(oneAtATime);
      expect(oneAtATime.map((answer) => (answer.ok ? answer.value : answer.error.code))).toEqual([
        100_000 - 20_000,
        100_000 - 50_750,
        100_000 - 50_750 - 20_000,
        100_000,
        'ledger/unknown-account',
      ]);
    });
  });
}
