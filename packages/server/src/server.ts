/**
 * Starting and stopping the game server (interfaces.md "The web page"): the database (SQLite in
 * `dataDir`, or PostgreSQL at `databaseUrl`), recovery of interrupted rounds, one `TableRunner`
 * and one Colyseus room per table, and the HTTP API and web client on the same port.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { createCryptoRng, DEFAULT_ENVY_BONUS, tableConfig, unwrap, type Rng, type TableConfigInput } from '@paigow/engine';
import { HintPool, type HintService } from './hint/index.js';
import { createHttpApp } from './http/app.js';
import { createLedger, type Ledger } from './ledger/index.js';
import { createPlayers, type Players } from './players/index.js';
import { createGameServer } from './rooms/game-server.js';
import { createDatabase, migrateToLatest, type Database, type DatabaseOptions } from './storage/index.js';
import { recoverOpenRounds, type RecoveryReport } from './table/recovery.js';
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
  /** Folder of the SQLite file `paigow.sqlite` (default `./data`); unused with `databaseUrl`. */
  readonly dataDir?: string;
  /** PostgreSQL URL; when set the data lives there instead of SQLite. */
  readonly databaseUrl?: string;
  /** PostgreSQL schema (default `public`). */
  readonly databaseSchema?: string;
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
}

/** A running server. */
export interface ServerHandle {
  /** The port actually listened on. */
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** What start-up recovery did with rounds left open. */
  readonly recovery: RecoveryReport;
  /** The live tables by id. */
  readonly runners: ReadonlyMap<string, TableRunner>;
  readonly ledger: Ledger;
  readonly players: Players;
  /** Stops taking players, closes the tables, the connections and the database. */
  close(): Promise<void>;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

function databaseOptions(options: StartServerOptions): DatabaseOptions {
  if (options.databaseUrl) return { databaseUrl: options.databaseUrl, schema: options.databaseSchema };
  return { sqlitePath: join(options.dataDir ?? './data', 'paigow.sqlite') };
}

/**
 * Starts the game server: opens and migrates the database, settles or refunds every round left
 * open (rules.md §5 "Interruptions"), creates the tables' rooms, and listens for HTTP and
 * WebSocket on one port. `/healthz` answers 200 from then on.
 * @throws Error when the database cannot be opened, a table config is invalid (`config/invalid`),
 *   or the port is taken.
 */
export async function startServer(options: StartServerOptions = {}): Promise<ServerHandle> {
  const log = options.log ?? ((message: string, detail?: unknown) => console.error(message, detail ?? ''));
  const now = options.now ?? Date.now;
  const database: Database = createDatabase(databaseOptions(options));
  let ready = false;
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.db.destroy();
    throw error;
  }
  const ledger = createLedger(database);
  const players = createPlayers(database);
  const recovery = await recoverOpenRounds(ledger, now(), log);
  if (recovery.settled.length + recovery.refunded.length > 0) {
    log(`recovery: settled ${recovery.settled.length} and refunded ${recovery.refunded.length} interrupted round(s)`);
  }

  const rng = options.rng ?? createCryptoRng(globalThis.crypto);
  const ownPool = options.hints === undefined ? new HintPool() : null;
  const hints: HintService = options.hints ?? (ownPool as HintPool);
  const runners = new Map<string, TableRunner>();
  for (const input of options.tables ?? DEFAULT_TABLES) {
    const config = unwrap(tableConfig(input));
    const onBalancesChanged = (playerIds: readonly string[]): void => {
      for (const [tableId, other] of runners) {
        if (tableId === config.tableId) continue;
        for (const playerId of playerIds) if (other.current.players[playerId] !== undefined) void other.refreshPlayer(playerId);
      }
    };
    runners.set(config.tableId, new TableRunner({ config, ledger, players, rng, now, log, onBalancesChanged, hints }));
  }

  const app = createHttpApp({ players, ledger, runners, isReady: () => ready, webDist: options.webDist ?? DEFAULT_WEB_DIST });
  const httpServer: HttpServer = createServer(app);
  const gameServer = await createGameServer(httpServer, { players, runners }, options.redisUrl);
  await gameServer.listen(options.port ?? 2567, options.host);
  const port = (httpServer.address() as AddressInfo).port;
  ready = true;

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      ready = false;
      await Promise.all([...runners.values()].map((runner) => runner.close()));
      await ownPool?.close();
      const httpClosed = new Promise<void>((resolve) => {
        if (!httpServer.listening) resolve();
        else httpServer.once('close', () => resolve());
      });
      await gameServer.close();
      httpServer.closeAllConnections();
      await httpClosed;
      await database.db.destroy();
    })();
    return closing;
  };

  return { port, url: `http://127.0.0.1:${port}`, recovery, runners, ledger, players, close };
}
