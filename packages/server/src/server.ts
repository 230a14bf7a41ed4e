/**
 * Starting and stopping the game server (interfaces.md "The web page"; docs/server.md "Start-up" and
 * "Processes, leases and recovery"): the port first, then the database (SQLite in `dataDir`, or
 * PostgreSQL at `databaseUrl`), this process's instance and lease, recovery of rounds no live process
 * runs (at start and every few seconds), one `TableRunner` and one Colyseus room per table, and the
 * HTTP API and web client on the same port.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type RequestListener, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createCryptoRng, DEFAULT_ENVY_BONUS, tableConfig, unwrap, type HttpErrorBody, type Notice, type Rng, type TableConfigInput } from '@paigow/engine';
import { HintPool, type HintService } from './hint/index.js';
import { createHttpApp } from './http/app.js';
import { DEFAULT_LEASE, endLease, INSTANCE_RETENTION_MS, pruneInstances, registerInstance, renewLease, type LeaseTiming } from './lease/index.js';
import { createLedger, type Ledger } from './ledger/index.js';
import { createPlayers, type Players } from './players/index.js';
import { createGameServer, type GameServer } from './rooms/game-server.js';
import { createDatabase, ensureDirectory, migrateToLatest, type Database } from './storage/index.js';
import { recoverRounds, takeRecoveredNotices, type RecoveryReport } from './table/recovery.js';
import { TableRunner } from './table/runner.js';

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
  /** Redis URL: scale out with `RedisPresence` + `RedisDriver` (docs/server.md). */
  readonly redisUrl?: string;
  /** The tables (default `DEFAULT_TABLES`). */
  readonly tables?: readonly TableConfigInput[];
  /** The built web client (default `packages/web/dist`). */
  readonly webDist?: string;
  /** The clock, epoch ms (default `Date.now`). */
  readonly now?: () => number;
  /** The shuffle's random source (default `createCryptoRng(globalThis.crypto)`); tests only may pass a seeded one. */
  readonly rng?: Rng;
  /** Where problems are reported (default `console.error`). */
  readonly log?: (message: string, detail?: unknown) => void;
  /** Computes table Hints (default: a `HintPool` of worker threads, started at the first deal and closed with the server). */
  readonly hints?: HintService;
  /** The lease of this process (default `DEFAULT_LEASE`: 15 s, renewed every 5 s); tests shorten it. */
  readonly lease?: Partial<LeaseTiming>;
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
  /** The live tables by id. */
  readonly runners: ReadonlyMap<string, TableRunner>;
  readonly ledger: Ledger;
  readonly players: Players;
  /** Stops taking players, closes the tables, the connections, ends the lease and closes the database. */
  close(options?: CloseOptions): Promise<void>;
}

/** What went wrong at start, for the operator (the CLI prints the message as one line). */
export type ServerStartErrorCode = 'port-in-use' | 'listen-failed' | 'data-folder' | 'database-unreachable' | 'database-failed';

/**
 * A start that failed for a reason an operator can fix: the port is taken or cannot be used, the data
 * folder cannot be created, the database cannot be reached or opened. `message` is one line, e.g.
 * `port 2567 is in use (set PORT or --port)`. Nothing was changed (the port is bound before the data
 * is touched, and released again).
 */
export class ServerStartError extends Error {
  readonly code: ServerStartErrorCode;
  constructor(code: ServerStartErrorCode, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ServerStartError';
    this.code = code;
  }
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** A system or driver error in a few words: `ECONNREFUSED`, `ENOTDIR: not a directory, mkdir 'x'`, ... */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0 && !error.message) return reasonOf(error.errors[0]);
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message.split('\n')[0] : '';
  const codeText = typeof code === 'string' ? code : '';
  if (text !== '') return codeText !== '' && !text.includes(codeText) ? `${codeText}: ${text}` : text;
  return codeText || String(error);
}

