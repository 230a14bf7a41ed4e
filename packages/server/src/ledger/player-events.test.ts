/**
 * The player inbox in the database (docs/server.md "The player inbox"): numbering per player (also under
 * concurrent writers on PostgreSQL), events written in the transaction of a settlement or refund (and
 * only once), acknowledgement, and pruning.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tableNotice, unwrap } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { openLedger, TEST_BACKENDS } from '../testing/backends.js';
import type { Ledger } from './ledger.js';
import { pruneEvents, type PlayerEvent } from './player-events.js';

const returned = (amountCents: number) => tableNotice('notice/bet-returned', { amountCents, reason: 'timeout' });
const brief = (events: readonly PlayerEvent[]) => events.map((event) => [event.playerId, event.seq, event.notice.code]);

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`the player inbox on ${backend.title}`, () => {
    let database: Database;
    let ledger: Ledger;
    let alice: string;
    let bob: string;

    beforeEach(async () => {
      ({ database, ledger, guests: [alice, bob] } = await openLedger(backend, 'alice', 'bob'));
    });
    afterEach(async () => {
      await backend.close(database);
    });

    it('numbers each player\'s events 1, 2, ... in the order written, and lists those not acknowledged, oldest first', async () => {
      const first = await ledger.recordEvents([
        { playerId: alice, tableId: 't', notice: returned(100) },
        { playerId: bob, tableId: 't', notice: returned(200) },
        { playerId: alice, tableId: null, notice: returned(300) },
      ]);
      expect(first.map((event) => [event.playerId, event.seq])).toEqual([[alice, 1], [bob, 1], [alice, 2]]);
      await ledger.recordEvents([{ playerId: alice, tableId: 't', notice: returned(400) }]);
      const unacked = await ledger.unackedEvents([alice]);
      expect(unacked.map((event) => [event.seq, event.tableId, event.notice])).toEqual([
        [1, 't', returned(100)],
        [2, null, returned(300)],
        [3, 't', returned(400)],
      ]);
      // Past what was sent already (the process's mark per player), for several players at once.
      expect(brief(await ledger.unackedEvents([alice, bob], new Map([[alice, 2]])))).toEqual(
        [[alice, 3, 'notice/bet-returned'], [bob, 1, 'notice/bet-returned']].sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1)),
      );
      expect(await ledger.ackEvents([{ playerId: alice, seq: 1 }, { playerId: alice, seq: 3 }])).toBe(2);
      expect(await ledger.ackEvents([{ playerId: alice, seq: 1 }, { playerId: alice, seq: 99 }])).toBe(0); // already acknowledged, unknown: nothing
      expect(brief(await ledger.unackedEvents([alice, bob]))).toEqual([...[[alice, 2, 'notice/bet-returned']], [bob, 1, 'notice/bet-returned']].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
      expect(await ledger.ackEvents([{ playerId: bob, seq: 2 }])).toBe(0); // another player's number
      expect(await ledger.unackedEvents([])).toEqual([]);
    });

    it('never gives two concurrent writers the same number', async () => {
      const writes = Array.from({ length: 12 }, (_, i) => ledger.recordEvents([
        { playerId: alice, tableId: 't', notice: returned(100 + i) },
        { playerId: bob, tableId: 't', notice: returned(100 + i) },
      ]));
      await Promise.all(writes);
      for (const player of [alice, bob]) {
        expect((await ledger.unackedEvents([player])).map((event) => event.seq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      }
    });

    it('a settlement or refund that tells writes each participant\'s notice in its transaction, once', async () => {
      const deal = (roundId: string) => ({
        roundId,
        tableId: 'table-1',
        bankerPlayerId: null,
        holds: [
          { playerId: alice, kind: 'main' as const, amountCents: 1_000 },
          { playerId: bob, kind: 'main' as const, amountCents: 500 },
        ],
        secret: {},
        public: {},
        ownerInstanceId: null,
      });
      unwrap(await ledger.openRound(deal('r1')));
      const settle = {
        roundId: 'r1',
        postings: [
          { from: 'escrow' as const, to: 'house' as const, amountCents: 1_000, kind: 'stake-lost' as const },
          { from: 'escrow' as const, to: { player: bob }, amountCents: 500, kind: 'stake-return' as const },
        ],
        compPoints: [],
        result: { players: [{ playerId: alice, outcome: 'lose', setBy: 'timeout' }, { playerId: bob, outcome: 'push', setBy: 'player' }] },
        tell: 'notice/round-settled' as const,
      };
      unwrap(await ledger.settleRound(settle));
      unwrap(await ledger.settleRound(settle)); // idempotent: nothing posted, nothing told again
      const told = await ledger.unackedEvents([alice, bob]);
      expect(told.map((event) => [event.playerId, event.seq, event.tableId, event.notice])).toEqual(
        [
          [alice, 1, 'table-1', tableNotice('notice/round-settled', { roundId: 'r1', outcome: 'lose', netCents: -1_000, setBy: 'timeout' })],
          [bob, 1, 'table-1', tableNotice('notice/round-settled', { roundId: 'r1', outcome: 'push', netCents: 0, setBy: 'player' })],
        ].sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1)),
      );

      unwrap(await ledger.openRound(deal('r2')));
      unwrap(await ledger.refundRound('r2', 'interrupted', true));
      unwrap(await ledger.refundRound('r2', 'interrupted', true));
      unwrap(await ledger.openRound(deal('r3')));
      unwrap(await ledger.refundRound('r3', 'void deal')); // told otherwise (notice/round-void): nothing here
      expect((await ledger.unackedEvents([alice])).map((event) => [event.seq, event.notice])).toEqual([
        [1, expect.objectContaining({ code: 'notice/round-settled' })],
        [2, tableNotice('notice/round-recovered', { roundId: 'r2', outcome: 'refunded', netCents: 0, setBy: null })],
      ]);
      expect(await ledger.audit()).toEqual([]);
    });

    it('a settlement refused leaves no notice behind (the same transaction)', async () => {
      unwrap(await ledger.openRound({ roundId: 'r1', tableId: 't', bankerPlayerId: null, holds: [{ playerId: alice, kind: 'main', amountCents: 1_000 }], secret: {}, public: {}, ownerInstanceId: null }));
      const refused = await ledger.settleRound({
        roundId: 'r1',
        postings: [{ from: 'escrow', to: 'house', amountCents: 1_000, kind: 'stake-lost' }, { from: { player: alice }, to: 'house', amountCents: 10_000_000, kind: 'payout' }],
        compPoints: [],
        result: {},
        tell: 'notice/round-settled',
      });
      expect(refused.ok).toBe(false);
      expect(await ledger.unackedEvents([alice])).toEqual([]);
      // The numbers were not taken either: the next event is 1.
      expect((await ledger.recordEvents([{ playerId: alice, tableId: 't', notice: returned(100) }]))[0].seq).toBe(1);
    });

    it('prunes events acknowledged before the cut, and those never acknowledged before a longer one; numbering goes on', async () => {
      await ledger.recordEvents([1, 2, 3].map((i) => ({ playerId: alice, tableId: 't', notice: returned(i * 100) })));
      await ledger.ackEvents([{ playerId: alice, seq: 1 }, { playerId: alice, seq: 2 }]);
      const now = Date.now();
      expect(await ledger.pruneEvents(now - 60_000, now - 60_000)).toBe(0); // all younger than the cut
      expect(await ledger.pruneEvents(now + 60_000, now - 60_000)).toBe(2); // the acknowledged ones
      expect((await ledger.unackedEvents([alice])).map((event) => event.seq)).toEqual([3]);
      expect(await ledger.pruneEvents(now + 60_000, now + 60_000)).toBe(1);
      expect((await ledger.recordEvents([{ playerId: alice, tableId: 't', notice: returned(100) }]))[0].seq).toBe(4);
    });

    it('prunes in statements of at most a batch of events each (SQLite stalled the event loop for the whole prune)', async () => {
      await ledger.recordEvents([1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({ playerId: i % 2 === 0 ? alice : bob, tableId: 't', notice: returned(i * 100) })));
      await ledger.ackEvents([1, 2, 3].flatMap((seq) => [{ playerId: alice, seq }, { playerId: bob, seq }]));
      let deletes = 0;
      const counting = database.db.withPlugin({
        transformQuery: (args) => {
          if (args.node.kind === 'DeleteQueryNode') deletes += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const now = Date.now();
      // Six acknowledged: 2 + 2 + 2 + 0; two never acknowledged: 2 + 0.
      expect(await pruneEvents(counting, now + 60_000, now + 60_000, 2)).toBe(8);
      expect(deletes).toBe(6);
      expect(await ledger.unackedEvents([alice, bob])).toEqual([]);
      deletes = 0;
      expect(await pruneEvents(counting, now + 60_000, now + 60_000)).toBe(0);
      expect(deletes).toBe(2);
    });
  });
}
