/**
 * Play money comes from sixteen issuance accounts, not one row that every sign-up and top-up in the deployment locks
 * (`issuanceAccountId`, migration 0013; docs/server.md "The ledger").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unwrap } from '@paigow/engine';
import { createPlayers } from '../players/players.js';
import type { Database } from '../storage/database.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { ISSUANCE_ACCOUNTS, issuanceAccountId, STARTING_BALANCE_CENTS } from './accounts.js';
import { createLedger } from './ledger.js';

describe('issuanceAccountId', () => {
  it("names one of the sixteen accounts, the same for a player every time, and spreads players over all of them", () => {
    const ids = Array.from({ length: 400 }, (_, i) => `player-${i}`);
    const accounts = ids.map(issuanceAccountId);
    expect(new Set(accounts)).toEqual(new Set(Array.from({ length: ISSUANCE_ACCOUNTS }, (_, shard) => `issuance:${shard.toString(16)}`)));
    expect(ids.map(issuanceAccountId)).toEqual(accounts);
    // No account takes more than twice its share of 400 players (25).
    const counts = new Map<string, number>();
    for (const account of accounts) counts.set(account, (counts.get(account) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(50);
  });
});

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`issuance accounts on ${backend.title}`, () => {
    let database: Database;
    beforeEach(async () => {
      database = await backend.open();
    });
    afterEach(async () => {
      await backend.close(database);
    });

    it('grants each guest its 1,000.00 from its own issuance account; the sixteen sum to minus all play money issued', async () => {
      const players = createPlayers(database);
      const ids: string[] = [];
      for (let i = 0; i < 24; i++) ids.push(unwrap(await players.createGuest(`Guest ${i}`)).player.id);
      const ledger = createLedger(database);
      const balances = await ledger.accountBalances();
      const issuance = balances.filter((account) => account.kind === 'issuance');
      expect(issuance.find((account) => account.accountId === 'issuance')?.balanceCents).toBe(0);
      expect(issuance.reduce((sum, account) => sum + account.balanceCents, 0)).toBe(-24 * STARTING_BALANCE_CENTS);
      for (const account of issuance) {
        const issuedFrom = ids.filter((id) => issuanceAccountId(id) === account.accountId).length;
        expect(account.balanceCents).toBe(issuedFrom === 0 ? 0 : -issuedFrom * STARTING_BALANCE_CENTS);
      }
      expect(issuance.filter((account) => account.balanceCents < 0).length).toBeGreaterThan(4);
      expect(await ledger.sumOfBalances()).toBe(0);
      expect(await ledger.audit()).toEqual([]);
    });
  });
}

const postgres = TEST_BACKENDS.find((backend) => backend.name === 'postgres')!;

describe.skipIf(!postgres.enabled)('issuance accounts on postgres, locked', () => {
  let database: Database;
  beforeEach(async () => {
    database = await postgres.open();
  });
  afterEach(async () => {
    await postgres.close(database);
  });

  it("signs up and tops up while another transaction holds the 'issuance' row (every sign-up and top-up waited for it)", async () => {
    const players = createPlayers(database);
    const ledger = createLedger(database);
    const broke = unwrap(await players.createGuest('Broke')).player.id;
    unwrap(
      await ledger.openRound({ roundId: 'r1', tableId: 't', bankerPlayerId: null, holds: [{ playerId: broke, kind: 'main', amountCents: STARTING_BALANCE_CENTS }], secret: {}, public: {} }),
    );
    unwrap(await ledger.settleRound({ roundId: 'r1', postings: [{ from: 'escrow', to: 'house', amountCents: STARTING_BALANCE_CENTS, kind: 'stake-lost' }], compPoints: [], result: 'lose' }));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('accounts').select('id').where('id', '=', 'issuance').forUpdate().execute();
      locked();
      await released;
    });
    await isLocked;
    try {
      const within = <T>(work: Promise<T>): Promise<T | 'waited'> =>
        Promise.race([work, new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2_000))]);
      const signedUp = await within(players.createGuest('Newcomer'));
      expect(signedUp === 'waited' ? 'waited' : signedUp.ok).toBe(true);
      const toppedUp = await within(ledger.topUp(broke));
      expect(toppedUp === 'waited' ? 'waited' : unwrap(toppedUp).balanceCents).toBe(STARTING_BALANCE_CENTS);
    } finally {
      release();
      await holder;
    }
    expect(await ledger.sumOfBalances()).toBe(0);
    expect(await ledger.audit()).toEqual([]);
  });
});
