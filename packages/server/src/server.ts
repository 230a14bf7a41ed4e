/**
 * Starting and stopping the game server (interfaces.md "The web page"; docs/server.md "Start-up" and
 * "Processes, leases and recovery"): the port first, then the database (SQLite in `dataDir`, or
 * PostgreSQL at `databaseUrl`), this process's instance and lease, recovery of rounds no live process
 * runs (at start and every few seconds), one `TableRunner` per table and one Colyseus room per table
 * this process hosts (`TableHosting`: each table on exactly one of the processes sharing the database),
 * and the HTTP API and web client on the same port.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type RequestListener, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { DEFAULT_ENVY_BONUS, PaiGowError, tableConfig, unwrap, type Rng, type TableConfig, type TableConfigInput } from '@paigow/engine';
import type { HttpErrorBody, InboxNotice } from '@paigow/protocol';
import { Admission, DEFAULT_ADMISSION, WATCHER_GRACE_MS, Watchers, type AdmissionLimits } from './admission/index.js';
import { ServerHealth, STARTING_READINESS, type Liveness, type Readiness } from './health/index.js';
import { HintPool, type HintService } from './hint/index.js';
import { Coach, coachReader, DailyChallenge, GradePool, type ExactScores } from './coach/index.js';
import { createHttpApp } from './http/app.js';
import { httpServerOptions, limitConnections, limitPipelining } from './http/connection-limits.js';
import { answerMalformedRequests } from './http/malformed-requests.js';
import { answerStopping, RequestsInFlight, STOP_ANSWER_WAIT_MS } from './http/in-flight.js';
import { DEFAULT_LEASE, DEFAULT_STALL_MS, endLease, INSTANCE_RETENTION_MS, LeaseKeeper, leaseProblemReporter, liveInstances, peersRenewedSince, pruneInstances, recordRedisPrefix, registerInstance, settingsFingerprints, TableHosting, type LeaseTiming } from './lease/index.js';
import { createLedger, tableHasOpenRound, type Ledger } from './ledger/index.js';
import { startLedgerThread, type LedgerThread, type LedgerWorkerData } from './ledger/ledger-thread.js';
import { LineThrottle, problemReporter, reportConsoleWarnings, reportUnhandledRejections, rootLogger, unansweredBy, withContext, type Logger, type ProblemLog } from './log/index.js';
import { attachServer, roundsRecovered, startTableSeries } from './metrics/index.js';
import { ledgerGauges } from './operations/index.js';
import { redactUrl } from './settings/urls.js';
import { DEFAULT_LIMITS, RateLimits, type ServerLimits } from './limits/index.js';
import { createPlayers, type Players } from './players/index.js';
import { createGameServer, type GameServer } from './rooms/game-server.js';
import { checkRedisUrl, defaultRedisPrefix, redisReachable } from './rooms/redis-presence.js';
import { checkDatabase, createDatabase, databaseDescription, deploymentIdentity, ensureDirectory, faultSummary, migrateToLatest, storageFaultReason, SERVING_STATEMENT_TIMEOUT_MS, type BusyWait, type Database } from './storage/index.js';
import { recoverRounds, type RecoveryReport } from './table/recovery.js';
import { InboxDelivery, inboxNotice, INBOX_PRUNE_EVERY_MS, pruneInbox } from './table/inbox.js';
import { DEFAULT_DRAIN_MS, drainTables } from './table/drain.js';
import { NoAnswerInTime, within } from './within.js';
import type { RoundDeadlines } from './table/round-deadlines.js';
import { BalanceNews, reportingMoves } from './table/balance-news.js';
import { PlayerTables } from './table/player-tables.js';
import { TableRunner } from './table/runner.js';
import { TransitionLane } from './table/transition-lane.js';

/**
 * The tables of a default server: two house-banked tables of different limits and one where a
 * player may take the bank (rules.md §5), which also has the envy bonus on (rules.md §4). Limits in cents.
 */
export const DEFAULT_TABLES: readonly TableConfigInput[] = [
  {
    tableId: 'table-1',
    name: 'Table 1 (1–100)',
    limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } },
  },
  {
    tableId: 'table-2',
    name: 'Table 2 (5–500)',
    limits: { main: { minCents: 500, maxCents: 50_000 }, fortune: { minCents: 500, maxCents: 10_000 } },
  },
  {
    tableId: 'table-3',
    name: 'Players bank (1–100)',
    playerBanking: true,
    limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } },
    envyBonus: { ...DEFAULT_ENVY_BONUS, enabled: true },
  },
  {
    tableId: 'table-4',
    name: 'Foxwoods house way (1–100)',
    houseWay: 'foxwoods',
    limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: { minCents: 100, maxCents: 2_500 } },
  },
];