/** A database URL without its password. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
  }
}

/** Binds `port` on `host`. @throws ServerStartError `port-in-use` or `listen-failed` */
function listen(httpServer: HttpServer, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      httpServer.off('listening', onListening);
      if (error.code === 'EADDRINUSE') reject(new ServerStartError('port-in-use', `port ${port} is in use (set PORT or --port)`, error));
      else reject(new ServerStartError('listen-failed', `cannot listen on ${host ?? 'all interfaces'} port ${port} (${reasonOf(error)})`, error));
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

/** What the port answers while the server starts: 503, `starting` on /healthz. */
const STARTING: RequestListener = (req, res) => {
  res.statusCode = 503;
  res.setHeader('Retry-After', '1');
  if (req.url === '/healthz') {
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('starting');
    return;
  }
  const body: HttpErrorBody = { error: { code: 'action/unavailable', message: 'the server is starting; try again' } };
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
};

/**
 * Opens and migrates the database: PostgreSQL (checked with a first query within the connect timeout)
 * or the SQLite file in the data folder (created if missing).
 * @throws ServerStartError `data-folder`, `database-unreachable` or `database-failed`; a migration's error
 */
async function openDatabase(options: StartServerOptions): Promise<Database> {
  let database: Database;
  if (options.databaseUrl) {
    const where = redactUrl(options.databaseUrl);
    try {
      database = createDatabase({ databaseUrl: options.databaseUrl, schema: options.databaseSchema, connectTimeoutMs: options.databaseConnectTimeoutMs });
    } catch (error) {
      throw new ServerStartError('database-failed', `cannot use the database at ${where} (${reasonOf(error)})`, error);
    }
    try {
      await sql`select 1`.execute(database.db);
    } catch (error) {
      await database.db.destroy().catch(() => undefined);
      throw new ServerStartError('database-unreachable', `cannot reach the database at ${where} (${reasonOf(error)})`, error);
    }
  } else {
    const dataDir = options.dataDir ?? './data';
    try {
      ensureDirectory(dataDir);
    } catch (error) {
      throw new ServerStartError('data-folder', `cannot create the data folder ${dataDir} (${reasonOf(error)})`, error);
    }
    const path = join(dataDir, 'paigow.sqlite');
    try {
      database = createDatabase({ sqlitePath: path });
    } catch (error) {
      throw new ServerStartError('database-failed', `cannot open the database file ${path} (${reasonOf(error)})`, error);
    }
  }
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.db.destroy().catch(() => undefined);
    throw error;
  }
  return database;
}

/**
 * Starts the game server (docs/server.md "Start-up"), in this order: binds the port (answering 503
 * meanwhile), so that a start on a busy port fails before touching any data; opens and migrates the
 * database; registers this process's instance and lease; settles or refunds every open round that no
 * live process runs (rules.md §5 "Interruptions"; docs/server.md "Processes, leases and recovery");
 * creates the tables' runners and rooms and the HTTP API. `/healthz` answers 200 from then on. Every
 * `lease.heartbeatMs` it renews the lease and recovers the rounds of processes that died meanwhile.
 * @throws ServerStartError (`port-in-use`, `listen-failed`, `data-folder`, `database-unreachable`,
 *   `database-failed`) for what an operator can fix; Error for an invalid table config
 *   (`config/invalid`) or a failed migration. A failed start releases the port and the database.
 */
