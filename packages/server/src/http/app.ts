/**
 * The HTTP side of the server (docs/protocol.md "HTTP", interfaces.md "The web page"): guest
 * sign-in, session resume, the lobby, the player's history, top-up, provably fair rounds' proofs and the
 * fairness audit (`fairness/routes.ts`), the operator's `/livez`,
 * `/readyz` (alias `/healthz`) and `/metrics` (docs/operations.md), and the built web
 * client (`packages/web/dist`, with an `index.html` fallback for client-side routes). Response
 * shapes are the protocol types of `@paigow/engine` (`SessionResponse`, `TablesResponse`, ...).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ok, readRoundResult, type ErrorCode, type RuleError, type SettingGrade } from '@paigow/engine';
import {
  projectRoundResult,
  type HistoryEntry,
  type HeldSeat,
  type HistoryResponse,
  type HttpErrorBody,
  type LobbyTable,
  type MeResponse,
  type LanguageRequest,
  type PlayerSummary,
  type RoundResultView,
  type SessionResponse,
  type TablesResponse,
  type TableView,
  type TopUpResponse,
} from '@paigow/protocol';
import { authenticate, bearerToken } from '../auth/index.js';
import type { AnnouncedRounds } from '../fairness/announced-rounds.js';
import { fairnessRoutes } from '../fairness/routes.js';
import { coachRoutes, dailyRoutes, type CoachReader, type DailyChallenge } from '../coach/index.js';
import type { Liveness, Readiness } from '../health/index.js';
import { problemReporter, rootLogger, type Logger, type ProblemLog } from '../log/index.js';
import { metricsRegistry, sharedMetricsText } from '../metrics/index.js';
import { HISTORY_MAX_LIMIT, type Ledger } from '../ledger/index.js';
import type { RateLimits, ServerLimits } from '../limits/index.js';
import type { Player, Players } from '../players/index.js';
import type { TableRunner } from '../table/runner.js';
import { queryLimit } from './query-limit.js';
import { mayNameRound } from './round-id.js';
import { bodyLimit, refusalBody, sendRateLimited, utf8Bodies } from './request-limits.js';
import { requireHost } from './malformed-requests.js';
import { clientAddress, trustedProxies } from './client-address.js';
import { corsFor, securityHeaders } from './security.js';

/** What the HTTP routes use. */
export interface HttpServices {
  readonly players: Players;
  readonly ledger: Ledger;
  /** The live tables, in lobby order. */
  readonly runners: ReadonlyMap<string, TableRunner>;
  /** `/readyz`'s answer now (`ServerHealth.readiness`, or `starting`/`draining` around it): 200 when `ready`, else 503. */
  readonly readiness: () => Promise<Readiness>;
  /** `/livez`'s answer (`ServerHealth.liveness`). */
  readonly liveness: () => Liveness;
  /** The built web client's folder, absolute (`PAIGOW_WEB_DIST`; by default `packages/web/dist` under the working folder). */
  readonly webDist: string;
  /** Where server failures (500) are reported (default: `error` lines of `logger`); client errors (4xx) are not. */
  readonly log?: ProblemLog;
  /** The structured log: the audit trail of sign-ins at `info` (default `rootLogger()`). */
  readonly logger?: Logger;
  /** The body-size limit (`maxBodyBytes`) and the rest of the limits (docs/server.md "Limits"). */
  readonly limits: ServerLimits;
  /** The rate limits of guest creation and top-ups. */
  readonly rateLimits: RateLimits;
  /** Origins besides the page's own that get CORS (docs/server.md "Headers and origins"). */
  readonly allowedOrigins: readonly string[];
  /** The `/matchmake` routes (rooms/matchmaking.ts). */
  readonly matchmaking: RequestHandler;
  /** Closes the table connections of a player whose session was just signed out. */
  readonly signedOut: (playerId: string) => Promise<void>;
  /**
   * Admission control: while it would refuse a new player (`Admission.refusal`: the event loop lags, or the
   * players reach the limit and none is evictable, or as many are seated), the lobby shows every table full
   * (docs/server.md "Admission control").
   */
  readonly admission?: { refusal(): unknown };
  /** The coach's grades (issue 17): the `grade` of history rounds and the `/api/coach` routes; without it, no grades. */
  readonly coach?: CoachReader;
  /** The daily challenge (issue 17): the `/api/daily` routes; without it, none. */
  readonly daily?: DailyChallenge;
  /** The rounds the deployment's tables announced and have not dealt: their fairness answers 409 (docs/fairness.md "The proof"). */
  readonly announced: Pick<AnnouncedRounds, 'commitmentOf'>;
  /** How long a rendered `/metrics` text is served again, ms (default `METRICS_TEXT_REUSE_MS`, 1,000; `sharedMetricsText`). */
  readonly metricsReuseMs?: number;
}

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
  // "Try again": the server or its database could not answer now (a busy SQLite file, a database fault).
  'action/unavailable': 503,
};

