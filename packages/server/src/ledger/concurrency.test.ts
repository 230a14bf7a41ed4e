/**
 * After pgledger's TestConcurrency: many concurrent deals and settlements between a few
 * wallets (so that they contend for the same rows), then the ledger must still balance.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unwrap } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { openLedger, TEST_BACKENDS } from '../testing/backends.js';
import type { Ledger } from './ledger.js';
import { settlementFor, type Outcome } from '../testing/settlement.js';

/** A small seeded PRNG (mulberry32), so that a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const WORKERS = 16;
const ROUNDS_PER_WORKER = 12;
const SEED = 20_240_601;
const OUTCOMES: readonly Outcome[] = ['win', 'push', 'lose'];

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`ledger concurrency on ${backend.title}`, () => {
    let database: Database;
    let ledger: Ledger;
    let players: string[];

    beforeEach(async () => {
      ({ database, ledger, guests: players } = await openLedger(backend, 'p1', 'p2', 'p3', 'p4'));
    });
    afterEach(async () => {
      await backend.close(database);
    });

    it('keeps every wallet non-negative, the sum at 0 and every entry chain unbroken', async () => {
      const counts = { opened: 0, refusedDeals: 0, settled: 0, refunded: 0, toppedUp: 0 };

      async function worker(index: number): Promise<void> {
        const random = seededRandom(SEED + index);
        const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
        for (let n = 0; n < ROUNDS_PER_WORKER; n++) {
          const [first, second, third] = [...players].sort(() => random() - 0.5);
          const roundId = `w${index}-r${n}`;
          const holds = [
            { playerId: first, kind: 'main', amountCents: 1 + Math.floor(random() * 20_000) },
            { playerId: second, kind: 'main', amountCents: 1 + Math.floor(random() * 20_000) },
            { playerId: second, kind: 'fortune', amountCents: 1 + Math.floor(random() * 2_000) },
          ] as const;
          const outcomes = new Map(holds.map((hold) => [`${hold.playerId}:${hold.kind}`, pick(OUTCOMES)]));
          const opened = await ledger.openRound({
            roundId,
            tableId: `table-${index}`,
            bankerPlayerId: random() < 0.5 ? third : null,
            holds,
            secret: { n },
            public: { n },
          });
          if (!opened.ok) {
            expect(opened.error.code).toBe('ledger/insufficient-funds');
            counts.refusedDeals++;
            const broke = await ledger.topUp(pick([first, second]));
            if (broke.ok) counts.toppedUp++;
            else expect(broke.error.code).toBe('ledger/not-broke');
            continue;
          }
          counts.opened++;
          const settlement = settlementFor(opened.value, (hold) => outcomes.get(`${hold.playerId}:${hold.kind}`)!);
          const settled = await ledger.settleRound({ roundId, ...settlement, result: [...outcomes] });
          if (settled.ok) {
            counts.settled++;
          } else {
            expect(settled.error.code).toBe('ledger/insufficient-funds');
            unwrap(await ledger.refundRound(roundId, 'the banker cannot pay'));
            counts.refunded++;
          }
        }
      }

      await Promise.all(Array.from({ length: WORKERS }, (_, index) => worker(index)));

      expect(counts.opened).toBeGreaterThan(WORKERS * ROUNDS_PER_WORKER * 0.3);
      expect(counts.settled + counts.refunded).toBe(counts.opened);
      expect(await ledger.openRounds()).toEqual([]);

      const accounts = await ledger.accountBalances();
      for (const account of accounts) {
        if (account.kind === 'wallet') expect(account.balanceCents).toBeGreaterThanOrEqual(0);
      }
      const escrows = accounts.filter((account) => account.kind === 'escrow');
      expect(escrows.length).toBe(WORKERS + 1); // each table's, and the one of migration 0001
      for (const escrow of escrows) expect(escrow.balanceCents).toBe(0);
      expect(await ledger.sumOfBalances()).toBe(0);

      // The entry chains, checked here directly rather than only through `audit()`.
      const entries = await database.db
        .selectFrom('entries')
        .selectAll()
        .orderBy('account_id')
        .orderBy('account_version')
        .execute();
      for (const account of accounts) {
        const chain = entries.filter((entry) => entry.account_id === account.accountId);
        let balanceCents = 0;
        chain.forEach((entry, index) => {
          expect(entry.account_version).toBe(index + 1);
          expect(entry.balance_before_cents).toBe(balanceCents);
          expect(entry.balance_after_cents).toBe(entry.balance_before_cents + entry.amount_cents);
          balanceCents = entry.balance_after_cents;
        });
        expect(balanceCents).toBe(account.balanceCents);
      }
      expect(entries.reduce((sum, entry) => sum + entry.amount_cents, 0)).toBe(0);
      expect(await ledger.audit()).toEqual([]);
    });
  });
}
