/**
 * The HTTP API of the game server (docs/protocol.md "HTTP"), as used by the browser.
 * Same origin by default (the server serves this client); money in cents.
 * Every failure is thrown as an `ApiError` carrying the server's error code (`auth/invalid-session`,
 * `auth/invalid-nickname`, `ledger/not-broke`, …) or `network` when the server cannot be reached.
 */
import { PaiGowError } from '@paigow/engine';
import type {
  CostliestResponse,
  DailyLeaderboardResponse,
  DailyPlayResponse,
  DailyResponse,
  HistoryResponse,
  MeResponse,
  PlayerLanguage,
  RoundGradeResponse,
  SessionResponse,
  StrategyTaxResponse,
  TablesResponse,
  TopUpResponse,
} from '@paigow/protocol';

/**
 * A refused or failed request or table join: `code` is an `ErrorCode` from the server (`auth/invalid-session`,
 * ...), or `network`; `status` the HTTP status (0: none, for a join or when the server cannot be reached);
 * `retryAfterS` the refusal's `Retry-After` in seconds (a `429 rate/limited`, a `503`), `null` without one.
 */
export class ApiError extends PaiGowError<string> {
  override name = 'ApiError';
  readonly status: number;
  readonly retryAfterS: number | null;
  constructor(code: string, message: string, status = 0, retryAfterS: number | null = null) {
    super(code, message);
    this.status = status;
    this.retryAfterS = retryAfterS;
  }
}

/** A `Retry-After` header's seconds (the server sends whole seconds, never a date), `null` when absent or not that. */
function retryAfterSeconds(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

/** The HTTP client of one server. */
export interface Api {
  /** `POST /api/guest`: a new guest session (throws `auth/invalid-nickname`). */
  guest(nickname: string): Promise<SessionResponse>;
  /** `GET /api/me`: the session's player (throws `auth/invalid-session`). */
  me(token: string): Promise<MeResponse>;
  /** `GET /api/tables`: the lobby. */
  tables(): Promise<TablesResponse>;
  /** `POST /api/top-up`: refills a broke player (throws `ledger/not-broke`). */
  topUp(token: string): Promise<TopUpResponse>;
  /** `GET /api/history?limit=`: the player's rounds, newest first. */
  history(token: string, limit?: number): Promise<HistoryResponse>;
  /** `POST /api/sign-out`: revokes the session's token on the server (throws `auth/invalid-session`). */
  signOut(token: string): Promise<void>;
  /** `PUT /api/me/language`: the account keeps the player's language (throws `action/invalid`, `auth/invalid-session`). */
  setLanguage(token: string, language: PlayerLanguage): Promise<MeResponse>;
  /** `GET /api/coach/rounds/<roundId>`: the coach's grade of the player's setting in a round (`review: null` until graded). */
  coachRound(token: string, roundId: string): Promise<RoundGradeResponse>;
  /** `GET /api/coach/tax`: the player's strategy tax. */
  coachTax(token: string): Promise<StrategyTaxResponse>;
  /** `GET /api/coach/costliest`: the player's ten costliest settings. */
  coachCostliest(token: string): Promise<CostliestResponse>;
  /** `GET /api/daily`: today's challenge. */
  daily(token: string): Promise<DailyResponse>;
  /** `POST /api/daily/play`: sets hand `index` of today's challenge (throws `action/stale`, `setting/foul`, …). */
  dailyPlay(token: string, index: number, low: readonly string[]): Promise<DailyPlayResponse>;
  /** `GET /api/daily/leaderboard`: today's leaderboard. */
  dailyLeaderboard(token: string): Promise<DailyLeaderboardResponse>;
}

/**
 * Creates the HTTP client.
 * @param baseUrl the server's origin ('' = the page's own origin)
 */
export function createApi(baseUrl = ''): Api {
  async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, token?: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      throw new ApiError('network', e instanceof Error ? e.message : String(e), 0);
    }
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    if (!response.ok) {
      const error = (data as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      const code = typeof error?.code === 'string' ? error.code : response.status === 401 ? 'auth/invalid-session' : 'network';
      throw new ApiError(code, typeof error?.message === 'string' ? error.message : response.statusText, response.status, retryAfterSeconds(response.headers.get('Retry-After')));
    }
    return data as T;
  }
  return {
    guest: (nickname) => call('POST', '/api/guest', undefined, { nickname }),
    me: (token) => call('GET', '/api/me', token),
    tables: () => call('GET', '/api/tables'),
    topUp: (token) => call('POST', '/api/top-up', token, {}),
    history: (token, limit = 20) => call('GET', `/api/history?limit=${limit}`, token),
    signOut: (token) => call('POST', '/api/sign-out', token),
    setLanguage: (token, language) => call('PUT', '/api/me/language', token, { language }),
    coachRound: (token, roundId) => call('GET', `/api/coach/rounds/${encodeURIComponent(roundId)}`, token),
    coachTax: (token) => call('GET', '/api/coach/tax', token),
    coachCostliest: (token) => call('GET', '/api/coach/costliest', token),
    daily: (token) => call('GET', '/api/daily', token),
    dailyPlay: (token, index, low) => call('POST', '/api/daily/play', token, { index, low }),
    dailyLeaderboard: (token) => call('GET', '/api/daily/leaderboard', token),
  };
}
