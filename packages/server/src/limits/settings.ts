/**
 * The server's limits against abuse (docs/server.md "Limits"): body and message sizes, open connections per
 * IP, requests unanswered per connection, the time a request may take to arrive, connections per player and table, seats per IP and table, and the rates of guest creation,
 * top-ups and table messages. Each has a default and an
 * environment variable (`limitsFromEnv`); `startServer({ limits })` overrides any of them.
 */

import { DEFAULT_TRUSTED_PROXIES, trustedProxies } from '../http/client-address.js';
import { MAX_SEATS } from '@paigow/engine';
import { settingText, wholeNumber } from '../settings/values.js';

/** At most `points` requests per `windowMs` milliseconds (a fixed window per key). */
export interface RateLimit {
  readonly points: number;
  readonly windowMs: number;
}

/** Every limit (sizes in bytes, times in ms). */
export interface ServerLimits {
  /** The largest HTTP request body, `/matchmake` included (`PAIGOW_MAX_BODY_BYTES`). */
  readonly maxBodyBytes: number;
  /**
   * The largest table message, bytes, and the largest WebSocket message read at all: a larger one closes the connection
   * with 1009, unread (`PAIGOW_MAX_MESSAGE_BYTES`; `ws`' `maxPayload`, `rooms/game-server.ts`).
   */
  readonly maxMessageBytes: number;
  /**
   * What may wait to be sent to one WebSocket client, bytes (the `ws` socket's `bufferedAmount`: queued in this
   * process once the kernel's send buffer is full); a client past it is cut off (`PAIGOW_MAX_BUFFERED_BYTES`;
   * `rooms/send-buffer.ts`).
   */
  readonly maxBufferedBytes: number;
  /** Connections (and seat reservations) of one player at one table (`PAIGOW_CONNECTIONS_PER_PLAYER`). */
  readonly connectionsPerPlayer: number;
  /**
   * Open TCP connections (HTTP and WebSocket) of one peer address, an IPv6 one by its /64; a trusted proxy's are
   * not counted (`PAIGOW_CONNECTIONS_PER_IP`; `http/connection-limits.ts`).
   */
  readonly connectionsPerIp: number;
  /**
   * Requests one HTTP connection may have unanswered at once (sent back to back, pipelined, before the answers before
   * them were written): one more resets the connection (`PAIGOW_MAX_PIPELINED_REQUESTS`; `http/connection-limits.ts`).
   */
  readonly maxPipelinedRequests: number;
  /**
   * Seats of one table held by players from one client address (as the per-IP limits count it), the banker's
   * included; `MAX_SEATS` (6) lifts it (`PAIGOW_SEATS_PER_IP`; `limits/seat-addresses.ts`).
   */
  readonly seatsPerIp: number;
  /**
   * How long a request may take to send its headers from their first byte, and a new connection to start sending, ms
   * (`PAIGOW_HEADERS_TIMEOUT_MS`; Node's `headersTimeout`, at most `requestTimeoutMs`).
   */
  readonly headersTimeoutMs: number;
  /** How long a request may take to arrive whole, headers and body, ms (`PAIGOW_REQUEST_TIMEOUT_MS`; Node's `requestTimeout`). */
  readonly requestTimeoutMs: number;
  /** Guest creations per client IP (`PAIGOW_RATE_GUESTS_PER_IP`). */
  readonly guestsPerIp: RateLimit;
  /** Top-ups (HTTP and table message) per player (`PAIGOW_RATE_TOP_UPS_PER_PLAYER`). */
  readonly topUpsPerPlayer: RateLimit;
  /** Top-ups per client IP (`PAIGOW_RATE_TOP_UPS_PER_IP`). */
  readonly topUpsPerIp: RateLimit;
  /**
   * Other writes a player asks for over HTTP, per player: its language (`PUT /api/me/language`) and the daily
   * challenge's hands (`POST /api/daily/play`) together (`PAIGOW_RATE_ACCOUNT_WRITES_PER_PLAYER`).
   */
  readonly accountWritesPerPlayer: RateLimit;
  /** The same writes per client IP (`PAIGOW_RATE_ACCOUNT_WRITES_PER_IP`). */
  readonly accountWritesPerIp: RateLimit;
  /** Table messages per player, over all its tables (`PAIGOW_RATE_MESSAGES_PER_PLAYER`). */
  readonly messagesPerPlayer: RateLimit;
  /** Table messages per client IP (`PAIGOW_RATE_MESSAGES_PER_IP`). */
  readonly messagesPerIp: RateLimit;
  /**
   * The reverse proxies whose `X-Forwarded-For` names the client of the per-IP limits (`PAIGOW_TRUST_PROXY`):
   * comma-separated addresses, CIDR ranges, `loopback`, `linklocal`, `uniquelocal`, or `none` (`http/client-address.ts`).
   */
  readonly trustedProxies: string;
}