/** Options of `startServer`; everything is optional. */
export interface StartServerOptions {
  /** TCP port (default 2567; 0 picks a free one). */
  readonly port?: number;
  /** Interface to listen on (default all). */
  readonly host?: string;
  /** Folder of the SQLite file `paigow.sqlite` (default `./data`, created if missing); unused with `databaseUrl`. */
  readonly dataDir?: string;
  /** PostgreSQL URL; when set the data lives there instead of SQLite. */
  readonly databaseUrl?: string;
  /** PostgreSQL schema (default `public`). */
  readonly databaseSchema?: string;
  /** How long connecting to PostgreSQL may take before the start fails, ms (default 10,000). */
  readonly databaseConnectTimeoutMs?: number;
  /**
   * PostgreSQL cancels a statement after this, and the process gives up on its answer `ANSWER_MARGIN_MS` later (a
   * network partition), ms (default `SERVING_STATEMENT_TIMEOUT_MS`, 8,000; docs/server.md "Database faults"); tests shorten it.
   */
  readonly databaseStatementTimeoutMs?: number;
  /** PostgreSQL connections this process may hold (default 10; `PAIGOW_DB_POOL_SIZE`); the ledger thread holds as many again. */
  readonly databasePoolSize?: number;
  /**
   * Runs the ledger on a worker thread with a connection of its own (`ledger/ledger-thread.ts`, docs/server.md "The
   * ledger thread"; `PAIGOW_LEDGER_THREAD=on`). Default false: the ledger on the main thread's connection.
   */
  readonly ledgerThread?: boolean;
  /** Redis URL: scale out with `RedisPresence` + `RedisDriver` (docs/server.md). */
  readonly redisUrl?: string;
  /** How long the start waits for Redis to answer before it fails, ms (default `REDIS_CONNECT_TIMEOUT_MS`, 5,000). */
  readonly redisConnectTimeoutMs?: number;
  /** Every Redis key and channel starts with it (default `defaultRedisPrefix`: one per database; `PAIGOW_REDIS_PREFIX`). */
  readonly redisPrefix?: string;
  /**
   * This process's address behind the reverse proxy, `host[:port]/path` without the scheme, e.g.
   * `play.example.com/p1` (`PAIGOW_PUBLIC_ADDRESS`; docs/operations.md "A cluster"): clients open the
   * WebSockets of the rooms hosted here at `<publicAddress>/<processId>/<tableId>`. Default: the address
   * the client used for matchmaking (one process).
   */
  readonly publicAddress?: string;
  /** How often this process looks which tables it should host, ms (default: the lease's renewal, at most 1,000). */
  readonly hostingSweepMs?: number;
  /** The tables (default `DEFAULT_TABLES`). */
  readonly tables?: readonly TableConfigInput[];
  /** The built web client's folder, absolute or under the working folder (default `DEFAULT_WEB_DIST`; `PAIGOW_WEB_DIST`). */
  readonly webDist?: string;
  /** The clock, epoch ms (default `Date.now`). */
  readonly now?: () => number;
  /**
   * Tests only: deal from decks shuffled by this source, e.g. a rigged one (those rounds have no proof).
   * Default: every round is dealt from a fresh server seed and the players' client seeds (fairness.md).
   */
  readonly rng?: Rng;
  /** Where problems are reported (default: `error`/`warn` lines of `logger`). */
  readonly log?: ProblemLog;
  /** The structured log (default `rootLogger()`: JSON lines on stderr at `LOG_LEVEL`); tables log through children with `tableId`. */
  readonly logger?: Logger;
  /** `/readyz` answers 503 (overloaded) while the event loop's delay (p99 over 2 s) is above this, ms (default 1,000). */
  readonly maxEventLoopLagMs?: number;
  /**
   * Admission control: new players are refused (`server/overloaded`) past these limits (default `DEFAULT_ADMISSION`,
   * its event-loop limit half of `maxEventLoopLagMs` when that is given; docs/server.md "Admission control").
   */
  readonly admission?: Partial<AdmissionLimits>;
  /**
   * How long a table's WebSocket client has to acknowledge its join, ms (default `JOIN_ACK_TIMEOUT_MS`, 10 s; no
   * environment variable: tests shorten it; docs/server.md "Limits").
   */
  readonly joinAckMs?: number;
  /** Computes table Hints (default: a `HintPool` of worker threads, started at the first deal and closed with the server). */
  readonly hints?: HintService;
  /**
   * Computes the exact scores the coach grades settings with (issue 17; default: a `GradePool` of one worker
   * thread, started at the first grade and closed with the server); `null`: no grading (the test servers'
   * default, which spares their rounds the analysis).
   */
  readonly grades?: ExactScores | null;
  /** The lease of this process (default `DEFAULT_LEASE`: 15 s, renewed every 5 s); tests shorten it. */
  readonly lease?: Partial<LeaseTiming>;
  /** Limits against abuse (docs/server.md "Limits"; default `DEFAULT_LIMITS`, each overridable). */
  readonly limits?: Partial<ServerLimits>;
  /** Origins besides the page's own allowed CORS and WebSocket upgrades, e.g. `http://localhost:5173` (default none). */
  readonly allowedOrigins?: readonly string[];
  /** A session unused this long expires, ms (default 30 days: `DEFAULT_SESSION_IDLE_MS`). */
  readonly sessionIdleMs?: number;
  /** How long `drain()` waits for the rounds in play, ms (default `DEFAULT_DRAIN_MS`, 60 s; `PAIGOW_DRAIN_MS`). */
  readonly drainMs?: number;
  /** How long a deal and a settlement may wait for the ledger (docs/server.md "Database faults"); tests shorten them. */
  readonly roundDeadlines?: Partial<RoundDeadlines>;
  /** How SQLite waits for another process's lock (default `DEFAULT_BUSY_WAIT`: 5 s in all, asynchronously); tests shorten it. */
  readonly sqliteBusyWait?: BusyWait;
}

/** How `close` stops. */
export interface CloseOptions {
  /**
   * End the lease (default true): a clean stop, after which any process recovers this one's open rounds
   * at once. `false` leaves the lease to expire, as a crash would (tests, operators' drills).
   */
  readonly releaseLease?: boolean;
}

/** A running server. */
export interface ServerHandle {
  /** The port actually listened on. */
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** This process's server instance (docs/server.md "Processes, leases and recovery"): the owner of the rounds it deals. */
  readonly instanceId: string;
  /** What start-up recovery did with rounds no live process runs. */
  readonly recovery: RecoveryReport;
  /** Every configured table's runner by id; only the hosted ones have a room (`hosts`). */
  readonly runners: ReadonlyMap<string, TableRunner>;
  /** Whether `tableId` has its room on this process (docs/server.md "Table hosting"). */
  hosts(tableId: string): boolean;
  readonly ledger: Ledger;
  readonly players: Players;
  /** `/livez` and `/readyz`; `health.setDraining()` makes `/readyz` answer 503 `draining` (the SIGTERM drain). */
  readonly health: ServerHealth;
  /** This process's lease, renewed by a worker thread; the tables deal and settle only while `lease.held()`. */
  readonly lease: LeaseKeeper;
  /** Admission control: whether new players are taken now, and how many players and seats were refused. */
  readonly admission: Admission;
  /**
   * Stops taking connections, answers the requests accepted (within `STOP_ANSWER_WAIT_MS`, else 503 "the server is
   * stopping"), then closes the tables, the connections, ends the lease and closes the database.
   */
  close(options?: CloseOptions): Promise<void>;
  /**
   * The SIGTERM drain (docs/server.md "Drain"): `/readyz` answers `draining`, bets and deals are refused
   * (`bet/closed`), the rounds in play finish with their timers; then `close()`. At `drainMs`, or when
   * `close()` is called meanwhile, it closes at once (rounds left open are recovered at the next start, or by a
   * surviving process; a `warn` line names them first, `drain-deadline` or `drain-interrupted`: docs/operations.md "Logs").
   * Calling it again returns the same promise.
   */
  drain(): Promise<void>;
}

/**
 * Records `self`'s Redis prefix, unless a live peer on the same database uses another: then the start is refused. With
 * two prefixes the processes do not see each other's rooms: an operator's process started with another
 * `PAIGOW_REDIS_PREFIX` failed one join in three through the front, `503 the table is moving`, nothing logged.
 * The prefix is recorded first and the peers read after: read first, two processes started at the same moment with
 * different prefixes each found none of the other's and both started; now at least one of them sees the other's and is
 * refused (both may be: a misconfiguration either way), its record taken back.
 * @throws ServerStartError `redis-prefix-differs`; the database's error
 */
export async function claimRedisPrefix(db: Database, self: string, prefix: string, nowMs: number, leaseMs: number): Promise<void> {
  await recordRedisPrefix(db, self, prefix);
  const other = (await liveInstances(db, nowMs, leaseMs)).find((peer) => peer.instanceId !== self && peer.redisPrefix !== null && peer.redisPrefix !== prefix);
  if (other === undefined) return;
  await recordRedisPrefix(db, self, null);
  throw new ServerStartError(
    'redis-prefix-differs',
    `the Redis prefix ${prefix} differs from ${other.redisPrefix}, a live process's on this database (instance ${other.instanceId}): every process of a deployment must use the same (set PAIGOW_REDIS_PREFIX to ${other.redisPrefix}, or stop the others first)`,
  );
}

