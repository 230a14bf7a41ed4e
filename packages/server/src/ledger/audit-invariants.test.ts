/**
 * The audit finds each broken invariant (docs/operations.md "The ledger: audit and open rounds"), on SQLite and
 * PostgreSQL: a ledger of a settled, a refunded and an open round, damaged one way at a time as a bad restore or a
 * hand-edited file would, and named in the audit's own words. The audit checks each invariant with one statement
 * that returns only what breaks it (it read the whole ledger into the process's memory).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { unwrap } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { openLedger, TEST_BACKENDS } from '../testing/backends.js';
import { settlementFor } from '../testing/settlement.js';
import type { Ledger } from './ledger.js';

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`the audit's invariants on ${backend.title}`, () => {
    let database: Database;
    let ledger: Ledger;
    let ann: string;
    let bo: string;

    beforeEach(async () => {
      ({ database, ledger, guests: [ann, bo] } = await openLedger(backend, 'Ann', 'Bo'));
      const holds = (cents: number) => [
        { playerId: ann, kind: 'main' as const, amountCents: cents },
        { playerId: bo, kind: 'main' as const, amountCents: cents },
      ];
      const settled = unwrap(await ledger.openRound({ roundId: 'settled', tableId: 't', bankerPlayerId: null, holds: holds(500), secret: {}, public: {} }));
      const { postings, compPoints } = settlementFor(settled, (_hold, index) => (index === 0 ? 'win' : 'lose'));
      unwrap(await ledger.settleRound({ roundId: 'settled', postings, compPoints, result: {} }));
      unwrap(await ledger.openRound({ roundId: 'refunded', tableId: 't', bankerPlayerId: null, holds: holds(300), secret: {}, public: {} }));
      unwrap(await ledger.refundRound('refunded', 'test'));
      unwrap(await ledger.openRound({ roundId: 'open', tableId: 't', bankerPlayerId: null, holds: holds(200), secret: {}, public: {} }));
      expect(await ledger.audit()).toEqual([]);
      // A damaged file may hold what the schema refuses.
      if (database.dialect === 'sqlite') await sql`pragma ignore_check_constraints = on`.execute(database.db);
      else for (const [table, check] of [['accounts', 'accounts_no_overdraft'], ['entries', 'entries_arithmetic']]) await sql.raw(`alter table ${table} drop constraint ${check}`).execute(database.db);
    });
    afterEach(async () => {
      await backend.close(database);
    });

    const run = (text: string) => sql.raw(text).execute(database.db);
    const wallet = () => `wallet:${ann}`;

    it('a balance changed without its entries: the sum and the account', async () => {
      await run("update accounts set balance_cents = balance_cents + 7 where id = 'house:t'");
      const problems = await ledger.audit();
      expect(problems).toContain('the balances sum to 7 cents, not 0');
      expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^house:t: balance -?\d+, entries end at -?\d+$/)]));
    });

    it('a wallet below zero', async () => {
      await run(`update accounts set balance_cents = -5 where id = '${wallet()}'`);
      expect(await ledger.audit()).toContain(`${wallet()}: negative balance -5`);
    });

    it('an entry that does not start where the one before ended, and one out of its place', async () => {
      await run(`update entries set balance_before_cents = balance_before_cents + 1, balance_after_cents = balance_after_cents + 1 where account_id = '${wallet()}' and account_version = 2`);
      await run(`update entries set account_version = 90 where account_id = '${wallet()}' and account_version = 3`);
      const problems = await ledger.audit();
      expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${wallet()} entry 2: balance before \\d+, previous balance after \\d+$`)), expect.stringMatching(new RegExp(`^${wallet()} entry \\d+: version 90$`))]));
    });

    it('a transfer with an entry missing: the transfer, the count, and the account', async () => {
      const [entry] = (await sql<{ transfer_id: string; account_id: string }>`select transfer_id, account_id from entries where account_id = ${wallet()} order by account_version desc limit 1`.execute(database.db)).rows;
      await run(`delete from entries where transfer_id = '${entry.transfer_id}' and account_id = '${entry.account_id}'`);
      const problems = await ledger.audit();
      expect(problems).toContain(`transfer ${entry.transfer_id}: entries do not match`);
      expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^\d+ entries for \d+ transfers$/), expect.stringMatching(new RegExp(`^${wallet()}: version \\d+, \\d+ entries$`))]));
    });

    it("an escrow that does not hold the open rounds' holds, and a hold put elsewhere", async () => {
      await run("update accounts set balance_cents = balance_cents + 100 where id = 'escrow:t'");
      expect(await ledger.audit()).toContain("escrow:t holds 500 cents, the open rounds' holds in it sum to 400");
      await run("update accounts set balance_cents = balance_cents - 100 where id = 'escrow:t'");
      await run("update transfers set to_account_id = 'house:t' where round_id = 'open'");
      expect(await ledger.audit()).toEqual(expect.arrayContaining(['open rounds hold stakes in house:t, which is not an escrow account', "escrow:t holds 400 cents, the open rounds' holds in it sum to 0"]));
    });

    it('closed rounds not posted exactly once', async () => {
      await run("update rounds set status = 'refunded' where id = 'settled'");
      await run("update rounds set status = 'settled' where id = 'refunded'");
      const problems = await ledger.audit();
      expect(problems).toEqual(expect.arrayContaining([expect.stringMatching(/^round settled: refunded with 0 refund\(s\) and \d+ settlement posting\(s\)$/), 'round refunded: settled with 0 settlement posting(s) and 2 refund(s)']));
      await run("update rounds set status = 'settled' where id = 'open'");
      expect(await ledger.audit()).toContain('round open: settled, but 400 cents of its escrow were not released exactly once');
    });
  });
}
