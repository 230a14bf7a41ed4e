/**
 * The HTTP side of the server (docs/protocol.md "HTTP", interfaces.md "The web page"): guest
 * sign-in, session resume, the lobby, the player's history, top-up, `/healthz`, and the built web
 * client (`packages/web/dist`, with an `index.html` fallback for client-side routes). Response
 * shapes are the protocol types of `@paigow/engine` (`SessionResponse`, `TablesResponse`, ...).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  projectRoundResult,
  type ErrorCode,
  type HistoryEntry,
  type HistoryResponse,
  type HttpErrorBody,
  type LobbyTable,
  type MeResponse,
  type PlayerSummary,
  type RoundResult,
  type RuleError,
  type SessionResponse,
  type TablesResponse,
  type TopUpResponse,
} from '@paigow/engine';
import { authenticate, bearerToken } from '../auth/index.js';
import type { Ledger } from '../ledger/index.js';
import type { Player, Players } from '../players/index.js';
import type { TableRunner } from '../table/runner.js';

/** What the HTTP routes use. */
export interface HttpServices {
  readonly players: Players;
  readonly ledger: Ledger;
  /** The live tables, in lobby order. */
  readonly runners: ReadonlyMap<string, TableRunner>;
  /** True once the server takes players (`/healthz` answers 200). */
  readonly isReady: () => boolean;
  /** The built web client's folder (`packages/web/dist`). */
  readonly webDist: string;
  /** Where server failures (500) are reported (default `console.error`); client errors (4xx) are not. */
  readonly log?: (message: string, detail?: unknown) => void;
}

/** The largest JSON body the API reads. */
export const MAX_BODY_BYTES = 8 * 1024;

/**
 * The HTTP status of a client error raised while reading a request (body-parser and static-file errors
 * carry `status`/`statusCode` 4xx and `expose: true`), else `null`.
 */
function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, statusCode, expose } = error as { status?: unknown; statusCode?: unknown; expose?: unknown };
  const code = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : null;
  return code !== null && code >= 400 && code < 500 && expose !== false ? code : null;
}

const STATUS: Partial<Record<ErrorCode, number>> = {
  'auth/invalid-session': 401,
  'ledger/not-broke': 409,
  'ledger/unknown-account': 404,
};

function fail(res: Response, error: RuleError, status = STATUS[error.code] ?? 400): void {
  const body: HttpErrorBody = { error };
  res.status(status).json(body);
}

function summary(player: Player): PlayerSummary {
  return { id: player.id, nickname: player.nickname, balanceCents: player.balanceCents, compPoints: player.compPoints };
}

type Handler = (req: Request, res: Response) => Promise<void>;

/** Express 4 does not catch rejected promises: pass them on. */
const route =
  (handler: Handler) =>
  (req: Request, res: Response, next: NextFunction): void => {
    handler(req, res).catch(next);
  };

/** The player of the request's bearer token, or a 401 already sent. */
async function signedIn(services: HttpServices, req: Request, res: Response): Promise<Player | null> {
  const player = await authenticate(services.players, bearerToken(req.header('authorization')));
  if (!player.ok) {
    fail(res, player.error);
    return null;
  }
  return player.value;
}

/** The lobby entry of a table. */
export function lobbyTable(runner: TableRunner): LobbyTable {
  const state = runner.current;
  const config = runner.config;
  const banker = state.banker === null ? undefined : state.players[state.banker.playerId];
  return {
    tableId: config.tableId,
    name: config.name,
    limits: { main: { ...config.limits.main }, fortune: config.limits.fortune === null ? null : { ...config.limits.fortune } },
    playerBanking: config.playerBanking,
    envyBonus: config.envyBonus.enabled && config.limits.fortune !== null,
    banker: banker === undefined ? 'house' : { nickname: banker.nickname },
    seats: config.seats,
    seatsTaken: state.seats.filter((seat) => seat !== null).length,
    phase: state.phase,
  };
}