/**
 * The defaults: bodies up to 8 KiB and messages up to 4 KiB (the largest real request is a few hundred
 * bytes), 1 MiB waiting to be sent to one WebSocket client (a few hundred views: a client that reads slowly
 * catches up, one that never reads is cut off before it costs more), 256 open connections per IP (a browser holds at most 6 HTTP connections to a host and one WebSocket
 * per table tab, so this leaves room for a few dozen players behind one NAT, while one address can take at most
 * 256 of the process's file descriptors, not all 20,000), 16 requests unanswered on one connection (a browser sends
 * the next only once the last is answered; one connection's 4 MB of back-to-back requests froze the server), 3 seats of a table per IP (half of a table's 6: a household or a
 * few colleagues behind one NAT play together, a fourth sits at the next table, and one address never holds a table
 * alone, as six guests from one did), 10 s to send a request's headers and 30 s
 * for the whole request (a real one takes milliseconds; Node's 60 s and 300 s let a slow client hold a
 * connection for minutes), 3 connections per player and table (a reload and a second tab), 20 guests per IP per 10 minutes,
 * 5 top-ups per player and 30 per IP per minute, 30 table messages per player and 300 per IP per second; the client
 * of a request that comes through a proxy on this machine is the one the proxy names.
 */
export const DEFAULT_LIMITS: ServerLimits = {
  maxBodyBytes: 8 * 1024,
  maxMessageBytes: 4 * 1024,
  maxBufferedBytes: 1024 * 1024,
  connectionsPerPlayer: 3,
  connectionsPerIp: 256,
  maxPipelinedRequests: 16,
  seatsPerIp: 3,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  guestsPerIp: { points: 20, windowMs: 10 * 60_000 },
  topUpsPerPlayer: { points: 5, windowMs: 60_000 },
  topUpsPerIp: { points: 30, windowMs: 60_000 },
  accountWritesPerPlayer: { points: 60, windowMs: 60_000 },
  accountWritesPerIp: { points: 600, windowMs: 60_000 },
  messagesPerPlayer: { points: 30, windowMs: 1_000 },
  messagesPerIp: { points: 300, windowMs: 1_000 },
  trustedProxies: DEFAULT_TRUSTED_PROXIES,
};

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/**
 * Reads a rate written `<count>/<duration>`: `20/10m`, `5/1m`, `30/1s`, `100/500ms` (units ms, s, m, h).
 * @throws Error naming `name` when the text is not such a rate (count and duration whole and positive), or it is out
 *   of `RATE_RANGE` (at most 1,000,000 per window, a window from 100 ms to 24 h)
 */
export function parseRateLimit(name: string, text: string): RateLimit {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*(ms|s|m|h)\s*$/.exec(text);
  const points = match === null ? NaN : Number(match[1]);
  const windowMs = match === null ? NaN : Number(match[2]) * UNIT_MS[match[3]];
  if (!(points > 0) || !(windowMs > 0) || !Number.isSafeInteger(points) || !Number.isSafeInteger(windowMs)) {
    throw new Error(`${name} must be a rate like 20/10m (count/duration in ms, s, m or h), got '${text}'`);
  }
  if (points > RATE_RANGE.maxPoints || windowMs < RATE_RANGE.minWindowMs || windowMs > RATE_RANGE.maxWindowMs) {
    throw new Error(`${name} must be a rate of 1 to ${RATE_RANGE.maxPoints} requests per 100ms to 24h, got '${text}'`);
  }
  return { points, windowMs };
}

/**
 * The range of each number limit (`min`‥`max` and its unit): a value outside it is refused at start. Sizes from 1 KiB
 * (the largest real request or message is a few hundred bytes) to 1 MiB;
 * 64 KiB (a few dozen views) to 256 MiB waiting for one WebSocket client;
 * 1 to 100 connections per player and table; 8 (a browser's 6 HTTP connections and a table) to 1,000,000 per IP; 1 to
 * 1,000 requests unanswered per connection; 1 to
 * `MAX_SEATS` (6, no cap) seats per IP and table;
 * timeouts from 1 s (below it a real request on a slow link fails: every join with 1006 while /readyz says 200) to 1 h.
 */
