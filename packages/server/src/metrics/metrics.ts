/**
 * The server's metrics (docs/operations.md "Metrics"), in the Prometheus text format at `/metrics`
 * (prom-client). One registry per process (`metricsRegistry`): the counters below are incremented
 * where the event happens (the table runner, recovery, the HTTP layer); the gauges that describe the
 * running server (players, open rounds, escrow, lease age) are read at each scrape from the server
 * attached with `attachServer`. Money is in cents, durations in seconds (Prometheus' base unit).
 * Node's own metrics (`nodejs_*`, `process_*`: event-loop lag, heap, CPU) are included.
 */
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { within } from '../within.js';
import { sharedCall } from '../shared-call.js';
import type { LedgerGauges } from '../operations/open-rounds.js';

/** The process's registry: everything `/metrics` shows. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

const registers = [metricsRegistry];

/** A counter in the process's registry with one label, `table` (the table id). */
function tableCounter(name: string, help: string): Counter<'table'> {
  return new Counter({ name, help, labelNames: ['table'] as const, registers });
}

/** Rounds whose deal the ledger recorded (stakes in escrow), by table. */
export const roundsDealt = tableCounter('paigow_rounds_dealt_total', 'Rounds dealt (stakes taken into escrow), by table');

/** Rounds settled by the process that dealt them, by table. */
export const roundsSettled = tableCounter('paigow_rounds_settled_total', 'Rounds settled by their own process, by table');

/** Rounds refunded by the ledger (every hold given back: recovery, a round past its deadline, …), by table. */
export const roundsRefunded = tableCounter('paigow_rounds_refunded_total', 'Rounds refunded (stakes returned), by table');

/** Deals the ledger refused or that failed (the round is void, nothing was taken), by table. */
export const dealsFailed = tableCounter('paigow_deals_failed_total', 'Deals refused or failed (round void, bets returned), by table');

/** Rounds of a dead or stopped process that this process recovered, by outcome (`settled` or `refunded`). */
export const roundsRecovered = new Counter({
  name: 'paigow_rounds_recovered_total',
  help: 'Rounds of a dead process recovered here, by outcome (settled, refunded)',
  labelNames: ['outcome'] as const,
  registers,
});

/** Settlement attempts that failed and were tried again, by table. */
export const settlementRetries = tableCounter('paigow_settlement_retries_total', 'Failed settlements retried, by table');

/** Settlements the ledger refused with `action/stale` (the round is no longer this process's), by table. */
export const staleRefusals = tableCounter('paigow_action_stale_total', 'Settlements refused with action/stale (the round was recovered elsewhere), by table');

/** Stakes dealt (main and Fortune bets), cents, by table. */
export const wageredCents = tableCounter('paigow_wagered_cents_total', 'Stakes dealt (main and Fortune bets), cents, by table');

/**
 * The house's net result of each settled round (commission, fees, banker and Fortune results), cents, by table, as
 * two counters: what it won in rounds it came out ahead, and what it paid in rounds it came out behind. Hold over a
 * period is `increase(won) − increase(paid)`. A gauge of the net (as before) dropped to nothing at every restart,
 * and `delta()` over it showed each restart as a loss of the hold so far.
 */
const houseWonCents = tableCounter('paigow_house_won_cents_total', "The house's net win of the settled rounds it came out ahead in, cents, by table");
const housePaidCents = tableCounter('paigow_house_paid_cents_total', "The house's net loss of the settled rounds it came out behind in, cents, by table");

/** Counts a settled round's house net (`houseNetCents`: positive when the house won) at `tableId`. */
export function countHold(tableId: string, houseNetCents: number): void {
  if (houseNetCents > 0) houseWonCents.inc({ table: tableId }, houseNetCents);
  else if (houseNetCents < 0) housePaidCents.inc({ table: tableId }, -houseNetCents);
}

/**
 * Requests refused for a rate or connection limit (429, `rate/limited`, `rate/too-many-connections`), by kind: `http`, `ws-message`,
 * `ws-connection`; TCP connections reset for `PAIGOW_CONNECTIONS_PER_IP` (`connection`, `http/connection-limits.ts`); and `sit`s
 * refused for `PAIGOW_SEATS_PER_IP` (`seat`, `seat/address-limit`, `limits/seat-addresses.ts`); and WebSocket clients cut off
 * for `PAIGOW_MAX_BUFFERED_BYTES` (`ws-send-buffer`: more waited to be sent to them than that, `rooms/send-buffer.ts`) or for not
 * acknowledging their join within `JOIN_ACK_TIMEOUT_MS` (`ws-join-ack`, `rooms/join-acks.ts`); and HTTP
 * connections reset for `PAIGOW_MAX_PIPELINED_REQUESTS` (`http-pipelining`: more requests unanswered on them than that,
 * `http/connection-limits.ts`).
 */
