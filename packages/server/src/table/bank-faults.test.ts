/**
 * A player's bank over a database outage (docs/server.md "The banker's cover"; an attacker's findings, holding the
 * SQLite file from outside for 7 s): an approve whose cover the ledger did not answer cost the banker its bank, told
 * it was short of money (`'balance'`); a bank left meanwhile kept its cover held, spendable nowhere, until the server
 * restarted. Here the ledger's answer fails the first times it is asked, then comes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCryptoRng, tableConfig, unwrap } from '@paigow/engine';
import type { Notice } from '@paigow/protocol';
import { createLedger, type Ledger } from '../ledger/index.js';
import { createPlayers, type Players } from '../players/index.js';
import type { Database } from '../storage/database.js';
import { DatabaseFault } from '../storage/faults.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { TableRunner } from './runner.js';

const backend = TEST_BACKENDS[0];
const outage = (): DatabaseFault => new DatabaseFault('busy', new Error('SQLITE_BUSY: database is locked'));

describe('a bank over a database outage', () => {
  let database: Database;
  let ledger: Ledger;
  let players: Players;
  let runner: TableRunner | undefined;
  let notices: Notice[];
  beforeEach(async () => {
    database = await backend.open();
    ledger = createLedger(database);
    players = createPlayers(database);
    notices = [];
  });
  afterEach(async () => {
    await runner?.close();
    await backend.close(database);
  });

  /** Ben (the banker to be) and Pat seated at a player-banked table over `tableLedger`. */
  async function bankTable(tableLedger: Ledger): Promise<{
    table: TableRunner;
    ben: string;
    pat: string;
    act: (message: Record<string, unknown> & { type: string }, by?: string) => Promise<void>;
  }> {
    const table = new TableRunner({
      config: unwrap(tableConfig({ tableId: 'bank', playerBanking: true, seats: 3, bankMinCompPoints: 0, limits: { main: { minCents: 100, maxCents: 10_000 } } })),
      ledger: tableLedger,
      players,
      rng: createCryptoRng(globalThis.crypto),
      deadlines: { firstRetryPauseMs: 50, maxRetryPauseMs: 100 },
      log: () => undefined,
    });
    table.subscribe((change) => notices.push(...change.notices.map((n) => n.notice)));
    runner = table;
    const [ben, pat] = [unwrap(await players.createGuest('Ben')).player, unwrap(await players.createGuest('Pat')).player];
    for (const player of [ben, pat]) {
      unwrap(await table.join(player));
      unwrap(await table.handle(player.id, { requestId: `sit-${player.id}`, type: 'sit', seat: null }));
    }
    let request = 0;
    const act = async (message: Record<string, unknown> & { type: string }, by: string = ben.id): Promise<void> => {
      unwrap(await table.handle(by, { requestId: `r${++request}`, ...message } as Parameters<TableRunner['handle']>[1]));
    };
    return { table, ben: ben.id, pat: pat.id, act };
  }

  const reservations = (playerId: string) => database.db.selectFrom('bank_reservations').select(['table_id', 'amount_cents']).where('player_id', '=', playerId).execute();

  it('keeps the bank of an approve the ledger did not answer, and holds its cover once it answers', async () => {
    let failures = 2;
    const slow: Ledger = {
      ...ledger,
      reserveBank: async (input) => {
        if (failures-- > 0) throw outage();
        return ledger.reserveBank(input);
      },
    };
    const { table, ben, act } = await bankTable(slow);
    await act({ type: 'take-bank' });
    await act({ type: 'approve' });
    await expect.poll(() => reservations(ben), { timeout: 5_000, interval: 50 }).toHaveLength(1);
    await table.idle();
    expect(table.current.banker).toMatchObject({ playerId: ben, approved: true });
    expect(notices.filter((notice) => notice.code === 'notice/left-bank')).toEqual([]);
    // The cover held is the one approved: the other seats' maximum bets plus the fee, 2 × 100.00 + 1.5%.
    expect(await reservations(ben)).toEqual([{ table_id: 'bank', amount_cents: 20_300 }]);
  });

  it('asks no cover once the round is dealt: its bank hold is in escrow, and a later reservation would be counted short', async () => {
    // A retester's: the cover asked again after the deal reserved the wallet left, which the figures counted less the
    // round's bank hold, so the banker could stake money its cover held.
    let answering = false;
    const slow: Ledger = {
      ...ledger,
      reserveBank: async (input) => {
        if (!answering) throw outage();
        return ledger.reserveBank(input);
      },
    };
    const { table, ben, pat, act } = await bankTable(slow);
    await act({ type: 'take-bank' });
    await act({ type: 'approve' });
    await act({ type: 'bet', spot: 'main', amountCents: 1_000 }, pat);
    await act({ type: 'deal' }, pat);
    await expect.poll(() => table.current.phase, { timeout: 5_000 }).toBe('setting');
    answering = true;
    await new Promise((resolve) => setTimeout(resolve, 400)); // several retry pauses (50–100 ms)
    await table.idle();
    expect(table.current.round).not.toBeNull();
    expect(await reservations(ben)).toEqual([]);
    expect(await ledger.audit()).toEqual([]);
  });

  it('drops the cover of a bank left while the ledger did not answer, once it answers', async () => {
    let failures = 0;
    const slow: Ledger = {
      ...ledger,
      releaseBank: async (tableId, playerId) => {
        if (failures-- > 0) throw outage();
        return ledger.releaseBank(tableId, playerId);
      },
    };
    const { table, ben, act } = await bankTable(slow);
    await act({ type: 'take-bank' });
    await act({ type: 'approve' });
    await table.idle();
    expect(await reservations(ben)).toHaveLength(1);
    failures = 2;
    await act({ type: 'leave-bank' });
    expect(table.current.banker).toBeNull();
    await expect.poll(() => reservations(ben), { timeout: 5_000, interval: 50 }).toEqual([]);
  });
});