export const NUMBER_LIMIT_RANGES: Readonly<Record<'maxBodyBytes' | 'maxMessageBytes' | 'maxBufferedBytes' | 'connectionsPerPlayer' | 'connectionsPerIp' | 'maxPipelinedRequests' | 'seatsPerIp' | 'headersTimeoutMs' | 'requestTimeoutMs', { min: number; max: number; unit: string }>> = {
  maxBodyBytes: { min: 1_024, max: 1_048_576, unit: 'bytes' },
  maxMessageBytes: { min: 1_024, max: 1_048_576, unit: 'bytes' },
  maxBufferedBytes: { min: 65_536, max: 268_435_456, unit: 'bytes' },
  connectionsPerPlayer: { min: 1, max: 100, unit: 'connections' },
  connectionsPerIp: { min: 8, max: 1_000_000, unit: 'connections' },
  maxPipelinedRequests: { min: 1, max: 1_000, unit: 'requests' },
  seatsPerIp: { min: 1, max: MAX_SEATS, unit: 'seats' },
  headersTimeoutMs: { min: 1_000, max: 3_600_000, unit: 'ms' },
  requestTimeoutMs: { min: 1_000, max: 3_600_000, unit: 'ms' },
};

/** The most requests a rate may allow per window, and its shortest and longest window (ms). */
export const RATE_RANGE = { maxPoints: 1_000_000, minWindowMs: 100, maxWindowMs: 86_400_000 } as const;

/** `text` when it names trusted proxies (`trustedProxies`). @throws Error naming `name` when it does not */
function proxies(name: string, text: string): string {
  try {
    trustedProxies(text);
  } catch {
    throw new Error(`${name} must be addresses, CIDR ranges, loopback, linklocal, uniquelocal or none, comma-separated, got '${text}'`);
  }
  return text;
}

/** The environment variable of each limit. */
export const LIMIT_ENV_NAMES: Readonly<Record<keyof ServerLimits, string>> = {
  maxBodyBytes: 'PAIGOW_MAX_BODY_BYTES',
  maxMessageBytes: 'PAIGOW_MAX_MESSAGE_BYTES',
  maxBufferedBytes: 'PAIGOW_MAX_BUFFERED_BYTES',
  connectionsPerPlayer: 'PAIGOW_CONNECTIONS_PER_PLAYER',
  connectionsPerIp: 'PAIGOW_CONNECTIONS_PER_IP',
  maxPipelinedRequests: 'PAIGOW_MAX_PIPELINED_REQUESTS',
  seatsPerIp: 'PAIGOW_SEATS_PER_IP',
  headersTimeoutMs: 'PAIGOW_HEADERS_TIMEOUT_MS',
  requestTimeoutMs: 'PAIGOW_REQUEST_TIMEOUT_MS',
  guestsPerIp: 'PAIGOW_RATE_GUESTS_PER_IP',
  topUpsPerPlayer: 'PAIGOW_RATE_TOP_UPS_PER_PLAYER',
  topUpsPerIp: 'PAIGOW_RATE_TOP_UPS_PER_IP',
  accountWritesPerPlayer: 'PAIGOW_RATE_ACCOUNT_WRITES_PER_PLAYER',
  accountWritesPerIp: 'PAIGOW_RATE_ACCOUNT_WRITES_PER_IP',
  messagesPerPlayer: 'PAIGOW_RATE_MESSAGES_PER_PLAYER',
  messagesPerIp: 'PAIGOW_RATE_MESSAGES_PER_IP',
  trustedProxies: 'PAIGOW_TRUST_PROXY',
};

/**
 * The limits set in the environment (`LIMIT_ENV_NAMES`; unset ones are left out, so the defaults apply).
 * @throws Error naming the variable when a value is empty (settings/values.ts), a number not plain decimal digits
 *   within `NUMBER_LIMIT_RANGES`, not a rate (`parseRateLimit`) or not a list of proxies
 */
export function limitsFromEnv(env: NodeJS.ProcessEnv): Partial<ServerLimits> {
  const limits: Record<string, number | string | RateLimit> = {};
  for (const [key, name] of Object.entries(LIMIT_ENV_NAMES) as [keyof ServerLimits, string][]) {
    const text = settingText(env, name);
    if (text === undefined) continue;
    const byDefault = DEFAULT_LIMITS[key];
    if (typeof byDefault === 'number') {
      const { min, max, unit } = NUMBER_LIMIT_RANGES[key as keyof typeof NUMBER_LIMIT_RANGES];
      limits[key] = wholeNumber(name, text, min, max, unit);
    } else limits[key] = typeof byDefault === 'string' ? proxies(name, text) : parseRateLimit(name, text);
  }
  return limits as Partial<ServerLimits>;
}