export const rateLimitedRequests = new Counter({
  name: 'paigow_rate_limited_total',
  help: 'Requests refused by a rate or connection limit, by kind',
  labelNames: ['kind'] as const,
  registers,
});

/**
 * The coach's grades of settings (docs/server.md "The coach"), by outcome: `stored`; `skipped` (the grade queue was
 * full: play kept the main thread busy for long); `failed` (an analysis or the database failed, logged).
 */
export const gradesCounted = new Counter({
  name: 'paigow_grades_total',
  help: "Settings graded by the coach, by outcome (stored, skipped: the grade queue was full, failed)",
  labelNames: ['outcome'] as const,
  registers,
});

// Every kind and outcome shows from the start at 0: an alert on increase() sees the first event (a series first
// scraped at 1 shows no increase).
for (const kind of ['http', 'ws-message', 'ws-connection', 'connection', 'seat', 'ws-send-buffer', 'ws-join-ack', 'http-pipelining']) rateLimitedRequests.inc({ kind }, 0);
for (const outcome of ['stored', 'skipped', 'failed']) gradesCounted.inc({ outcome }, 0);
for (const outcome of ['settled', 'refunded']) roundsRecovered.inc({ outcome }, 0);

/** The per-table counters, started at 0 for each table (`startTableSeries`). */
const TABLE_COUNTERS = [roundsDealt, roundsSettled, roundsRefunded, dealsFailed, settlementRetries, staleRefusals, wageredCents, houseWonCents, housePaidCents];

/**
 * Starts `tableId`'s series of every per-table counter at 0, when the process takes the table: an alert on
 * `increase()` (`PaigowSettlementsRetrying`) saw no increase from a series that first appeared at 1.
 */
export function startTableSeries(tableId: string): void {
  for (const counter of TABLE_COUNTERS) counter.inc({ table: tableId }, 0);
}

/**
 * The time of each database statement, seconds, by statement kind (`select`, `insert`, `update`, `delete`, `other`) and
 * outcome; and of each PostgreSQL connection that could not be made (`connect`, `error`: the database down or unreachable).
 */