/** A recovery sweep that judged no peer's lease (`LeaseKeeper.mayRecoverPeers`). */
const NOTHING_RECOVERED: RecoveryReport = { settled: [], refunded: [], tableIds: [] };

/** What went wrong at start, for the operator (the CLI prints the message as one line). */
export type ServerStartErrorCode = 'port-in-use' | 'listen-failed' | 'data-folder' | 'database-unreachable' | 'database-failed' | 'redis-unreachable' | 'redis-prefix-differs';

/**
 * A start that failed for a reason an operator can fix: the port is taken or cannot be used, the data
 * folder cannot be created, the database or Redis cannot be reached, the database cannot be opened. `message` is one line, e.g.
 * `port 2567 is in use (set PORT or --port)`. Nothing was changed (the port is bound before the data
 * is touched, and released again).
 */
export class ServerStartError extends PaiGowError<ServerStartErrorCode> {
  override name = 'ServerStartError';
}

/**
 * The built web client's folder when neither `PAIGOW_WEB_DIST` nor `startServer({ webDist })` names one: where
 * `npm run build` writes it, `packages/web/dist`, found from this module's own place (packages/server/src or
 * packages/server/dist), so that the server started from any working folder finds it.
 */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * How long a stop waits for Colyseus' shutdown of the rooms (their clients' leaves, the presence's cleanup), ms; then
 * it cuts the connections left and goes on (Redis commands are bounded at 2 s from the stop on, `games.stopping()`).
 */
const ROOMS_CLOSE_WAIT_MS = 10_000;

/** A system or driver error in a few words: `ECONNREFUSED`, `ENOTDIR: not a directory, mkdir 'x'`, ... */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0 && !error.message) return reasonOf(error.errors[0]);
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message.split('\n')[0] : '';
  const codeText = typeof code === 'string' ? code : '';
  if (text !== '') return codeText !== '' && !text.includes(codeText) ? `${codeText}: ${text}` : text;
  return codeText || String(error);
}

/** Binds `port` on `host`. @throws ServerStartError `port-in-use` or `listen-failed` */
function listen(httpServer: HttpServer, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      httpServer.off('listening', onListening);
      if (error.code === 'EADDRINUSE') reject(new ServerStartError('port-in-use', `port ${port} is in use (set PORT or --port)`, { cause: error }));
      else reject(new ServerStartError('listen-failed', `cannot listen on ${host ?? 'all interfaces'} port ${port} (${reasonOf(error)})`, { cause: error }));
    };
    const onListening = (): void => {
      httpServer.off('error', onError);
      resolve();
    };
    httpServer.once('error', onError);
    httpServer.once('listening', onListening);
    httpServer.listen(port, host);
  });
}

/** What the port answers while the server starts: `/livez` 200, `/readyz` and `/healthz` 503 `starting`, the rest 503. */
const STARTING: RequestListener = (req, res) => {
  const path = req.url?.split('?')[0];
  if (path === '/livez') {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) } satisfies Liveness));
    return;
  }
  res.statusCode = 503;
  res.setHeader('Retry-After', '1');
  if (path === '/readyz' || path === '/healthz') {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(STARTING_READINESS));
    return;
  }
  const body: HttpErrorBody = { error: { code: 'action/unavailable', message: 'the server is starting; try again' } };
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
};

/**
 * Opens and migrates the database: PostgreSQL (checked with a first query within the connect timeout; every statement
 * bounded by `databaseStatementTimeoutMs`, but the migrations', which run on a pool of their own without it: on a large
 * ledger one may take minutes) or the SQLite file in the data folder (created if missing).
 * @throws ServerStartError `data-folder`, `database-unreachable` or `database-failed`; a migration's error
 */
async function openDatabase(options: StartServerOptions, logger: Logger): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    const where = redactUrl(options.databaseUrl);
    try {
      database = createDatabase(servingDatabase(options, POOL_NAMES.main));
    } catch (error) {
      throw new ServerStartError('database-failed', `cannot use the database at ${where} (${reasonOf(error)})`, { cause: error });
    }
    try {
      await sql`select 1`.execute(database.db);
    } catch (error) {
      await database.db.destroy().catch(() => undefined);
      throw new ServerStartError('database-unreachable', `cannot reach the database at ${where} (${reasonOf(error)})`, { cause: error });
    }
  } else {
    const dataDir = options.dataDir ?? './data';
    try {
      ensureDirectory(dataDir);
    } catch (error) {
      throw new ServerStartError('data-folder', `cannot create the data folder ${dataDir} (${reasonOf(error)})`, { cause: error });
    }
    const path = join(dataDir, 'paigow.sqlite');
    try {
      database = createDatabase({ ...servingDatabase(options, POOL_NAMES.main), onProblem: (message) => logger.warn({ event: 'sqlite-checkpoint' }, message) });
    } catch (error) {
      throw new ServerStartError('database-failed', `cannot open the database file ${path} (${reasonOf(error)})`, { cause: error });
    }
  }
  try {
    await migrateUnbounded(database, options);
  } catch (error) {
    await database.db.destroy().catch(() => undefined);
    throw unwritable(error, databaseWhere(options));
  }
  return database;
}

/** What `pg_stat_activity` shows of a serving process's PostgreSQL pools (`application_name`): an operator tells them apart. */
export const POOL_NAMES = { main: 'paigow', ledgerThread: 'paigow-ledger-thread' } as const;

/**
 * The database of a serving process for `options`, as `createDatabase` takes it (without functions, so that the ledger
 * thread's worker can be given it too): PostgreSQL with `databaseUrl`, its statements bounded by
 * `databaseStatementTimeoutMs` (default `SERVING_STATEMENT_TIMEOUT_MS`) and its pool named `applicationName`
 * (`POOL_NAMES`); else the SQLite file `paigow.sqlite` in the data folder.
 */
function servingDatabase(options: StartServerOptions, applicationName: string): LedgerWorkerData {
  if (options.databaseUrl) {
    return {
      databaseUrl: options.databaseUrl,
      schema: options.databaseSchema,
      connectTimeoutMs: options.databaseConnectTimeoutMs,
      maxConnections: options.databasePoolSize,
      statementTimeoutMs: options.databaseStatementTimeoutMs ?? SERVING_STATEMENT_TIMEOUT_MS,
      applicationName,
    };
  }
  return { sqlitePath: join(options.dataDir ?? './data', 'paigow.sqlite'), busyWait: options.sqliteBusyWait };
}

/** Where the database of `options` is, for a start's message: PostgreSQL's URL without its password, or the SQLite file. */
function databaseWhere(options: StartServerOptions): string {
  return options.databaseUrl ? redactUrl(options.databaseUrl) : join(options.dataDir ?? './data', 'paigow.sqlite');
}

