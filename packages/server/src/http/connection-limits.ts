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
 * - **Pipelined requests per connection** (`limitPipelining`, `maxPipelinedRequests`, `PAIGOW_MAX_PIPELINED_REQUESTS`):
 *   Node parses everything it reads on a connection and queues an answer per request, however many; an attacker's
 *   4 MB of back-to-back GETs on a connection that never read an answer froze the server for seconds (8 s with five
 *   such connections) and took ~1 GB. A request past the bound resets its connection; what Node still parses of
 *   that read (at most 64 KiB) is dropped unanswered.
 * - **Slow requests** (`httpServerOptions`): Node's `headersTimeout` and `requestTimeout`, 10 s and 30 s instead of
 *   60 s and 300 s, checked every second instead of every 30 s. A WebSocket is not concerned: Node stops timing a
 *   request at its upgrade (the test keeps one open past both). A connection that sends nothing gets a 408 (JSON: `malformed-requests.ts`) and
 *   is closed after `headersTimeout` too.
 */
import type { IncomingMessage, Server as HttpServer, RequestListener, ServerOptions, ServerResponse } from 'node:http';
import type { Server, Socket } from 'node:net';
import type { ServerLimits } from '../limits/settings.js';
import { LineThrottle, LOG_REPEAT_MS, type Logger } from '../log/index.js';
import { rateLimitedRequests } from '../metrics/index.js';
import { clientAddress, limitKey, trustedProxies } from './client-address.js';

/**
 * The options of `http.createServer` that bound slow requests: `headersTimeout` (`limits.headersTimeoutMs`, at most
 * `requestTimeoutMs`, as Node requires) and `requestTimeout` (`limits.requestTimeoutMs`), both ms, looked for every
 * quarter of `headersTimeout` up to once a second (Node's default, every 30 s, would let a 10 s limit hold 40 s).
 * `requireHostHeader` is off: Node's own refusal of an HTTP/1.1 request without `Host` is an empty 400, and the app
 * refuses it in the API's shape instead (`requireHost`, `http/malformed-requests.ts`).
 */
export function httpServerOptions(limits: Pick<ServerLimits, 'headersTimeoutMs' | 'requestTimeoutMs'>): ServerOptions {
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return {
    headersTimeout,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(headersTimeout / 4))),
    requireHostHeader: false,
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

/**
 * Serves `server`'s requests with `listener`, each connection holding at most `limits.maxPipelinedRequests` requests
 * unanswered: from its `request` event until its answer is written out to the kernel (the response's `finish`, which
 * waits for answers queued before it). A browser sends a request only once the last is answered, so it has one at a
 * time; a client that sends many back to back (pipelining) without reading the answers is reset at the first request
 * past the bound, before it is handled (see the module comment). Node's own answer to an `Expect` it cannot meet (417,
 * without a `request` event) is counted the same, or requests carrying one would pass uncounted. A reset is counted in
 * `paigow_rate_limited_total` (`kind: "http-pipelining"`) and logged: `warn` lines `pipelining-cut-off` with `ip`
 * (the client's address as the per-IP limits count it, `limits.trustedProxies`) and `cutOff` (connections reset since
 * the previous such line, this one included), at most one line per `repeatMs` ms.
 * @param repeatMs the least time between two `pipelining-cut-off` lines, ms (default `LOG_REPEAT_MS`, 5,000)
 * @param now the clock, epoch ms (default `Date.now`)
 */
export function limitPipelining(
  server: HttpServer,
  listener: RequestListener,
  limits: Pick<ServerLimits, 'maxPipelinedRequests' | 'trustedProxies'>,
  logger: Logger,
  repeatMs: number = LOG_REPEAT_MS,
  now: () => number = Date.now,
): void {
  const trust = trustedProxies(limits.trustedProxies);
  /** The requests of each open connection not answered yet; a connection with none may have no entry. */
  const unanswered = new WeakMap<Socket, number>();
  const cutOffs = new LineThrottle(repeatMs, now);
  const bounded =
    (handle: RequestListener) =>
    (req: IncomingMessage, res: ServerResponse): void => {
      const socket = req.socket;
      // Reset already (or gone): what Node still parses of its last read gets no answer.
      if (socket.destroyed) return;
      const count = (unanswered.get(socket) ?? 0) + 1;
      if (count > limits.maxPipelinedRequests) {
        const ip = clientAddress(req, trust);
        // A reset: the answers queued for it, in this process and in the kernel, are dropped with it.
        socket.resetAndDestroy();
        rateLimitedRequests.inc({ kind: 'http-pipelining' });
        cutOffs.offer((repeated) =>
          logger.warn(
            { event: 'pipelining-cut-off', ip, cutOff: repeated + 1 },
            `reset an HTTP connection with more than ${limits.maxPipelinedRequests} requests unanswered (PAIGOW_MAX_PIPELINED_REQUESTS); ${repeated + 1} reset since the last such line`,
          ),
        );
        return;
      }
      unanswered.set(socket, count);
      res.once('finish', () => unanswered.set(socket, (unanswered.get(socket) ?? 1) - 1));
      handle(req, res);
    };
  server.on('request', bounded(listener));
  server.on(
    'checkExpectation',
    bounded((_req, res) => {
      res.writeHead(417);
      res.end();
    }),
  );
}
