/**
 * A network partition between the process and PostgreSQL (docs/server.md "Database faults"): packets dropped, no
 * connection closed. A statement in flight gets no answer, and PostgreSQL's own timeouts, enforced by the server, cannot
 * reach the client through it. An operator's: every table of a process froze with nothing in the log for the whole
 * partition (TCP gives up after about 15 minutes). Now the client gives up on an answer `statementTimeoutMs` plus
 * `ANSWER_MARGIN_MS` after the statement was sent, closes that connection, and the statement fails as a database fault.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unwrap } from '@paigow/engine';
import { createLedger } from '../ledger/index.js';
import { createPlayers } from '../players/index.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { partitionRelay, type PartitionRelay } from '../testing/faults.js';
import { within } from '../within.js';
import { createDatabase, type Database } from './database.js';
import { DatabaseFault, faultKindOf } from './faults.js';
import { ANSWER_MARGIN_MS } from './postgres.js';

const postgres = TEST_BACKENDS.find((backend) => backend.name === 'postgres')!;

/** The test pool's server-side statement timeout, ms: the client waits for an answer `ANSWER_MARGIN_MS` longer. */
const STATEMENT_TIMEOUT_MS = 300;
const ANSWER_MS = STATEMENT_TIMEOUT_MS + ANSWER_MARGIN_MS;
/** The test pool's connection timeout (also its wait for a free connection), ms. */
const CONNECT_TIMEOUT_MS = 1_000;

/** How `work` ended, and after how many ms; a test fails rather than hanging when it does not end within 10 s. */
async function outcomeOf(work: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  const error = await within(work, 10_000).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  return { error, ms: performance.now() - started };
}

describe.skipIf(!postgres.enabled)('a partition between the process and PostgreSQL', () => {
  let direct: Database;
  let relay: PartitionRelay;
  let database: Database;
  let playerId: string;

  beforeEach(async () => {
    direct = await postgres.open();
    relay = await partitionRelay(process.env.DATABASE_URL!);
    // One connection: the one whose statement goes unanswered is the pool's only one.
    database = createDatabase({ databaseUrl: relay.url, schema: direct.schema!, maxConnections: 1, connectTimeoutMs: CONNECT_TIMEOUT_MS, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
    playerId = unwrap(await createPlayers(database).createGuest('Jo')).player.id;
  });
  afterEach(async () => {
    relay.resume();
    await database.db.destroy();
    await relay.close();
    await postgres.close(direct);
  });

  const deal = (roundId: string) =>
    createLedger(database).openRound({ roundId, tableId: 't', bankerPlayerId: null, holds: [{ playerId, kind: 'main', amountCents: 1_000 }], secret: {}, public: {} });

  it('fails a transaction in flight within the bound, a DatabaseFault connection-lost, and closes its connection', async () => {
    expect(relay.connections).toBe(1);
    relay.pause();
    const { error, ms } = await outcomeOf(deal('r-1'));
    expect(error).toBeInstanceOf(DatabaseFault);
    expect(error).toMatchObject({ kind: 'connection-lost', message: 'database fault (connection-lost): Query read timeout' });
    expect(ms).toBeGreaterThanOrEqual(ANSWER_MS - 50);
    expect(ms).toBeLessThan(ANSWER_MS + 1_000);
    // Its connection is closed, not given back to the pool for the next statement to wait behind the one unanswered.
    await expect.poll(() => relay.connections, { timeout: 1_000 }).toBe(0);

    relay.resume();
    // The deal never committed (its connection closed mid-transaction); the pool connects afresh and the next one goes through.
    expect(unwrap(await deal('r-2')).status).toBe('open');
    expect((await createLedger(direct).openRounds()).map((round) => round.roundId)).toEqual(['r-2']);
  });

  it('fails a statement outside a transaction within the bound, and a wait for a free connection, as database faults', async () => {
    relay.pause();
    const unanswered = outcomeOf(sql`select 1`.execute(database.db));
    // The pool's one connection is taken: the next statement waits for it (pg-pool: "timeout exceeded when trying to connect").
    const waiting = await outcomeOf(deal('r-1'));
    expect(waiting.error).toMatchObject({ name: 'DatabaseFault', kind: 'connection-lost', message: 'database fault (connection-lost): timeout exceeded when trying to connect' });
    expect(waiting.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 500);
    const { error, ms } = await unanswered;
    expect(error).toMatchObject({ message: 'Query read timeout' });
    expect(faultKindOf(error)).toBe('connection-lost');
    expect(ms).toBeLessThan(ANSWER_MS + 1_000);
    await expect.poll(() => relay.connections, { timeout: 1_000 }).toBe(0);
    // A new connection gets no answer either: it fails at the connection timeout.
    const connecting = await outcomeOf(sql`select 1`.execute(database.db));
    expect(faultKindOf(connecting.error)).toBe('connection-lost');
    expect(connecting.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 500);

    relay.resume();
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
  });

  it('keeps the server’s own answer when it comes in time: a slow statement is cancelled, its connection kept', async () => {
    const { error, ms } = await outcomeOf(sql`select pg_sleep(5)`.execute(database.db));
    expect(faultKindOf(error)).toBe('cancelled');
    expect(ms).toBeLessThan(ANSWER_MS);
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
    expect(relay.connections).toBe(1);
  });
});
