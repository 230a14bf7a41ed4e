import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unwrap, type Result } from '@paigow/engine';
import { createPlayers } from '../players/players.js';
import type { Database } from '../storage/database.js';
import { openLedger, TEST_BACKENDS } from '../testing/backends.js';
import type { Ledger } from './ledger.js';
import type { OpenRoundInput } from './open-round.js';
import { loadRound } from './rounds.js';

function codeOf(result: Result<unknown>): string | undefined {
  return result.ok ? undefined : result.error.code;
}

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`rounds on ${backend.title}`, () => {
    let database: Database;
    let ledger: Ledger;
    let alice: string;
    let bob: string;
    let carol: string;

    /** After every operation: the balances sum to 0 and the ledger is consistent. */
    async function expectSound(): Promise<void> {
      expect(await ledger.sumOfBalances()).toBe(0);
      expect(await ledger.audit()).toEqual([]);
    }

    /** Each wallet's balance by player id, and each system account kind's total over the tables by kind. */
    async function balances(): Promise<Record<string, number>> {
      const totals: Record<string, number> = {};
      for (const account of await ledger.accountBalances()) {
        const key = account.playerId ?? account.kind;
        totals[key] = (totals[key] ?? 0) + account.balanceCents;
      }
      return totals;
    }

    function dealOf(roundId: string): OpenRoundInput {
      return {
        roundId,
        tableId: 'table-1',
        bankerPlayerId: null,
        holds: [
          { playerId: alice, kind: 'main', amountCents: 1_000 },
          { playerId: alice, kind: 'fortune', amountCents: 500 },
          { playerId: bob, kind: 'main', amountCents: 2_000 },
        ],
        secret: { deck: ['As', 'Kd'], hands: { [alice]: ['Jk'] } },
        public: { seats: 2 },
      };
    }

    beforeEach(async () => {
      ({ database, ledger, guests: [alice, bob, carol] } = await openLedger(backend, 'alice', 'bob', 'carol'));
    });
    afterEach(async () => {
      await backend.close(database);
    });

    it('openRound moves every hold into escrow and records the round as open', async () => {
      const round = unwrap(await ledger.openRound(dealOf('r1')));
      expect(round).toMatchObject({
        roundId: 'r1',
        tableId: 'table-1',
        bankerPlayerId: null,
        status: 'open',
        result: null,
      });
      expect(round.holds).toEqual(
        [
          { playerId: alice, kind: 'main', amountCents: 1_000 },
          { playerId: alice, kind: 'fortune', amountCents: 500 },
          { playerId: bob, kind: 'main', amountCents: 2_000 },
        ].sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0)),
      );
      expect(round.players).toEqual(
        expect.arrayContaining([
          { playerId: alice, role: 'player', netCents: -1_500, compPointsDelta: 0 },
          { playerId: bob, role: 'player', netCents: -2_000, compPointsDelta: 0 },
        ]),
      );
      expect(round.public).toEqual({ seats: 2 });
      expect(round).not.toHaveProperty('secret');
      expect(await balances()).toMatchObject({ [alice]: 98_500, [bob]: 98_000, [carol]: 100_000, escrow: 3_500 });
      const open = await ledger.openRounds();
      expect(open.map((r) => [r.roundId, r.secret])).toEqual([['r1', dealOf('r1').secret]]);
      await expectSound();
    });

    it('settles a house-banked round: win less commission, lost Fortune, push', async () => {
      unwrap(await ledger.openRound(dealOf('r1')));
      const settled = unwrap(
        await ledger.settleRound({
          roundId: 'r1',
          postings: [
            { from: 'escrow', to: { player: alice }, amountCents: 1_000, kind: 'stake-return' },
            { from: 'house', to: { player: alice }, amountCents: 1_000, kind: 'payout' },
            { from: { player: alice }, to: 'commission', amountCents: 50, kind: 'commission' },
            { from: 'escrow', to: 'house', amountCents: 500, kind: 'stake-lost' },
            { from: 'escrow', to: { player: bob }, amountCents: 2_000, kind: 'stake-return' },
          ],
          compPoints: [
            { playerId: alice, delta: 15 },
            { playerId: bob, delta: 20 },
          ],
          result: { [alice]: 'win', [bob]: 'push' },
        }),
      );
      expect(settled.status).toBe('settled');
      // The record is built from what the settlement wrote: it is what reading the round back gives.
      expect(settled).toEqual(await loadRound(database.db, 'r1'));
      expect(settled.result).toEqual({ [alice]: 'win', [bob]: 'push' });
      expect(settled.closedAt).not.toBeNull();
      expect(settled.players).toEqual(
        expect.arrayContaining([
          { playerId: alice, role: 'player', netCents: 450, compPointsDelta: 15 },
          { playerId: bob, role: 'player', netCents: 0, compPointsDelta: 20 },
        ]),
      );
      expect(await balances()).toMatchObject({
        [alice]: 100_450,
        [bob]: 100_000,
        escrow: 0,
        house: -500,
        commission: 50,
        issuance: -300_000,
      });
      const players = createPlayers(database);
      expect((await players.getPlayer(alice))?.compPoints).toBe(15);
      expect((await players.getPlayer(bob))?.compPoints).toBe(20);
      expect(await ledger.openRounds()).toEqual([]);
      await expectSound();
    });

    it('settles a player-banked round with the banker paying the winner and its 1.5% fee', async () => {
      const round = unwrap(
        await ledger.openRound({
          roundId: 'r2',
          tableId: 'table-1',
          bankerPlayerId: carol,
          holds: [
            { playerId: alice, kind: 'main', amountCents: 5_000 },
            { playerId: carol, kind: 'bank', amountCents: 5_075 },
          ],
          secret: null,
          public: {},
        }),
      );
      expect(round.players).toEqual(
        expect.arrayContaining([
          { playerId: alice, role: 'player', netCents: -5_000, compPointsDelta: 0 },
          { playerId: carol, role: 'banker', netCents: -5_075, compPointsDelta: 0 },
        ]),
      );
      expect(round).toEqual(await loadRound(database.db, 'r2'));
      const settled = unwrap(
        await ledger.settleRound({
          roundId: 'r2',
          postings: [
            { from: 'escrow', to: { player: alice }, amountCents: 5_000, kind: 'stake-return' },
            { from: 'escrow', to: { player: alice }, amountCents: 5_000, kind: 'payout' },
            { from: 'escrow', to: 'commission', amountCents: 75, kind: 'banker-fee' },
          ],
          compPoints: [
            { playerId: alice, delta: 50 },
            { playerId: carol, delta: -50 },
          ],
          result: 'alice wins',
        }),
      );
      expect(settled.players).toEqual(
        expect.arrayContaining([
          { playerId: alice, role: 'player', netCents: 5_000, compPointsDelta: 50 },
          { playerId: carol, role: 'banker', netCents: -5_075, compPointsDelta: -50 },
        ]),
      );
      expect(settled).toEqual(await loadRound(database.db, 'r2'));
      expect(await balances()).toMatchObject({
        [alice]: 105_000,
        [carol]: 94_925,
        commission: 75,
        escrow: 0,
        house: 0,
      });
      expect((await createPlayers(database).getPlayer(carol))?.compPoints).toBe(-50);
      await expectSound();
    });

    it('is idempotent: opening or settling the same round twice posts once and returns the first result', async () => {
      const opened = unwrap(await ledger.openRound(dealOf('r1')));
      const reopened = unwrap(await ledger.openRound(dealOf('r1')));
      expect(reopened).toEqual(opened);
      expect(await balances()).toMatchObject({ [alice]: 98_500, [bob]: 98_000, escrow: 3_500 });

      const settlement = {
        roundId: 'r1',
        postings: [
          { from: 'escrow', to: 'house', amountCents: 3_500, kind: 'stake-lost' },
        ] as const,
        compPoints: [{ playerId: alice, delta: 15 }],
        result: 'all lose',
      };
      const first = unwrap(await ledger.settleRound(settlement));
      const transfers = await database.db.selectFrom('transfers').select('id').execute();
      const second = unwrap(await ledger.settleRound({ ...settlement, result: 'different', compPoints: [] }));
      expect(second).toEqual(first);
      expect(await database.db.selectFrom('transfers').select('id').execute()).toHaveLength(transfers.length);
      expect(await balances()).toMatchObject({ [alice]: 98_500, [bob]: 98_000, escrow: 0, house: 3_500 });
      expect((await createPlayers(database).getPlayer(alice))?.compPoints).toBe(15);
      expect(unwrap(await ledger.openRound(dealOf('r1'))).status).toBe('settled');
      await expectSound();
    });

    it('refuses the whole openRound when one wallet lacks funds, and changes nothing', async () => {
      const before = await balances();
      const deal = dealOf('r1');
      const result = await ledger.openRound({
        ...deal,
        holds: [...deal.holds, { playerId: carol, kind: 'main', amountCents: 100_001 }],
      });
      expect(codeOf(result)).toBe('ledger/insufficient-funds');
      expect(await balances()).toEqual(before);
      expect(await ledger.openRounds()).toEqual([]);
      expect(await ledger.history(alice)).toEqual([]);
      await expectSound();
      // The refused round id stays free.
      expect(unwrap(await ledger.openRound(deal)).status).toBe('open');
      await expectSound();
    });

    it('refunds every hold; refunding again returns the refund; settling a refunded round is refused', async () => {
      unwrap(await ledger.openRound(dealOf('r1')));
      const refunded = unwrap(await ledger.refundRound('r1', 'server restart'));
      expect(refunded).toMatchObject({ status: 'refunded', refundReason: 'server restart' });
      expect(refunded.players.map((player) => player.netCents)).toEqual([0, 0]);
      expect(await balances()).toMatchObject({ [alice]: 100_000, [bob]: 100_000, escrow: 0 });
      expect(unwrap(await ledger.refundRound('r1', 'again'))).toEqual(refunded);
      const settle = await ledger.settleRound({
        roundId: 'r1',
        postings: [{ from: 'escrow', to: 'house', amountCents: 3_500, kind: 'stake-lost' }],
        compPoints: [],
        result: null,
      });
      expect(codeOf(settle)).toBe('action/stale');
      expect(await balances()).toMatchObject({ [alice]: 100_000, [bob]: 100_000, escrow: 0, house: 0 });
      await expectSound();
    });

    it('refuses to refund a settled round', async () => {
      unwrap(await ledger.openRound(dealOf('r1')));
      unwrap(
        await ledger.settleRound({
          roundId: 'r1',
          postings: [{ from: 'escrow', to: 'house', amountCents: 3_500, kind: 'stake-lost' }],
          compPoints: [],
          result: null,
        }),
      );
      expect(codeOf(await ledger.refundRound('r1', 'late'))).toBe('action/stale');
      expect(await balances()).toMatchObject({ escrow: 0, house: 3_500 });
      await expectSound();
    });

    it('refuses a settlement that does not release escrow exactly or names a stranger', async () => {
      unwrap(await ledger.openRound(dealOf('r1')));
      const before = await balances();
      const attempts = [
        [{ from: 'escrow', to: 'house', amountCents: 3_499, kind: 'stake-lost' }],
        [{ from: 'escrow', to: 'house', amountCents: 3_501, kind: 'stake-lost' }],
        [
          { from: 'escrow', to: 'house', amountCents: 3_500, kind: 'stake-lost' },
          { from: 'house', to: 'escrow', amountCents: 1, kind: 'payout' },
        ],
        [{ from: 'escrow', to: { player: carol }, amountCents: 3_500, kind: 'payout' }],
        [{ from: 'escrow', to: 'house', amountCents: 0, kind: 'stake-lost' }],
        [{ from: 'escrow', to: 'house', amountCents: 3_500.5, kind: 'stake-lost' }],
        [{ from: 'house', to: 'house', amountCents: 1, kind: 'payout' }],
        [{ from: 'escrow', to: 'house', amountCents: 3_500, kind: 'jackpot' }],
      ] as const;
      for (const postings of attempts) {
        const settlement = { roundId: 'r1', postings: postings as never, compPoints: [], result: null };
        const result = await ledger.settleRound(settlement);
        expect(codeOf(result)).toBe('action/invalid');
      }
      const stranger = await ledger.settleRound({
        roundId: 'r1',
        postings: [{ from: 'escrow', to: 'house', amountCents: 3_500, kind: 'stake-lost' }],
        compPoints: [{ playerId: carol, delta: 1 }],
        result: null,
      });
      expect(codeOf(stranger)).toBe('action/invalid');
      const unknown = await ledger.settleRound({ roundId: 'nope', postings: [], compPoints: [], result: null });
      expect(codeOf(unknown)).toBe('action/invalid');
      expect(codeOf(await ledger.refundRound('nope', 'x'))).toBe('action/invalid');
      expect(await balances()).toEqual(before);
      expect((await ledger.openRounds()).map((round) => round.status)).toEqual(['open']);
      await expectSound();
    });

    it('refuses a settlement whose banker cannot pay, leaving the round open to be refunded', async () => {
      unwrap(
        await ledger.openRound({
          roundId: 'r3',
          tableId: 't',
          bankerPlayerId: carol,
          holds: [{ playerId: alice, kind: 'main', amountCents: 100_000 }],
          secret: {},
          public: {},
        }),
      );
      unwrap(
        await ledger.openRound({
          roundId: 'r4',
          tableId: 't2',
          bankerPlayerId: null,
          holds: [{ playerId: carol, kind: 'main', amountCents: 50_000 }],
          secret: {},
          public: {},
        }),
      );
      const result = await ledger.settleRound({
        roundId: 'r3',
        postings: [
          { from: 'escrow', to: { player: alice }, amountCents: 100_000, kind: 'stake-return' },
          { from: { player: carol }, to: { player: alice }, amountCents: 100_000, kind: 'payout' },
        ],
        compPoints: [],
        result: null,
      });
      expect(codeOf(result)).toBe('ledger/insufficient-funds');
      expect(await balances()).toMatchObject({ [alice]: 0, [carol]: 50_000, escrow: 150_000 });
      expect(unwrap(await ledger.refundRound('r3', 'banker cannot pay')).status).toBe('refunded');
      expect(await balances()).toMatchObject({ [alice]: 100_000, [carol]: 50_000, escrow: 50_000 });
      await expectSound();
    });

    it('validates the deal', async () => {
      const deal = dealOf('r1');
      const cases: [Partial<OpenRoundInput>, string][] = [
        [{ holds: [] }, 'bet/none'],
        [{ holds: [{ playerId: alice, kind: 'main', amountCents: 0 }] }, 'bet/invalid-amount'],
        [{ holds: [{ playerId: alice, kind: 'main', amountCents: -5 }] }, 'bet/invalid-amount'],
        [{ holds: [{ playerId: alice, kind: 'main', amountCents: 1.5 }] }, 'bet/invalid-amount'],
        [{ holds: [deal.holds[0], deal.holds[0]] }, 'action/invalid'],
        [{ holds: [{ playerId: alice, kind: 'bank', amountCents: 1 }] }, 'action/invalid'],
        [{ bankerPlayerId: alice }, 'action/invalid'],
        [{ roundId: '' }, 'action/invalid'],
        [{ holds: [{ playerId: 'ghost', kind: 'main', amountCents: 1 }] }, 'ledger/unknown-account'],
        [{ bankerPlayerId: 'ghost' }, 'ledger/unknown-account'],
      ];
      for (const [change, code] of cases) {
        expect(codeOf(await ledger.openRound({ ...deal, ...change })), JSON.stringify(change)).toBe(code);
      }
      expect(await ledger.openRounds()).toEqual([]);
      await expect(ledger.openRound({ ...deal, secret: undefined })).rejects.toThrow(TypeError);
      await expectSound();
    });

    it('runs concurrent repeats of one deal and one settlement exactly once', async () => {
      const opened = await Promise.all(Array.from({ length: 8 }, () => ledger.openRound(dealOf('r1'))));
      expect(new Set(opened.map((result) => JSON.stringify(unwrap(result))))).toHaveProperty('size', 1);
      expect(await balances()).toMatchObject({ [alice]: 98_500, [bob]: 98_000, escrow: 3_500 });
      const settled = await Promise.all(
        Array.from({ length: 8 }, () =>
          ledger.settleRound({
            roundId: 'r1',
            postings: [{ from: 'escrow', to: 'house', amountCents: 3_500, kind: 'stake-lost' }],
            compPoints: [{ playerId: bob, delta: 20 }],
            result: null,
          }),
        ),
      );
      expect(new Set(settled.map((result) => JSON.stringify(unwrap(result))))).toHaveProperty('size', 1);
      expect(await balances()).toMatchObject({ escrow: 0, house: 3_500 });
      expect((await createPlayers(database).getPlayer(bob))?.compPoints).toBe(20);
      await expectSound();
    });
  });
}
