/**
 * Each table's own escrow, house and commission accounts (issue 13 point 6): no row every deal and
 * settlement locks, so on PostgreSQL two tables' rounds post side by side; and a round dealt into the
 * single escrow account of before still settles and refunds from it.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unwrap, type Posting } from '@paigow/engine';
import { createPlayers } from '../players/players.js';
import type { Database } from '../storage/database.js';
import { openLedger, TEST_BACKENDS } from '../testing/backends.js';
import { transact } from '../storage/transaction.js';
import { postTransfers, tableAccountId, walletAccountId } from './accounts.js';
import { createLedger, type Ledger } from './ledger.js';

/** The settlement of a lost 10.00 stake at a house-banked table. */
const LOST: readonly Posting[] = [{ from: 'escrow', to: 'house', amountCents: 1_000, kind: 'stake-lost' }];

function deal(roundId: string, tableId: string, playerId: string) {
  return { roundId, tableId, bankerPlayerId: null, holds: [{ playerId, kind: 'main' as const, amountCents: 1_000 }], secret: {}, public: {} };
}

/**
 * A plugin that, once armed, holds the transaction of the next `UPDATE rounds` open after that statement
 * (its locks kept) until `release()`: `paused` resolves when it is held.
 */
class HoldAfterRoundUpdate implements KyselyPlugin {
  private readonly marked = new WeakSet<object>();
  private armed = false;
  private releaseHeld: () => void = () => undefined;
  private noteHeld: () => void = () => undefined;
  paused: Promise<void> = Promise.resolve();

  arm(): void {
    this.armed = true;
    this.paused = new Promise((resolve) => (this.noteHeld = resolve));
  }

  release(): void {
    this.releaseHeld();
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (this.armed && node.kind === 'UpdateQueryNode' && JSON.stringify(node.table).includes('"rounds"')) {
      this.armed = false;
      this.marked.add(args.queryId);
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.marked.has(args.queryId)) {
      const released = new Promise<void>((resolve) => (this.releaseHeld = resolve));
      this.noteHeld();
      await released;
    }
    return args.result;
  }
}

