/**
 * Property (fast-check): over random sequences of ledger operations at two tables, money is conserved.
 * After every operation the balances sum to 0 and equal a simple model's (each table's escrow, house and
 * commission accounts apart), and the escrow equals the holds of the open rounds; at the end the full
 * audit finds nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrap, type Hold, type Posting } from '@paigow/engine';
import { createPlayers } from '../players/players.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { issuanceAccountId, STARTING_BALANCE_CENTS, tableAccountId, walletAccountId } from './accounts.js';
import { createLedger } from './ledger.js';
import type { RoundRecord } from './rounds.js';
import { settlementFor, type Outcome } from '../testing/settlement.js';

const outcomeArb = fc.constantFrom<Outcome>('win', 'push', 'lose');
const operationArb = fc.oneof(
  { weight: 1, arbitrary: fc.record({ op: fc.constant('guest' as const) }) },
  {
    weight: 4,
    arbitrary: fc.record({
    op: fc.constant('open' as const),
    table: fc.constantFrom('t1', 't2'),
    bettors: fc.uniqueArray(fc.nat(5), { minLength: 1, maxLength: 3 }),
    amounts: fc.array(fc.integer({ min: 1, max: 60_000 }), { minLength: 3, maxLength: 3 }),
    fortune: fc.boolean(),
    banker: fc.option(fc.nat(5), { nil: null }),
    bankCover: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('settle' as const),
      pick: fc.nat(),
      outcomes: fc.array(outcomeArb, { minLength: 7, maxLength: 7 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('topUp' as const), who: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('replay' as const), pick: fc.nat() }) },
);
/** A few guests first, then the operations. */
const scenarioArb = fc.tuple(
  fc.array(fc.constant({ op: 'guest' as const }), { minLength: 2, maxLength: 4 }),
  fc.array(operationArb, { minLength: 1, maxLength: 40 }),
);
type Operation = typeof operationArb extends fc.Arbitrary<infer T> ? T : never;

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`money conservation on ${backend.title}`, () => {
    it('holds over random sequences of deals, settlements, refunds and top-ups', async () => {
      await fc.assert(
        fc.asyncProperty(scenarioArb, async ([guests, operations]) => {
          const database = await backend.open();
          try {
            await run(createLedger(database), createPlayers(database), [...guests, ...operations]);
          } finally {
            await backend.close(database);
          }
        }),
        { numRuns: backend.name === 'sqlite' ? 60 : 15 },
      );
    });
  });
}

async function run(
  ledger: ReturnType<typeof createLedger>,
  store: ReturnType<typeof createPlayers>,
  operations: readonly Operation[],
): Promise<void> {
  const model = new Map<string, number>([
    ['house', 0],
    ['commission', 0],
    ['escrow', 0],
    ['issuance', 0],
  ]);
  const move = (from: string, to: string, amountCents: number): void => {
    model.set(from, (model.get(from) ?? 0) - amountCents);
    model.set(to, (model.get(to) ?? 0) + amountCents);
  };
  const accountOf = (ref: Posting['from'], tableId: string): string =>
    typeof ref === 'string' ? tableAccountId(ref, tableId) : walletAccountId(ref.player);
  const players: string[] = [];
  const open: RoundRecord[] = [];
  const closed: RoundRecord[] = [];
  let nextRound = 0;

  for (const operation of operations) {
    switch (operation.op) {
      case 'guest': {
        const { player } = unwrap(await store.createGuest(`guest ${players.length}`));
        players.push(player.id);
        move(issuanceAccountId(player.id), walletAccountId(player.id), STARTING_BALANCE_CENTS);
        break;
      }
      case 'open': {
        if (players.length === 0) break;
        const bettors = [...new Set(operation.bettors.map((index) => players[index % players.length]))];
        const banker = operation.banker === null ? null : players[operation.banker % players.length];
        const holds: Hold[] = bettors
          .filter((playerId) => playerId !== banker)
          .flatMap((playerId, index) => [
            { playerId, kind: 'main' as const, amountCents: operation.amounts[index] },
            ...(operation.fortune
              ? [{ playerId, kind: 'fortune' as const, amountCents: 1 + (operation.amounts[index] % 500) }]
              : []),
          ]);
        if (banker !== null && operation.bankCover) {
          holds.push({ playerId: banker, kind: 'bank', amountCents: operation.amounts[2] });
        }
        const result = await ledger.openRound({
          roundId: `r${nextRound++}`,
          tableId: operation.table,
          bankerPlayerId: banker,
          holds,
          secret: {},
          public: {},
        });
        if (holds.length === 0) {
          expect(result.ok ? undefined : result.error.code).toBe('bet/none');
        } else if (result.ok) {
          for (const hold of holds) move(walletAccountId(hold.playerId), tableAccountId('escrow', operation.table), hold.amountCents);
          open.push(result.value);
        } else {
          expect(result.error.code).toBe('ledger/insufficient-funds');
        }
        break;
      }
      case 'settle': {
        if (open.length === 0) break;
        const [round] = open.splice(operation.pick % open.length, 1);
        const { postings, compPoints } = settlementFor(round, (_hold, index) => operation.outcomes[index]);
        const result = await ledger.settleRound({
          roundId: round.roundId,
          postings,
          compPoints,
          result: operation.outcomes,
        });
        if (result.ok) {
          for (const posting of postings) move(accountOf(posting.from, round.tableId), accountOf(posting.to, round.tableId), posting.amountCents);
          closed.push(result.value);
        } else {
          expect(result.error.code).toBe('ledger/insufficient-funds');
          open.push(round);
        }
        break;
      }
      case 'refund': {
        if (open.length === 0) break;
        const [round] = open.splice(operation.pick % open.length, 1);
        closed.push(unwrap(await ledger.refundRound(round.roundId, 'test')));
        for (const hold of round.holds) move(tableAccountId('escrow', round.tableId), walletAccountId(hold.playerId), hold.amountCents);
        break;
      }
      case 'topUp': {
        if (players.length === 0) break;
        const playerId = players[operation.who % players.length];
        const result = await ledger.topUp(playerId);
        if (result.ok) move(issuanceAccountId(playerId), walletAccountId(playerId), result.value.amountCents);
        else expect(result.error.code).toBe('ledger/not-broke');
        break;
      }
      case 'replay': {
        if (closed.length === 0) break;
        const round = closed[operation.pick % closed.length];
        const settle = await ledger.settleRound({ roundId: round.roundId, postings: [], compPoints: [], result: null });
        const refund = await ledger.refundRound(round.roundId, 'again');
        const settled = round.status === 'settled' ? settle : refund;
        expect(settled).toEqual({ ok: true, value: round });
        expect((round.status === 'settled' ? refund : settle).ok).toBe(false);
        break;
      }
    }
    // A table's accounts exist from its first deal on, at 0 until money moves: compare what is not 0.
    const nonZero = (entries: Iterable<readonly [string, number]>) => Object.fromEntries([...entries].filter(([, cents]) => cents !== 0));
    const balances = await ledger.accountBalances();
    expect(nonZero(balances.map((account) => [account.accountId, account.balanceCents] as const))).toEqual(nonZero(model));
    expect(await ledger.sumOfBalances()).toBe(0);
    for (const tableId of ['t1', 't2']) {
      const heldCents = open.filter((round) => round.tableId === tableId).flatMap((round) => round.holds).reduce((sum, hold) => sum + hold.amountCents, 0);
      expect(model.get(tableAccountId('escrow', tableId)) ?? 0).toBe(heldCents);
    }
  }
  expect(await ledger.audit()).toEqual([]);
}
