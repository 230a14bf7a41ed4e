/**
 * A table through a network partition between its process and PostgreSQL (docs/server.md "Database faults"):
 * packets dropped, no connection closed. An operator's: the players' requests got no answer, the decision deadline
 * passed and nothing happened, and the log said nothing, for as long as the partition lasted (a bet sent just before
 * it too). Every statement is now given up by the client within its bound, so the table's deadlines and retries act
 * as they do on a lost connection, and write their lines.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { problemReporter } from '../log/index.js';
import type { ServerHandle } from '../server.js';
import { ANSWER_MARGIN_MS } from '../storage/postgres.js';
import { partitionRelay, until, type PartitionRelay } from '../testing/faults.js';
import { serversPerTest, signIn, STORE_BACKENDS, TestClient } from '../testing/harness.js';
import { capturedLog } from '../testing/log-capture.js';

const postgres = STORE_BACKENDS.find((backend) => backend.name === 'postgres')!;

/** The server's statement timeout here, ms: a statement unanswered is given up `ANSWER_MARGIN_MS` later. */
const STATEMENT_TIMEOUT_MS = 300;
const CONNECT_TIMEOUT_MS = 1_000;
/**
 * The longest wait for the answer to a request here, ms: its first statement, on a connection of the pool, is given up
 * `ANSWER_MARGIN_MS` after the statement timeout (the connection closed then); the next, on a new connection, at the
 * connection timeout.
 */
const REQUEST_MS = STATEMENT_TIMEOUT_MS + ANSWER_MARGIN_MS + CONNECT_TIMEOUT_MS + 500;
const DEADLINES = { dealMs: 2_000, settleMs: 60_000, firstRetryPauseMs: 200, maxRetryPauseMs: 500 };

describe.skipIf(!postgres.enabled)('a table through a partition between its process and PostgreSQL', () => {
  const servers = serversPerTest('postgres');
  let relay: PartitionRelay | undefined;
  let server: ServerHandle | undefined;
  let jo: TestClient | undefined;
  afterEach(async () => {
    relay?.resume();
    await jo?.leave().catch(() => undefined);
    await server?.close(); // before the relay closes (`serversPerTest` would close it after this hook)
    await relay?.close();
    relay = server = jo = undefined;
  });

  /** A server whose database is behind a relay, with Jo seated at `small`; its problem lines are kept. */
  async function seatedBehindRelay(): Promise<{ handle: ServerHandle; problems: (event: string) => Record<string, unknown>[] }> {
    relay = await partitionRelay(process.env.DATABASE_URL!);
    const { logger, lines } = capturedLog();
    server = await servers.start({
      databaseUrl: relay.url,
      databaseStatementTimeoutMs: STATEMENT_TIMEOUT_MS,
      databaseConnectTimeoutMs: CONNECT_TIMEOUT_MS,
      roundDeadlines: DEADLINES,
      logger,
      log: problemReporter(logger),
    });
    const session = await signIn(server, 'Jo');
    jo = await TestClient.join(server, 'small', session.token, 'jo');
    await jo.act('sit', { seat: 0 });
    return { handle: server, problems: (event) => lines().filter((line) => line.event === event) };
  }

  it('a bet is answered within the bound; a deal is void within its deadline plus one attempt, the bet back on the felt', async () => {
    const { handle, problems } = await seatedBehindRelay();
    const table = jo!;
    relay!.pause();
    let started = performance.now();
    // Its balance check gets no answer: the bet is checked against the seat's balance (the deal checks it again).
    const bet = await table.act('bet', { spot: 'main', amountCents: 500 });
    expect(bet.you?.bets.main).toBe(500);
    expect(performance.now() - started).toBeLessThan(REQUEST_MS);
    expect(problems('balance-unread')[0]).toMatchObject({ level: 'error', fault: 'connection-lost' });
    expect(problems('balance-unread')[0]).not.toHaveProperty('err.stack');

    const from = table.received.length;
    started = performance.now();
    table.send('deal');
    const notice = await table.waitForNotice('notice/round-void', from);
    expect(notice.params).toMatchObject({ reason: 'action/unavailable' });
    expect(performance.now() - started).toBeLessThan(DEADLINES.dealMs + REQUEST_MS);
    await table.waitForView((view) => view.phase === 'betting' && view.you?.bets.main === 500, from);
    expect(problems('deal-failed')[0]).toMatchObject({ level: 'error', fault: 'connection-lost', roundId: expect.any(String) });

    relay!.resume();
    const runner = handle.runners.get('small')!;
    await until(() => !runner.roundsInPlay); // the refund in case the deal reached the ledger: it had not
    expect(await handle.ledger.openRounds()).toEqual([]);
    expect((await table.act('deal')).phase).toBe('setting');
    expect(await handle.ledger.audit()).toEqual([]);
  }, 30_000);

  it('a decision is answered within the bound; its settlement is retried and the round settled once the partition heals', async () => {
    const { handle, problems } = await seatedBehindRelay();
    const table = jo!;
    await table.act('bet', { spot: 'main', amountCents: 1_000 });
    const roundId = (await table.act('deal')).roundId!;
    relay!.pause();
    const started = performance.now();
    // The decision ends the round; the settlement gets no answer: the table goes on, the round waits for the ledger.
    const settling = await table.act('house-way');
    expect(performance.now() - started).toBeLessThan(REQUEST_MS);
    expect(settling).toMatchObject({ settlingRoundId: roundId, lastRound: null });
    expect(problems('settlement-retrying')[0]).toMatchObject({ level: 'error', roundId, fault: 'connection-lost' });
    expect(problems('settlement-retrying')[0]).not.toHaveProperty('err.stack');

    await new Promise((resolve) => setTimeout(resolve, 1_000)); // retries fail meanwhile
    const from = table.received.length;
    relay!.resume();
    const revealed = await table.waitForView((view) => view.lastRound?.roundId === roundId && view.settlingRoundId === null, from);
    expect(revealed.lastRound?.players[0]?.setBy).toBe('house-way');
    expect(await handle.ledger.openRounds()).toEqual([]);
    expect(await handle.ledger.audit()).toEqual([]);
  }, 30_000);
});