/** `promise`'s value, or `'waiting'` if it has not settled within `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'waiting'>((resolve) => (timer = setTimeout(() => resolve('waiting'), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`table accounts on ${backend.title}`, () => {
    let database: Database;
    let ledger: Ledger;
    let ann: string;
    let ben: string;

    beforeEach(async () => {
      ({ database, ledger, guests: [ann, ben] } = await openLedger(backend, 'ann', 'ben'));
    });
    afterEach(async () => {
      await backend.close(database);
    });

    async function balanceOf(accountId: string): Promise<number | undefined> {
      return (await ledger.accountBalances()).find((account) => account.accountId === accountId)?.balanceCents;
    }

    it("posts each table's stakes, wins and commission to that table's accounts", async () => {
      unwrap(await ledger.openRound(deal('a1', 'A', ann)));
      unwrap(await ledger.openRound(deal('b1', 'B', ben)));
      expect(await balanceOf(tableAccountId('escrow', 'A'))).toBe(1_000);
      expect(await balanceOf(tableAccountId('escrow', 'B'))).toBe(1_000);
      unwrap(await ledger.settleRound({ roundId: 'a1', postings: LOST, compPoints: [], result: null }));
      unwrap(
        await ledger.settleRound({
          roundId: 'b1',
          postings: [
            { from: 'escrow', to: { player: ben }, amountCents: 1_000, kind: 'stake-return' },
            { from: 'house', to: { player: ben }, amountCents: 1_000, kind: 'payout' },
            { from: { player: ben }, to: 'commission', amountCents: 50, kind: 'commission' },
          ],
          compPoints: [],
          result: null,
        }),
      );
      expect(await balanceOf(tableAccountId('escrow', 'A'))).toBe(0);
      expect(await balanceOf(tableAccountId('house', 'A'))).toBe(1_000);
      expect(await balanceOf(tableAccountId('house', 'B'))).toBe(-1_000);
      expect(await balanceOf(tableAccountId('commission', 'B'))).toBe(50);
      expect(await balanceOf('escrow')).toBe(0);
      expect(await balanceOf('house')).toBe(0);
      expect(await ledger.audit()).toEqual([]);
    });

    it('settles and refunds a round dealt into the single escrow account of before (existing data)', async () => {
      // What openRound wrote before per-table accounts: holds into 'escrow'.
      for (const [roundId, playerId] of [['old-1', ann], ['old-2', ben]] as const) {
        unwrap(
          await transact(database, async (trx) => {
            await trx
              .insertInto('rounds')
              .values({ id: roundId, table_id: 'A', banker_player_id: null, status: 'open', secret_json: '{}', public_json: '{}', result_json: null, refund_reason: null, opened_at: 1, closed_at: null, owner_instance_id: null, commitment: null, client_seeds: null, server_seed: null })
              .execute();
            await trx.insertInto('round_players').values({ round_id: roundId, player_id: playerId, role: 'player', comp_points_delta: 0 }).execute();
            return postTransfers(trx, database.dialect, [
              { idempotencyKey: `hold:${roundId}`, fromAccountId: walletAccountId(playerId), toAccountId: 'escrow', amountCents: 1_000, kind: 'hold-main', roundId },
            ]);
          }),
        );
      }
      expect(await balanceOf('escrow')).toBe(2_000);
      expect(await ledger.audit()).toEqual([]);

      unwrap(await ledger.settleRound({ roundId: 'old-1', postings: LOST, compPoints: [], result: null }));
      unwrap(await ledger.refundRound('old-2', 'test'));
      expect(await balanceOf('escrow')).toBe(0);
      expect(await balanceOf(tableAccountId('house', 'A'))).toBe(1_000);
      expect(unwrap(await ledger.balance(ben))).toBe(100_000);
      // The table's own accounts serve its next round.
      unwrap(await ledger.openRound(deal('new-1', 'A', ben)));
      expect(await balanceOf(tableAccountId('escrow', 'A'))).toBe(1_000);
      expect(await ledger.audit()).toEqual([]);
    });
  });
}

const postgres = TEST_BACKENDS.find((backend) => backend.name === 'postgres')!;

describe.skipIf(!postgres.enabled)('table accounts on postgres: no row every table locks', () => {
  let database: Database;
  let ledger: Ledger;
  let ann: string;
  let ben: string;

  beforeEach(async () => {
    database = await postgres.open();
    ledger = createLedger(database);
    const players = createPlayers(database);
    ann = unwrap(await players.createGuest('ann')).player.id;
    ben = unwrap(await players.createGuest('ben')).player.id;
  });
  afterEach(async () => {
    await postgres.close(database);
  });

  it("deals and settles at one table while another table's settlement holds its transaction open", async () => {
    unwrap(await ledger.openRound(deal('a1', 'A', ann)));
    unwrap(await ledger.openRound(deal('b1', 'B', ben)));
    const hold = new HoldAfterRoundUpdate();
    const held = createLedger({ ...database, db: database.db.withPlugin(hold) });
    hold.arm();
    const settlingA = held.settleRound({ roundId: 'a1', postings: LOST, compPoints: [], result: null });
    await hold.paused;
    try {
      // Table A's settlement has posted and is not committed: its locks are held.
      const settledB = await within(ledger.settleRound({ roundId: 'b1', postings: LOST, compPoints: [], result: null }), 3_000);
      expect(settledB === 'waiting' ? 'waiting' : unwrap(settledB).status).toBe('settled');
      const dealtB = await within(ledger.openRound(deal('b2', 'B', ben)), 3_000);
      expect(dealtB === 'waiting' ? 'waiting' : unwrap(dealtB).status).toBe('open');
    } finally {
      hold.release();
    }
    expect(unwrap(await settlingA).status).toBe('settled');
    expect(await ledger.audit()).toEqual([]);
  });
});