function isRoundResult(value: unknown): value is RoundResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as RoundResult).players) && typeof (value as RoundResult).roundId === 'string';
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pai Gow Poker</title></head>
<body><h1>Pai Gow Poker</h1><p>The web client is not built yet. Build it with
<code>npm run build</code> (it goes to <code>packages/web/dist</code>); the game server and its API are running.</p></body></html>
`;

/**
 * The express app with every route of docs/protocol.md "HTTP". Errors are
 * `{ error: { code, message } }` with 400 (bad input, a body that is not JSON: `action/invalid`), 401
 * (`auth/invalid-session`), 409 (`ledger/not-broke`), 413 (a body over 8 kB: `action/invalid`) or 500
 * (`action/unavailable`, logged; client errors are not).
 */
export function createHttpApp(services: HttpServices): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use('/api', (req, res, next) => {
    // A web client served from another origin (Vite's dev server) may call the API.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    res.setHeader('Cache-Control', 'no-store');
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next();
  });
  app.use('/api', express.json({ limit: MAX_BODY_BYTES }));

  app.get('/healthz', (_req, res) => {
    if (services.isReady()) res.status(200).type('text/plain').send('ok');
    else res.status(503).type('text/plain').send('starting');
  });

  app.post(
    '/api/guest',
    route(async (req, res) => {
      const nickname = (req.body as { nickname?: unknown } | undefined)?.nickname;
      if (typeof nickname !== 'string') return fail(res, { code: 'auth/invalid-nickname', message: 'nickname must be a string' });
      const created = await services.players.createGuest(nickname);
      if (!created.ok) return fail(res, created.error);
      const body: SessionResponse = { token: created.value.sessionToken, player: summary(created.value.player) };
      res.status(201).json(body);
    }),
  );

  app.get(
    '/api/me',
    route(async (req, res) => {
      const player = await signedIn(services, req, res);
      if (player === null) return;
      const body: MeResponse = { player: summary(player) };
      res.json(body);
    }),
  );

  app.get('/api/tables', (_req, res) => {
    const body: TablesResponse = { tables: [...services.runners.values()].map(lobbyTable) };
    res.json(body);
  });

  app.post(
    '/api/top-up',
    route(async (req, res) => {
      const player = await signedIn(services, req, res);
      if (player === null) return;
      const topped = await services.ledger.topUp(player.id);
      if (!topped.ok) return fail(res, topped.error);
      await Promise.all([...services.runners.values()].map((runner) => runner.refreshPlayer(player.id)));
      const body: TopUpResponse = { balanceCents: topped.value.balanceCents, issuedCents: topped.value.amountCents };
      res.json(body);
    }),
  );

  app.get(
    '/api/history',
    route(async (req, res) => {
      const player = await signedIn(services, req, res);
      if (player === null) return;
      const limit = typeof req.query.limit === 'string' ? Number(req.query.limit) : undefined;
      const before = typeof req.query.before === 'string' && req.query.before !== '' ? req.query.before : undefined;
      const items = await services.ledger.history(player.id, { limit, before });
      const body: HistoryResponse = {
        items: items.map(
          (item): HistoryEntry => ({
            roundId: item.roundId,
            tableId: item.tableId,
            role: item.role,
            status: item.status,
            netCents: item.netCents,
            compPointsDelta: item.compPointsDelta,
            result: item.status === 'settled' && isRoundResult(item.result) ? projectRoundResult(item.result, player.id) : null,
            refundReason: item.refundReason,
            openedAt: item.openedAt,
            closedAt: item.closedAt,
          }),
        ),
      };
      res.json(body);
    }),
  );

  app.use('/api', (_req, res) => fail(res, { code: 'action/unknown', message: 'no such API endpoint' }, 404));

  // The web client: static files, and index.html for client-side routes.
  const webClient = express.static(services.webDist, { index: 'index.html' });
  app.use((req, res, next) => {
    if (existsSync(join(services.webDist, 'index.html'))) webClient(req, res, next);
    else next();
  });
  app.get('*', (req, res) => {
    if (req.path.startsWith('/matchmake')) {
      res.status(404).end();
      return;
    }
    const index = join(services.webDist, 'index.html');
    if (existsSync(index)) res.sendFile(index);
    else res.status(200).type('html').send(NOT_BUILT_PAGE);
  });

  // Client errors (a body too large or not JSON, a malformed path) are answered, not logged.
  const log = services.log ?? ((message: string, detail?: unknown) => console.error(message, detail ?? ''));
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = clientErrorStatus(error);
    if (status === 413) {
      return fail(res, { code: 'action/invalid', message: `the request body is larger than ${MAX_BODY_BYTES} bytes` }, 413);
    }
    if (error instanceof SyntaxError) return fail(res, { code: 'action/invalid', message: 'the body is not JSON' });
    if (status !== null) return fail(res, { code: 'action/invalid', message: (error as Error).message || 'bad request' }, status);
    log('[http] request failed', error);
    fail(res, { code: 'action/unavailable', message: 'the server could not answer; try again' }, 500);
  });
  return app;
}