/** Seconds a client is told to wait before it tries an `action/unavailable` (503) again. */
const UNAVAILABLE_RETRY_AFTER_S = 1;

function fail(res: Response, error: RuleError, status = STATUS[error.code] ?? 400): void {
  const body: HttpErrorBody = { error };
  if (status === 503) res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
  res.status(status).json(body);
}

function summary(player: Player): PlayerSummary {
  return { id: player.id, nickname: player.nickname, balanceCents: player.balanceCents, compPoints: player.compPoints, language: player.language };
}

/**
 * The seats `playerId` holds at this process's tables, each with whether a client of the player is connected there
 * (`MeResponse.seats`): the lobby of a second tab says the player plays there, not that a lost connection keeps its seat.
 */
export function heldSeats(runners: ReadonlyMap<string, TableRunner>, playerId: string): HeldSeat[] {
  const seats: HeldSeat[] = [];
  for (const [tableId, runner] of runners) {
    const player = runner.current.players[playerId];
    if (player !== undefined && player.seat !== null) seats.push({ tableId, seat: player.seat, connected: player.connected });
  }
  return seats;
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

/**
 * The lobby entry of a table, read from what a spectator sees of it (`runner.view(null)`, the protocol's
 * projection; never the runner's state, which holds the deck and the hands); `full` (admission control
 * would refuse a new player on this process) shows every seat as taken.
 */
export function lobbyTable(view: TableView, full = false): LobbyTable {
  const { config } = view;
  return {
    tableId: view.tableId,
    name: config.name,
    limits: { main: { ...config.limits.main }, fortune: config.limits.fortune === null ? null : { ...config.limits.fortune } },
    playerBanking: config.playerBanking,
    bankMinCompPoints: config.playerBanking ? config.bankMinCompPoints : null,
    envyBonus: config.envyBonus !== null,
    houseWay: config.houseWay,
    banker: view.banker.kind === 'house' ? 'house' : { nickname: view.banker.nickname },
    seats: config.seats,
    seatsTaken: full ? config.seats : view.seats.filter((seat) => seat.nickname !== null).length,
    phase: view.phase,
  };
}

/**
 * A path that a proxy, a browser or a scraper may read as one under the API's or the operator's prefixes: past the
 * routes (`/api%2fme`, `//metrics`, `/%6detrics`, `/metrics.`, `/metrics%20`: an attacker's finding), it is a JSON 404,
 * not the web page (docs/operations.md "Health"). Matched on `readAsAProxyMay`'s reading; `/apiary` stays a page.
 */
const SERVICE_PATH = /^\/(api|metrics|livez|readyz|healthz)(?![a-z0-9])/;

/** `path` percent-decoded (as far as it decodes), lower-cased, with each run of slashes made one. */
function readAsAProxyMay(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: read as written.
  }
  return decoded.toLowerCase().replace(/\/{2,}/g, '/');
}

/** A history item's round as the player sees it: the one view of the stored `RoundResult`; `null` unless settled. */
function settledView(status: HistoryEntry['status'], stored: unknown, playerId: string): RoundResultView | null {
  const result = status === 'settled' ? readRoundResult(stored) : null;
  return result === null ? null : projectRoundResult(result, playerId);
}

