/**
 * The bound on what waits to be sent to one WebSocket client (docs/server.md "Connections (slowloris)"): an attacker's
 * 45 watchers that never read (each answering the server's pings with unprompted pongs, so never found unresponsive)
 * stayed open for minutes while their views filled the kernel's send buffers (134 MB), then this process's memory
 * (~1 MB a second). Every WebSocket of the game server is a `BoundedSocket`: after each frame given to it (views,
 * patches, notices, errors, Colyseus' own frames: every send goes through `send`), when more than `maxBufferedBytes`
 * wait in this process to be written (`bufferedAmount`: what the kernel took no more of), the connection is ended at
 * once (`terminate`: no close frame, which would wait behind what the client does not read; the client sees 1006),
 * counted in `paigow_rate_limited_total{kind="ws-send-buffer"}` and logged (`send-buffer-cut-off`, throttled).
 */
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import { clientAddress, type ProxyTrust } from '../http/client-address.js';
import { LineThrottle, LOG_REPEAT_MS, type Logger } from '../log/index.js';
import { rateLimitedRequests } from '../metrics/index.js';

/** A game server's WebSocket, bounded (`boundedSocketClass`). */
export interface BoundedSocket extends WebSocket {
  /** The client's address (`clientAddress` of its upgrade request), for the log; set by `named`. */
  peer: string | undefined;
}

/** The WebSocket class of a game server and what its transport tells it. */
export interface SendBufferBound {
  /** The class the `ws` server makes its sockets of (its `WebSocket` option). */
  readonly WebSocket: typeof WebSocket;
  /** Records `socket`'s client address from its upgrade request `req` (the `ws` server's `connection` event). */
  named(socket: WebSocket, req: IncomingMessage): void;
}

/**
 * The WebSocket class of a game server whose sockets are cut off past `maxBufferedBytes` (see the module comment).
 * @param maxBufferedBytes the most bytes that may wait in this process for one client (`limits.maxBufferedBytes`)
 * @param logger where the cut-offs are logged: `warn` lines `send-buffer-cut-off` with `ip` (the last client cut off),
 *   `bufferedBytes` and `cutOff` (clients cut off since the previous such line, this one included), at most one per `repeatMs`
 * @param trust the proxies whose `X-Forwarded-For` names the client (`trustedProxies`)
 * @param repeatMs the least time between two lines, ms (default `LOG_REPEAT_MS`)
 */
export function sendBufferBound(maxBufferedBytes: number, logger: Logger, trust: ProxyTrust, repeatMs: number = LOG_REPEAT_MS): SendBufferBound {
  const lines = new LineThrottle(repeatMs);
  const cutOff = (socket: BoundedSocket, bufferedBytes: number): void => {
    socket.terminate();
    rateLimitedRequests.inc({ kind: 'ws-send-buffer' });
    lines.offer((repeated) =>
      logger.warn(
        { event: 'send-buffer-cut-off', ip: socket.peer, bufferedBytes, cutOff: repeated + 1 },
        `cut off a WebSocket client that did not read what it was sent: ${bufferedBytes} bytes waited (PAIGOW_MAX_BUFFERED_BYTES ${maxBufferedBytes}); ${repeated + 1} cut off since the last such line`,
      ),
    );
  };
  class Bounded extends WebSocket implements BoundedSocket {
    peer: string | undefined;

    override send(data: BufferLike, cb?: SendCallback): void;
    override send(data: BufferLike, options: SendOptions, cb?: SendCallback): void;
    override send(data: BufferLike, optionsOrCb?: SendOptions | SendCallback, cb?: SendCallback): void {
      // A socket closing or closed sends nothing (`ws` counts the frame in `bufferedAmount` all the same): checked once.
      const open = this.readyState === WebSocket.OPEN;
      if (typeof optionsOrCb === 'function') super.send(data, optionsOrCb);
      else super.send(data, optionsOrCb ?? {}, cb);
      if (open && this.bufferedAmount > maxBufferedBytes) cutOff(this, this.bufferedAmount);
    }
  }
  return {
    WebSocket: Bounded,
    named(socket, req) {
      (socket as BoundedSocket).peer = clientAddress(req, trust);
    },
  };
}

type BufferLike = Parameters<WebSocket['send']>[0];
type SendCallback = (error?: Error) => void;
type SendOptions = Parameters<WebSocket['send']>[1];