/**
 * `error` as the start's `database-failed` when the database takes no writes (a storage fault: read-only, full, failing;
 * `storageFaultReason`), else `error` unchanged: an operator's start on a read-only database ended in an uncaught
 * stack (`cannot execute INSERT in a read-only transaction`, SQLite's `attempt to write a readonly database`).
 */
function unwritable(error: unknown, where: string): unknown {
  const reason = storageFaultReason(error);
  return reason === null ? error : new ServerStartError('database-failed', `cannot write to the database at ${where} (${reason})`, { cause: error });
}

/** `migrateToLatest`: on PostgreSQL with a pool of its own whose statements have no time limit (see `openDatabase`). */
async function migrateUnbounded(database: Database, options: StartServerOptions): Promise<void> {
  if (database.schema === null || options.databaseUrl === undefined) {
    await migrateToLatest(database);
    return;
  }
  const migrating = createDatabase({ databaseUrl: options.databaseUrl, schema: database.schema, maxConnections: 2, connectTimeoutMs: options.databaseConnectTimeoutMs });
  try {
    await migrateToLatest(migrating);
  } finally {
    await migrating.db.destroy();
  }
}

/**
 * Asks Redis at `redisUrl` a trivial question within `timeoutMs` (`redisReachable`).
 * @throws ServerStartError `redis-unreachable`: `cannot reach Redis at <url, password hidden> (<reason>)`
 */
async function checkRedis(redisUrl: string, timeoutMs: number | undefined): Promise<void> {
  try {
    await redisReachable(redisUrl, timeoutMs);
  } catch (error) {
    throw new ServerStartError('redis-unreachable', `cannot reach Redis at ${redactUrl(redisUrl)} (${reasonOf(error)})`, { cause: error });
  }
}

/**
 * The message of a failed recovery sweep: what the database did (`faultSummary`: refused, not answered in time, a full
 * disk, …), else that it failed (an operator's: every failure said "the database did not answer", a full disk too).
 */
export function recoverySweepFailed(error: unknown): string {
  const why = faultSummary(error);
  return why === null ? 'recovery: the sweep failed' : `recovery: the sweep failed: ${why}`;
}

/** The message of a failed hosting sweep: who did not answer (it reads the database and the rooms' listings in Redis), else that it failed. */
function hostingSweepFailed(error: unknown): string {
  const who = unansweredBy(error);
  return who === null ? 'hosting: the sweep failed' : `hosting: ${who} did not answer`;
}

/**
 * Starts the game server (docs/server.md "Start-up"), in this order: binds the port (answering 503
 * meanwhile), so that a start on a busy port fails before touching any data; with a Redis URL, checks
 * that Redis answers (within `redisConnectTimeoutMs`), before touching any data too; opens and migrates the
 * database; registers this process's instance and lease; settles or refunds every open round that no
 * live process runs (rules.md §5 "Interruptions"; docs/server.md "Processes, leases and recovery");
 * creates the tables' runners and rooms and the HTTP API. `/readyz` (and `/healthz`) answer 200 from then
 * on while its checks pass (docs/operations.md "Health"). Every
 * `lease.heartbeatMs` it renews the lease and recovers the rounds of processes that died meanwhile.
 * @throws ServerStartError (`port-in-use`, `listen-failed`, `redis-unreachable`, `data-folder`, `database-unreachable`,
 *   `database-failed`) for what an operator can fix; Error for an invalid table config
 *   (`config/invalid`), a malformed `redisUrl` (`checkRedisUrl`) or a failed migration. A failed start releases
 *   the port and the database.
 */