/**
 * What a request the app could not read is told (`status`, a client error's 4xx, `clientErrorStatus`: a SyntaxError
 * without one, JSON.parse of a stored row, is the server's own fault and never comes here): a body over `maxBodyBytes` (413); a
 * body that is no JSON object (the body parser's SyntaxError: it takes objects and arrays only, and a body `null` is
 * JSON, but no object: an attacker's was told "not JSON"); a path that is not valid percent-encoding (Express' own
 * "Failed to decode param '…'" repeats the path, whatever it holds); else the error's own message.
 */
function unreadable(error: unknown, status: number, maxBodyBytes: number): string {
  if (status === 413) return `the request body is larger than ${maxBodyBytes} bytes`;
  if (error instanceof SyntaxError) return 'the body is not a JSON object';
  if (error instanceof URIError) return 'the path is not valid percent-encoding';
  return (error as Error).message || 'bad request';
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pai Gow Poker</title></head>
<body><h1>Pai Gow Poker</h1><p>The web client is not built yet. Build it with
<code>npm run build</code> (it goes to <code>packages/web/dist</code>); the game server and its API are running.</p></body></html>
`;

/**
 * The express app with every route of docs/protocol.md "HTTP", the security headers and CORS of
 * docs/server.md "Headers and origins", and the `/matchmake` routes. Errors are `{ error: { code, message } }`
 * with 400 (bad input, a body that is not JSON: `action/invalid`), 401 (`auth/invalid-session`), 404
 * (`action/unknown`: no such endpoint, any method but GET outside the API too), 409 (`ledger/not-broke`),
 * 411/413 (a body of unknown length or over `limits.maxBodyBytes`: `action/invalid`), 415 (a body in another charset than
 * UTF-8: `action/invalid`), 429 (`rate/limited`,
 * with `Retry-After`) or 503 (`action/unavailable` with `Retry-After`: the request failed, e.g. a busy database;
 * logged, client errors are not).
 */
export function createHttpApp(services: HttpServices): express.Express {
  const maxBodyBytes = services.limits.maxBodyBytes;
  const trust = trustedProxies(services.limits.trustedProxies);
  const clientIp = (req: Request): string => clientAddress(req, trust);
  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders());
  app.use(requireHost);
  app.use(bodyLimit(maxBodyBytes));
  app.use(['/api', '/matchmake'], corsFor(services.allowedOrigins));
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Only UTF-8 bodies (415): the parsers would decode UTF-16 too. `/api` parses JSON content types, `/matchmake` any.
  app.use('/api', utf8Bodies((req) => Boolean(req.is('application/json'))));
  app.use('/matchmake', utf8Bodies(() => true));
  app.use('/api', express.json({ limit: maxBodyBytes }));
  // The parser takes arrays too: no endpoint takes one (an attacker's `[]` was told "nickname must be a string").
  app.use('/api', (req, res, next) => (Array.isArray(req.body) ? fail(res, { code: 'action/invalid', message: 'the body is not a JSON object' }) : next()));
  app.use('/matchmake', services.matchmaking);

  app.get('/livez', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json(services.liveness());
  });
  app.get(
    ['/readyz', '/healthz'],
    route(async (_req, res) => {
      const readiness = await services.readiness();
      res.setHeader('Cache-Control', 'no-store');
      res.status(readiness.status === 'ready' ? 200 : 503).json(readiness);
    }),
  );
  // Rendered at most once a second, whoever asks (docs/operations.md "Metrics"): a flood of scrapes held the event loop.
  const metricsText = sharedMetricsText(services.metricsReuseMs);
  app.get(
    '/metrics',
    route(async (_req, res) => {
      const text = await metricsText();
      res.setHeader('Cache-Control', 'no-store');
      res.status(200).setHeader('Content-Type', metricsRegistry.contentType);
      res.end(text);
    }),
  );
  // The operator's paths are never the web page: anything else under them is a JSON 404.
  app.use(['/livez', '/readyz', '/healthz', '/metrics'], (_req, res) => fail(res, { code: 'action/unknown', message: 'no such endpoint' }, 404));

  app.post(
    '/api/guest',
    route(async (req, res) => {
      // A body that is not JSON (another content type, so not parsed) is refused as such (docs/protocol.md "HTTP").
      if (!req.is('application/json')) return fail(res, { code: 'action/invalid', message: 'the body is not JSON' });
      const nickname = (req.body as { nickname?: unknown } | undefined)?.nickname;
      if (typeof nickname !== 'string') return fail(res, { code: 'auth/invalid-nickname', message: 'nickname must be a string' });
      const refusal = await services.rateLimits.guest(clientIp(req));
      if (refusal !== null) return sendRateLimited(res, refusal.waitMs);
      const created = await services.players.createGuest(nickname);
      if (!created.ok) return fail(res, created.error);
      (services.logger ?? rootLogger()).info({ event: 'sign-in', playerId: created.value.player.id, nickname: created.value.player.nickname }, 'guest signed in');
      const body: SessionResponse = { token: created.value.sessionToken, player: summary(created.value.player) };
      res.status(201).json(body);
    }),
  );

  app.get(
    '/api/me',
    route(async (req, res) => {
      const player = await signedIn(services, req, res);
      if (player === null) return;
      const body: MeResponse = { player: summary(player), seats: heldSeats(services.runners, player.id) };
      res.json(body);
    }),
  );

  /**
   * The signed-in player of a request that writes to its account (its language, a daily challenge hand), within the
   * account-write limits (docs/server.md "Limits"); `null` once refused (401, or 429 `rate/limited`). An attacker's
   * flood of one guest's `PUT /api/me/language`, each a write, lagged the event loop about 0.9 s and turned new
   * players away (`server/overloaded`).
   */
  const writer = async (req: Request, res: Response): Promise<Player | null> => {
    const player = await signedIn(services, req, res);
    if (player === null) return null;
    const refusal = await services.rateLimits.accountWrite(player.id, clientIp(req));
    if (refusal === null) return player;
    sendRateLimited(res, refusal.waitMs);
    return null;
  };

  // The language the player plays in: the web's switcher keeps it in the account (issue 14).
  app.put(
    '/api/me/language',
    route(async (req, res) => {
      const player = await writer(req, res);
      if (player === null) return;
      const asked = (req.body as Partial<LanguageRequest> | undefined)?.language;
      const language = typeof asked === 'string' ? asked : '';
      // The language it has already is not written again (an attacker's flood of the same one wrote the row each time).
      const updated = language === player.language ? ok(player) : await services.players.setLanguage(player.id, language);
      if (!updated.ok) return fail(res, updated.error);
      const body: MeResponse = { player: summary(updated.value), seats: heldSeats(services.runners, player.id) };
      res.json(body);
    }),
  );

  app.get('/api/tables', (_req, res) => {
    const full = services.admission !== undefined && services.admission.refusal() !== null;
    const body: TablesResponse = { tables: [...services.runners.values()].map((runner) => lobbyTable(runner.view(null), full)) };
    res.json(body);
  });

  app.post(
    '/api/top-up',
    route(async (req, res) => {
      const player = await signedIn(services, req, res);
      if (player === null) return;
      const refusal = await services.rateLimits.topUp(player.id, clientIp(req));
      if (refusal !== null) return sendRateLimited(res, refusal.waitMs);
      const topped = await services.ledger.topUp(player.id);
      if (!topped.ok) return fail(res, topped.error);
      await Promise.all([...services.runners.values()].map((runner) => runner.refreshPlayer(player.id)));
      const body: TopUpResponse = { balanceCents: topped.value.balanceCents, issuedCents: topped.value.amountCents };
      res.json(body);
    }),
  );

  app.post(
    '/api/sign-out',
    route(async (req, res) => {
      const revoked = await services.players.revokeSession(bearerToken(req.header('authorization')) ?? '');
      if (!revoked.ok) return fail(res, revoked.error);
      await services.signedOut(revoked.value.id);
      res.status(204).end();
    }),
  );

  // Provably fair rounds (fairness.md): a round's proof and the fairness audit. No sign-in: anyone may verify.
  app.use(fairnessRoutes(services.ledger, services.announced));
  // The coach (issue 17): the signed-in player's grades, strategy tax and costliest settings.
  const playerOf = async (req: Request, res: Response): Promise<string | null> => (await signedIn(services, req, res))?.id ?? null;
  if (services.coach !== undefined) app.use(coachRoutes(services.coach, playerOf));
  if (services.daily !== undefined) app.use(dailyRoutes(services.daily, playerOf, async (req, res) => (await writer(req, res))?.id ?? null));

  app.get(
    '/api/history',
    route(async (req, res) => {
      const player = await signedIn(services, req, res);
      if (player === null) return;
      // A bad limit is refused (`queryLimit`, as `/api/fairness/audit?limit=` refuses one), never read as another number.
      const limit = queryLimit(req.query.limit, HISTORY_MAX_LIMIT);
      if (limit === null) {
        return fail(res, { code: 'action/invalid', message: `limit must be a whole number from 1 to ${HISTORY_MAX_LIMIT}` });
      }
      // A `before` that is not one string (repeated: an array; `before[x]=`: an object) is refused as a repeated limit
      // is, never read as no `before` (the newest page); an empty one is none.
      const rawBefore = req.query.before;
      if (rawBefore !== undefined && typeof rawBefore !== 'string') return fail(res, { code: 'action/invalid', message: 'before must be one round id' });
      const before = rawBefore !== undefined && rawBefore !== '' ? rawBefore : undefined;
      // A `before` no round can have gives the empty page an unknown one gives, without a query (`mayNameRound`).
      const items = before === undefined || mayNameRound(before) ? await services.ledger.history(player.id, { limit, before }) : [];
      const grades = (await services.coach?.gradesOf(player.id, items.map((item) => item.roundId))) ?? new Map<string, SettingGrade>();
      const body: HistoryResponse = {
        items: items.map(
          (item): HistoryEntry => ({
            roundId: item.roundId,
            tableId: item.tableId,
            role: item.role,
            status: item.status,
            netCents: item.netCents,
            compPointsDelta: item.compPointsDelta,
            result: settledView(item.status, item.result, player.id),
            refundReason: item.refundReason,
            openedAt: item.openedAt,
            closedAt: item.closedAt,
            grade: grades.get(item.roundId) ?? null,
          }),
        ),
      };
      res.json(body);
    }),
  );

  app.use('/api', (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch (error) {
      // Refused by the error handler as a route's parameter is (400, `unreadable`): an attacker's `/api/%zz` was told
      // there is no such endpoint.
      return next(Object.assign(error as URIError, { status: 400 }));
    }
    fail(res, { code: 'action/unknown', message: 'no such API endpoint' }, 404);
  });

  // The web client: static files, and index.html for client-side routes.
  const webClient = express.static(services.webDist, { index: 'index.html' });
  app.use((req, res, next) => {
    if (existsSync(join(services.webDist, 'index.html'))) webClient(req, res, next);
    else next();
  });
  // Only GET (and HEAD) reach the web page: anything else is a JSON 404, never Express's HTML page.
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') next();
    else fail(res, { code: 'action/unknown', message: `no such endpoint: ${req.method} ${req.path}` }, 404);
  });
  app.get('*', (req, res) => {
    if (SERVICE_PATH.test(readAsAProxyMay(req.path))) return fail(res, { code: 'action/unknown', message: 'no such endpoint' }, 404);
    const index = join(services.webDist, 'index.html');
    if (existsSync(index)) res.sendFile(index);
    else res.status(200).type('html').send(NOT_BUILT_PAGE);
  });

  // Client errors (a body too large or not JSON, a malformed path) are answered, not logged.
  const log = services.log ?? problemReporter(services.logger ?? rootLogger());
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    // Answered already (the stop's 503 to a request still in flight, `http/in-flight.ts`): the route's late answer is
    // dropped, without Express' own stack on stderr; an answer cut midway is Express' to end.
    if (res.headersSent) return res.writableEnded ? undefined : next(error);
    const status = clientErrorStatus(error);
    if (status !== null) return void res.status(status).json(refusalBody(req, { code: 'action/invalid', message: unreadable(error, status, maxBodyBytes) }));
    log('[http] request failed', error, { event: 'request-failed', method: req.method, path: req.path });
    fail(res, { code: 'action/unavailable', message: 'the server could not answer; try again' });
  });
  return app;
}