export async function startServer(options: StartServerOptions = {}): Promise<ServerHandle> {
  const log = options.log ?? ((message: string, detail?: unknown) => console.error(message, detail ?? ''));
  const now = options.now ?? Date.now;
  const lease: LeaseTiming = { ...DEFAULT_LEASE, ...options.lease };
  const configs = (options.tables ?? DEFAULT_TABLES).map((input) => unwrap(tableConfig(input)));

  // 1. The port, before anything else.
  let handler: RequestListener = STARTING;
  const httpServer: HttpServer = createServer((req, res) => handler(req, res));
  await listen(httpServer, options.port ?? 2567, options.host);
  const port = (httpServer.address() as AddressInfo).port;
  const httpClosed = new Promise<void>((resolve) => httpServer.once('close', () => resolve()));

  let database: Database | undefined;
  let instanceId: string | undefined;
  let gameServer: GameServer | undefined;
  let ownPool: HintPool | null = null;
  const runners = new Map<string, TableRunner>();
  const release = async (): Promise<void> => {
    await Promise.all([...runners.values()].map((runner) => runner.close()));
    await ownPool?.close();
    if (gameServer !== undefined) await gameServer.close();
    else if (httpServer.listening) httpServer.close();
    httpServer.closeAllConnections();
    await httpClosed;
  };

  try {
    // 2. The data, this process's lease, and the rounds no live process runs.
    database = await openDatabase(options);
    const db: Database = database;
    instanceId = randomUUID();
    const self: string = instanceId;
    await registerInstance(db, self, now());
    await pruneInstances(db, now() - INSTANCE_RETENTION_MS);
    const ledger = createLedger(db);
    const players = createPlayers(db);
    /** The `notice/round-recovered` of `playerId`'s recovered rounds it has not been told of (`takeRecoveredNotices`). */
    const takeRecoveryNotices = async (playerId: string): Promise<Notice[]> =>
      (await takeRecoveredNotices(ledger, [playerId])).get(playerId) ?? [];
    /** Re-reads the balances of `playerIds` at every table where they sit, but `except` (their money moved). */
    const refreshElsewhere = (playerIds: readonly string[], except: TableRunner | undefined): void => {
      for (const runner of runners.values()) {
        if (runner === except) continue;
        for (const playerId of playerIds) if (runner.current.players[playerId] !== undefined) void runner.refreshPlayer(playerId);
      }
    };
    /**
     * Tells the players connected to this process's tables of their recovered rounds, by whichever process
     * recovered them (this one just now, or another that this player was not connected to), and refreshes
     * their balances at every table they sit at. Players not connected anywhere here hear of it when they
     * next join a table (`takeRecoveryNotices`).
     */
    const tellRecovered = async (): Promise<void> => {
      const connectedAt = new Map<string, TableRunner>();
      for (const runner of runners.values()) {
        for (const [playerId, seat] of Object.entries(runner.current.players)) if (seat.connected && !connectedAt.has(playerId)) connectedAt.set(playerId, runner);
      }
      for (const [playerId, notices] of await takeRecoveredNotices(ledger, [...connectedAt.keys()])) {
        const runner = connectedAt.get(playerId) as TableRunner;
        for (const notice of notices) await runner.notify(playerId, notice);
        refreshElsewhere([playerId], runner);
      }
    };
    const recover = async (): Promise<RecoveryReport> => {
      const report = await recoverRounds(ledger, { instanceId: self, nowMs: now(), leaseMs: lease.leaseMs, log });
      if (report.settled.length + report.refunded.length > 0) {
        log(`recovery: settled ${report.settled.length} and refunded ${report.refunded.length} interrupted round(s)`);
      }
      await tellRecovered();
      return report;
    };
    const recovery = await recover();

    // 3. The tables, the HTTP API and the rooms.
    const rng = options.rng ?? createCryptoRng(globalThis.crypto);
    ownPool = options.hints === undefined ? new HintPool() : null;
    const hints: HintService = options.hints ?? (ownPool as HintPool);
    for (const config of configs) {
      const onBalancesChanged = (playerIds: readonly string[]): void => refreshElsewhere(playerIds, runners.get(config.tableId));
      runners.set(
        config.tableId,
        new TableRunner({ config, ledger, players, rng, now, log, onBalancesChanged, hints, instanceId: self, takeRecoveryNotices }),
      );
    }
    let ready = false;
    handler = createHttpApp({ players, ledger, runners, isReady: () => ready, webDist: options.webDist ?? DEFAULT_WEB_DIST, log });
    gameServer = await createGameServer(httpServer, { players, runners }, options.redisUrl);
    await gameServer.open(port);
    ready = true;

    // 4. Every heartbeatMs: renew the lease, recover the rounds of processes that died.
    let sweep: Promise<void> = Promise.resolve();
    let sweeping = false;
    let closing: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (sweeping || closing !== null) return;
      sweeping = true;
      sweep = (async () => {
        try {
          if (!(await renewLease(db, self, now()))) log(`lease: instance ${self} is marked stopped; its rounds may be recovered elsewhere`);
          await recover();
        } catch (error) {
          log('lease and recovery: the database did not answer', error);
        } finally {
          sweeping = false;
        }
      })();
    }, lease.heartbeatMs);
    timer.unref();

    const close = (closeOptions: CloseOptions = {}): Promise<void> => {
      closing ??= (async () => {
        ready = false;
        clearInterval(timer);
        await sweep;
        await release();
        if (closeOptions.releaseLease !== false) await endLease(db, self, now()).catch((error: unknown) => log('lease: could not end it', error));
        await db.db.destroy();
      })();
      return closing;
    };

    return { port, url: `http://127.0.0.1:${port}`, instanceId: self, recovery, runners, ledger, players, close };
  } catch (error) {
    await release().catch(() => undefined);
    if (database !== undefined) {
      if (instanceId !== undefined) await endLease(database, instanceId, now()).catch(() => undefined);
      await database.db.destroy().catch(() => undefined);
    }
    throw error;
  }
}
