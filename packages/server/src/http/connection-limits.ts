/**
 * The game port's limits on connections themselves (docs/server.md "Limits"), against slowloris: two processes
 * holding 10,400 sockets each (a partial request header, then a header line every 10 s) took every one of the
 * server's 20,000 file descriptors, and `/healthz`, guests and table joins failed for 60–100 s at a time, at will.
 *
 * - **Per peer address** (`connectionsPerIp`, `PAIGOW_CONNECTIONS_PER_IP`): a connection past the cap is reset on
 *   the `connection` event, before a byte of it is read. Counted by the TCP peer's address (`limitKey`: an IPv6 one
 *   by its /64), WebSockets included while open (they are sockets of the same server). A peer that is a trusted
 *   proxy (`PAIGOW_TRUST_PROXY`) is not counted: behind nginx every connection comes from it (the front caps per
 *   client instead, `cluster/nginx-config.ts`).
 * - **Slow requests** (`httpServerOptions`): Node's `headersTimeout` and `requestTimeout`, 10 s and 30 s instead of
 *   60 s and 300 s, checked every second instead of every 30 s. A WebSocket is not concerned: Node stops timing a
 *   request at its upgrade (the test keeps one open past both). A connection that sends nothing gets Node's 408 and
 *   is closed after `headersTimeout` too.
 */
import type { ServerOptions } from 'node:http';
import type { Server, Socket } from 'node:net';
import type { ServerLimits } from '../limits/settings.js';
import { LineThrottle, LOG_REPEAT_MS, type Logger } from '../log/index.js';
import { rateLimitedRequests } from '../metrics/index.js';
import { limitKey, trustedProxies } from './client-address.js';

/**
 * The options of `http.createServer` that bound slow requests: `headersTimeout` (`limits.headersTimeoutMs`, at most
 * `requestTimeoutMs`, as Node requires) and `requestTimeout` (`limits.requestTimeoutMs`), both ms, looked for every
 * quarter of `headersTimeout` up to once a second (Node's default, every 30 s, would let a 10 s limit hold 40 s).
 */
export function httpServerOptions(limits: Pick<ServerLimits, 'headersTimeoutMs' | 'requestTimeoutMs'>): ServerOptions {
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    headersTimeout,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersTimeout / 4))),
  };
}

/**
 * Caps the open connections of each peer address of `server` at `limits.connectionsPerIp` (a trusted proxy's,
 * `limits.trustedProxies`, uncounted; see the module comment). A refused connection is reset at once and counted in `paigow_rate_limited_total`
 * (`kind: "connection"`); refusals are `warn` lines `connections-refused` with `ip` (the refused peer, an IPv6 one
 * as its /64) and `refused` (refusals of any address since the previous such line, this one included), at most one
 * line per `repeatMs` ms.
 * @param repeatMs the least time between two `connections-refused` lines, ms (default `LOG_REPEAT_MS`, 5,000)
 * @param now the clock, epoch ms (default `Date.now`)
 */
export function limitConnections(
  server: Server,
  limits: Pick<ServerLimits, 'connectionsPerIp' | 'trustedProxies'>,
  logger: Logger,
  repeatMs: number = LOG_REPEAT_MS,
  now: () => number = Date.now,
): void {
  const trust = trustedProxies(limits.trustedProxies);
  /** Open connections per counted address (`limitKey`); an address with none has no entry. */
  const open = new Map<string, number>();
  const refusals = new LineThrottle(repeatMs, now);
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) {
      socket.destroy(); // the peer is gone already
      return;
    }
    if (trust(address, 0)) return;
    const key = limitKey(address);
    const count = open.get(key) ?? 0;
    if (count >= limits.connectionsPerIp) {
      // A reset, not a close: the refused socket leaves nothing behind here (no TIME_WAIT).
      socket.resetAndDestroy();
      rateLimitedRequests.inc({ kind: 'connection' });
      refusals.offer((repeated) =>
        logger.warn(
          { event: 'connections-refused', ip: key, refused: repeated + 1 },
          `connection refused: ${key} has ${limits.connectionsPerIp} open (PAIGOW_CONNECTIONS_PER_IP); ${repeated + 1} refused since the last such line`,
        ),
      );
      return;
    }
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