export const databaseStatementSeconds = new Histogram({
  name: 'paigow_db_statement_seconds',
  help: 'Database statement latency, seconds, by kind and outcome',
  labelNames: ['kind', 'outcome'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers,
});

/** What the scrape-time gauges read from the running server. */
export interface MetricsSource {
  /** Per table: whether its room is on this process now, players with a client connected, and players holding a seat. */
  players(): readonly { readonly tableId: string; readonly hosted: boolean; readonly connected: number; readonly seated: number }[];
  /** The ledger's open rounds, the oldest's age and the escrow balance, all processes, read together (`LedgerGauges`). */
  ledgerGauges(): Promise<LedgerGauges>;
  /** Seconds since this process last renewed its lease. */
  leaseAgeSeconds(): number;
  /** Deals and reveals waiting for a turn of this process's lane (`TransitionLane.waiting`; docs/server.md "Actions first"). Absent: none. */
  transitionsWaiting?(): number;
  /** True when `/readyz` answers 200 now (its checks run for the scrape: database, Redis, lease, draining, load). */
  ready(): Promise<boolean>;
  /**
   * Series measured on the process's other threads (the ledger thread, `ledger/ledger-thread.ts`), `prom-client`'s JSON
   * form: added to this registry's at each scrape (counters and histograms summed by labels). Absent: none.
   */
  threadSeries?(): Promise<readonly MetricObjectWithValues<MetricValue<string>>[]>;
}

let source: MetricsSource | null = null;

/**
 * Makes `server` the one the gauges describe (one server per process; a second `attachServer`
 * replaces the first). @returns a function that detaches it again (the gauges then read nothing).
 */
export function attachServer(server: MetricsSource): () => void {
  const attached: MetricsSource = {
    players: () => server.players(),
    ledgerGauges: shared(() => server.ledgerGauges()),
    leaseAgeSeconds: () => server.leaseAgeSeconds(),
    ...(server.transitionsWaiting === undefined ? {} : { transitionsWaiting: server.transitionsWaiting.bind(server) }),
    ready: shared(() => server.ready()),
    ...(server.threadSeries === undefined ? {} : { threadSeries: server.threadSeries.bind(server) }),
  };
  source = attached;
  return () => {
    if (source === attached) source = null;
  };
}

/**
 * How long a rendered `/metrics` text is served again, ms (`sharedMetricsText`). An attacker's flood of anonymous
 * scrapes (200 keep-alive connections, ~330 a second) rendered ~22 KB each, back to back as the shared reads below
 * resolved, and held the event loop 0.5–1.3 s at a time: joins were refused `server/overloaded` and `/readyz` answered
 * 503. Prometheus scrapes each process every 15–30 s, so a scraper always gets a text rendered for it.
 */
export const METRICS_TEXT_REUSE_MS = 1_000;

/**
 * The registry's text (`metricsRegistry.metrics()` with the other threads' series, what `/metrics` answers), rendered at most once per `reuseMs`: a
 * call within `reuseMs` ms of the end of the last render gets that render's text, and calls while a render runs wait
 * for it; a later call renders again. A render that fails is not kept (the next call renders). Rejects when the render
 * does (a collect that throws).
 * @param reuseMs how long a text is served again, ms (default `METRICS_TEXT_REUSE_MS`; 0: only calls while it renders share it)
 * @param nowMs the clock, ms (default `performance.now`)
 */
export function sharedMetricsText(reuseMs: number = METRICS_TEXT_REUSE_MS, nowMs: () => number = () => performance.now()): () => Promise<string> {
  return sharedCall(renderMetrics, { reuseMs, nowMs });
}

/** The registry's text, with the other threads' series added (`MetricsSource.threadSeries`). */
async function renderMetrics(): Promise<string> {
  const threads = (await source?.threadSeries?.()) ?? [];
  if (threads.length === 0) return metricsRegistry.metrics();
  return AggregatorRegistry.aggregate([await metricsRegistry.getMetricsAsJSON(), [...threads]]).metrics();
}

/**
 * `read`, shared by the calls made while it runs: scrapes at the same time run one read of each, not one each. A
 * tester's 620 scrapes a second ran four statements each, and on PostgreSQL took the pool from the tables (others'
 * actions p99 2.6 s). A read still running after `SCRAPE_READ_BOUND_MS` is no longer shared (a partitioned
 * database may never answer it): the next scrape starts its own.
 */
function shared<T>(read: () => Promise<T>): () => Promise<T> {
  return sharedCall(read, { staleMs: SCRAPE_READ_BOUND_MS });
}

/**
 * How long a scrape waits for each gauge read from the database (`paigow_open_rounds`, `paigow_escrow_cents`,
 * `paigow_oldest_open_round_seconds`) and for `paigow_ready`'s checks, ms. The reads run side by side, so a scrape
 * takes at most about this long whatever the database does. With PostgreSQL partitioned away (packets dropped, no
 * refusal) each read waited for the connection timeout, ~10 s: at Prometheus' 10 s scrape timeout every process
 * looked down and the alerts meant for the outage could not fire. Well below the usual scrape timeout (10 s).
 */
export const SCRAPE_READ_BOUND_MS = 1_000;

/**
 * Sets `gauge` to what `read` reads from the database; a database that does not answer, with an error or not within
 * `SCRAPE_READ_BOUND_MS`, leaves the gauge at its last value, or without a sample while no read has succeeded (the read
 * goes on; nobody waits for it). A scrape must not fail with the database: during an outage `/metrics` answered 503
 * with no metric at all, so the alerts meant for it (`paigow_ready` 0, the lease age growing) could never fire.
 */
async function setRead(gauge: Gauge, read: () => Promise<number>): Promise<void> {
  try {
    gauge.set(await within(read(), SCRAPE_READ_BOUND_MS));
  } catch {
    // Kept: `paigow_ready` and `/readyz` say the database does not answer.
  }
}

/**
 * Whether `source` is ready (`/readyz`'s checks), waiting at most `SCRAPE_READ_BOUND_MS`: checks that have not
 * answered by then count as not ready (0), as does a check that fails.
 */
async function readyWithin(from: MetricsSource): Promise<boolean> {
  try {
    return await within(from.ready(), SCRAPE_READ_BOUND_MS);
  } catch {
    return false;
  }
}

new Gauge({
  name: 'paigow_table_hosted',
  help: 'Whether the table is hosted by this process now (1) or not (0): summed over the processes, 1 for every table',
  labelNames: ['table'] as const,
  registers,
  collect() {
    this.reset();
    for (const table of source?.players() ?? []) this.set({ table: table.tableId }, table.hosted ? 1 : 0);
  },
});

new Gauge({
  name: 'paigow_players_connected',
  help: 'Players with a client connected, by table',
  labelNames: ['table'] as const,
  registers,
  collect() {
    this.reset();
    for (const table of source?.players() ?? []) this.set({ table: table.tableId }, table.connected);
  },
});

new Gauge({
  name: 'paigow_players_seated',
  help: 'Players holding a seat, by table',
  labelNames: ['table'] as const,
  registers,
  collect() {
    this.reset();
    for (const table of source?.players() ?? []) this.set({ table: table.tableId }, table.seated);
  },
});

/**
 * A gauge read from the ledger at each scrape (`setRead`), with no sample until its first read succeeds: prom-client
 * prints an unlabelled gauge never set as 0, and a process that had never read the ledger (the database cut before
 * its first scrape) showed `paigow_open_rounds 0` and `paigow_escrow_cents 0` with rounds open.
 */
function ledgerGauge(name: string, help: string, read: (from: MetricsSource) => Promise<number>): void {
  new Gauge({
    name,
    help,
    registers,
    async collect() {
      const from = source;
      if (from !== null) await setRead(this, () => read(from));
    },
  }).remove();
}

ledgerGauge('paigow_open_rounds', 'Rounds open in the ledger (dealt, not settled or refunded), all processes', async (from) => (await from.ledgerGauges()).openRounds);

ledgerGauge(
  'paigow_oldest_open_round_seconds',
  'How long the oldest round open in the ledger (all processes) has been open, s; 0 when none is: a round older than its table\'s timers allow is stuck',
  async (from) => (await from.ledgerGauges()).oldestOpenRoundSeconds,
);

ledgerGauge(
  'paigow_escrow_cents',
  'The escrow accounts balance, all tables (stakes and bank covers of open rounds), cents',
  async (from) => (await from.ledgerGauges()).escrowCents,
);

new Gauge({
  name: 'paigow_lease_age_seconds',
  help: 'Seconds since this process last renewed its lease',
  registers,
  collect() {
    if (source !== null) this.set(source.leaseAgeSeconds());
  },
});

new Gauge({
  name: 'paigow_round_transitions_waiting',
  help: 'Deals and reveals waiting for a turn of this process\'s lane: above 0 for long, the process is saturated and rounds wait',
  registers,
  collect() {
    this.set(source?.transitionsWaiting?.() ?? 0);
  },
});

new Gauge({
  name: 'paigow_ready',
  help: '1 when the process is ready (database, Redis, lease, not draining, not overloaded), else 0',
  registers,
  // `/readyz`'s own checks: read from the drain flag alone, the gauge stayed 1 through a database or Redis outage.
  async collect() {
    const from = source;
    this.set(from !== null && (await readyWithin(from)) ? 1 : 0);
  },
});

/**
 * The kind of a SQL statement for `databaseStatementSeconds`: its first keyword (`select`, `insert`, `update`,
 * `delete`, `commit`), `begin` for `begin …` and `start transaction …`, or `other`. SQLite's `BEGIN IMMEDIATE` and
 * `COMMIT` of a group commit are counted under the same kinds by the storage (`storage/sqlite-group-commit.ts`).
 */
export function statementKind(sqlText: string): 'select' | 'insert' | 'update' | 'delete' | 'begin' | 'commit' | 'other' {
  const keyword = /^\s*(?:with\b[\s\S]*?\)\s*)?(\w+)/i.exec(sqlText)?.[1]?.toLowerCase();
  if (keyword === 'start') return 'begin';
  return keyword === 'select' || keyword === 'insert' || keyword === 'update' || keyword === 'delete' || keyword === 'begin' || keyword === 'commit' ? keyword : 'other';
}

/** A Kysely log event, as `new Kysely({ log })` passes it. */
interface QueryLogEvent {
  readonly level: 'query' | 'error';
  readonly query: { readonly sql: string };
  readonly queryDurationMillis: number;
}

/** The `log` option of `new Kysely(…)`: records each statement's time in `databaseStatementSeconds`. */
export function observeQuery(event: QueryLogEvent): void {
  databaseStatementSeconds.observe(
    { kind: statementKind(event.query.sql), outcome: event.level === 'error' ? 'error' : 'ok' },
    event.queryDurationMillis / 1000,
  );
}
