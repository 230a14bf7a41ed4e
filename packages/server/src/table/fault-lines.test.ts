/**
 * What a table writes and counts of the ledger's faults (docs/operations.md "Logs" and "Metrics"), from operators'
 * findings:
 * - a deal the ledger did not answer is one `deal-failed` line (each such deal wrote an `error` line "the ledger did
 *   not answer in time" and, the same millisecond, a `warn` line "the deal was refused; the round is void", although
 *   nothing refused it); counted once in `paigow_deals_failed_total`; and its refund in the background (the deal had
 *   reached the ledger) is a `round-refunded` line (there was none);
 * - that line says what the database did, from the fault: refused, lost the connection, did not answer in time, could
 *   not write (it said "did not answer in time" of `connect ECONNREFUSED` and of `SQLITE_FULL`, both answered at once);
 * - on a full disk (`SQLITE_FULL`) each deal wrote an `error` `deal-failed` and an `inbox-write-failed` line with a
 *   stack and no `fault`, 116 in 10 s for one player: now `fault: storage`, no stack, one line of each per 5 s;
 * - a settlement retried after a database fault and then refused `action/stale` (another process recovered the
 *   round meanwhile) is a `settlement-refused` line and counts in `paigow_action_stale_total`, as a first
 *   settlement refused so does (it resolved silently: the stale alert could not fire for it).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import { createCryptoRng, err, tableConfig, unwrap, type Result } from '@paigow/engine';
import { createLedger, type Ledger } from '../ledger/index.js';
import { LOG_REPEAT_MS, problemReporter, type ProblemFields } from '../log/index.js';
import { metricsRegistry } from '../metrics/index.js';
import { createPlayers, type Players } from '../players/index.js';
import type { Database } from '../storage/database.js';
import { asDatabaseFault, DatabaseFault } from '../storage/faults.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { capturedLog } from '../testing/log-capture.js';
import { TableRunner } from './runner.js';

async function sample(series: string): Promise<number> {
  const line = (await metricsRegistry.metrics()).split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const backend = TEST_BACKENDS[0];

describe('the ledger\'s faults at a table', () => {
  let database: Database;
  let ledger: Ledger;
  let players: Players;
  let runner: TableRunner | undefined;
  beforeEach(async () => {
    database = await backend.open();
    ledger = createLedger(database);
    players = createPlayers(database);
  });
  afterEach(async () => {
    await runner?.close();
    await backend.close(database);
  });

  /**
   * A table over `tableLedger` (and `now`, if given), its problems and lines kept; Jo seated with a bet of 5.00 (`play`
   * deals). The problems go to `problems`, or with `problemLines` to the lines as the server writes them (`problemReporter`).
   */
  async function tableOver(tableId: string, tableLedger: Ledger, now?: () => number, problemLines = false) {
    const problems: { message: string; fields: ProblemFields | undefined }[] = [];
    const { logger, lines } = capturedLog();
    const table = new TableRunner({
      config: unwrap(tableConfig({ tableId, limits: { main: { minCents: 100, maxCents: 10_000 } } })),
      ledger: tableLedger,
      players,
      rng: createCryptoRng(globalThis.crypto),
      deadlines: { dealMs: 300, settleMs: 2_000, firstRetryPauseMs: 50, maxRetryPauseMs: 100 },
      log: problemLines ? problemReporter(logger.child({ tableId })) : (message, _detail, fields) => problems.push({ message, fields }),
      logger: logger.child({ tableId }),
      ...(now === undefined ? {} : { now }),
    });
    runner = table;
    const jo = unwrap(await players.createGuest('Jo')).player;
    unwrap(await table.join(jo));
    const play = async (...messages: (Record<string, unknown> & { type: string })[]): Promise<void> => {
      for (const message of messages) unwrap(await table.handle(jo.id, { requestId: `r-${message.type}`, ...message } as Parameters<TableRunner['handle']>[1]));
    };
    await play({ type: 'sit', seat: null }, { type: 'bet', spot: 'main', amountCents: 500 });
    /** Every line written, as `{ event, msg }`: the problems' and the logger's. */
    const written = () => [...problems.map((problem) => ({ event: problem.fields?.event, msg: problem.message })), ...lines().map((line) => ({ event: line.event, msg: line.msg, level: line.level }))];
    return { table, jo, play, written, problems, lines };
  }

  it('writes one deal-failed line, saying the connection was lost, not also that the ledger refused the deal', async () => {
    // The deal reaches the ledger and its answer is lost, until the deal's deadline.
    const answerLost: Ledger = {
      ...ledger,
      openRound: async (input) => {
        await ledger.openRound(input);
        throw new DatabaseFault('connection-lost', new Error('Connection terminated unexpectedly'));
      },
    };
    const failedBefore = await sample('paigow_deals_failed_total{table="lost-deal"}');
    const { table, play, written } = await tableOver('lost-deal', answerLost);
    await play({ type: 'deal' });
    await expect.poll(() => table.roundsInPlay, { timeout: 10_000 }).toBe(false);
    await table.idle();

    const dealFailed = written().filter((line) => line.event === 'deal-failed');
    expect(dealFailed).toHaveLength(1);
    expect(dealFailed[0]?.msg).toMatch(/^the deal of \S+ failed: the connection to the database was lost; the round is void, refunded in case it went through$/);
    expect(await sample('paigow_deals_failed_total{table="lost-deal"}')).toBe(failedBefore + 1);
    // The deal had reached the ledger: refunded in the background, which the audit trail says.
    expect(await ledger.openRounds()).toEqual([]);
    expect(written().filter((line) => line.event === 'round-refunded')).toEqual([{ event: 'round-refunded', level: 'info', msg: 'the round was refunded: the stakes went back' }]);
    expect(await ledger.audit()).toEqual([]);
  });

  it('says in the deal-failed line what the database did: refused at once, or did not answer in time', async () => {
    // An operator's, on PostgreSQL: "the ledger did not answer in time" for `DatabaseFault … connect ECONNREFUSED`.
    const refused = new DatabaseFault('connection-lost', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const unanswered = new DatabaseFault('connection-lost', new Error('Query read timeout'));
    for (const [tableId, fault, says] of [
      ['refused-deal', refused, 'the database refused the connection'],
      ['unanswered-deal', unanswered, 'the database did not answer in time'],
    ] as const) {
      const { table, play, written } = await tableOver(tableId, { ...ledger, openRound: () => Promise.reject(fault) });
      await play({ type: 'deal' });
      await expect.poll(() => table.roundsInPlay, { timeout: 10_000 }).toBe(false);
      await table.idle();
      expect(written().filter((line) => line.event === 'deal-failed').map((line) => line.msg)).toEqual([expect.stringMatching(new RegExp(`^the deal of \\S+ failed: ${says}; the round is void`))]);
      await table.close();
    }
  });

  it('on a full disk writes deal-failed and inbox-write-failed with fault storage and no stack, one of each per 5 s', async () => {
    // The errors a full disk gives: better-sqlite3's, rethrown by `transact` (openRound) or as it is (the inbox's write).
    const full = new BetterSqlite3.SqliteError('database or disk is full', 'SQLITE_FULL');
    const diskFull: Ledger = { ...ledger, openRound: () => Promise.reject(asDatabaseFault(full)), recordEvents: () => Promise.reject(full) };
    let aheadMs = 0;
    const { table, play, lines } = await tableOver('full-disk', diskFull, () => Date.now() + aheadMs, true);
    const deal = async (): Promise<void> => {
      await play({ type: 'deal' });
      await expect.poll(() => table.roundsInPlay, { timeout: 10_000 }).toBe(false);
      await table.idle();
    };
    const problemLines = () => lines().filter((line) => line.event === 'deal-failed' || line.event === 'inbox-write-failed');
    await deal();
    await deal(); // within 5 s of the first: counted, not written
    expect(problemLines()).toHaveLength(2);
    aheadMs += LOG_REPEAT_MS;
    await deal();

    const [dealFailed, inboxFailed, dealFailedAgain, inboxFailedAgain, ...more] = problemLines();
    expect(more).toEqual([]);
    expect(dealFailed).toMatchObject({ level: 'error', event: 'deal-failed', fault: 'storage', err: { type: 'DatabaseFault' } });
    expect(dealFailed?.msg).toMatch(/^the deal of \S+ failed: the disk is full: writes fail \(SQLITE_FULL\); the round is void/);
    expect(inboxFailed).toMatchObject({ level: 'error', event: 'inbox-write-failed', fault: 'storage', err: { type: 'SqliteError', code: 'SQLITE_FULL', message: 'database or disk is full' } });
    expect(dealFailedAgain).toMatchObject({ event: 'deal-failed', fault: 'storage', repeated: 1 });
    expect(inboxFailedAgain).toMatchObject({ event: 'inbox-write-failed', fault: 'storage', repeated: 1 });
    for (const line of problemLines()) expect(line.err).not.toHaveProperty('stack');
    expect(dealFailed).not.toHaveProperty('repeated');
  });

  it('writes settlement-refused and counts action/stale for a retried settlement another process recovered meanwhile', async () => {
    // The first settlement meets a database fault; before its retry another process recovers the round (here: a
    // refund), so the retry is refused action/stale.
    let attempts = 0;
    const recoveredElsewhere: Ledger = {
      ...ledger,
      settleRound: async (input) => {
        attempts += 1;
        if (attempts === 1) throw new DatabaseFault('connection-lost', new Error('Connection terminated unexpectedly'));
        await ledger.refundRound(input.roundId, 'recovered by another process', true);
        return ledger.settleRound(input);
      },
    };
    const staleBefore = await sample('paigow_action_stale_total{table="stale-retry"}');
    const { table, play, written } = await tableOver('stale-retry', recoveredElsewhere);
    await play({ type: 'deal' });
    await expect.poll(() => table.current.round !== null && table.current.phase === 'setting').toBe(true);
    await play({ type: 'house-way', roundId: table.current.round!.roundId });
    await expect.poll(() => table.roundsInPlay, { timeout: 10_000 }).toBe(false);
    await table.idle();

    expect(attempts).toBe(2);
    expect(written().filter((line) => line.event === 'settlement-refused')).toEqual([{ event: 'settlement-refused', level: 'warn', msg: 'the round was recovered by another process' }]);
    expect(await sample('paigow_action_stale_total{table="stale-retry"}')).toBe(staleBefore + 1);
    expect(await ledger.audit()).toEqual([]);
  });

  it('writes one balance-unread line per 5 s while the balance reads before bets fail, the next counting the others', async () => {
    // Operator: during a database outage each bet attempt wrote an `error` line; with 1,000 players, a flood.
    let nowMs = Date.now();
    const unreadable: Ledger = { ...ledger, spendable: () => Promise.reject(new DatabaseFault('connection-lost', new Error('Connection terminated unexpectedly'))) };
    const { play, problems } = await tableOver('unread', unreadable, () => nowMs);
    for (let i = 0; i < 4; i++) await play({ type: 'bet', spot: 'main', amountCents: 500 });
    nowMs += LOG_REPEAT_MS;
    await play({ type: 'bet', spot: 'main', amountCents: 500 });
    // tableOver's bet and the 4 above within 5 s: one line; the bet 5 s later: a line counting the 4 not written.
    expect(problems.filter((problem) => problem.fields?.event === 'balance-unread').map((problem) => problem.fields?.repeated)).toEqual([undefined, 4]);
  });

  /**
   * Jo and Ann are dealt a round at `table` and Jo presses House Way: with two players the first one's setting is saved on
   * its own (with one, the round settles in the same action). Returns the round's id and Jo's answer.
   */
  async function oneOfTwoSets(table: TableRunner): Promise<{ roundId: string; answer: Result<void> }> {
    const [jo, ann] = [unwrap(await players.createGuest('Jo')).player, unwrap(await players.createGuest('Ann')).player];
    for (const player of [jo, ann]) {
      unwrap(await table.join(player));
      unwrap(await table.handle(player.id, { requestId: 'r-sit', type: 'sit', seat: null }));
      unwrap(await table.handle(player.id, { requestId: 'r-bet', type: 'bet', spot: 'main', amountCents: 500 }));
    }
    for (const player of [jo, ann]) unwrap(await table.handle(player.id, { requestId: 'r-deal', type: 'deal' }));
    await expect.poll(() => table.current.round !== null && table.current.phase === 'setting').toBe(true);
    const roundId = table.current.round!.roundId;
    const answer = await table.handle(jo.id, { requestId: 'r-house-way', type: 'house-way', roundId });
    await table.idle();
    return { roundId, answer };
  }

  it('names the fault on a round-secret-unsaved line (it said fault null for "database is locked")', async () => {
    const locked = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    // Once: the record is saved again a second later, and the setting acknowledged then.
    let failing = 1;
    const secretUnsaved: Ledger = { ...ledger, saveRoundSecret: (roundId, secret) => (failing-- > 0 ? Promise.reject(locked) : ledger.saveRoundSecret(roundId, secret)) };
    const { logger, lines } = capturedLog();
    const table = new TableRunner({
      config: unwrap(tableConfig({ tableId: 'secret-unsaved', limits: { main: { minCents: 100, maxCents: 10_000 } } })),
      ledger: secretUnsaved,
      players,
      rng: createCryptoRng(globalThis.crypto),
      log: problemReporter(logger),
      logger,
    });
    runner = table;
    expect((await oneOfTwoSets(table)).answer.ok).toBe(true);
    expect(lines().filter((line) => line.event === 'round-secret-unsaved')).toMatchObject([{ level: 'error', fault: 'busy', err: { code: 'SQLITE_BUSY' } }]);
  });

  it("says at warn that a round no longer open was not saved (its err named only an object, at error: an operator's)", async () => {
    const stale: Ledger = { ...ledger, saveRoundSecret: async (roundId) => err('action/stale', `round ${roundId} is not open`) };
    const { logger, lines } = capturedLog();
    const table = new TableRunner({
      config: unwrap(tableConfig({ tableId: 'secret-stale', limits: { main: { minCents: 100, maxCents: 10_000 } } })),
      ledger: stale,
      players,
      rng: createCryptoRng(globalThis.crypto),
      log: problemReporter(logger),
      logger,
    });
    runner = table;
    const { roundId, answer } = await oneOfTwoSets(table);
    // Not acknowledged: the record was not kept (before: acknowledged all the same).
    expect(answer).toMatchObject({ ok: false, error: { code: 'action/unavailable' } });
    const unsaved = lines().filter((line) => line.event === 'round-secret-unsaved');
    expect(unsaved).toMatchObject([{ level: 'warn', roundId, msg: `round ${roundId} is no longer open in the ledger (another process recovered it): this setting was not saved` }]);
    expect(unsaved[0]).not.toHaveProperty('err');
  });
});