export async function startServer(options: StartServerOptions = {}): Promise<ServerHandle> {
  const logger = options.logger ?? rootLogger();
  const log = options.log ?? problemReporter(logger);
  // Colyseus drops some of its Redis commands' promises: their failures are lines of the log, not stacks on stderr.
  reportUnhandledRejections(logger);
  reportConsoleWarnings(logger);
  const now = options.now ?? Date.now;
  const lease: LeaseTiming = { ...DEFAULT_LEASE, ...options.lease };
  const configs = (options.tables ?? DEFAULT_TABLES).map((input) => unwrap(tableConfig(input)));
  if (options.redisUrl !== undefined) checkRedisUrl(options.redisUrl);

  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...options.limits };

  // 1. The port, before anything else; slow requests, too many connections of one address and too many requests
  // unanswered on one connection refused from the start.
  let handler: RequestListener = STARTING;
  /** The requests accepted and not answered yet: a stopping server answers each before it closes the connections. */
  const inFlight = new RequestsInFlight();
  const httpServer: HttpServer = createServer(httpServerOptions(limits));
  limitPipelining(httpServer, inFlight.listener((req, res) => handler(req, res)), limits, logger);
  limitConnections(httpServer, limits, logger);
  answerMalformedRequests(httpServer);
  await listen(httpServer, options.port ?? 2567, options.host);
  const port = (httpServer.address() as AddressInfo).port;
  const httpClosed = new Promise<void>((resolve) => httpServer.once('close', () => resolve()));
  // Every connection, WebSockets included (`closeAllConnections` knows only HTTP ones): the last step of a stop
  // ends those still open, or the server's 'close' would wait for them.
  const sockets = new Set<Socket>();
  httpServer.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  let database: Database | undefined;
  let instanceId: string | undefined;
  let gameServer: GameServer | undefined;
  let ownPool: HintPool | null = null;
  let ownGradePool: GradePool | null = null;
  let coach: Coach | undefined;
  let health: ServerHealth | undefined;
  let detachMetrics: () => void = () => undefined;
  let keeper: LeaseKeeper | undefined;
  let ledgerThread: LedgerThread | undefined;
  /** Tells the deployment's other processes whose money moved here, and hears of theirs (with Redis). */
  let balanceNews: BalanceNews | undefined;
  const runners = new Map<string, TableRunner>();
  const release = async (): Promise<void> => {
    detachMetrics();
    // No new connection (a reverse proxy takes another process); every request accepted is answered, by the
    // tables and the database still open, else with a 503 of its own, before any connection is closed.
    if (httpServer.listening) httpServer.close();
    const answered = await inFlight.settle(STOP_ANSWER_WAIT_MS, answerStopping);
    if (answered > 0) logger.warn({ event: 'stop-answered', requests: answered }, `stopping: ${answered} request(s) not answered within ${STOP_ANSWER_WAIT_MS} ms were told the server is stopping`);
    await keeper?.stop();
    health?.close();
    await Promise.all([...runners.values()].map((runner) => runner.close()));
    await ownPool?.close();
    // Grades not computed yet are given up (their rounds stay ungraded); those being stored finish.
    await ownGradePool?.close();
    await coach?.settled();
    await ledgerThread?.close();
    await balanceNews?.stop().catch(() => undefined);
    // Colyseus' shutdown closes the rooms' WebSockets; what is left is idle, or a WebSocket no room lists any more (an
    // operator's: a client whose leave a Redis outage caught kept the drained process from exiting, for good).
    if (gameServer !== undefined) {
      await within(gameServer.close(), ROOMS_CLOSE_WAIT_MS).catch((error: unknown) => {
        if (!(error instanceof NoAnswerInTime)) throw error;
        logger.warn({ event: 'stop-rooms-timeout', ms: ROOMS_CLOSE_WAIT_MS }, `stopping: the rooms did not close within ${ROOMS_CLOSE_WAIT_MS} ms; their connections are cut`);
      });
    }
    httpServer.closeAllConnections();
    for (const socket of sockets) socket.destroy();
    await httpClosed;
  };

  try {
    // Redis answers, before the data is touched (its clients would otherwise retry for long, then crash the start).
    if (options.redisUrl !== undefined) await checkRedis(options.redisUrl, options.redisConnectTimeoutMs);
    // 2. The data, this process's lease, and the rounds no live process runs.
    database = await openDatabase(options, logger);
    const db: Database = database;
    instanceId = randomUUID();
    const self: string = instanceId;
    const registeredAtMs = now();
    await registerInstance(db, self, registeredAtMs).catch((error: unknown) => {
      throw unwritable(error, databaseWhere(options));
    });
    await pruneInstances(db, now() - INSTANCE_RETENTION_MS);
    const serverHealth = new ServerHealth({
      // A read, and no write failed on a full disk (or a read-only or failing one) within WRITE_FAULT_HOLD_MS (storage/write-faults.ts).
      pingDatabase: () => checkDatabase(db),
      pingRedis:
        options.redisUrl === undefined
          ? undefined
          : async () => {
              if (gameServer?.pingRedis == null) throw new Error('Redis is not connected yet');
              await gameServer.pingRedis();
            },
      leaseMs: lease.leaseMs,
      now,
      maxEventLoopLagMs: options.maxEventLoopLagMs,
    });
    health = serverHealth;
    // The lease is renewed off the main event loop, with its own connection (docs/server.md "Processes, leases and recovery").
    const reportLeaseProblem = leaseProblemReporter(logger, self);
    const leaseKeeper = new LeaseKeeper({
      target: db.schema === null ? { sqlitePath: join(options.dataDir ?? './data', 'paigow.sqlite') } : { databaseUrl: options.databaseUrl as string, schema: db.schema },
      instanceId: self,
      leaseMs: lease.leaseMs,
      heartbeatMs: lease.heartbeatMs,
      stallMs: lease.stallMs ?? DEFAULT_STALL_MS,
      onRenewed: (renewed) => {
        serverHealth.leaseRenewed(renewed, now());
        if (!renewed) logger.warn({ event: 'lease-lost', instanceId: self }, `lease: instance ${self} is marked stopped; its rounds may be recovered elsewhere`);
      },
      onProblem: (message, err) => {
        // A renewal is a write: one failed on a full disk makes `/readyz` fail `database` even while no table writes.
        db.writes.note(err);
        reportLeaseProblem(message, err);
      },
    });
    keeper = leaseKeeper;
    leaseKeeper.start();
    // Every move of money reaches the players' seats on the other processes (issue 13 point 5).
    const localLedger = createLedger(db);
    if (options.ledgerThread === true) {
      ledgerThread = startLedgerThread({
        database: servingDatabase(options, POOL_NAMES.ledgerThread),
        writes: db.writes,
        local: localLedger,
        onProblem: (message) => logger.warn({ event: 'ledger-thread' }, message),
      });
    }
    const ledger = reportingMoves(ledgerThread?.ledger ?? localLedger, (playerIds) => balanceNews?.changed(playerIds));
    const players = createPlayers(db, { sessionIdleMs: options.sessionIdleMs, now });
    /** Sends the player inboxes from this process (docs/server.md "The player inbox"), for every table. */
    const inbox = new InboxDelivery(ledger);
    await pruneInbox(ledger, now());
    let prunedAtMs = now();
    /** Which tables each player is at (kept by the runners). */
    const playerTables = new PlayerTables();
    /** `tableId`'s runner on this process when `playerId` has a client connected at it, else undefined. */
    const connectedRunner = (playerId: string, tableId: string | null): TableRunner | undefined => {
      const runner = tableId === null ? undefined : runners.get(tableId);
      return runner?.current.players[playerId]?.connected === true ? runner : undefined;
    };
    /** Re-reads the balances of `playerIds` at every table where they sit, but `except` (their money moved). */
    const refreshElsewhere = (playerIds: readonly string[], except: TableRunner | undefined): void => {
      for (const playerId of playerIds) {
        for (const tableId of playerTables.of(playerId)) {
          const runner = runners.get(tableId);
          if (runner !== undefined && runner !== except) void runner.refreshPlayer(playerId);
        }
      }
    };
    /**
     * Sends the players connected to this process's tables the inbox events it has not sent them (docs/server.md
     * "The player inbox"): those written by another process (a round it recovered) or at a table where the
     * player has no client, and refreshes their balances at every table they sit at (their money may have
     * moved elsewhere). Players not connected here get them when they next join a table.
     */
    const sendInboxes = async (): Promise<void> => {
      const connectedAt = new Map<string, TableRunner>();
      for (const runner of runners.values()) {
        for (const [playerId, seat] of Object.entries(runner.current.players)) if (seat.connected && !connectedAt.has(playerId)) connectedAt.set(playerId, runner);
      }
      inbox.forgetAllBut(connectedAt);
      // Each event to the table where it happened, when the player has a client there; else to a table where it has one.
      const fresh = new Map<TableRunner, Map<string, InboxNotice[]>>();
      for (const event of await inbox.fresh([...connectedAt.keys()])) {
        const runner = connectedRunner(event.playerId, event.tableId) ?? (connectedAt.get(event.playerId) as TableRunner);
        const byPlayer = fresh.get(runner) ?? new Map<string, InboxNotice[]>();
        fresh.set(runner, byPlayer.set(event.playerId, [...(byPlayer.get(event.playerId) ?? []), inboxNotice(event)]));
      }
      for (const [runner, byPlayer] of fresh) {
        for (const [playerId, notices] of byPlayer) {
          await runner.notify(playerId, notices);
          refreshElsewhere([playerId], runner);
        }
      }
      if (now() - prunedAtMs >= INBOX_PRUNE_EVERY_MS) {
        prunedAtMs = now();
        await pruneInbox(ledger, prunedAtMs);
      }
    };
    /**
     * Rounds left open by tables this process stopped running while it goes on (`replaceRunner`): nobody settles
     * them while its lease lives, so the next recovery hands them over (`ledger.releaseRounds`), then settles them
     * with the others (an operator's: a table taken over after a database cut left its round open, its stakes held
     * for minutes, until the old host stopped).
     */
    const roundsToRelease = new Set<string>();
    /** The other processes found serving this database without Redis, each told of once (`another-process-serving`). */
    const peersTold = new Set<string>();
    /**
     * Without Redis every process hosts every table: a second `paigow serve` on the same database (by mistake, on
     * the same SQLite folder) splits each table's players into two rooms that play apart (the ledger stays right).
     * Nothing here stops either process (a crashed one's lease is still fresh after a quick restart, and is not
     * counted: only a lease renewed after this process started is); the operator is told at `error`, in both.
     */
    const tellOfPeers = async (): Promise<void> => {
      if (options.redisUrl !== undefined) return;
      for (const peer of await peersRenewedSince(db, self, registeredAtMs, now(), lease.leaseMs)) {
        if (peersTold.has(peer.instanceId)) continue;
        peersTold.add(peer.instanceId);
        logger.error(
          { event: 'another-process-serving', instanceId: self, peerInstanceId: peer.instanceId, peerStartedAt: new Date(peer.startedAtMs).toISOString() },
          `another process (instance ${peer.instanceId}, started ${new Date(peer.startedAtMs).toISOString()}) serves this database too: without REDIS_URL each hosts every table, and players at one table in the two play apart; stop one of them (a cluster needs REDIS_URL)`,
        );
      }
    };
    const recover = async (): Promise<RecoveryReport> => {
      await tellOfPeers();
      if (roundsToRelease.size > 0) {
        const roundIds = [...roundsToRelease];
        const released = await ledger.releaseRounds(roundIds, self);
        for (const roundId of roundIds) roundsToRelease.delete(roundId);
        // Written also when another process recovered them all first: the owner's record of rounds it did not finish.
        logger.warn(
          { event: 'rounds-released', instanceId: self, roundIds, released },
          `recovery: ${roundIds.length} round(s) left open by tables no longer run here; ${released} handed over, the others not open in the ledger (finished by another process, or a voided deal the ledger never recorded)`,
        );
      }
      // After its own renewals broke (a database outage), the peers' leases are not judged for a lease: theirs broke too.
      // The rest of the sweep goes on meanwhile (the inboxes above all: a late renewal must not hold a player's notices).
      const report = leaseKeeper.mayRecoverPeers() ? await recoverRounds(ledger, { instanceId: self, nowMs: now(), leaseMs: lease.leaseMs, log }) : NOTHING_RECOVERED;
      if (report.settled.length + report.refunded.length > 0) {
        roundsRecovered.inc({ outcome: 'settled' }, report.settled.length);
        roundsRecovered.inc({ outcome: 'refunded' }, report.refunded.length);
        logger.info(
          { event: 'rounds-recovered', tableIds: report.tableIds, settled: report.settled, refunded: report.refunded },
          `recovery: settled ${report.settled.length} and refunded ${report.refunded.length} interrupted round(s)`,
        );
      }
      await sendInboxes();
      return report;
    };
    // A sweep fails every lease renewal (down to 100 ms) and at each table's move while the database is away: one
    // line per LOG_REPEAT_MS, not one per sweep.
    const recoveryFailures = new LineThrottle();
    /** `recover` from a timer or a table's move: a database that does not answer is a `recovery-failed` line, tried again at the next sweep. */
    const recoverOrLog = (): Promise<void> =>
      recover().then(
        () => undefined,
        (error: unknown) => {
          recoveryFailures.offer((repeated) => log(recoverySweepFailed(error), error, { event: 'recovery-failed', instanceId: self, ...(repeated > 0 ? { repeated } : {}) }));
        },
      );
    const recovery = await recover();

    // 3. The tables, the HTTP API and the rooms.
    /** Who only watches at this process's tables (kept by the rooms): past the player limit, one makes room for a player who joined. */
    // Without its own event-loop limit, admission refuses at half of `/readyz`'s, whatever that is set to: new players go
    // elsewhere before the process stops taking traffic (docs/server.md "Admission control").
    const readyLag = options.maxEventLoopLagMs === undefined ? {} : { maxEventLoopLagMs: options.maxEventLoopLagMs / 2 };
    const admissionLimits: AdmissionLimits = { ...DEFAULT_ADMISSION, ...readyLag, ...options.admission };
    const watchers = new Watchers(admissionLimits.watcherGraceMs ?? WATCHER_GRACE_MS, now);
    const acrossTables = (count: (runner: TableRunner) => number) => (): number => {
      let total = 0;
      for (const runner of runners.values()) total += count(runner);
      return total;
    };
    const admission = new Admission(
      admissionLimits,
      {
        eventLoopLagMs: () => serverHealth.eventLoopLagMs(),
        players: acrossTables((runner) => runner.connectedPlayerCount),
        seated: acrossTables((runner) => runner.seatedPlayerCount),
        watchers,
      },
    );
    ownPool = options.hints === undefined ? new HintPool() : null;
    const hints: HintService = options.hints ?? (ownPool as HintPool);
    ownGradePool = options.grades === undefined ? new GradePool() : null;
    const scores = options.grades === undefined ? ownGradePool : options.grades;
    coach = scores === null ? undefined : new Coach({ database: db, scores, now, log });
    // With Redis, the processes share one matchmaker: each table is hosted by exactly one of them
    // (docs/server.md "Table hosting"); set below, once the rooms can be hosted. Without it, each process serves its own clients every table.
    let hosting: TableHosting | null = null;
    // One lane of round transitions for the process's tables (docs/server.md "Actions first").
    const transitions = new TransitionLane();
    /** A fresh runner of `config`'s table (at start, and each time the table is hosted here or moves away). */
    const freshRunner = (config: TableConfig): TableRunner => {
      const onBalancesChanged = (playerIds: readonly string[]): void => refreshElsewhere(playerIds, runners.get(config.tableId));
      return new TableRunner({
          config,
          ledger,
          players,
          ...(options.rng === undefined ? {} : { rng: options.rng }),
          now,
          ...(options.log === undefined ? {} : { log }),
          logger: withContext(logger, { tableId: config.tableId }),
          onBalancesChanged,
          hints,
          ...(coach === undefined ? {} : { coach }),
          instanceId: self,
          hostingFence: options.redisUrl !== undefined,
          inbox,
          forward: (playerId, notice) => {
            const runner = connectedRunner(playerId, notice.tableId);
            if (runner !== undefined) void runner.notify(playerId, [notice]);
            return runner !== undefined;
          },
          deadlines: options.roundDeadlines,
          fence: () => leaseKeeper.held(),
          // A sit comes from a player connected at the table, counted already: refused for the delay, or when as
          // many players as the limit are seated.
          admit: () => admission.admitSit(),
          playerTables,
          transitions,
          // In a cluster, a seat a player was told it has is saved before that view goes, so it outlives a kill -9 of this process.
          ...(options.redisUrl === undefined ? {} : { seatsChanged: async () => hosting?.saveSeats(config.tableId) }),
        });
    };
    /** Closes `tableId`'s runner and puts a fresh one in its place (its players leave this process's index). */
    const replaceRunner = async (tableId: string): Promise<TableRunner> => {
      const old = runners.get(tableId) as TableRunner;
      const fresh = freshRunner(old.config);
      runners.set(tableId, fresh);
      await old.close();
      for (const roundId of old.roundsLeftOpen) roundsToRelease.add(roundId);
      playerTables.update(tableId, old.current.players, {});
      return fresh;
    };
    for (const config of configs) {
      runners.set(config.tableId, freshRunner(config));
      startTableSeries(config.tableId);
    }
    let ready = false;
    const readiness = async (): Promise<Readiness> => (ready ? serverHealth.readiness() : STARTING_READINESS);
    const rateLimits = new RateLimits(limits);
    const allowedOrigins = options.allowedOrigins ?? [];
    const redis =
      options.redisUrl === undefined
        ? undefined
        : {
            url: options.redisUrl,
            // The database's own identity, not this process's spelling of its URL (storage/deployment.ts).
            prefix:
              options.redisPrefix ??
              defaultRedisPrefix(
                await deploymentIdentity(db, databaseDescription(db.schema === null ? { sqlitePath: join(options.dataDir ?? './data', 'paigow.sqlite') } : { databaseUrl: options.databaseUrl as string, schema: db.schema }), now()),
                options.redisUrl,
              ),
          };
    if (redis !== undefined) await claimRedisPrefix(db, self, redis.prefix, now(), lease.leaseMs);
    const deploymentTable = (tableId: string): boolean => runners.has(tableId) || (hosting?.peerTables(tableId) ?? false);
    gameServer = await createGameServer(
      httpServer,
      { players, runners, limits, rateLimits, allowedOrigins, logger, admission, watchers, joinAckMs: options.joinAckMs, deploymentTable },
      redis,
      logger,
      options.publicAddress,
    );
    const games: GameServer = gameServer;
    if (games.pubsub !== null) {
      // Another process moved money of these players: their seats here read the ledger again.
      const news = new BalanceNews(games.pubsub, self, (playerIds) => refreshElsewhere(playerIds, undefined), log, logger);
      await news.start();
      balanceNews = news;
    }
    handler = createHttpApp({
      players,
      ledger,
      runners,
      readiness,
      liveness: () => serverHealth.liveness(),
      webDist: resolve(options.webDist ?? DEFAULT_WEB_DIST),
      log,
      logger,
      limits,
      rateLimits,
      allowedOrigins,
      matchmaking: gameServer.matchmaking,
      admission,
      signedOut: gameServer.disconnectPlayer,
      coach: coachReader(db),
      announced: gameServer.announced,
      ...(scores === null ? {} : { daily: new DailyChallenge(db, scores, now) }),
    });
    await gameServer.open(port);
    /** Resolves when the server closes: a drain, or a table's move, stops waiting for its rounds. */
    let closeRequested: () => void = () => undefined;
    const interrupted = new Promise<void>((resolve) => (closeRequested = resolve));
    /** Who was told that a table waits for its round's recovery (a line per table and wait, not per sweep). */
    const waitingForRecovery = new Set<string>();
    /**
     * Hosts `tableId` here: the rounds of dead hosts recovered first, then a fresh runner given back `seats`, then the
     * room; false, hosting nothing, while a round of the table is still open (its recovery waits, e.g. for a lease after
     * a database outage: a room opened meanwhile dealt ten rounds before the interrupted one was settled).
     */
    const host = async (tableId: string, seats: readonly (string | null)[]): Promise<boolean> => {
      await recover();
      if (await tableHasOpenRound(db, tableId)) {
        if (!waitingForRecovery.has(tableId)) {
          waitingForRecovery.add(tableId);
          logger.warn({ event: 'table-waits-for-recovery', instanceId: self, tableId }, `table ${tableId} opens once its interrupted round is recovered`);
        }
        return false;
      }
      waitingForRecovery.delete(tableId);
      const runner = await replaceRunner(tableId);
      for (const [seat, playerId] of seats.entries()) {
        if (playerId === null) continue;
        const player = await players.getPlayer(playerId);
        if (player !== undefined) await runner.reseat(player, seat);
      }
      await games.host(tableId);
      logger.info({ event: 'table-hosted', instanceId: self, tableId, seated: seats.filter((playerId) => playerId !== null).length }, `hosting table ${tableId} here`);
      return true;
    };
    hosting =
      redis === undefined
        ? null
        : new TableHosting({
            database: db,
            instanceId: self,
            tableIds: configs.map((config) => config.tableId),
            tableSettings: Object.fromEntries(configs.map((config) => [config.tableId, settingsFingerprints(config)])),
            leaseMs: lease.leaseMs,
            sweepMs: options.hostingSweepMs ?? Math.min(lease.heartbeatMs, 1_000),
            now,
            held: () => leaseKeeper.held(),
            lost: () => leaseKeeper.lost,
            log,
            actions: {
              host,
              async unhost(tableId) {
                await games.unhost(tableId);
                logger.info({ event: 'table-unhosted', instanceId: self, tableId }, `table ${tableId} is no longer hosted here`);
                const banker = (runners.get(tableId) as TableRunner).current.banker;
                await replaceRunner(tableId);
                // The bank does not move with the table: its cover is free again, and the banker is told.
                if (banker !== null) await ledger.releaseMovedBank(tableId, banker.playerId, now());
                // A round it left open (the table was taken over in play) is settled now, not at the next sweep.
                if (roundsToRelease.size > 0) await recoverOrLog();
              },
              hosts: (tableId) => games.hosts(tableId),
              async finishRounds(tableId) {
                const runner = runners.get(tableId) as TableRunner;
                return (await drainTables([runner], options.drainMs ?? DEFAULT_DRAIN_MS, interrupted, 'moving')) === 'finished';
              },
              resumeRounds: (tableId) => (runners.get(tableId) as TableRunner).resume(),
              seats: (tableId) => (runners.get(tableId) as TableRunner).current.seats,
              relist: () => games.relist(),
            },
          });
    if (hosting === null) for (const config of configs) await games.host(config.tableId);
    else {
      await hosting.announce();
      await hosting.sweep();
    }
    serverHealth.restartLagWindow();
    ready = true;
    detachMetrics = attachServer({
      players: () =>
        [...runners.values()].map((runner) => {
          const seated = Object.values(runner.current.players);
          return { tableId: runner.tableId, hosted: games.hosts(runner.tableId), connected: seated.filter((player) => player.connected).length, seated: runner.current.seats.filter((seat) => seat !== null).length };
        }),
      ledgerGauges: () => ledgerGauges(db, now()),
      leaseAgeSeconds: () => serverHealth.leaseAgeSeconds(),
      transitionsWaiting: () => transitions.waiting,
      ready: async () => (await readiness()).status === 'ready',
      ...(ledgerThread === undefined ? {} : { threadSeries: ledgerThread.metrics }),
    });
    logger.info({ event: 'server-started', instanceId: self, port, tables: configs.map((config) => config.tableId), ledgerThread: ledgerThread !== undefined, ...(redis === undefined ? {} : { redisPrefix: redis.prefix }) }, 'serving');

    // 4. Every heartbeatMs: recover the rounds of processes that died (the lease is the keeper's).
    let sweep: Promise<void> = Promise.resolve();
    let sweeping = false;
    let closing: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (sweeping || closing !== null) return;
      sweeping = true;
      sweep = recoverOrLog().finally(() => (sweeping = false));
    }, lease.heartbeatMs);
    timer.unref();
    // And every hosting sweep: take, keep or move this process's tables (with Redis only).
    let hostingSweep: Promise<void> = Promise.resolve();
    let hostingBusy = false;
    // A sweep fails every second while the database or Redis is away: one line per LOG_REPEAT_MS, not one per sweep.
    const hostingFailures = new LineThrottle();
    const hostingTimer =
      hosting === null
        ? null
        : setInterval(() => {
            if (hostingBusy || closing !== null) return;
            hostingBusy = true;
            hostingSweep = hosting
              .sweep()
              .catch((error: unknown) => {
                hostingFailures.offer((repeated) => log(hostingSweepFailed(error), error, { event: 'hosting-failed', instanceId: self, ...(repeated > 0 ? { repeated } : {}) }));
              })
              .finally(() => (hostingBusy = false));
          }, options.hostingSweepMs ?? Math.min(lease.heartbeatMs, 1_000));
    hostingTimer?.unref();

    /** A drain up to its `drained` line (`drain`): a close meanwhile (a second signal) lets it end first. */
    let drainEnding: Promise<void> = Promise.resolve();
    const close = (closeOptions: CloseOptions = {}): Promise<void> => {
      closeRequested();
      closing ??= (async () => {
        // Interrupted, the drain stops waiting for rounds, lets the moves under way end and says so before the database
        // closes (a tester's second signal left no `drained` line, or one after an error from a closed database).
        await drainEnding.catch(() => undefined);
        ready = false;
        // Redis is waited for a short while at most from now on (a sweep's, the balance news' and Colyseus' shutdown's commands).
        games.stopping();
        clearInterval(timer);
        if (hostingTimer !== null) clearInterval(hostingTimer);
        await sweep;
        await hostingSweep;
        await release();
        if (closeOptions.releaseLease !== false) await endLease(db, self, now()).catch((error: unknown) => log('lease: could not end it', error, { event: 'lease-end-failed', instanceId: self }));
        await db.db.destroy();
      })();
      return closing;
    };
    let draining: Promise<void> | null = null;
    const drain = (): Promise<void> => {
      draining ??= (async () => {
        await (drainEnding = drainUntilDrained());
        await close();
      })();
      return draining;
    };
    /** The drain (docs/server.md "Drain") up to its `drained` line; `drain` then closes. */
    const drainUntilDrained = async (): Promise<void> => {
      serverHealth.setDraining();
      // From the signal on no table deals, before anything is awaited (docs/server.md "Drain"): a cluster's process
      // drained its tables only once it had told the others it hosts nothing more, and an operator saw a table deal a
      // round 66 ms after the `draining` line, which had not named it. `drainTables` drains a table hosted meanwhile.
      // A table a live peer can host moves there: its players are told so (`leaving`), not that the server restarts.
      for (const runner of runners.values()) runner.drain(hosting?.peerTables(runner.tableId) === true ? 'leaving' : 'stopping');
      const drainMs = options.drainMs ?? DEFAULT_DRAIN_MS;
      // An operator saw nothing in the log between the signal and `drained`, and a deadline that named no table.
      // The voided deals whose refund waits for the ledger apart (`voidedRoundIds`): an operator read 132 of them, after a
      // database fault, as rounds in play.
      const inPlay = (): { tableIds: string[]; roundIds: string[]; voidedRoundIds?: string[] } => {
        const playing = [...runners.values()].filter((runner) => runner.roundsInPlay);
        const voided = new Set(playing.flatMap((runner) => runner.voidedDealsRefunding));
        const roundIds = playing.flatMap((runner) => runner.roundIdsInPlay).filter((roundId) => !voided.has(roundId));
        return { tableIds: playing.map((runner) => runner.tableId), roundIds, ...(voided.size > 0 ? { voidedRoundIds: [...voided] } : {}) };
      };
      logger.info({ event: 'draining', instanceId: self, drainMs, ...inPlay() }, 'drain: no new rounds; the rounds in play finish, then the process stops');
      // Redis is waited for a short while at most from now on (the hosting sweep, the rooms given up).
      games.stopping();
      // No table is taken from now on; a sweep under way may still host one, whose runner must drain too.
      let leaving: Promise<void> = Promise.resolve();
      if (hosting !== null) {
        if (hostingTimer !== null) clearInterval(hostingTimer);
        await hosting.stopClaiming();
        await hostingSweep;
        // Each table moves to the other processes as soon as its own round is over, an idle one at once
        // (docs/server.md "Table hosting"); one whose round is still open at the deadline stays: a peer takes it
        // once this lease has ended, recovering that round before it deals a new one (an operator saw the new host
        // deal before the old round was recovered).
        leaving = hosting.leave().catch((error: unknown) => log('hosting: the drain could not give the tables up', error, { event: 'hosting-failed', instanceId: self }));
      }
      const ended = await drainTables(runners.values(), drainMs, interrupted);
      const recoveredBy = hosting === null ? 'this server at its next start' : 'another process of the deployment, or this one at its next start';
      if (ended === 'deadline') {
        const left = inPlay();
        const voided = left.voidedRoundIds === undefined ? '' : ` (and ${left.voidedRoundIds.length} voided deal(s) whose refund the ledger has not answered)`;
        log(`drain: rounds still in play at the deadline${voided}; they will be recovered by ${recoveredBy}`, undefined, { event: 'drain-deadline', instanceId: self, ...left });
      } else if (ended === 'interrupted') {
        // A tester's second SIGTERM: `drained` said `interrupted`, and nothing named the rounds it left open.
        const left = inPlay();
        log(`drain interrupted (a second signal): ${left.roundIds.length} round(s) still in play are left open; they will be recovered by ${recoveredBy}`, undefined, { event: 'drain-interrupted', instanceId: self, ...left });
      }
      // The moves still waiting for a round stop waiting (that table stays); those under way finish before the close.
      if (ended !== 'finished') closeRequested();
      await leaving;
      logger.info({ event: 'drained', ended }, 'drain over: stopping');
    };

    return {
      port,
      url: `http://127.0.0.1:${port}`,
      instanceId: self,
      recovery,
      runners,
      hosts: (tableId) => games.hosts(tableId),
      ledger,
      players,
      health: serverHealth,
      lease: leaseKeeper,
      admission,
      close,
      drain,
    };
  } catch (error) {
    await release().catch(() => undefined);
    if (database !== undefined) {
      if (instanceId !== undefined) await endLease(database, instanceId, now()).catch(() => undefined);
      await database.db.destroy().catch(() => undefined);
    }
    throw error;
  }
}
